package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// UFConfig holds the hyper-parameters of an honest Uncertainty Forest. Each
// tree splits the rows at random into a structure set (grows the tree), a
// vote set (fills the leaf posteriors) and, optionally, an evaluation set.
// Use PaperUF, AuthorsUF or DefaultUF for the named presets.
type UFConfig struct {
	Trees int         // number of trees (default 300)
	Tree  tree.Config // per-tree settings (default: Gini, all features, fully grown)
	// StructureFraction is the share of the n rows that grows each tree,
	// rounded to a row count (the paper: 0.5; the authors' scripts: 0.4).
	StructureFraction float64
	// EvalShare is the share of the remaining rows held out for evaluation;
	// the rest vote. 0 (the paper) means every non-structure row votes; the
	// authors' scripts use 0.5.
	EvalShare float64
	// Kappa is the finite-sample correction: a zero entry of a leaf with m
	// votes becomes 1/(Kappa·m) before renormalising. 0 turns it off.
	Kappa     float64
	EmptyLeaf EmptyLeafPolicy
	// Stratify splits every class in the same proportions, so that each
	// set keeps the class balance of the sample.
	Stratify bool
	// TreeLevelEntropy makes conditional-entropy estimates average each
	// tree's mean entropy over its evaluation set (the authors' code) instead
	// of the entropy of the forest posterior (the paper's Algorithm 3).
	TreeLevelEntropy bool
	// PilotTrees, when positive, screens features first: a pilot forest of
	// that many trees (all features examined) measures each feature's
	// HonestImportance, and each node of the forest then draws the
	// Tree.MaxFeatures features it examines with probability growing with
	// that importance. Informative features are then examined at almost
	// every node and noise features rarely.
	PilotTrees int
	// PilotFloor is the weight every feature keeps whatever its importance,
	// relative to the most important feature's 1 (default 0.01, the best
	// measured; see the package documentation).
	PilotFloor float64
	Workers    int      // goroutines (default GOMAXPROCS); results never depend on it
	Seed       uint64   // tree i draws from the stream (Seed, tree, i), pilot tree i from (Seed, pilot, i)
	Progress   Progress // called after each tree, the pilot's first
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
