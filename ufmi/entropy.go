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
	sums := newForestSums(f.train.n, f.k, treeLevel, true, unlabeled)
	for t := range f.trees {
		sums.add(t, &f.trees[t])
	}
	return sums.entropy(f.prior), nil
}

// streamHonestEntropy returns what FitUF(x, y, cfg, rt) followed by
// HonestConditionalEntropy(cfg.TreeLevelEntropy, unlabeled) returns, bit
// for bit, without keeping the forest: the trees stream through
// streamForest in tree order, each adding its leaf posteriors to per-row
// sums (forest level) or its mean entropy to a running total (tree level).
// Memory is O((n + unlabeled rows) × K) plus the trees in flight. With
// interval not nil, the trees also add up an interval's parts there.
func streamHonestEntropy(x *Features, y []int, cfg UFConfig, rt Runtime, unlabeled *Features, interval *intervalSum) (float64, error) {
	if unlabeled != nil && unlabeled.d != x.d {
		return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, x.d)
	}
	cfg, rt, err := screened(x, y, cfg, rt)
	if err != nil {
		return 0, err
	}
	if unlabeled != nil {
		// Level codes of categorical columns as in the training rows.
		if unlabeled, err = unlabeled.alignTo(x); err != nil {
			return 0, err
		}
	}
	k, plan, err := honestPlan(x, y, cfg, rt, seeds.Tree)
	if err != nil {
		return 0, err
	}
	sums := newForestSums(x.n, k, cfg.TreeLevelEntropy, cfg.EmptyLeaf == EmptyAbstain, unlabeled)
	sums.interval = interval
	if err := streamForest(x, y, k, plan, sums.add); err != nil {
		return 0, err
	}
	return sums.entropy(classPrior(y, k)), nil
}

// TreeBlock is what trees Lo..Hi-1 of the forest of EstimateMI's uf method
// add to its estimate of H(Y|X): the per-row sums of their leaf posteriors
// (forest level) or the sum of their mean entropies (TreeLevelEntropy).
// Blocks added in tree order (Add) up to the whole forest give the estimate
// (Estimate); a block needs the data (all rows) but grows only its trees,
// so separate processes can grow the blocks of one forest.
type TreeBlock struct {
	Lo, Hi  int // the trees, Lo..Hi-1
	Classes int
	// Forest level: Sum holds n × Classes sums of the trees' posteriors
	// (row-major) and Votes, per row, the trees whose leaf did not abstain.
	Sum   []float64
	Votes []int
	// Tree level: the sum of the trees' mean entropies over their evaluation
	// rows, and the number of trees that had one.
	TreeEntropy float64
	TreeCount   int
}

// GrowTreeBlock grows trees lo..hi-1 of the forest of uf run by rt (tree
// t drawing from the stream it has in the whole forest, rt.Progress
// counting the block's trees) and adds them up. weights are the screening
// pilot's (ScreeningWeights) when uf screens features, nil otherwise.
// Memory is O(n × classes) plus the trees in flight.
func GrowTreeBlock(x *Features, y []int, uf UFConfig, weights []float64, lo, hi int, rt Runtime) (TreeBlock, error) {
	uf, err := uf.resolved()
	if err != nil {
		return TreeBlock{}, err
	}
	if !uf.NoScreening != (weights != nil) {
		return TreeBlock{}, fmt.Errorf("ufmi: a tree block needs the screening pilot's weights exactly when the config screens features (%d pilot trees, %d weights)", uf.PilotTrees, len(weights))
	}
	if weights != nil {
		if len(weights) != x.d {
			return TreeBlock{}, fmt.Errorf("ufmi: %d screening weights for %d features", len(weights), x.d)
		}
		uf.Tree.FeatureWeights = weights
	}
	k, plan, err := honestPlan(x, y, uf, rt, seeds.Tree)
	if err != nil {
		return TreeBlock{}, err
	}
	if lo < 0 || hi <= lo || hi > plan.trees {
		return TreeBlock{}, fmt.Errorf("ufmi: tree block %d..%d of a forest of %d trees; want 0 <= lo < hi <= %d", lo, hi-1, plan.trees, plan.trees)
	}
	plan.first, plan.trees = lo, hi
	sums := newForestSums(x.n, k, uf.TreeLevelEntropy, uf.EmptyLeaf == EmptyAbstain, nil)
	if err := streamForest(x, y, k, plan, sums.add); err != nil {
		return TreeBlock{}, err
	}
	b := TreeBlock{Lo: lo, Hi: hi, Classes: k, TreeEntropy: sums.treeTotal, TreeCount: sums.treeCount}
	if sums.train != nil {
		b.Sum, b.Votes = sums.train.sum, sums.train.voteCounts()
	}
	return b, nil
}

// Add adds next, the block that follows b (next.Lo == b.Hi), to b. Adding
// the same blocks in the same order gives the same bits.
func (b *TreeBlock) Add(next TreeBlock) error {
	switch {
	case next.Lo != b.Hi:
		return fmt.Errorf("ufmi: tree block %d..%d does not follow block %d..%d", next.Lo, next.Hi-1, b.Lo, b.Hi-1)
	case next.Classes != b.Classes || len(next.Sum) != len(b.Sum) || len(next.Votes) != len(b.Votes):
		return fmt.Errorf("ufmi: tree blocks %d..%d and %d..%d are of different data", b.Lo, b.Hi-1, next.Lo, next.Hi-1)
	}
	for i, v := range next.Sum {
		b.Sum[i] += v
	}
	for i, v := range next.Votes {
		b.Votes[i] += v
	}
	b.TreeEntropy += next.TreeEntropy
	b.TreeCount += next.TreeCount
	b.Hi = next.Hi
	return nil
}

// Estimate returns the estimate of the whole forest of uf, which b must
// cover (trees 0..uf's trees-1), on labels y: H(Y), H(Y|X) and I(X;Y)
// computed from the sums as EstimateMI computes them from its streamed
// trees. It turns b's sums into means in place: b is spent.
func (b *TreeBlock) Estimate(y []int, uf UFConfig) (Estimate, error) {
	trees, err := uf.trees()
	if err != nil {
		return Estimate{}, err
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return Estimate{}, err
	}
	if b.Lo != 0 || b.Hi != trees {
		return Estimate{}, fmt.Errorf("ufmi: tree blocks cover trees %d..%d of a forest of %d", b.Lo, b.Hi-1, trees)
	}
	treeLevel := b.Sum == nil
	if k != b.Classes || treeLevel != uf.TreeLevelEntropy || !treeLevel && (len(b.Votes) != len(y) || len(b.Sum) != len(y)*k) {
		return Estimate{}, fmt.Errorf("ufmi: tree blocks of other data or settings (%d classes, %d rows)", b.Classes, len(b.Votes))
	}
	sums := forestSums{k: k, treeLevel: treeLevel, treeTotal: b.TreeEntropy, treeCount: b.TreeCount}
	if !treeLevel {
		sums.train = &posteriorSums{k: k, width: k, dropped: -1, sum: b.Sum, votes: b.Votes}
	}
	hy, _ := LabelEntropy(y)
	h := sums.entropy(classPrior(y, k))
	return Estimate{Method: MethodUF, HY: hy, HYGivenX: h, MI: hy - h, N: len(y), Classes: k, Evaluated: len(y)}, nil
}
