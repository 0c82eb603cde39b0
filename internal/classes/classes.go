package classes

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// K checks that every code lies in 0..limit-1 and returns the number of
// classes K, the largest code + 1. Bounding the codes before anything is
// counted keeps a code such as math.MaxInt from overflowing and a code such
// as 1<<40 from allocating a count per class.
func K(y []int, limit int) (int, error) {
	k := 0
	for i, c := range y {
		if c < 0 || c >= limit {
			return 0, fmt.Errorf("ufmi: label of row %d is %d; class codes must lie in 0..%d (codes 0..K-1 with K at most the number of rows; ufmi/table's EncodeIntLabels makes them)", i, c, limit-1)
		}
		k = max(k, c+1)
	}
	return k, nil
}

// Check validates the class codes of n rows and returns K: y must hold n
// codes in 0..n-1 (K classes need at least K rows) of at least two classes,
// every code 0..K-1 with at least one row. A code with no row below the
// largest (codes {0, 5}) is an error: estimators would count the empty
// classes (as classes a posterior spreads over, or as label distances),
// so their estimates would depend on the codes, not on the labels.
func Check(y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("ufmi: %d labels for %d feature rows", len(y), n)
	}
	k, err := CheckWithin(y, n)
	if err != nil {
		return 0, err
	}
	return k, EveryClass(Counts(y, nil, k))
}

// EveryClass returns an error naming the codes without rows when some
// count is 0: the check of labels given by a caller, whose codes must be
// 0..K-1 with every class present. (A part of such labels, a training
// fold, may lack classes: CheckWithin.)
func EveryClass(counts []int) error {
	var empty []string
	missing := 0
	for c := 0; c < len(counts); c++ {
		if counts[c] > 0 {
			continue
		}
		hi := c
		for hi+1 < len(counts) && counts[hi+1] == 0 {
			hi++
		}
		missing += hi - c + 1
		if len(empty) < 5 {
			if hi == c {
				empty = append(empty, fmt.Sprint(c))
			} else {
				empty = append(empty, fmt.Sprintf("%d..%d", c, hi))
			}
		}
		c = hi
	}
	if missing == 0 {
		return nil
	}
	what := "class code " + empty[0] + " has"
	if missing > 1 {
		what = "class codes " + strings.Join(empty, ", ")
		if len(empty) == 5 {
			what += ", ..."
		}
		what += " have"
	}
	return fmt.Errorf("ufmi: %s no rows (%d of the codes 0..%d); codes must be 0..K-1 with every class present: encode the labels with ufmi/table's EncodeIntLabels", what, missing, len(counts)-1)
}

// CheckWithin validates codes in 0..limit-1, at least two classes present,
// and returns K (the largest code + 1). Subsets of checked labels (a
// training fold) use it with limit the full data's K.
func CheckWithin(y []int, limit int) (int, error) {
	k, err := K(y, limit)
	if err != nil {
		return 0, err
	}
	present := 0
	for _, c := range Counts(y, nil, k) {
		if c > 0 {
			present++
		}
	}
	if present < 2 {
		return 0, fmt.Errorf("ufmi: labels hold a single class; at least two classes are needed")
	}
	return k, nil
}

// ManyClasses and RowsPerClass set when labels look continuous (a
// regression target, each distinct value a class): ManyClasses or more
// classes with fewer than RowsPerClass rows per class on average.
const (
	ManyClasses  = 50
	RowsPerClass = 5
)

// CheckCount returns an error when k classes in n rows look like a
// continuous target (see ManyClasses): MI with a class label then spreads
// over classes of a few rows each, and the forests' memory grows with
// n × k (n = 10,000 distinct values took more than 4.9 GB). label names
// the labels ("y", or the command line's target column) and optIn how the
// caller accepts them anyway ("set EstimatorConfig.ManyClasses").
func CheckCount(k, n int, label, optIn string) error {
	if k < ManyClasses || k*RowsPerClass <= n {
		return nil
	}
	return fmt.Errorf("ufmi: %s looks continuous (%d distinct values in %d rows): ufmi estimates MI with a class label, and %d classes leave fewer than %d rows per class; bin %s into a few classes, or %s to estimate with %d classes anyway",
		label, k, n, k, RowsPerClass, label, optIn, k)
}

// OneStepRowsPerClass is the fewest rows per class on average that the
// UF's one-step estimate takes with ManyClasses or more classes unless the
// caller accepts fewer (CheckOneStepCount).
const OneStepRowsPerClass = 100

// CheckOneStepCount returns an error when k classes in n rows leave the
// UF's one-step estimate far off either way: ManyClasses or more classes
// with fewer than OneStepRowsPerClass rows per class on average, where its
// noise term is measured to move the estimate by tenths of a nat, in a
// direction that turns with the rows per class (docs/inference.md, "Many
// classes"). label and optIn as for CheckCount.
func CheckOneStepCount(k, n int, label, optIn string) error {
	if k < ManyClasses || n >= OneStepRowsPerClass*k {
		return nil
	}
	return fmt.Errorf("ufmi: %s has %d classes with about %d rows each: with %d or more classes and fewer than %d rows per class the UF's one-step estimate is far off either way "+
		"(100 classes of 10, 20 and 50 rows, one column telling two groups of 50 classes apart: +0.40 to +0.68, +0.43 to +0.52 and -0.24 to -0.15 nats from an exact 0.221, the intervals excluding it); "+
		"merge classes, or %s to estimate anyway",
		label, k, n/k, ManyClasses, OneStepRowsPerClass, optIn)
}

// Counts counts codes 0..k-1 over the given rows (all rows when idx is nil).
func Counts(y []int, idx []int, k int) []int {
	c := make([]int, k)
	if idx == nil {
		for _, v := range y {
			c[v]++
		}
		return c
	}
	for _, i := range idx {
		c[y[i]]++
	}
	return c
}

// Entropy returns the Shannon entropy -sum p log p of a distribution, in
// nats. Zero entries contribute nothing.
func Entropy(p []float64) float64 {
	h := 0.0
	for _, v := range p {
		if v > 0 {
			h -= v * math.Log(v)
		}
	}
	return h
}

// StratifiedFolds splits rows 0..len(y)-1 into k folds that keep the class
// balance, seeded; it returns each fold's sorted rows (the test rows of a
// k-fold cross-validation). y holds class codes 0..K-1 with K at most
// len(y). A class with fewer than k rows leaves some folds without it.
func StratifiedFolds(y []int, k int, seed uint64) ([][]int, error) {
	if k < 2 {
		return nil, fmt.Errorf("ufmi: %d folds; need at least 2", k)
	}
	nClasses, err := K(y, len(y))
	if err != nil {
		return nil, err
	}
	return Folds(y, nClasses, k, seed)
}

// Folds deals the rows of each class, in a seeded random order,
// round-robin into k folds (continuing where the previous class stopped), so
// every fold keeps the class balance. It returns each fold's sorted rows.
func Folds(y []int, classes, k int, seed uint64) ([][]int, error) {
	if k > len(y) {
		return nil, fmt.Errorf("ufmi: %d folds need at least %d rows, one per fold; the data have %d: use fewer folds or more rows", k, k, len(y))
	}
	rng := seeds.Stream(seed, seeds.Fold, 0)
	byClass := make([][]int, classes)
	for _, i := range rng.Perm(len(y)) {
		byClass[y[i]] = append(byClass[y[i]], i)
	}
	folds := make([][]int, k)
	next := 0
	for _, rows := range byClass {
		for _, i := range rows {
			folds[next] = append(folds[next], i)
			next = (next + 1) % k
		}
	}
	for _, f := range folds {
		slices.Sort(f)
	}
	return folds, nil
}
