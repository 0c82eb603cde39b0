package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// HonestConditionalEntropy estimates H(Y|X) from a fitted UF.
//
// Forest level (the paper's Algorithm 3): the mean entropy of the forest
// posterior over the training rows and any extra unlabeled rows (the
// plug-in) when the forest was fit with UFConfig.PlugIn; otherwise the
// one-step estimate, the training rows' out-of-sample log-loss less its
// noise term (oneStepOrPlugIn), which moves the mean entropy of the
// unlabeled rows' posteriors as much as the training rows'.
// Tree level (the authors' code, cfg.TreeLevelEntropy): each tree's mean
// leaf-posterior entropy over its evaluation rows (all training rows when
// the forest holds no evaluation set), averaged over trees. The trees are
// added up in tree order on the calling goroutine, as a streamed estimate
// adds them.
func (f *Forest) HonestConditionalEntropy(treeLevel bool, unlabeled *Features) (float64, error) {
	if err := f.fitted(); err != nil {
		return 0, err
	}
	if !f.honest {
		return 0, fmt.Errorf("ufmi: honest conditional entropy needs an honest forest (FitUF); use OOBProba or a held-out split for RF")
	}
	if unlabeled != nil && treeLevel {
		return 0, errUnlabeledTreeLevel
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
	y := make([]int, len(f.labels))
	for i, c := range f.labels {
		y[i] = int(c)
	}
	sums := newForestSums(y, f.k, treeLevel, true, f.rule, unlabeled).withLabelDraws(newLabelDraws(f.rule.labelDraws, f.drawRuntime))
	for t := range f.trees {
		sums.add(t, &f.trees[t])
	}
	return sums.entropy(f.prior), nil
}

// errUnlabeledTreeLevel refuses unlabeled rows where the tree-level
// estimate would leave them out.
var errUnlabeledTreeLevel = fmt.Errorf("ufmi: unlabeled rows join the forest-level estimate only; the tree-level one (UFConfig.TreeLevelEntropy, as in the authors' preset) would leave them out")

// streamHonestEntropy returns what FitUF(x, y, cfg, rt) followed by
// HonestConditionalEntropy(cfg.TreeLevelEntropy, unlabeled) returns, bit
// for bit, without keeping the forest: the trees stream through
// streamForest in tree order, each adding its leaf posteriors to per-row
// sums (forest level) or its mean entropy to a running total (tree level).
// Memory is O((n + unlabeled rows) × K) plus the trees in flight. With
// interval not nil, the trees also add up an interval's parts there.
func streamHonestEntropy(x *Features, y []int, cfg UFConfig, rt Runtime, unlabeled *Features, interval *intervalSum) (float64, error) {
	if unlabeled != nil && cfg.TreeLevelEntropy {
		return 0, errUnlabeledTreeLevel
	}
	if unlabeled != nil && unlabeled.d != x.d {
		return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, x.d)
	}
	cfg, rt, err := screened(x, y, cfg, rt, max(cfg.LabelDraws, 0))
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
	if cfg.LabelDraws > 0 {
		// The draws hold every tree (their leaves of the rows, posteriors
		// and roles): counted as the whole forest, on the safe side.
		held := plan.trees - plan.first
		size := plan.size(x, k, held, pool.Workers(rt.Workers))
		if err := size.checkMany(1, fmt.Sprintf("holding %d trees on %d rows for the label draws", held, x.n)); err != nil {
			return 0, err
		}
	}
	sums := newForestSums(y, k, cfg.TreeLevelEntropy, cfg.EmptyLeaf == EmptyAbstain, cfg.entropyRuleFor(x, y, k), unlabeled).
		withLabelDraws(newLabelDraws(cfg.LabelDraws, rt))
	if interval != nil {
		sums.withInterval(interval)
		interval.fitGroupsInBackground(rt)
	}
	if err := streamForest(x, y, k, plan, sums.add); err != nil {
		return 0, err
	}
	return sums.entropy(classPrior(y, k)), nil
}
