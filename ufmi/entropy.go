package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
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
	k := f.k
	total, trees := 0.0, 0
	for t := range f.trees {
		ft := &f.trees[t]
		leafH := make([]float64, ft.tree.Leaves())
		for l := range leafH {
			leafH[l] = Entropy(ft.posterior[l*k : l*k+k])
		}
		sum, used := 0.0, 0
		for i := 0; i < f.train.n; i++ {
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
		if used > 0 {
			total += sum / float64(used)
			trees++
		}
	}
	return total / float64(trees)
}
