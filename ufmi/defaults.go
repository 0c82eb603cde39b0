package ufmi

import "github.com/ufmi-dev/ufmi/ufmi/tree"

// This file holds every default of the package: a config field left at
// its zero value means the constant named here, and each constant is
// documented once, here. Presets (PaperUF, AuthorsUF) state their own
// choices explicitly.

// DefaultTrees is the number of trees of a forest whose config leaves
// Trees at 0 (UF, RF): the paper's simulations use 300.
const DefaultTrees = 300

// Defaults of the honest forest (UFConfig); together they are DefaultUF,
// chosen by measurement on the reference MI grid (package documentation,
// "Choice of the default").
const (
	// defaultStructureFraction is the share of the rows that grows each UF
	// tree: the paper's half, the other half voting.
	defaultStructureFraction = 0.5
	// defaultPilotTrees is the size of the screening pilot forest.
	defaultPilotTrees = 60
	// defaultPilotFloor is the weight every feature keeps after screening,
	// relative to the most important feature's 1 (the best measured).
	defaultPilotFloor = 0.01
	// defaultUFMinLeaf is the fewest structure rows of a UF leaf.
	defaultUFMinLeaf = 6
	// defaultUFMinFeatures is the fewest features a UF node examines: it
	// examines max(defaultUFMinFeatures, floor(sqrt d)) of d.
	defaultUFMinFeatures = 2
)

// The choices of the presets other than DefaultUF.
const (
	// authorsStructureFraction, authorsEvalShare and authorsKappa are the
	// authors' scripts' split (40% structure, the rest half vote, half
	// evaluation) and finite-sample correction.
	authorsStructureFraction = 0.4
	authorsEvalShare         = 0.5
	authorsKappa             = 3
	// paperMinLeaf is the paper's fully grown trees' smallest leaf, also
	// the random forest's default.
	paperMinLeaf = 1
)

// Defaults of the random forest (ForestConfig) and its calibrated
// ensembles (CalibratedConfig).
const (
	// defaultBootstrapFraction is the rows a bootstrap tree draws, as a
	// fraction of n (with replacement).
	defaultBootstrapFraction = 1.0
	// defaultSubsampleFraction is the rows a subsampled tree draws, as a
	// fraction of n (without replacement): about the distinct rows of a
	// bootstrap sample, 1 - 1/e.
	defaultSubsampleFraction = 0.632
	// defaultCalibrationFolds is the folds of a calibrated forest (the
	// paper's 5). ufmi/models.FoldTrees divides a forest's trees by it; a
	// test there keeps its copy equal to this one.
	defaultCalibrationFolds = 5
	// defaultFoldTrees is the trees of each calibration fold's forest
	// (5 × 60 = DefaultTrees in all).
	defaultFoldTrees = 60
)

// defaultHeldOut is the held-out share of the rows in sample splitting
// (EstimatorConfig.HeldOut): the paper's 0.3.
const defaultHeldOut = 0.3

// defaultPermutations is the number of label permutations of a
// permutation test (PermutationConfig.Permutations): the paper's 1000.
const defaultPermutations = 1000

// defaultFastShare is the share of the rows of S that grows each tree of
// the fast test (PermutationConfig.FastShare; a subsample per tree). The
// rest of S is not used by the tree: the leaves are filled by V. Smaller
// trees, with more votes per leaf, gave more power against weak signals
// than UF's 0.5 (README, "Permutation tests"; go run ./bench/nulltest
// -shares 0.15,0.3,0.5,0.7,0.9).
const defaultFastShare = 0.3

// intervalGroups is the number of tree groups behind Interval.SEForest.
const intervalGroups = 10

// ufTreeDefaults fills in the tree settings an honest forest's config left
// unset: leaves of at least defaultUFMinLeaf rows, max(2, floor(sqrt d))
// features per node, drawn with replacement.
func ufTreeDefaults(tc tree.Config) tree.Config {
	if tc.Draws == tree.DefaultDraws {
		tc.Draws = tree.WithReplacement
	}
	return treeDefaults(tc, defaultUFMinLeaf, tree.SqrtFeatures().AtLeast(defaultUFMinFeatures))
}

// rfTreeDefaults fills in the tree settings a random forest's config left
// unset: the paper's fully grown trees (leaves of one row) on all features.
func rfTreeDefaults(tc tree.Config) tree.Config {
	return treeDefaults(tc, paperMinLeaf, tree.AllFeatures())
}

func treeDefaults(tc tree.Config, minLeaf int, features tree.MaxFeatures) tree.Config {
	if tc.MinSamplesLeaf == 0 {
		tc.MinSamplesLeaf = minLeaf
	}
	if tc.MaxFeatures == (tree.MaxFeatures{}) {
		tc.MaxFeatures = features
	}
	return tc
}
