package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// growTreeBlock grows trees lo..hi-1 of the forest of uf run by rt (tree
// t drawing from the stream it has in the whole forest, rt.Progress
// counting the block's trees) and adds them up. weights are the screening
// pilot's (screeningWeights) when uf screens features, nil otherwise.
// Memory is O(n × classes) plus the trees in flight.
func growTreeBlock(x *Features, y []int, uf UFConfig, weights []float64, lo, hi int, rt Runtime) (engine.TreeBlock, error) {
	if _, err := checkTrainingData(x, y); err != nil {
		return engine.TreeBlock{}, err
	}
	uf, err := uf.resolved()
	if err != nil {
		return engine.TreeBlock{}, err
	}
	if uf.LabelDraws != 0 {
		return engine.TreeBlock{}, errShardedLabelDraws
	}
	if !uf.NoScreening != (weights != nil) {
		return engine.TreeBlock{}, fmt.Errorf("ufmi: a tree block needs the screening pilot's weights exactly when the config screens features (%d pilot trees, %d weights)", uf.PilotTrees, len(weights))
	}
	if weights != nil {
		if len(weights) != x.d {
			return engine.TreeBlock{}, fmt.Errorf("ufmi: %d screening weights for %d features", len(weights), x.d)
		}
		uf.Tree.FeatureWeights = weights
	}
	k, plan, err := honestPlan(x, y, uf, rt, seeds.Tree)
	if err != nil {
		return engine.TreeBlock{}, err
	}
	if lo < 0 || hi <= lo || hi > plan.trees {
		return engine.TreeBlock{}, fmt.Errorf("ufmi: tree block %d..%d of a forest of %d trees; want 0 <= lo < hi <= %d", lo, hi-1, plan.trees, plan.trees)
	}
	plan.first, plan.trees = lo, hi
	sums := newForestSums(y, k, uf.TreeLevelEntropy, uf.EmptyLeaf == EmptyAbstain, uf.entropyRuleFor(x, y, k), nil)
	if err := streamForest(x, y, k, plan, sums.add); err != nil {
		return engine.TreeBlock{}, err
	}
	b := engine.TreeBlock{Lo: lo, Hi: hi, Classes: k, TreeEntropy: sums.treeTotal, TreeCount: sums.treeCount}
	if sums.train != nil {
		b.Sum, b.Votes = sums.train.sum, sums.train.voteCounts()
	}
	if sums.oos != nil {
		b.OutSum, b.OutTrees, b.OutSketch = sums.oos.sum, make([]int, x.n), sums.oos.z
		for i, c := range sums.oos.trees {
			b.OutTrees[i] = int(c)
		}
	}
	return b, nil
}

// estimateTreeBlock returns the estimate of the whole forest of uf, which b must
// cover (trees 0..uf's trees-1), on labels y: H(Y), H(Y|X) and I(X;Y)
// computed from the sums as EstimateMI computes them from its streamed
// trees. It turns b's sums into means in place: b is spent.
func estimateTreeBlock(b *engine.TreeBlock, y []int, uf UFConfig) (Estimate, error) {
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
	rule := uf.entropyRule()
	if uf.LocalLinearFit() {
		// The fit's sums need no coordinates to become posteriors.
		rule.local = &localCoordinates{}
	}
	oneStep := !treeLevel && rule.oneStep
	width, sketchRow := engine.OutWidths(k, rule.sharpenFolds > 0, rule.local != nil)
	if k != b.Classes || treeLevel != uf.TreeLevelEntropy || !treeLevel && (len(b.Votes) != len(y) || len(b.Sum) != len(y)*k) ||
		oneStep != (b.OutSum != nil) || oneStep && (len(b.OutSum) != len(y)*width || len(b.OutTrees) != len(y) || len(b.OutSketch) != len(y)*sketchRow) {
		return Estimate{}, fmt.Errorf("ufmi: tree blocks of other data or settings (%d classes, %d rows)", b.Classes, len(b.Votes))
	}
	sums := forestSums{k: k, treeLevel: treeLevel, treeTotal: b.TreeEntropy, treeCount: b.TreeCount}
	if !treeLevel {
		sums.train = &posteriorSums{k: k, width: k, dropped: -1, sum: b.Sum, votes: b.Votes}
	}
	if oneStep {
		sums.oos, sums.oneStep = &outOfSample{y: y, k: k, width: width, sharpenFolds: rule.sharpenFolds, local: rule.local, capped: rule.cappedNoise, sum: b.OutSum, trees: make([]int32, len(y)), z: b.OutSketch}, true
		for i, c := range b.OutTrees {
			sums.oos.trees[i] = int32(c)
		}
	}
	hy, _ := LabelEntropy(y)
	h := sums.entropy(classPrior(y, k))
	return Estimate{Method: MethodUF, HY: hy, HYGivenX: h, MI: hy - h, N: len(y), Classes: k, Evaluated: len(y)}, nil
}
