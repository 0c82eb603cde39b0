package ufmi

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Features is a dense n×d feature matrix stored column by column, the layout
// the tree builder and the kNN estimators scan. Build one with NewFeatures or
// FeaturesFromMatrix; both reject NaN and Inf.
type Features struct {
	n, d int
	cols [][]float64 // cols[j][i] is feature j of row i
}

// NewFeatures copies rows (n rows of d values each) into a Features value.
// It returns an error naming the first ragged row or non-finite value.
func NewFeatures(rows [][]float64) (*Features, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("ufmi: feature matrix has no rows")
	}
	d := len(rows[0])
	if d == 0 {
		return nil, fmt.Errorf("ufmi: feature matrix has no columns")
	}
	f := &Features{n: len(rows), d: d, cols: make([][]float64, d)}
	for j := range f.cols {
		f.cols[j] = make([]float64, len(rows))
	}
	for i, r := range rows {
		if len(r) != d {
			return nil, fmt.Errorf("ufmi: row %d has %d values, row 0 has %d", i, len(r), d)
		}
		for j, v := range r {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("ufmi: feature %d of row %d is %v; remove or impute non-finite values first", j, i, v)
			}
			f.cols[j][i] = v
		}
	}
	return f, nil
}

// FeaturesFromMatrix copies a gonum matrix (rows are observations).
func FeaturesFromMatrix(m mat.Matrix) (*Features, error) {
	r, c := m.Dims()
	rows := make([][]float64, r)
	for i := range rows {
		rows[i] = make([]float64, c)
		for j := range rows[i] {
			rows[i][j] = m.At(i, j)
		}
	}
	return NewFeatures(rows)
}

// Rows is the number of observations n.
func (f *Features) Rows() int { return f.n }

// Cols is the number of features d.
func (f *Features) Cols() int { return f.d }

// At returns feature j of row i.
func (f *Features) At(i, j int) float64 { return f.cols[j][i] }

// Column returns feature j for every row. The slice is shared: do not modify it.
func (f *Features) Column(j int) []float64 { return f.cols[j] }

// Row copies row i into dst (allocated when nil or too short) and returns it.
func (f *Features) Row(i int, dst []float64) []float64 {
	if cap(dst) < f.d {
		dst = make([]float64, f.d)
	}
	dst = dst[:f.d]
	for j := range dst {
		dst[j] = f.cols[j][i]
	}
	return dst
}

// SelectRows returns a new Features holding the given rows, in that order.
func (f *Features) SelectRows(idx []int) *Features {
	g := &Features{n: len(idx), d: f.d, cols: make([][]float64, f.d)}
	for j := range g.cols {
		src := f.cols[j]
		dst := make([]float64, len(idx))
		for k, i := range idx {
			dst[k] = src[i]
		}
		g.cols[j] = dst
	}
	return g
}

// SelectCols returns a Features holding only the given columns, in that order.
// Columns are shared with f, not copied.
func (f *Features) SelectCols(cols []int) (*Features, error) {
	if len(cols) == 0 {
		return nil, fmt.Errorf("ufmi: no feature columns selected")
	}
	g := &Features{n: f.n, d: len(cols), cols: make([][]float64, len(cols))}
	for k, j := range cols {
		if j < 0 || j >= f.d {
			return nil, fmt.Errorf("ufmi: column %d out of range [0, %d)", j, f.d)
		}
		g.cols[k] = f.cols[j]
	}
	return g, nil
}

// Labels are class labels mapped to codes 0..K-1. Classes[k] is the original
// label of code k, printed with %v for integer labels.
type Labels struct {
	Codes   []int
	Classes []string
}

// K is the number of classes.
func (l *Labels) K() int { return len(l.Classes) }

// EncodeIntLabels maps integer labels to codes 0..K-1 in increasing label order.
func EncodeIntLabels(y []int) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[int]bool{}
	var uniq []int
	for _, v := range y {
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[int]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: make([]string, len(uniq))}
	for k, v := range uniq {
		code[v] = k
		l.Classes[k] = fmt.Sprint(v)
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}

// EncodeStringLabels maps string labels to codes 0..K-1 in sorted label order.
// An empty label is an error (a missing target).
func EncodeStringLabels(y []string) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[string]bool{}
	var uniq []string
	for i, v := range y {
		if v == "" {
			return nil, fmt.Errorf("ufmi: label of row %d is empty", i)
		}
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[string]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: uniq}
	for k, v := range uniq {
		code[v] = k
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}

// checkCodes validates class codes against n rows and returns K (max code + 1).
// It rejects mismatched lengths, negative codes and fewer than two classes.
func checkCodes(y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("ufmi: %d labels for %d feature rows", len(y), n)
	}
	k := 0
	for i, c := range y {
		if c < 0 {
			return 0, fmt.Errorf("ufmi: label of row %d is %d; class codes must be 0..K-1 (use EncodeIntLabels)", i, c)
		}
		if c+1 > k {
			k = c + 1
		}
	}
	counts := make([]int, k)
	for _, c := range y {
		counts[c]++
	}
	present := 0
	for _, c := range counts {
		if c > 0 {
			present++
		}
	}
	if present < 2 {
		return 0, fmt.Errorf("ufmi: labels hold a single class; at least two classes are needed")
	}
	return k, nil
}

// classCounts counts codes 0..k-1 over the given rows (all rows when idx is nil).
func classCounts(y []int, idx []int, k int) []int {
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
