package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// UFConfig holds the hyper-parameters of an honest Uncertainty Forest. Each
// tree splits the rows at random into a structure set (grows the tree), a
// vote set (fills the leaf posteriors) and, optionally, an evaluation set.
// Use PaperUF, AuthorsUF or DefaultUF for the named presets. Values
// outside the documented ranges are errors, never replaced by defaults.
type UFConfig struct {
	Trees int         // number of trees, 1..MaxTrees (0: 300)
	Tree  tree.Config // per-tree settings (default: Gini, all features, fully grown)
	// StructureFraction is the share of the n rows that grows each tree,
	// rounded to a row count (the paper: 0.5; the authors' scripts: 0.4).
	StructureFraction float64
	// EvalShare is the share of the remaining rows held out for evaluation;
	// the rest vote. 0 (the paper) means every non-structure row votes; the
	// authors' scripts use 0.5.
	EvalShare float64
	// Kappa is the finite-sample correction: a zero entry of a leaf with m
	// votes becomes 1/(Kappa·m) before renormalising. 0 turns it off;
	// otherwise it must be positive and finite.
	Kappa     float64
	EmptyLeaf EmptyLeafPolicy // EmptyUniform, EmptyPrior or EmptyAbstain
	// Stratify splits every class in the same proportions, so that each
	// set keeps the class balance of the sample.
	Stratify bool
	// TreeLevelEntropy makes conditional-entropy estimates average each
	// tree's mean entropy over its evaluation set (the authors' code) instead
	// of the entropy of the forest posterior (the paper's Algorithm 3).
	TreeLevelEntropy bool
	// PilotTrees, when positive (at most MaxTrees), screens features
	// first: a pilot forest of that many trees (all features examined)
	// measures each feature's HonestImportance, and each node of the forest
	// then draws the Tree.MaxFeatures features it examines with probability
	// growing with that importance. Informative features are then examined
	// at almost every node and noise features rarely.
	PilotTrees int
	// PilotFloor is the weight every feature keeps whatever its importance,
	// relative to the most important feature's 1: positive and finite (0:
	// 0.01, the best measured; see the package documentation).
	PilotFloor float64
	Workers    int      // goroutines (0 or less: GOMAXPROCS); results never depend on it
	Seed       uint64   // tree i draws from the stream (Seed, tree, i), pilot tree i from (Seed, pilot, i)
	Progress   Progress // called after each tree, the pilot's first
}

// check validates the settings that do not depend on the data.
func (cfg UFConfig) check() error {
	if _, err := cfg.trees(); err != nil {
		return err
	}
	if cfg.PilotTrees < 0 || cfg.PilotTrees > MaxTrees {
		return fmt.Errorf("ufmi: pilot trees %d must be in 0..%d (0: no screening)", cfg.PilotTrees, MaxTrees)
	}
	if cfg.PilotTrees > 0 && cfg.Tree.FeatureWeights != nil {
		return fmt.Errorf("ufmi: set either pilot trees (weights measured) or feature weights (weights given), not both")
	}
	if !(cfg.PilotFloor >= 0) || math.IsInf(cfg.PilotFloor, 0) {
		return fmt.Errorf("ufmi: pilot floor %v must be positive and finite (0 means 0.01)", cfg.PilotFloor)
	}
	if !(cfg.StructureFraction > 0 && cfg.StructureFraction < 1) {
		return fmt.Errorf("ufmi: structure fraction %v must be in (0, 1) (start from DefaultUF, PaperUF or AuthorsUF)", cfg.StructureFraction)
	}
	if !(cfg.EvalShare >= 0 && cfg.EvalShare < 1) {
		return fmt.Errorf("ufmi: evaluation share %v must be in [0, 1)", cfg.EvalShare)
	}
	if !(cfg.Kappa >= 0) || math.IsInf(cfg.Kappa, 0) {
		return fmt.Errorf("ufmi: kappa %v must be positive and finite, or 0 for no correction", cfg.Kappa)
	}
	if cfg.EmptyLeaf < EmptyUniform || cfg.EmptyLeaf > EmptyAbstain {
		return fmt.Errorf("ufmi: unknown empty-leaf policy %d (want EmptyUniform, EmptyPrior or EmptyAbstain)", int(cfg.EmptyLeaf))
	}
	return nil
}

// trees is the number of trees, DefaultTrees when Trees is 0.
func (cfg UFConfig) trees() (int, error) {
	return countOrDefault("number of trees", cfg.Trees, DefaultTrees, MaxTrees)
}

// PaperUF is the configuration that reproduces the paper's published
// numbers: half the rows grow each tree, the other half vote, no kappa
// correction, uniform empty leaves, forest-level posteriors.
func PaperUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.5, EmptyLeaf: EmptyUniform}
}

// AuthorsUF is the configuration of the authors' published scripts: 40% of
// the rows grow each tree, the rest are split half vote, half evaluation,
// kappa 3, uniform empty leaves and entropies averaged per tree.
func AuthorsUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.4, EvalShare: 0.5, Kappa: 3,
		EmptyLeaf: EmptyUniform, TreeLevelEntropy: true}
}

// ParseUFPreset returns the preset named "paper", "authors" or "default".
func ParseUFPreset(name string) (UFConfig, error) {
	switch name {
	case "paper":
		return PaperUF(), nil
	case "authors":
		return AuthorsUF(), nil
	case "", "default":
		return DefaultUF(), nil
	}
	return UFConfig{}, fmt.Errorf("ufmi: unknown preset %q (want default, paper or authors)", name)
}

// DefaultUF is ufmi's default honest forest: the paper's half/half split
// and forest-level posteriors, no kappa correction, leaves of at least 6
// structure rows, empty leaves predicting the vote set's class frequencies,
// stratified splits, and feature screening: a pilot forest of 60 trees
// weights the features by honest importance, and each node examines
// max(2, floor(sqrt d)) features drawn by those weights (floor 0.01).
// Chosen by measurement on the reference MI grid (see the package
// documentation and bench/migrid).
func DefaultUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.5, EmptyLeaf: EmptyPrior, Stratify: true,
		Tree:       tree.Config{MinSamplesLeaf: 6, MaxFeatures: tree.SqrtFeatures().AtLeast(2)},
		PilotTrees: 60, PilotFloor: 0.01}
}

// ExperimentStructureFraction is the share of rows that grows each UF tree
// in the paper's posterior experiments (the steep simulation and the CC18
// calibration study): 0.63, so that 0.37 of the rows vote.
const ExperimentStructureFraction = 0.63

// ExperimentUF is the UF of the paper's posterior experiments: the paper
// preset with ExperimentStructureFraction of the rows growing each tree.
func ExperimentUF() UFConfig {
	c := PaperUF()
	c.StructureFraction = ExperimentStructureFraction
	return c
}
