package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

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
