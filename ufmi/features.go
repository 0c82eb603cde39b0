package ufmi

import (
	"fmt"
	"math"

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
	if m == nil {
		return nil, fmt.Errorf("ufmi: feature matrix is nil")
	}
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

// Rows is the number of observations n (0 for a nil *Features, so that
// every entry point rejects nil features as empty ones).
func (f *Features) Rows() int {
	if f == nil {
		return 0
	}
	return f.n
}

// Cols is the number of features d (0 for a nil *Features).
func (f *Features) Cols() int {
	if f == nil {
		return 0
	}
	return f.d
}

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
// Like slice indexing, it panics on a row index out of range.
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
	if f == nil {
		return nil, fmt.Errorf("ufmi: features are nil")
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
