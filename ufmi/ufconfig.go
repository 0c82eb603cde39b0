package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"github.com/ufmi-dev/ufmi/internal/presetname"
	"math"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// UFConfig holds the hyper-parameters of an honest Uncertainty Forest. Each
// tree splits the rows at random into a structure set (grows the tree), a
// vote set (fills the leaf posteriors) and, optionally, an evaluation set.
//
// Every field's zero value is ufmi's default, field by field (the values
// are in defaults.go): UFConfig{} is DefaultUF(), and UFConfig{Trees: 20,
// Kappa: 3} is DefaultUF() with 20 trees and kappa 3. Every other choice
// is an explicit value; the presets PaperUF and AuthorsUF set theirs.
// Values outside the documented ranges are errors, never replaced by
// defaults. A UFConfig holds no seed, workers or progress: see Runtime.
type UFConfig struct {
	Trees int // number of trees, 1..1,000,000 (0: DefaultTrees)
	// Tree holds the per-tree settings. Left unset, MaxFeatures and
	// MinSamplesLeaf are UF's defaults (ufTreeDefaults): max(2,
	// floor(sqrt d)) features per node and leaves of at least 6 structure
	// rows, and Draws WithReplacement.
	// The paper's fully grown
	// trees on all features are tree.Config{MinSamplesLeaf: 1, MaxFeatures:
	// tree.AllFeatures()}. MinSamplesLeaf holds from 1,000 structure rows
	// on; below, leaves shrink as the square root of the structure rows
	// (leafForRows: 3 instead of 6 at 500 rows), unless FixedLeaves; the
	// fits of a conditional MI keep it below and grow it above
	// (PlainLeavesInDifferences). On
	// small data a leaf never needs more than half
	// the rarest class's structure rows (at least 1): MinSamplesLeaf is
	// lowered to that where it is larger (smallDataLeaf), so that a tree can
	// still isolate every class but one of fewer than 4 structure rows
	// while another has more; the fast test's forest keeps it.
	Tree tree.Config
	// FixedLeaves keeps Tree.MinSamplesLeaf whatever the number of rows
	// (ufmi's default before leaves followed n). By default a tree grown on
	// ns < 1,000 structure rows has leaves of at least
	// round(MinSamplesLeaf·√(ns/1000)) rows, at least 2 (leafForRows).
	// Small data or rare classes lower it further either way.
	FixedLeaves bool
	// StructureFraction is the share of the n rows that grows each tree,
	// rounded to a row count, in (0, 1) (0: 0.5, the
	// paper's; the authors' scripts: 0.4).
	StructureFraction float64
	// EvalShare is the share of the remaining rows held out for evaluation,
	// in [0, 1); the rest vote. 0 (the default, the paper's) means every
	// non-structure row votes; the authors' scripts use authorsEvalShare.
	EvalShare float64
	// Kappa is the finite-sample correction: a zero entry of a leaf with m
	// votes becomes 1/(Kappa·m) before renormalising. 0 (the default) turns
	// it off; otherwise it must be positive and finite. It shapes the leaf
	// posteriors: PredictProba's and the plug-in estimate's (PlugIn, the
	// paper's). The default one-step estimate scores each row's label with
	// its out-of-sample votes mixed with a pseudo-tree of class frequencies,
	// which keeps every probability above 0, and uses it only where it
	// falls back to the plug-in (a one-step below 0, or far above log K).
	Kappa float64
	// EmptyLeaf is what a leaf no vote row reached predicts: EmptyPrior
	// (the zero value, the default), EmptyUniform or EmptyAbstain.
	EmptyLeaf EmptyLeafPolicy
	// Unstratified splits the rows of each tree at random regardless of
	// class (the paper). By default every class is split in the same
	// proportions, so that each set keeps the class balance of the sample.
	Unstratified bool
	// TreeLevelEntropy makes conditional-entropy estimates average each
	// tree's mean entropy over its evaluation set (the authors' code) instead
	// of the entropy of the forest posterior (the paper's Algorithm 3, the
	// default).
	TreeLevelEntropy bool
	// NoScreening turns feature screening off (the paper): each node then
	// draws the Tree.MaxFeatures features it examines uniformly, or by the
	// given Tree.FeatureWeights. By default features are screened first: a
	// pilot forest of PilotTrees trees (all features examined) measures
	// each feature's HonestImportance, and each node of the forest then
	// draws the features it examines with probability growing with that
	// importance. Informative features are then examined at almost every
	// node and noise features rarely.
	NoScreening bool
	// PilotTrees is the size of the screening pilot, 1..1,000,000 (0:
	// 60). It must be 0 with NoScreening.
	PilotTrees int
	// PilotFloor is the weight every feature keeps whatever its importance,
	// relative to the most important feature's 1: positive and finite (0:
	// 0.01). It must be 0 with NoScreening.
	PilotFloor float64
	// PlugIn makes a forest-level estimate of H(Y|X) the plug-in: the mean
	// entropy of the forest posteriors (the paper's Algorithm 3, and ufmi's
	// default before the one-step estimate). By default the estimate is the
	// one-step: the rows' out-of-sample log-loss less its noise term, which
	// removes most of the bias the forest's smoothing gives the plug-in
	// (oneStepOrPlugIn; docs/inference.md, "Less bias"). Tree-level
	// estimates are plug-in either way.
	PlugIn bool
	// NoSharpening scores the one-step's out-of-sample posteriors as they
	// are (ufmi's default before sharpening; the "unsharpened" preset). By
	// default each row's posterior q is also scored sharpened, as p(c) ∝
	// q(c)^a·π(c)^(1-a), π the class frequencies, with a ≥ 1 fitted by least
	// log-loss on the other rows (in five folds), and H(Y|X) is the lower of
	// the two log-losses (sharpen.go): a forest posterior, an average over
	// trees, is flatter than the trees' partition allows on tables of many
	// classes or many weak features, and the log-loss pays for it. On the
	// paper's simulations the fitted exponent is about 1 and the estimate
	// does not change. The plug-in and tree-level entropies ignore it.
	NoSharpening bool
	// SharpenOnHalves fits the sharpening exponents on halves of the rows,
	// each on the other half (ufmi's default before 2026-11-29, third; the
	// preset "default-2026-11-29b"). By default the rows are dealt into
	// five folds and each fold's exponent is fitted on the other four:
	// where the posteriors are nearly certain, a half can hold almost no
	// row on the wrong side of the boundary, the exponent fitted on it
	// then grows large, and the other half's few misclassified rows pay
	// for it (banknote-authentication's estimate moved with the seed by
	// 0.02 and its SE tripled). Without sharpening (NoSharpening, PlugIn)
	// it does nothing.
	SharpenOnHalves bool
	// NoLocalLinear scores the one-step's out-of-sample posteriors as the
	// forest gives them (ufmi's default before 2026-11-27; the preset
	// "default-2026-11-27"). By default each row's posterior is fitted
	// local-linearly on the ranks of the two columns the screening pilot
	// weighs most (numeric, without missing cells; the second replaced by a
	// cross-fitted discriminant where it serves better, NoDiscriminant), with the forest's
	// weights, and half of the correction is taken (locallinear.go): the
	// smoothing of a forest posterior whose neighbours lie to one side of the
	// row, most of what is left of the one-step's bias at small n, is then
	// mostly taken out. Without feature weights (NoScreening) the first two
	// such columns are taken. The fit needs the one-step at forest level and
	// no evaluation share; elsewhere it does nothing (LocalLinearFit). With
	// it, a forest on a single feature keeps Tree.MinSamplesLeaf whatever the
	// number of rows (leafFor).
	NoLocalLinear bool
	// CappedNoise caps each class's share of the one-step's noise term at
	// the most that class can add to a row's expected log-loss,
	// q_c·log(q_c/f_c), q the row's out-of-sample posterior and f_c the
	// pseudo-tree's part of it (the preset "capped-noise"). By default the
	// term is (K-1)/2 · Σ_j w_ij², which counts every class near every row:
	// with 10 or more classes, where X separates groups of classes, a row's
	// neighbourhood lacks most classes and the default reads high (+0.05 to
	// +0.30 nats measured, 10-20 classes along one column, intervals
	// missing the exact value); capped, the same cells read -0.01 to -0.10.
	// Where X says little it reads lower than the default (at I = 0 with 10
	// and 20 classes of 20 rows, -0.20 and -0.36 against -0.16 and -0.27),
	// and on the coverage table (2-3 classes) it moves the two-class
	// cells' estimates by at most 0.0022 nats but three_class's conditional
	// MI at n = 2,000, d = 2 from +0.006 to +0.010 (coverage 0.90 to 0.86
	// on 100 data sets): not the default (docs/inference.md, "Many classes
	// with signal").
	// It needs every class's posterior, which sharpening keeps: an error
	// with NoSharpening; the plug-in and tree-level entropies have no noise
	// term.
	CappedNoise bool
	// NoLeafSelection keeps Tree.MinSamplesLeaf on a single feature
	// (ufmi's default until 2026-11-29, fourth; the preset
	// "default-2026-11-29c"). By default a one-step estimate on one feature
	// grows its forest with leaves of Tree.MinSamplesLeaf structure rows,
	// of twice and of four times as many, and keeps the one whose rows'
	// out-of-sample log-loss is lowest (whose certified lower bound on
	// I(X;Y) is highest): a forest on one feature smooths little, and
	// leaves of 6 rows read a weak signal over many classes low (9
	// classes, x ~ N(class/3, 1): -0.067 nats) and groups of classes high
	// (10 classes, N(class, 1): +0.073), where the chosen leaves read
	// -0.018 and +0.013 (docs/inference.md, "Leaves chosen by the
	// log-loss"). It costs three forests on one feature; with more
	// features, unlabeled rows, fewer than 4 trees or the plug-in it does
	// nothing, and the fits of a conditional MI or a subset table keep the
	// configured leaves, so that the two fits of a difference share their
	// bias.
	NoLeafSelection bool
	// PlainLeavesInDifferences gives the fits of a conditional MI and of a
	// subset table a plain estimate's leaves (ufmi's default until
	// 2026-11-30, second; the preset "default-2026-11-30"): fewer than
	// Tree.MinSamplesLeaf below 1,000 structure rows (with the local-linear
	// fit, on two or more features only), and Tree.MinSamplesLeaf above.
	// By default those fits, and their screening pilots, keep
	// Tree.MinSamplesLeaf below 1,000 structure rows and grow it above as
	// the square root of the rows (13 at 10,000 rows; measured up to
	// 20,000), whatever their number of features: the fit on one given
	// column and the fit on it and the target then share their leaves (with
	// leaves of 6 on the first and 4 on the second a constant target column
	// read I(Y; x_B | x_A) above 0 with an interval excluding 0 in 43 of 100
	// data sets; now exactly 0), and
	// a conditional MI's bias shrinks with n (three_class's I(Y; x2 | x1)
	// covered 0.78 at n = 10,000 with leaves of 6, its single-feature fit
	// reading 0.008 low at every n; docs/inference.md, "Leaves that keep
	// following n, and shared leaves in a difference").
	PlainLeavesInDifferences bool
	// NoTargetResiduals gives a conditional MI's fit on the given and the
	// target columns the target columns as they are (ufmi's default until
	// 2026-11-30, sixth; the preset "default-2026-11-30b"). By default, with
	// axis-aligned splits, a numeric target column whose normal scores the
	// scores of its closest given numeric column explain within the
	// classes by an R² of 0.25 or more, and whose residual on them (the
	// slope within the classes) tells the classes apart more than
	// the column itself, enters that fit as the residual, which leaves the
	// conditional MI unchanged and turns a contrast of correlated columns
	// into a column of its own (targetresiduals.go): with columns
	// correlated 0.9 whose contrast carries the information, 0.65 and 0.75
	// of intervals covered at n = 500 and 1,000 without it
	// (docs/inference.md, "Reading the table").
	NoTargetResiduals bool
	// residualsOverAllRows takes the target residuals' slope over all
	// rows rather than within the classes, and compares a residual with
	// its target over all rows rather than where the given column is
	// present (ufmi's default until 2026-11-30, seventh; the preset
	// "default-2026-11-30c").
	residualsOverAllRows bool
	// scoreResidualsOnly takes a target residual from the normal scores
	// alone, as ufmi did until 2026-12-01, third (the preset
	// "default-2026-12-01c"); by default the scores of the raw values'
	// residual are taken where they tell the classes apart more
	// (targetresiduals.go, rawResidual).
	scoreResidualsOnly bool
	// plainRest fits a conditional MI's given columns alone, as ufmi did
	// until 2026-11-30, eighth (the preset "default-2026-11-30d" and the
	// older defaults; the plug-in, and so the paper's presets, always), instead
	// of the swapped rest: with one given column, that column and the target
	// columns swapped between neighbours in it (swappedrest.go).
	plainRest bool
	// numericSwapOnly swaps the rest beside a numeric given column only,
	// as ufmi did until 2026-12-01 (the preset "default-2026-12-01"): a
	// categorical given column is then fitted alone whatever its levels.
	numericSwapOnly bool
	// oneGivenSwapOnly swaps the rest beside one given column only, as
	// ufmi did until 2026-12-01, second (the preset "default-2026-12-01b"):
	// several given columns, categorical ones among them, are then fitted
	// alone.
	oneGivenSwapOnly bool
	// NoDiscriminant fits the local-linear posteriors on the pilot's two
	// top columns (ufmi's default before 2026-11-29, second; the preset
	// "default-2026-11-29"). By default the fit's second coordinate is the
	// rows' rank on a linear discriminant of the labels over the other
	// numeric complete columns, the first column regressed out, cross-fitted
	// in 5 folds (discriminant.go): where the information lies along a
	// direction that mixes many columns, or in contrasts between correlated
	// ones, the forest's axis-aligned leaves are wide along it and the fit
	// takes out the smoothing there. Without such a column the second
	// column is taken, as before.
	NoDiscriminant bool
	// ScreenAlways keeps the screening pilot's feature weights whatever its
	// importances (ufmi's default before 2026-11-28, fifth; the preset
	// "default-2026-11-28"). By default, where the pilot's importances are
	// no larger than the same trees measure with the labels permuted (19
	// permutations; neither their largest nor the sum of their positive
	// parts above every permutation's), the features are weighted equally:
	// on data without a signal the pilot only picks the features that
	// happen to follow this sample's labels, and the estimate at I = 0
	// came out biased up (docs/inference.md, "Screening without a
	// signal"). It must be false with NoScreening.
	ScreenAlways bool
	// LabelDraws, when positive, corrects the one-step by a bootstrap of
	// the vote labels (labeldraws.go; the preset "label-draws" sets
	// 4): after the pass, that many sets of labels are
	// drawn from the rows' out-of-sample posteriors (moved towards their
	// mean until the world they define holds the information estimated),
	// sent through the same trees, and the one-step's mean excess over that
	// world's H(Y|X) (measured against the drawn labels' own log-loss, a
	// control variate) is taken off the estimate; the interval adds the
	// draws' Monte Carlo error and, near zero, the correction's slope
	// (Interval.SEDraws). It takes out what the one-step's
	// second-order noise term leaves, e.g. a categorical column beside a
	// noise column (-0.0175 to +0.0000 nats at n = 1,000) and conditional
	// MIs of several classes (docs/inference.md, "A discrete column beside
	// noise"). Each draw costs 5 to 6% of an estimate,
	// and every tree's leaf of every row is held until the draws are done
	// (at least 4 bytes × rows × trees; checked). 0 (the default): no
	// draws; else 2..maxLabelDraws. It needs the one-step with every
	// class's posterior (not PlugIn, TreeLevelEntropy, or NoSharpening
	// without the local-linear fit) and every row voting (EvalShare 0),
	// and is not available in sharded runs. The
	// permutation tests' statistics (the plug-in, the fast and the
	// conditional tests' own) and the certified lower bound
	// (EstimatorConfig.LowerBound, a bound whatever the model) are
	// computed without it.
	LabelDraws int
	// keepLeaves keeps Tree.MinSamplesLeaf as configured on small data
	// (smallDataLeaf does not lower it): the fast test's forest, grown on
	// a share of half the rows, keeps the leaves it always had.
	keepLeaves bool
	// inDifference marks a fit whose difference with another is a
	// conditional MI or a subset table's row (conditionalEntropy): its
	// leaves do not shrink below fullLeafRows structure rows and grow above
	// (leafFor).
	inDifference bool
}

// entropyRule is how a forest-level UF's sums become H(Y|X): the plug-in,
// or the one-step (oneStep), sharpened with exponents fitted in
// sharpenFolds folds or not (0), its posteriors fitted
// local-linearly on local's coordinates or not (nil). oneStep ignores
// TreeLevelEntropy, unlike UFConfig.OneStep: a forest fitted for the
// tree-level estimate still answers a forest-level request
// (Forest.HonestConditionalEntropy) with the one-step, and the sums apply
// the rule at forest level only.
type entropyRule struct {
	oneStep      bool
	sharpenFolds int
	local        *localCoordinates
	// cappedNoise caps each class's share of the noise term
	// (UFConfig.CappedNoise).
	cappedNoise bool
	// labelDraws corrects the one-step by that many draws of the vote
	// labels (UFConfig.LabelDraws; 0: none).
	labelDraws int
}

// outWidth is the number of out-of-sample sums per row under rule r, for k
// classes: every class's posterior when sharpened, else the label's (and
// the local-linear fit's sums).
func (r entropyRule) outWidth(k int) int {
	sums, _ := engine.OutWidths(k, r.sharpenFolds > 0, r.local != nil)
	return sums
}

// entropyRule is cfg's rule (UFConfig.PlugIn, UFConfig.NoSharpening,
// UFConfig.SharpenOnHalves, UFConfig.CappedNoise).
func (cfg UFConfig) entropyRule() entropyRule {
	r := entropyRule{oneStep: !cfg.PlugIn, cappedNoise: cfg.CappedNoise, labelDraws: cfg.LabelDraws}
	switch {
	case cfg.PlugIn || cfg.NoSharpening:
	case cfg.SharpenOnHalves:
		r.sharpenFolds = halvesFolds
	default:
		r.sharpenFolds = sharpeningFolds
	}
	return r
}

// entropyRuleFor is cfg's rule for a forest on x, cfg's screening weights
// resolved: with the local-linear fit (LocalLinearFit), the coordinates of
// its fit.
func (cfg UFConfig) entropyRuleFor(x *Features, y []int, k int) entropyRule {
	r := cfg.entropyRule()
	if cfg.LocalLinearFit() {
		r.local = newLocalCoordinates(x, y, k, cfg.Tree.FeatureWeights, !cfg.NoDiscriminant)
	}
	return r
}

// OneStep reports whether cfg estimates H(Y|X) by the one-step: at forest
// level (TreeLevelEntropy false) and not the plug-in (PlugIn false).
func (cfg UFConfig) OneStep() bool {
	return !cfg.PlugIn && !cfg.TreeLevelEntropy
}

// SelectsLeaves reports whether a plain estimate with cfg (resolved or
// not) on the given number of features chooses its leaves among three
// forests (NoLeafSelection): a one-step estimate on one feature, of at
// least the 4 trees the choice's out-of-sample terms need. Unlabeled rows
// and the fits of a conditional MI or a subset table keep the configured
// leaves whatever it says.
func (cfg UFConfig) SelectsLeaves(features int) bool {
	trees := cfg.Trees
	if trees == 0 {
		trees = DefaultTrees
	}
	return !cfg.NoLeafSelection && cfg.OneStep() && features == 1 && trees >= minIntervalTrees
}

// GrowsDifferenceLeaves reports whether the fits of a conditional MI or a
// subset table with resolved cfg take their own leaf rule (leafFor): the
// configured leaf kept below 1,000 structure rows and grown above,
// whatever their number of features. Not with PlainLeavesInDifferences or
// FixedLeaves; leaves of 2 or fewer never change. Sharded subset-table
// jobs name it in their fingerprint.
func (cfg UFConfig) GrowsDifferenceLeaves() bool {
	return !cfg.PlainLeavesInDifferences && !cfg.FixedLeaves && cfg.Tree.MinSamplesLeaf > minScaledLeaf
}

// LocalLinearFit reports whether cfg's one-step fits its out-of-sample
// posteriors local-linearly: the one-step (OneStep), no evaluation share,
// and NoLocalLinear false. Sharded tree blocks and cached results' keys
// follow it.
func (cfg UFConfig) LocalLinearFit() bool {
	return cfg.OneStep() && !cfg.NoLocalLinear && cfg.EvalShare == 0
}

// check validates the settings that do not depend on the data.
func (cfg UFConfig) check() error {
	if _, err := cfg.trees(); err != nil {
		return err
	}
	if cfg.NoScreening {
		if cfg.PilotTrees != 0 || cfg.PilotFloor != 0 {
			return fmt.Errorf("ufmi: pilot trees %d and pilot floor %v are set, but screening is off (NoScreening); leave them 0", cfg.PilotTrees, cfg.PilotFloor)
		}
		if cfg.ScreenAlways {
			return fmt.Errorf("ufmi: ScreenAlways is set, but screening is off (NoScreening)")
		}
	} else {
		if cfg.PilotTrees < 0 || cfg.PilotTrees > limits.Trees {
			return fmt.Errorf("ufmi: pilot trees %d must be in 1..%d (0 means %d; NoScreening turns screening off)", cfg.PilotTrees, limits.Trees, defaultPilotTrees)
		}
		if !(cfg.PilotFloor >= 0) || math.IsInf(cfg.PilotFloor, 0) {
			return fmt.Errorf("ufmi: pilot floor %v must be positive and finite (0 means %v)", cfg.PilotFloor, defaultPilotFloor)
		}
		if cfg.Tree.FeatureWeights != nil {
			return fmt.Errorf("ufmi: feature weights are given, but screening (the default) measures them; set NoScreening to use the weights given")
		}
	}
	if cfg.StructureFraction != 0 && !(cfg.StructureFraction > 0 && cfg.StructureFraction < 1) {
		return fmt.Errorf("ufmi: structure fraction %v must be in (0, 1) (0 means %v)", cfg.StructureFraction, defaultStructureFraction)
	}
	if !(cfg.EvalShare >= 0 && cfg.EvalShare < 1) {
		return fmt.Errorf("ufmi: evaluation share %v must be in [0, 1)", cfg.EvalShare)
	}
	if !(cfg.Kappa >= 0) || math.IsInf(cfg.Kappa, 0) {
		return fmt.Errorf("ufmi: kappa %v must be positive and finite, or 0 for no correction", cfg.Kappa)
	}
	if cfg.EmptyLeaf < EmptyPrior || cfg.EmptyLeaf > EmptyAbstain {
		return fmt.Errorf("ufmi: unknown empty-leaf policy %d (want EmptyPrior, EmptyUniform or EmptyAbstain)", int(cfg.EmptyLeaf))
	}
	if err := cfg.checkLabelDraws(); err != nil {
		return err
	}
	if cfg.CappedNoise && cfg.NoSharpening && !cfg.PlugIn {
		return fmt.Errorf("ufmi: CappedNoise needs every class's out-of-sample posterior, which sharpening keeps; leave NoSharpening unset")
	}
	return nil
}

// resolved checks cfg and returns it with every default filled in: the
// configuration a forest is grown with.
func (cfg UFConfig) resolved() (UFConfig, error) {
	if err := cfg.check(); err != nil {
		return UFConfig{}, err
	}
	return cfg.withDefaults(), nil
}

// withDefaults returns cfg with each zero field that means a default set to
// that default (defaults.go).
func (cfg UFConfig) withDefaults() UFConfig {
	if cfg.Trees == 0 {
		cfg.Trees = DefaultTrees
	}
	if cfg.StructureFraction == 0 {
		cfg.StructureFraction = defaultStructureFraction
	}
	cfg.Tree = ufTreeDefaults(cfg.Tree)
	if !cfg.NoScreening {
		if cfg.PilotTrees == 0 {
			cfg.PilotTrees = defaultPilotTrees
		}
		if cfg.PilotFloor == 0 {
			cfg.PilotFloor = defaultPilotFloor
		}
	}
	return cfg
}

// trees is the number of trees, DefaultTrees when Trees is 0.
func (cfg UFConfig) trees() (int, error) {
	return countOrDefault("number of trees", cfg.Trees, DefaultTrees, limits.Trees)
}

// paperTree is the tree of the paper's forests: fully grown, all features
// (drawn without replacement: every node examines them all).
func paperTree() tree.Config {
	return tree.Config{MinSamplesLeaf: paperMinLeaf, MaxFeatures: tree.AllFeatures(), Draws: tree.WithoutReplacement}
}

// PaperUF is the configuration that reproduces the paper's published
// numbers: half the rows grow each tree, the other half vote, no kappa
// correction, uniform empty leaves, the plug-in entropy of forest-level
// posteriors, unstratified splits, no screening, fully grown trees on all
// features.
func PaperUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, Tree: paperTree(), StructureFraction: defaultStructureFraction,
		EmptyLeaf: EmptyUniform, Unstratified: true, NoScreening: true, PlugIn: true}
}

// AuthorsUF is the configuration of the authors' published scripts: 40% of
// the rows grow each tree, the rest are split half vote, half evaluation,
// kappa 3, uniform empty leaves and entropies averaged per tree; like the
// paper's, unstratified, without screening, fully grown on all features.
func AuthorsUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, Tree: paperTree(), StructureFraction: authorsStructureFraction,
		EvalShare: authorsEvalShare, Kappa: authorsKappa, EmptyLeaf: EmptyUniform, Unstratified: true,
		TreeLevelEntropy: true, NoScreening: true, PlugIn: true}
}

// defaultUF20261129b is ufmi's default from 2026-11-29, second, until
// 2026-11-29, third (preset "default-2026-11-29b"): the 2026-11-29c default fitting its
// sharpening exponents on halves of the rows (SharpenOnHalves), kept to
// compare against and to reproduce earlier results. The older defaults
// below build on it.
func defaultUF20261129b() UFConfig {
	c := defaultUF20261129c()
	c.SharpenOnHalves = true
	return c
}

// defaultUF20261129 is ufmi's default until 2026-11-29, second (preset
// "default-2026-11-29"): the 2026-11-29b default fitting its local-linear
// posteriors on the pilot's two top columns (NoDiscriminant).
func defaultUF20261129() UFConfig {
	c := defaultUF20261129b()
	c.NoDiscriminant = true
	return c
}

// defaultUF20261128 is ufmi's default until 2026-11-28, fifth (preset
// "default-2026-11-28"): the 2026-11-29 default keeping the screening
// pilot's weights whatever its importances (ScreenAlways).
func defaultUF20261128() UFConfig {
	c := defaultUF20261129()
	c.ScreenAlways = true
	return c
}

// defaultUF20261127 is ufmi's default of 2026-11-27 (preset
// "default-2026-11-27"): the 2026-11-28 default without local-linear
// posteriors (NoLocalLinear).
func defaultUF20261127() UFConfig {
	c := defaultUF20261128()
	c.NoLocalLinear = true
	return c
}

// defaultUF20261125 is ufmi's default of 2026-11-25 (preset
// "default-2026-11-25"): the 2026-11-27 default with each node's features
// drawn without replacement (tree.WithoutReplacement) and leaves of 6 rows
// whatever the number of rows (FixedLeaves).
func defaultUF20261125() UFConfig {
	c := defaultUF20261127()
	c.Tree.Draws, c.FixedLeaves = tree.WithoutReplacement, true
	return c
}

// plugInUF is the 2026-11-25 default with the plug-in estimate of
// H(Y|X) alone (PlugIn): ufmi's default before the one-step estimate, kept
// to compare against and to reproduce earlier results.
func plugInUF() UFConfig {
	c := defaultUF20261125()
	c.PlugIn = true
	return c
}

// unsharpenedUF is the 2026-11-25 default without sharpening
// (NoSharpening): ufmi's default before sharpened posteriors, kept to
// compare against and to reproduce earlier results.
func unsharpenedUF() UFConfig {
	c := defaultUF20261125()
	c.NoSharpening, c.SharpenOnHalves = true, false
	return c
}

// cappedNoiseUF is DefaultUF with each class's share of the noise term
// capped (CappedNoise): measured better with 10 or more classes, not yet
// the default.
func cappedNoiseUF() UFConfig {
	c := DefaultUF()
	c.CappedNoise = true
	return c
}

// labelDrawsUF is DefaultUF with the bootstrap of the vote labels
// (LabelDraws, 4 draws): less bias where the noise term
// falls short, at 1.2 to 1.25 times the cost; not the default because of
// that cost.
func labelDrawsUF() UFConfig {
	c := DefaultUF()
	c.LabelDraws = defaultLabelDraws
	return c
}

// defaultUF20261129c is ufmi's default until 2026-11-29, fourth (preset
// "default-2026-11-29c"): defaultUF20261130 keeping its leaves on one
// feature (NoLeafSelection). The older defaults below build on it.
func defaultUF20261129c() UFConfig {
	c := defaultUF20261130()
	c.NoLeafSelection = true
	return c
}

// defaultUF20261130 is ufmi's default until 2026-11-30, second (preset
// "default-2026-11-30"): defaultUF20261130b whose conditional MIs' fits take a plain
// estimate's leaves (PlainLeavesInDifferences).
func defaultUF20261130() UFConfig {
	c := defaultUF20261130b()
	c.PlainLeavesInDifferences = true
	return c
}

// defaultUF20261201c is ufmi's default until 2026-12-01, third (preset
// "default-2026-12-01c"): DefaultUF whose conditional MIs take their target
// residuals from the normal scores alone.
func defaultUF20261201c() UFConfig {
	c := DefaultUF()
	c.scoreResidualsOnly = true
	return c
}

// defaultUF20261201b is ufmi's default until 2026-12-01, second (preset
// "default-2026-12-01b"): defaultUF20261201c whose conditional MIs fit
// several given columns alone, categorical ones among them too.
func defaultUF20261201b() UFConfig {
	c := defaultUF20261201c()
	c.oneGivenSwapOnly = true
	return c
}

// defaultUF20261201 is ufmi's default until 2026-12-01 (preset
// "default-2026-12-01"): DefaultUF whose conditional MIs fit a categorical
// given column alone, swapping the rest beside a numeric one only.
func defaultUF20261201() UFConfig {
	c := defaultUF20261201b()
	c.numericSwapOnly = true
	return c
}

// defaultUF20261130d is ufmi's default until 2026-11-30, eighth (preset
// "default-2026-11-30d"): defaultUF20261201c whose conditional MIs fit the
// given columns alone, not the swapped rest.
func defaultUF20261130d() UFConfig {
	c := defaultUF20261201c()
	c.plainRest = true
	return c
}

// defaultUF20261130c is ufmi's default until 2026-11-30, seventh (preset
// "default-2026-11-30c"): defaultUF20261130d whose target residuals take
// their slope over all rows, not within the classes, and are compared with
// the target over all rows.
func defaultUF20261130c() UFConfig {
	c := defaultUF20261130d()
	c.residualsOverAllRows = true
	return c
}

// defaultUF20261130b is ufmi's default until 2026-11-30, sixth (preset
// "default-2026-11-30b"): DefaultUF whose conditional MIs take the target
// columns as they are (NoTargetResiduals). The older defaults build on it.
func defaultUF20261130b() UFConfig {
	c := defaultUF20261130d()
	c.NoTargetResiduals = true
	return c
}

// ufPresets are the UF presets ParseUFPreset knows, in the order its
// error lists them.
var ufPresets = []struct {
	name string
	uf   func() UFConfig
}{
	{"default", DefaultUF},
	{"capped-noise", cappedNoiseUF},
	{"label-draws", labelDrawsUF},
	{"default-2026-12-01c", defaultUF20261201c},
	{"default-2026-12-01b", defaultUF20261201b},
	{"default-2026-12-01", defaultUF20261201},
	{"default-2026-11-30d", defaultUF20261130d},
	{"default-2026-11-30c", defaultUF20261130c},
	{"default-2026-11-30b", defaultUF20261130b},
	{"default-2026-11-30", defaultUF20261130},
	{"default-2026-11-29c", defaultUF20261129c},
	{"default-2026-11-29b", defaultUF20261129b},
	{"default-2026-11-29", defaultUF20261129},
	{"default-2026-11-28", defaultUF20261128},
	{"default-2026-11-27", defaultUF20261127},
	{"default-2026-11-25", defaultUF20261125},
	{"unsharpened", unsharpenedUF},
	{"plugin", plugInUF},
	{"paper", PaperUF},
	{"authors", AuthorsUF},
	{"oblique", ObliqueUF},
	{"oblique-2026-11-29", obliqueUF20261129},
	{"oblique-2026-11-28", obliqueUF20261128},
	{"oblique-2026-11-25", obliqueUF20261125},
}

// ufPresetIndex is the index in ufPresets of the preset named name (any
// case; presetname.Canonical).
func ufPresetIndex(name string) (int, error) {
	canonical := presetname.Canonical(name)
	names := make([]string, len(ufPresets))
	for i, p := range ufPresets {
		if p.name == canonical {
			return i, nil
		}
		names[i] = p.name
	}
	last := len(names) - 1
	return 0, fmt.Errorf("ufmi: unknown preset %q (want %s or %s)", name, strings.Join(names[:last], ", "), names[last])
}

// ParseUFPreset returns the preset named "default", "capped-noise", "label-draws", "default-2026-12-01c", "default-2026-12-01b", "default-2026-12-01", "default-2026-11-30d", "default-2026-11-30c", "default-2026-11-30b", "default-2026-11-30", "default-2026-11-29c", "default-2026-11-29b",
// "default-2026-11-29",
// "default-2026-11-28",
// "default-2026-11-27",
// "default-2026-11-25", "unsharpened", "plugin", "paper", "authors",
// "oblique", "oblique-2026-11-29", "oblique-2026-11-28" or "oblique-2026-11-25". "local-linear", the name the default
// had before it became the default, is DefaultUF. Names are read in any
// case.
func ParseUFPreset(name string) (UFConfig, error) {
	i, err := ufPresetIndex(name)
	if err != nil {
		return UFConfig{}, err
	}
	return ufPresets[i].uf(), nil
}

// ObliqueUF is DefaultUF with oblique splits whose directions come from the
// class means of each node's rows, weighted by the inverse of the columns'
// within-class covariance there (tree.Discriminants): for information
// spread over many weak numeric features, where axis-aligned splits
// approximate an oblique boundary badly (the trunk simulation, ||μ|| = 1,
// exact I 0.337 nats, at n = 2000, d = 10: 0.336 against the default's
// 0.306; at d = 50, 0.321 against 0.283), and for tables of many classes. Its cost and its measurements on
// the accuracy grid, the coverage study and the CC18 tables are in
// docs/guide.md, "The oblique preset".
//
// It has been the default's forest with oblique splits since 2026-11-28
// (draws with replacement, leaves that follow n, local-linear posteriors);
// before, it was the 2026-11-25 default's, kept as the preset
// "oblique-2026-11-25". Its directions have been whitened by the
// within-class covariance since 2026-11-29, for correlated columns; the
// preset before, weighting each column by its variance alone, is
// "oblique-2026-11-28". Its local-linear fit stays on the pilot's two top
// columns (NoDiscriminant, the 2026-11-29 default's): its splits already
// follow the node's discriminant, and the discriminant coordinate was
// measured on the default only. Like the default, it has fitted its
// sharpening exponents in five folds since 2026-11-29, third; the preset
// before is "oblique-2026-11-29". Its conditional MIs keep a plain
// estimate's leaves (PlainLeavesInDifferences, the 2026-11-30 default's):
// the default's rule there is not measured with oblique splits.
func ObliqueUF() UFConfig {
	c := DefaultUF()
	c.NoDiscriminant = true
	c.PlainLeavesInDifferences = true
	return withObliqueSplits(c, tree.Discriminants)
}

// obliqueUF20261129 is ObliqueUF as it was until 2026-11-29, third: its
// sharpening exponents fitted on halves of the rows (SharpenOnHalves).
func obliqueUF20261129() UFConfig {
	return withObliqueSplits(defaultUF20261129(), tree.Discriminants)
}

// obliqueUF20261125 is ObliqueUF as it was until 2026-11-28: the
// 2026-11-25 default's forest (features drawn without replacement, leaves
// of 6 rows whatever n, no local-linear fit) with oblique splits.
func obliqueUF20261125() UFConfig {
	return withObliqueSplits(defaultUF20261125(), tree.MeanDifferences)
}

// obliqueUF20261128 is ObliqueUF as it was until 2026-11-29: directions
// from the class means weighted by the columns' variances alone
// (tree.MeanDifferences, diagonal discriminant analysis).
func obliqueUF20261128() UFConfig {
	return withObliqueSplits(defaultUF20261129(), tree.MeanDifferences)
}

// withObliqueSplits is c whose nodes also split on a direction made from
// their class means (tree.Config.Oblique) by the rule directions.
func withObliqueSplits(c UFConfig, directions tree.ObliqueDirections) UFConfig {
	c.Tree.Oblique, c.Tree.ObliqueDirections = true, directions
	return c
}

// DefaultUF is ufmi's default honest forest, UFConfig{} with its defaults
// spelled out. Its forest: the paper's half/half honest split, stratified
// by class; leaves of at least 6 structure rows from 2,000 rows on and
// fewer below (FixedLeaves; on one feature, 6, 12 or 24, whichever reads
// the lowest out-of-sample log-loss, NoLeafSelection; a conditional MI's
// fits not fewer below and more above, PlainLeavesInDifferences); empty
// leaves predicting the vote set's class frequencies; no kappa correction;
// features screened by a pilot forest of 60 trees (equal weights where its
// importances are no larger than under permuted labels, ScreenAlways),
// each node making max(2, floor(sqrt d)) draws of features with
// replacement by those weights (tree.WithReplacement). Its estimate of
// H(Y|X): the rows' out-of-sample log-loss less its noise term
// (oneStepOrPlugIn) or, when lower, the log-loss of their sharpened
// posteriors, each fold of five sharpened by an exponent fitted on the
// other four (NoSharpening, SharpenOnHalves), those posteriors fitted
// local-linearly on the ranks of the most important column and of a
// cross-fitted linear discriminant beyond it (NoLocalLinear,
// NoDiscriminant). A conditional MI's fit on all columns may replace a
// numeric target column by its residual on a given column that predicts
// it (NoTargetResiduals), and its fit of the given columns sees the target
// columns swapped among rows alike in them (the swapped rest,
// swappedrest.go). Each
// choice was made by measurement (docs/inference.md); the presets of
// ParseUFPreset keep the defaults before each change, and docs/guide.md,
// "Presets", tabulates them.
func DefaultUF() UFConfig { return UFConfig{}.withDefaults() }
