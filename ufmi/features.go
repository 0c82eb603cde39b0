package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Features is a dense n×d feature matrix stored column by column, the layout
// the tree builder and the kNN estimators scan. A column is numeric or
// categorical; a categorical column holds level codes 0..L-1 and the
// name of each level. NaN marks a missing cell where the constructor
// allows it.
//
//   - NewFeatures and FeaturesFromMatrix: numeric columns, no missing cell
//     (NaN and Inf are errors).
//   - NewFeaturesWithMissing: numeric columns, NaN marks a missing cell.
//   - NewColumnFeatures: named numeric and categorical columns, NaN marks a
//     missing cell. Package ufmi/table builds these from data frames and
//     CSV files.
//
// Level codes follow the order in which the levels first appear in the
// rows, whatever order the caller listed them in: renaming or reordering a
// column's level names leaves its codes, and every estimate, unchanged.
type Features struct {
	n, d   int
	cols   [][]float64 // cols[j][i] is feature j of row i
	names  []string    // column names (nil: unnamed)
	kinds  []Kind      // nil: every column numeric
	levels [][]string  // levels[j][c]: the name of level code c of categorical column j
}

// Kind is the type of a feature column.
type Kind uint8

const (
	// Numeric columns hold numbers.
	Numeric Kind = iota
	// Categorical columns hold level codes: trees split them by sets of
	// levels, never by the codes' order.
	Categorical
)

func (k Kind) String() string {
	if k == Categorical {
		return "categorical"
	}
	return "numeric"
}

// Column is one feature column for NewColumnFeatures.
type Column struct {
	Name string // optional; names the column in errors and in Features.Name
	Kind Kind
	// Values holds the numbers of a numeric column, or the level codes
	// (integers 0..len(Levels)-1) of a categorical one; NaN marks a
	// missing cell. Values is copied.
	Values []float64
	// Levels names the level codes of a categorical column (distinct);
	// levels that never appear in Values are kept, after the others.
	Levels []string
}

// NewFeatures copies rows (n rows of d values each) into a Features value of
// numeric columns. It returns an error naming the first ragged row or
// non-finite value; NewFeaturesWithMissing accepts NaN as a missing cell.
func NewFeatures(rows [][]float64) (*Features, error) { return fromRows(rows, false) }

// NewFeaturesWithMissing is NewFeatures with NaN marking a missing cell
// (Inf is still an error). Forests learn at each split where missing cells
// go; kNN estimators reject them. A column missing in every row is
// accepted here (rows to predict may lack a value), but not as training
// data: fits and estimates reject it, naming it.
func NewFeaturesWithMissing(rows [][]float64) (*Features, error) { return fromRows(rows, true) }

func fromRows(rows [][]float64, allowMissing bool) (*Features, error) {
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
			if math.IsInf(v, 0) || (math.IsNaN(v) && !allowMissing) {
				return nil, fmt.Errorf("ufmi: feature %d of row %d is %v; remove or impute non-finite values first (NewFeaturesWithMissing treats NaN as missing)", j, i, v)
			}
			f.cols[j][i] = v
		}
	}
	return f, nil
}

// NewColumnFeatures builds Features from named numeric and categorical
// columns of equal length. Errors name the column: a non-integer or
// out-of-range level code, a categorical column with codes but no Levels,
// repeated level or column names, more than 1,024 levels (limits.Levels), or an
// infinite number. A column missing in every row is accepted here (rows to
// predict may lack a value, even in their only row), but fits and
// estimates reject it as training data.
// Categorical codes are renumbered in order of first appearance in the
// rows (see Features).
func NewColumnFeatures(cols []Column) (*Features, error) {
	if len(cols) == 0 {
		return nil, fmt.Errorf("ufmi: no feature columns")
	}
	n := len(cols[0].Values)
	if n == 0 {
		return nil, fmt.Errorf("ufmi: feature matrix has no rows")
	}
	f := &Features{n: n, d: len(cols), cols: make([][]float64, len(cols)), names: make([]string, len(cols)),
		kinds: make([]Kind, len(cols)), levels: make([][]string, len(cols))}
	seen := map[string]bool{}
	for j, c := range cols {
		f.names[j], f.kinds[j] = c.Name, c.Kind
		what := f.label(j)
		if c.Name != "" {
			if seen[c.Name] {
				return nil, fmt.Errorf("ufmi: two feature columns are named %q", c.Name)
			}
			seen[c.Name] = true
		}
		if len(c.Values) != n {
			return nil, fmt.Errorf("ufmi: %s has %d values, %s has %d", what, len(c.Values), f.label(0), n)
		}
		var err error
		switch c.Kind {
		case Numeric:
			if c.Levels != nil {
				return nil, fmt.Errorf("ufmi: %s is numeric but lists %d levels; set Kind: Categorical for level codes, or leave Levels out", what, len(c.Levels))
			}
			f.cols[j], err = numericValues(what, c.Values)
		case Categorical:
			f.cols[j], f.levels[j], err = levelCodes(what, c.Values, c.Levels)
		default:
			err = fmt.Errorf("ufmi: %s has unknown kind %d", what, int(c.Kind))
		}
		if err != nil {
			return nil, err
		}
	}
	return f, nil
}

// numericValues copies a numeric column, rejecting infinite values.
func numericValues(what string, v []float64) ([]float64, error) {
	for i, x := range v {
		if math.IsInf(x, 0) {
			return nil, fmt.Errorf("ufmi: %s is %v in row %d; only NaN (missing) and finite numbers are allowed", what, x, i)
		}
	}
	return slices.Clone(v), nil
}

// checkLevelCodes checks the values given for a categorical column as its
// training level codes (rows to predict given as numbers): integers
// 0..levels-1, or NaN for missing.
func checkLevelCodes(what string, values []float64, levels int) error {
	for i, v := range values {
		if !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || v >= float64(levels)) {
			return fmt.Errorf("ufmi: %s holds %v in row %d, which is no level code of the categorical column the forest was fitted on (integers 0..%d, NaN for missing)", what, v, i, levels-1)
		}
	}
	return nil
}

// levelCodes checks a categorical column and renumbers its codes in order
// of first appearance, returning the new codes and level names.
func levelCodes(what string, codes []float64, levels []string) ([]float64, []string, error) {
	if len(levels) > limits.Levels {
		return nil, nil, fmt.Errorf("ufmi: %s has %d levels; at most %d are supported (is it an identifier? group rare levels or drop the column)", what, len(levels), limits.Levels)
	}
	names := map[string]bool{}
	for _, l := range levels {
		if names[l] {
			return nil, nil, fmt.Errorf("ufmi: %s lists level %q twice", what, l)
		}
		names[l] = true
	}
	if len(levels) == 0 {
		for i, v := range codes {
			if !math.IsNaN(v) {
				return nil, nil, fmt.Errorf("ufmi: %s is categorical but has no Levels (level code %v in row %d); give its level names (Column.Levels)", what, v, i)
			}
		}
	}
	newCode := make([]int, len(levels))
	for c := range newCode {
		newCode[c] = -1
	}
	var order []string
	out := make([]float64, len(codes))
	for i, v := range codes {
		if math.IsNaN(v) {
			out[i] = v
			continue
		}
		c := int(v)
		if float64(c) != v || c < 0 || c >= len(levels) {
			return nil, nil, fmt.Errorf("ufmi: %s has level code %v in row %d; codes must be integers 0..%d", what, v, i, len(levels)-1)
		}
		if newCode[c] < 0 {
			newCode[c] = len(order)
			order = append(order, levels[c])
		}
		out[i] = float64(newCode[c])
	}
	for c, l := range levels {
		if newCode[c] < 0 {
			order = append(order, l)
		}
	}
	return out, order, nil
}

// checkNotAllMissing rejects a column with no value at all: the check of
// training data (checkTrainingData), not of rows to predict.
func (f *Features) checkNotAllMissing() error {
	for j, col := range f.cols {
		if !slices.ContainsFunc(col, func(v float64) bool { return !math.IsNaN(v) }) {
			return fmt.Errorf("ufmi: %s is missing in all %d rows; drop it", f.label(j), f.n)
		}
	}
	return nil
}

// FeaturesFromMatrix copies a gonum matrix (rows are observations).
func FeaturesFromMatrix(m mat.Matrix) (*Features, error) {
	if m == nil {
		return nil, fmt.Errorf("ufmi: feature matrix is nil")
	}
	r, c, err := matrixDims(m)
	if err != nil {
		return nil, err
	}
	rows := make([][]float64, r)
	for i := range rows {
		rows[i] = make([]float64, c)
		for j := range rows[i] {
			rows[i][j] = m.At(i, j)
		}
	}
	return NewFeatures(rows)
}

// matrixDims is m.Dims(), or an error where Dims panics, as a typed nil
// such as (*mat.Dense)(nil) does.
func matrixDims(m mat.Matrix) (r, c int, err error) {
	defer func() {
		if recover() != nil {
			err = fmt.Errorf("ufmi: feature matrix is a nil %T", m)
		}
	}()
	r, c = m.Dims()
	return r, c, nil
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

// The accessors below answer any index: a column or row out of range gets
// the documented zero value, never a panic.

// hasCol reports whether j is a column of f.
func (f *Features) hasCol(j int) bool { return j >= 0 && j < f.Cols() }

// At returns feature j of row i (a level code in a categorical column,
// NaN when missing, and NaN when i or j is out of range).
func (f *Features) At(i, j int) float64 {
	if !f.hasCol(j) || i < 0 || i >= f.n {
		return math.NaN()
	}
	return f.cols[j][i]
}

// Column returns feature j for every row (nil when j is out of range). The
// slice is shared: do not modify it.
func (f *Features) Column(j int) []float64 {
	if !f.hasCol(j) {
		return nil
	}
	return f.cols[j]
}

// Name is the name of column j ("" when unnamed or out of range).
func (f *Features) Name(j int) string {
	if !f.hasCol(j) || f.names == nil {
		return ""
	}
	return f.names[j]
}

// Kind is the kind of column j (Numeric when out of range).
func (f *Features) Kind(j int) Kind {
	if !f.hasCol(j) || f.kinds == nil {
		return Numeric
	}
	return f.kinds[j]
}

// Levels are the level names of categorical column j, by code (nil for a
// numeric column or out of range). The slice is shared: do not modify it.
func (f *Features) Levels(j int) []string {
	if !f.hasCol(j) || f.levels == nil {
		return nil
	}
	return f.levels[j]
}

// Missing counts the missing (NaN) cells of column j (0 when out of range).
func (f *Features) Missing(j int) int {
	if !f.hasCol(j) {
		return 0
	}
	m := 0
	for _, v := range f.cols[j] {
		if math.IsNaN(v) {
			m++
		}
	}
	return m
}

// label names column j in messages: column "age", or feature 3.
func (f *Features) label(j int) string {
	if n := f.Name(j); n != "" {
		return fmt.Sprintf("column %q", n)
	}
	return fmt.Sprintf("feature %d", j)
}

// categorical flags the categorical columns (nil when there are none).
func (f *Features) categorical() []bool {
	if !slices.Contains(f.kinds, Categorical) {
		return nil
	}
	out := make([]bool, f.d)
	for j, k := range f.kinds {
		out[j] = k == Categorical
	}
	return out
}

// Row copies row i into dst (allocated when nil or too short) and returns
// it; nil when i is out of range.
func (f *Features) Row(i int, dst []float64) []float64 {
	if i < 0 || i >= f.Rows() {
		return nil
	}
	if cap(dst) < f.d {
		dst = make([]float64, f.d)
	}
	dst = dst[:f.d]
	for j := range dst {
		dst[j] = f.cols[j][i]
	}
	return dst
}

// SelectRows returns a new Features holding the given rows, in that order,
// with the same columns' names, kinds and levels. Like slice indexing, it
// panics on a row index out of range. Nil features select nil.
func (f *Features) SelectRows(idx []int) *Features {
	if f == nil {
		return nil
	}
	g := &Features{n: len(idx), d: f.d, cols: make([][]float64, f.d), names: f.names, kinds: f.kinds, levels: f.levels}
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
	if f.names != nil {
		g.names = pick.At(f.names, cols)
	}
	if f.kinds != nil {
		g.kinds, g.levels = pick.At(f.kinds, cols), pick.At(f.levels, cols)
	}
	return g, nil
}

// alignTo returns x with the level codes of its categorical columns
// translated, by level name, to those of train (the data a forest was
// fitted on). A level train never saw becomes missing (NaN), which the
// trees route as they route missing values. A numeric column of x where
// train's is categorical is taken to hold train's codes already.
func (x *Features) alignTo(train *Features) (*Features, error) {
	if x == train || train.kinds == nil && x.kinds == nil {
		return x, nil
	}
	var out *Features
	for j := range train.d {
		tk, xk := train.Kind(j), x.Kind(j)
		if tk == Numeric && xk == Categorical {
			return nil, fmt.Errorf("ufmi: %s is categorical, but the forest was fitted on a numeric column", x.label(j))
		}
		if tk == Categorical && xk == Numeric {
			if err := checkLevelCodes(x.label(j), x.cols[j], len(train.levels[j])); err != nil {
				return nil, err
			}
		}
		if tk == Numeric || xk == Numeric || slices.Equal(x.levels[j], train.levels[j]) {
			continue
		}
		if out == nil {
			out = &Features{n: x.n, d: x.d, cols: slices.Clone(x.cols), names: x.names, kinds: x.kinds,
				levels: slices.Clone(x.levels)}
		}
		code := make(map[string]float64, len(train.levels[j]))
		for c, l := range train.levels[j] {
			code[l] = float64(c)
		}
		col := make([]float64, x.n)
		for i, v := range x.cols[j] {
			col[i] = math.NaN()
			if math.IsNaN(v) {
				continue
			}
			if c, ok := code[x.levels[j][int(v)]]; ok {
				col[i] = c
			}
		}
		out.cols[j], out.levels[j] = col, train.levels[j]
	}
	if out == nil {
		return x, nil
	}
	return out, nil
}
