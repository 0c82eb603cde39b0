package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Entropy returns the Shannon entropy -sum p log p of a distribution, in nats.
// Zero entries contribute nothing.
func Entropy(p []float64) float64 { return classes.Entropy(p) }

// LabelEntropy is the plug-in estimate of H(Y) from class codes 0..K-1
// (K at most len(y)), in nats.
func LabelEntropy(y []int) (float64, error) {
	if len(y) == 0 {
		return 0, fmt.Errorf("ufmi: no labels")
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return 0, err
	}
	counts := classes.Counts(y, nil, k)
	p := make([]float64, k)
	for c, v := range counts {
		p[c] = float64(v) / float64(len(y))
	}
	return Entropy(p), nil
}

// MeanEntropy averages the entropy of posterior rows, skipping rows whose
// first entry is NaN (no estimate). It returns the mean and the rows used.
func MeanEntropy(proba [][]float64) (float64, int) {
	sum, used := 0.0, 0
	for _, p := range proba {
		if len(p) == 0 || math.IsNaN(p[0]) {
			continue
		}
		sum += Entropy(p)
		used++
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}

// HonestConditionalEntropy estimates H(Y|X) from a fitted UF.
//
// Forest level (the paper's Algorithm 3): the mean entropy of the forest
// posterior over the training rows and any extra unlabeled rows.
// Tree level (the authors' code, cfg.TreeLevelEntropy): each tree's mean
// leaf-posterior entropy over its evaluation rows (all training rows when
// the forest holds no evaluation set), averaged over trees.
func (f *Forest) HonestConditionalEntropy(treeLevel bool, unlabeled *Features, workers int) (float64, error) {
	if !f.honest {
		return 0, fmt.Errorf("ufmi: honest conditional entropy needs an honest forest (FitUF); use OOBProba or a held-out split for RF")
	}
	if unlabeled != nil {
		if unlabeled.d != f.d {
			return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, f.d)
		}
		var err error
		if unlabeled, err = unlabeled.alignTo(f.train); err != nil {
			return 0, err
		}
	}
	if treeLevel {
		return f.treeLevelEntropy(), nil
	}
	proba, _ := f.accumulate(f.train, nil, workers)
	sum, _ := MeanEntropy(proba)
	n := f.train.n
	if unlabeled != nil && unlabeled.n > 0 {
		extra, _ := f.accumulate(unlabeled, nil, workers)
		m, _ := MeanEntropy(extra)
		sum = (sum*float64(n) + m*float64(unlabeled.n)) / float64(n+unlabeled.n)
	}
	return sum, nil
}

// treeLevelEntropy averages, over trees, the mean leaf-posterior entropy of
// each tree's evaluation rows. Abstaining leaves are skipped.
func (f *Forest) treeLevelEntropy() float64 {
	total, trees := 0.0, 0
	for t := range f.trees {
		if h, ok := treeMeanEntropy(&f.trees[t], f.k, f.train.n); ok {
			total += h
			trees++
		}
	}
	return total / float64(trees)
}

// treeMeanEntropy is one tree's mean leaf-posterior entropy over its
// evaluation rows (all n training rows without an evaluation set); ok is
// false when every such row reached an abstaining leaf.
func treeMeanEntropy(ft *forestTree, k, n int) (float64, bool) {
	leafH := make([]float64, ft.tree.Leaves())
	for l := range leafH {
		leafH[l] = Entropy(ft.posterior[l*k : l*k+k])
	}
	sum, used := 0.0, 0
	for i := 0; i < n; i++ {
		if ft.eval != nil && !ft.eval.contains(i) {
			continue
		}
		l := ft.rowLeaf[i]
		if math.IsNaN(ft.posterior[int(l)*k]) {
			continue
		}
		sum += leafH[l]
		used++
	}
	if used == 0 {
		return 0, false
	}
	return sum / float64(used), true
}

// streamHonestEntropy returns what FitUF(x, y, cfg) followed by
// HonestConditionalEntropy(cfg.TreeLevelEntropy, unlabeled) returns, bit
// for bit, without keeping the forest: the trees stream through
// streamForest in tree order, each adding its leaf posteriors to per-row
// sums (forest level) or its mean entropy to a running total (tree level).
// Memory is O((n + unlabeled rows) × K) plus the trees in flight. also,
// when not nil, is handed every tree too, in tree order.
func streamHonestEntropy(x *Features, y []int, cfg UFConfig, unlabeled *Features, also func(t int, ft *forestTree)) (float64, error) {
	if unlabeled != nil && unlabeled.d != x.d {
		return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, x.d)
	}
	cfg, err := screened(x, y, cfg)
	if err != nil {
		return 0, err
	}
	if unlabeled != nil {
		// Level codes of categorical columns as in the training rows.
		if unlabeled, err = unlabeled.alignTo(x); err != nil {
			return 0, err
		}
	}
	k, plan, err := honestPlan(x, y, cfg, seeds.Tree)
	if err != nil {
		return 0, err
	}
	if cfg.TreeLevelEntropy {
		total, trees := 0.0, 0
		err := streamForest(x, y, k, plan, func(t int, ft *forestTree) {
			if h, ok := treeMeanEntropy(ft, k, x.n); ok {
				total += h
				trees++
			}
			if also != nil {
				also(t, ft)
			}
		})
		return total / float64(trees), err
	}
	train := newPosteriorSum(x.n, k)
	var extra *posteriorSum
	if unlabeled != nil && unlabeled.n > 0 {
		extra = newPosteriorSum(unlabeled.n, k)
	}
	err = streamForest(x, y, k, plan, func(t int, ft *forestTree) {
		train.add(ft, func(i int) int { return int(ft.rowLeaf[i]) })
		if extra != nil {
			extra.add(ft, func(i int) int { return int(ft.tree.LeafOf(unlabeled.cols, i)) })
		}
		if also != nil {
			also(t, ft)
		}
	})
	if err != nil {
		return 0, err
	}
	prior := classPrior(y, k)
	h, _ := MeanEntropy(train.mean(prior))
	if extra != nil {
		m, _ := MeanEntropy(extra.mean(prior))
		h = (h*float64(x.n) + m*float64(unlabeled.n)) / float64(x.n+unlabeled.n)
	}
	return h, nil
}

// posteriorSum adds tree posteriors per row, in the order the trees come,
// as Forest.accumulate does.
type posteriorSum struct {
	k     int
	flat  []float64
	votes []int
}

func newPosteriorSum(n, k int) *posteriorSum {
	return &posteriorSum{k: k, flat: make([]float64, n*k), votes: make([]int, n)}
}

// add adds one tree's posterior for every row; leaf gives a row's leaf.
// Abstaining leaves add nothing.
func (s *posteriorSum) add(ft *forestTree, leaf func(i int) int) {
	k := s.k
	for i := range s.votes {
		l := leaf(i)
		p := ft.posterior[l*k : l*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		acc := s.flat[i*k : i*k+k]
		for c, v := range p {
			acc[c] += v
		}
		s.votes[i]++
	}
}

// mean turns the sums into mean posteriors (prior for a row without votes).
func (s *posteriorSum) mean(prior []float64) [][]float64 {
	n := len(s.votes)
	for i, v := range s.votes {
		finishPosterior(s.flat[i*s.k:i*s.k+s.k], v, prior, false)
	}
	return splitRows(s.flat, n, s.k)
}
