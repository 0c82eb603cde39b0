package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/memory"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// This file holds the limits of what a fit may ask for: upper bounds on
// counts and fractions, and the memory a forest needs (checked before it
// grows).

// The upper bounds on counts and fractions are internal/limits'.

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

// minOOBTrees is the smallest median, over the rows, of the trees a row is
// out of bag in that an rf-oob estimate accepts (checkOOBTrees): 13 or 14
// trees with the default bootstrap, where a row is out of bag in 37% of
// them. On pure noise (n = 1000, two classes) the estimate's excess over
// the 300-tree value is about 0.5/m nats for a median of m out-of-bag
// trees: 0.41 at 1 tree... 0.15 at 10 trees (m = 4), refused; 0.10 at 14,
// 0.07 at 20 and 0.04 at 30 trees, accepted (documented in docs/guide.md).
const minOOBTrees = 5

// minOOBRows is the fewest rows an rf-oob estimate accepts: with 2, each
// row's out-of-bag trees grow on the other row alone and predict its label
// whatever the data (a reviewer's probe read I(X;Y) = H(Y), interval
// [0.62, 0.69], on two rows of one x value).
const minOOBRows = 3

// forestSize describes one forest fit for the memory check made before it
// grows (internal/memory). The estimates follow the sizes of the data
// structures, rounded up.
type forestSize struct {
	n, d, k    int // training rows, features, classes
	trees      int
	sampleRows int  // rows (with multiplicity) that grow each tree
	workers    int  // goroutines growing trees, each with its own builder
	honest     bool // the forest keeps the leaf of every training row (UF)
	splitBytes int  // beyond tree.NodeBytes per internal node (tree.Params.SplitBytes: oblique projections)
}

// allocRounding covers the allocator's rounding of each size up to its
// size class or page (at most an eighth more).
const allocRounding = 1.125

// kept is what the fitted forest holds: per tree, its nodes (room for
// 2·sampleRows of tree.NodeBytes, and splitBytes per internal node, at
// most sampleRows of them), K posterior values per leaf (at most
// sampleRows leaves), three index bitsets and, for honest forests, the leaf
// of every training row.
func (s forestSize) kept() float64 {
	n, m := float64(s.n), float64(s.sampleRows)
	perTree := 2*m*float64(tree.NodeBytes) + m*float64(s.splitBytes) + m*float64(s.k)*8 + 3*n/8 + 256
	if s.honest {
		perTree += 4 * n
	}
	return allocRounding * float64(s.trees) * perTree
}

// working is what growing needs besides: the shared presort (row order,
// rank and distinct value per feature and row), two row × class
// accumulators of posteriors (the estimate's sums and an interval's or
// the predictions' means) and, per worker, the double-buffered sample
// rows, ranks and classes per feature, the builder's leaf class counts
// (sample rows × classes) and a few row-long scratch slices. The terms in
// K make a run with many classes (a continuous target read as classes)
// refused before it allocates.
func (s forestSize) working() float64 {
	n, d, m, k := float64(s.n), float64(s.d), float64(s.sampleRows), float64(s.k)
	presort := n * d * (4 + 4 + 8)
	sums := 2 * n * k * 8
	perWorker := 2*m*d*(4+4+2) + m*k*8 + n*(1+4+8+16)
	return presort + sums + float64(s.workers)*perWorker
}

// check fails when the fit does not fit in the available memory.
func (s forestSize) check() error {
	return s.checkMany(1, fmt.Sprintf("fitting %d trees on %d rows", s.trees, s.n))
}

// checkMany checks the memory of forests such fits kept at once (one
// growing at a time), described by what.
func (s forestSize) checkMany(forests int, what string) error {
	kept, working := float64(forests)*s.kept(), s.working()
	remedy := "use fewer trees or fewer rows"
	if working > kept {
		remedy = "use fewer rows, features or workers"
	}
	return memory.Check(what, memory.Bytes(kept+working), remedy)
}
