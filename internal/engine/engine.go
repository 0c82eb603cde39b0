// Package engine hands ufmi/sharded the parts of package ufmi's estimators
// that it computes in cells but that are no part of ufmi's public API: a
// block of a forest's trees, the permutations lo..hi-1 of a test, one fit of
// the subset table and the assembly of its rows. Package ufmi sets the
// variables below when it is initialised; ufmi/sharded reads them through
// typed accessors (ufmi/sharded/engine.go), and a test there checks that
// every one is set with the type it expects. This package cannot name ufmi's
// types (ufmi imports it), hence the variables' type any; each comment gives
// the function's real type.
package engine

import "fmt"

// Package ufmi's functions for ufmi/sharded (see the package comment).
var (
	// ResolveUF: func(ufmi.EstimatorConfig) (ufmi.UFConfig, error), the UF
	// configuration EstimateMI's uf method fits with, every field resolved.
	ResolveUF any
	// ScreeningWeights: func(*ufmi.Features, []int, ufmi.UFConfig, ufmi.Runtime)
	// ([]float64, error), the screening pilot's feature weights.
	ScreeningWeights any
	// GrowTreeBlock: func(*ufmi.Features, []int, ufmi.UFConfig, []float64,
	// int, int, ufmi.Runtime) (TreeBlock, error), trees lo..hi-1 of a forest.
	GrowTreeBlock any
	// EstimateTreeBlock: func(*TreeBlock, []int, ufmi.UFConfig)
	// (ufmi.Estimate, error), the estimate of a block covering the forest.
	EstimateTreeBlock any
	// PermutationNull: func(*ufmi.Features, []int, ufmi.Statistic, int, int,
	// ufmi.Runtime) ([]float64, error), the statistic under permutations lo..hi-1.
	PermutationNull any
	// PermutationPValue: func(float64, []float64) float64.
	PermutationPValue any
	// ConditionalEntropy: func(*ufmi.Features, []int, []int,
	// ufmi.EstimatorConfig) (ufmi.Estimate, error), H(Y|X_cols).
	ConditionalEntropy any
	// CheckSubsetGroups: func([][]int, int) error.
	CheckSubsetGroups any
	// SubsetTableFrom: func([][]int, float64, [][]float64) []ufmi.SubsetRow,
	// the subset table from H(Y) and h[repeat][mask] = H(Y|X_mask).
	SubsetTableFrom any
)

// SketchWidth is the number of values per row of TreeBlock.OutSketch
// (without local-linear posteriors).
const SketchWidth = 8

// LocalLinearCoordinates is the number of coordinates of the local-linear
// fit (UFConfig.LocalLinearFit), whatever the data.
const LocalLinearCoordinates = 2

// OutWidths returns the number of values per row of TreeBlock.OutSum and
// OutSketch for the one-step estimate with classes classes: the label's
// out-of-sample posterior sum, or every class's (sharpened), plus with the
// local-linear fit its sums (the coordinates, their products and the
// coordinates per class); the sketch, plus with the fit one sketch per
// coordinate.
func OutWidths(classes int, sharpened, localLinear bool) (sums, sketch int) {
	sums, sketch = 1, SketchWidth
	if sharpened || localLinear {
		sums = classes
	}
	if localLinear {
		m := LocalLinearCoordinates
		sums += m + m*(m+1)/2 + m*classes
		sketch += m * SketchWidth
	}
	return sums, sketch
}

// TreeBlock is what trees Lo..Hi-1 of the forest of EstimateMI's uf method
// add to its estimate of H(Y|X): the per-row sums of their leaf posteriors
// (forest level) or the sum of their mean entropies (tree level). Blocks
// added in tree order (Add) up to the whole forest give the estimate
// (EstimateTreeBlock); a block needs the data (all rows) but grows only its
// trees, so separate processes can grow the blocks of one forest.
type TreeBlock struct {
	Lo, Hi  int // the trees, Lo..Hi-1
	Classes int
	// Forest level: Sum holds n × Classes sums of the trees' posteriors
	// (row-major) and Votes, per row, the trees whose leaf did not abstain.
	Sum   []float64
	Votes []int
	// Forest level with the one-step estimate (not UFConfig.PlugIn): per
	// row, the sum of its out-of-sample trees' posteriors of its label, or
	// of every class, and the local-linear fit's sums (OutSum), how many
	// trees that is (OutTrees), and the sketch of the weights on other rows'
	// votes (OutSketch); OutWidths gives the widths per row. Nil otherwise.
	OutSum    []float64
	OutTrees  []int
	OutSketch []float64
	// Tree level: the sum of the trees' mean entropies over their evaluation
	// rows, and the number of trees that had one.
	TreeEntropy float64
	TreeCount   int
}

// Add adds next, the block that follows b (next.Lo == b.Hi), to b. Adding
// the same blocks in the same order gives the same bits.
func (b *TreeBlock) Add(next TreeBlock) error {
	switch {
	case next.Lo != b.Hi:
		return fmt.Errorf("ufmi: tree block %d..%d does not follow block %d..%d", next.Lo, next.Hi-1, b.Lo, b.Hi-1)
	case next.Classes != b.Classes || len(next.Sum) != len(b.Sum) || len(next.Votes) != len(b.Votes) ||
		len(next.OutSum) != len(b.OutSum) || len(next.OutTrees) != len(b.OutTrees) || len(next.OutSketch) != len(b.OutSketch):
		return fmt.Errorf("ufmi: tree blocks %d..%d and %d..%d are of different data", b.Lo, b.Hi-1, next.Lo, next.Hi-1)
	}
	for i, v := range next.Sum {
		b.Sum[i] += v
	}
	for i, v := range next.Votes {
		b.Votes[i] += v
	}
	for i, v := range next.OutSum {
		b.OutSum[i] += v
	}
	for i, v := range next.OutTrees {
		b.OutTrees[i] += v
	}
	for i, v := range next.OutSketch {
		b.OutSketch[i] += v
	}
	b.TreeEntropy += next.TreeEntropy
	b.TreeCount += next.TreeCount
	b.Hi = next.Hi
	return nil
}
