package cc18

import (
	"fmt"
	"math"
	"sort"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Metric names a per-fold score that the pairwise tables compare; lower is
// better for each.
type Metric string

const (
	KappaLoss Metric = "kappa_loss" // minus Cohen's kappa (the paper's loss)
	ECE       Metric = "ece"
	MCE       Metric = "mce"
)

func (m Metric) of(s FoldScore) (float64, error) {
	switch m {
	case KappaLoss:
		return -s.Kappa, nil
	case ECE:
		return s.ECE, nil
	case MCE:
		return s.MCE, nil
	}
	return 0, fmt.Errorf("ufmi: unknown metric %q (want kappa_loss, ece or mce)", m)
}

// DatasetMeans averages a metric over folds: result[learner][dataset].
func DatasetMeans(scores []FoldScore, m Metric) (map[string]map[int]float64, error) {
	sum := map[string]map[int]float64{}
	count := map[string]map[int]int{}
	for _, s := range scores {
		v, err := m.of(s)
		if err != nil {
			return nil, err
		}
		if sum[s.Learner] == nil {
			sum[s.Learner], count[s.Learner] = map[int]float64{}, map[int]int{}
		}
		sum[s.Learner][s.Dataset] += v
		count[s.Learner][s.Dataset]++
	}
	for l := range sum {
		for d := range sum[l] {
			sum[l][d] /= float64(count[l][d])
		}
	}
	return sum, nil
}

// Pairwise is the paper's pairwise table for one metric: for row learner r
// and column learner c, the median over datasets of r's score minus c's, and
// the one-sided Wilcoxon signed-rank p-value for "r's score is lower".
type Pairwise struct {
	Metric   Metric
	Learners []string
	Median   [][]float64 // NaN on the diagonal
	PValue   [][]float64
	Datasets int // datasets every learner was scored on
}

// PairwiseTable builds the table from fold scores of several learners.
// Zero differences are dropped (ZeroWilcox).
func PairwiseTable(scores []FoldScore, m Metric, learners []string) (Pairwise, error) {
	means, err := DatasetMeans(scores, m)
	if err != nil {
		return Pairwise{}, err
	}
	var common []int
	for d := range means[learners[0]] {
		all := true
		for _, l := range learners {
			if _, ok := means[l][d]; !ok {
				all = false
			}
		}
		if all {
			common = append(common, d)
		}
	}
	sort.Ints(common)
	if len(common) == 0 {
		return Pairwise{}, fmt.Errorf("ufmi: no dataset was scored for every learner")
	}
	k := len(learners)
	t := Pairwise{Metric: m, Learners: learners, Median: square(k), PValue: square(k), Datasets: len(common)}
	for r, lr := range learners {
		for c, lc := range learners {
			if r == c {
				t.Median[r][c], t.PValue[r][c] = math.NaN(), math.NaN()
				continue
			}
			diff := make([]float64, len(common))
			for i, d := range common {
				diff[i] = means[lr][d] - means[lc][d]
			}
			t.Median[r][c] = median(diff)
			res, err := metrics.WilcoxonSignedRank(diff, metrics.AltLess, metrics.ZeroWilcox)
			if err != nil {
				t.PValue[r][c] = math.NaN() // every difference zero
				continue
			}
			t.PValue[r][c] = res.PValue
		}
	}
	return t, nil
}

func square(k int) [][]float64 {
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, k)
	}
	return m
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
