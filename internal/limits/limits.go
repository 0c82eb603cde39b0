// Package limits holds the upper bounds on the counts and fractions a
// configuration of ufmi may ask for, shared by the library, the command
// line and the sharded runs. They are far above any useful setting and keep
// a typo (Trees: 1<<50) from allocating without end or running for ever: a
// value outside its range is an error, never clipped.
package limits

import "github.com/ufmi-dev/ufmi/ufmi/tree"

const (
	// Trees bounds the trees of a forest (Trees, PilotTrees) and of each
	// calibration fold.
	Trees = 1_000_000
	// Permutations bounds the permutations of a permutation test.
	Permutations = 1_000_000
	// Repeats bounds the repeats of the subset table.
	Repeats = 10_000
	// SampleFraction bounds ForestConfig.SampleFraction for the bootstrap:
	// each tree draws at most 10n rows.
	SampleFraction = 10.0
	// Levels bounds the levels of a categorical column.
	Levels = tree.MaxLevels
)
