package ufmi

import "fmt"

// Upper bounds on the counts and fractions a configuration may ask for.
// They are far above any useful setting and keep a typo (Trees: 1<<50)
// from allocating without end or running for ever: a value outside its
// range is an error, never clipped.
const (
	// MaxTrees bounds the trees of a forest (Trees, PilotTrees) and of
	// each calibration fold.
	MaxTrees = 1_000_000
	// MaxPermutations bounds PermutationConfig.Permutations.
	MaxPermutations = 1_000_000
	// MaxRepeats bounds the repeats of SubsetTable.
	MaxRepeats = 10_000
	// MaxSampleFraction bounds ForestConfig.SampleFraction for the
	// bootstrap: each tree draws at most 10n rows.
	MaxSampleFraction = 10.0
)

// countOrDefault resolves a count setting: 0 means def, 1..limit is kept,
// anything else is an error naming what and the accepted range.
func countOrDefault(what string, v, def, limit int) (int, error) {
	if v == 0 {
		return def, nil
	}
	if v < 0 || v > limit {
		return 0, fmt.Errorf("ufmi: %s %d must be in 1..%d (0 means %d)", what, v, limit, def)
	}
	return v, nil
}
