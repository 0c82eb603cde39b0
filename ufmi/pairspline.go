package ufmi

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// The conditional test pairs rows whose x_B has nearly the same mean given
// x_A (pairing.go). That mean is fitted on the structure half S by an
// additive penalised linear spline of each target response on x_A's
// numeric columns: each column and its hinges (z - k)+ at knots equally
// spaced between its 2nd and 98th percentile over S, the hinges'
// coefficients (the changes of slope at the knots) shrunk by a ridge
// penalty chosen by generalised cross-validation.

// splineKnots is the most knots of each x_A column, and splineParameters
// bounds the parameters of all the columns together (fewer knots per
// column when x_A has many columns, and no spline when it has this many
// numeric columns: the pairs then follow x_A alone).
const (
	splineKnots      = 20
	splineParameters = 200
)

// splineLevels is the most levels of a categorical target column whose
// indicators are fitted (the most frequent ones over S).
const splineLevels = 20

// splinePenalties are the penalties tried, relative to the mean diagonal of
// the hinge columns' cross products.
var splinePenalties = []float64{1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100}

// splineFit is the spline's basis over S and over V, and its solvers for
// every penalty over all the rows of S (responses without missing cells
// share them).
type splineFit struct {
	bs, bv    [][]float64 // basis columns over S and over V (the intercept apart)
	penalised []bool      // penalised[c]: basis column c is a hinge
	all       *splineSolver
}

// newSplineFit builds the basis of the x_A columns zs (over S, no missing
// cell) and zv (over V).
func newSplineFit(zs, zv [][]float64) *splineFit {
	f := &splineFit{}
	ns := len(zs[0])
	knots := min(splineKnots, max(0, splineParameters/len(zs)-1))
	for j, s := range zs {
		f.bs, f.bv, f.penalised = append(f.bs, s), append(f.bv, zv[j]), append(f.penalised, false)
		sorted := slices.Clone(s)
		slices.Sort(sorted)
		lo, hi := sorted[(ns-1)*2/100], sorted[(ns-1)*98/100]
		if !(hi > lo) {
			continue
		}
		for q := range knots {
			k := lo + (hi-lo)*float64(q)/float64(max(knots-1, 1))
			hinge := func(z []float64) []float64 {
				h := make([]float64, len(z))
				for i, v := range z {
					h[i] = max(v-k, 0)
				}
				return h
			}
			f.bs, f.bv, f.penalised = append(f.bs, hinge(s)), append(f.bv, hinge(zv[j])), append(f.penalised, true)
		}
	}
	f.all = newSplineSolver(f.bs, nil, f.penalised)
	return f
}

// splineMean is a response's fitted mean: its predictions over V, its
// residuals at the rows of S asked for (NaN where the response is
// missing) and the fit's residual standard deviation.
type splineMean struct {
	v, resid []float64
	sd       float64
}

// predict fits the response r over S (NaN: left out), with its residuals
// at the rows at of S; nil when r is constant over its rows or too few
// rows are left.
func (f *splineFit) predict(r []float64, at []int) *splineMean {
	sv := f.all
	if slices.ContainsFunc(r, math.IsNaN) {
		keep := make([]bool, len(r))
		for i, v := range r {
			keep[i] = !math.IsNaN(v)
		}
		sv = newSplineSolver(f.bs, keep, f.penalised)
	}
	return sv.predict(f.bs, f.bv, r, at)
}

// splineSolver holds X'X over a set of rows of S (X the intercept and
// the basis) and, for each penalty, its Cholesky factor and the fit's
// degrees of freedom.
type splineSolver struct {
	rows []bool // nil: every row
	m, p int
	xtx  *mat.SymDense
	fits []splinePenaltyFit
}

// splinePenaltyFit is one penalty's factor of X'X + λP and the trace of
// its hat matrix.
type splinePenaltyFit struct {
	ch mat.Cholesky
	df float64
}

// newSplineSolver prepares the fits over the rows of S that rows keeps
// (nil: all).
func newSplineSolver(basis [][]float64, rows []bool, penalised []bool) *splineSolver {
	p := len(basis) + 1
	sv := &splineSolver{rows: rows, p: p}
	cross := make([]float64, p*p) // upper triangle of X'X
	row := make([]float64, p)
	for i := range basis[0] {
		if rows != nil && !rows[i] {
			continue
		}
		sv.m++
		row[0] = 1
		for j, c := range basis {
			row[j+1] = c[i]
		}
		for a, ra := range row {
			if ra == 0 {
				continue // most hinges are 0 in most rows
			}
			upper := cross[a*p:]
			for b := a; b < p; b++ {
				upper[b] += ra * row[b]
			}
		}
	}
	sv.xtx = mat.NewSymDense(p, cross)
	scale, hinges := 0.0, 0
	for c, pen := range penalised {
		if pen {
			scale += sv.xtx.At(c+1, c+1)
			hinges++
		}
	}
	penalties := []float64{0}
	if hinges > 0 {
		scale /= float64(hinges)
		penalties = splinePenalties
	}
	a := mat.NewSymDense(p, nil)
	var inv mat.SymDense
	for _, rel := range penalties {
		a.CopySym(sv.xtx)
		lambda := rel * scale
		for c, pen := range penalised {
			if pen {
				a.SetSym(c+1, c+1, a.At(c+1, c+1)+lambda)
			}
		}
		// A tiny ridge on every column keeps collinear columns solvable.
		for c := 1; c < p; c++ {
			a.SetSym(c, c, a.At(c, c)*(1+1e-9)+1e-12)
		}
		var fit splinePenaltyFit
		if !fit.ch.Factorize(a) || fit.ch.InverseTo(&inv) != nil {
			continue
		}
		// The hat matrix's trace: tr((X'X + λP)⁻¹ X'X) = p - λ tr((X'X + λP)⁻¹ P).
		fit.df = float64(p)
		for c, pen := range penalised {
			if pen {
				fit.df -= lambda * inv.At(c+1, c+1)
			}
		}
		if float64(sv.m)-fit.df >= 1 {
			sv.fits = append(sv.fits, fit)
		}
	}
	return sv
}

// predict fits r over the solver's rows with each penalty, keeps the fit
// of least generalised cross-validation error m RSS / (m - df)², and
// returns its predictions at the rows of the basis bv with its residuals
// at the rows at of bs.
func (sv *splineSolver) predict(bs, bv [][]float64, r []float64, at []int) *splineMean {
	p := sv.p
	xty := mat.NewVecDense(p, nil)
	row := make([]float64, p)
	sum, ss := 0.0, 0.0
	for i, v := range r {
		if sv.rows != nil && !sv.rows[i] {
			continue
		}
		sum += v
		ss += v * v
		row[0] = 1
		for j, c := range bs {
			row[j+1] = c[i]
		}
		for a, ra := range row {
			xty.SetVec(a, xty.AtVec(a)+ra*v)
		}
	}
	m := float64(sv.m)
	variance := (ss - sum*sum/m) / (m - 1)
	if sv.m < 3 || !(variance > 0) {
		return nil
	}
	var beta, xtxBeta mat.VecDense
	type candidate struct {
		gcv, sd float64
		beta    []float64
	}
	var best *candidate
	for i := range sv.fits {
		fit := &sv.fits[i]
		if fit.ch.SolveVecTo(&beta, xty) != nil {
			continue
		}
		// RSS = r'r - 2 β'X'r + β'X'Xβ.
		xtxBeta.MulVec(sv.xtx, &beta)
		rss := max(ss-2*mat.Dot(&beta, xty)+mat.Dot(&beta, &xtxBeta), 0)
		gcv := m * rss / ((m - fit.df) * (m - fit.df))
		if best == nil || gcv < best.gcv {
			best = &candidate{gcv: gcv, sd: math.Sqrt(rss / (m - fit.df)), beta: slices.Clone(beta.RawVector().Data)}
		}
	}
	if best == nil {
		return nil
	}
	fitted := func(basis [][]float64, i int) float64 {
		v := best.beta[0]
		for j, c := range basis {
			v += best.beta[j+1] * c[i]
		}
		return v
	}
	// An x_B that x_A determines exactly still gets a finite scale.
	out := &splineMean{v: make([]float64, len(bv[0])), resid: make([]float64, len(at)), sd: max(best.sd, 1e-6*math.Sqrt(variance))}
	for i := range out.v {
		out.v[i] = fitted(bv, i)
	}
	for p, i := range at {
		out.resid[p] = math.NaN()
		if sv.rows == nil || sv.rows[i] {
			out.resid[p] = r[i] - fitted(bs, i)
		}
	}
	return out
}

// responses are what the spline fits for target column j over rowsS: its
// values, or for a categorical column the indicators of its levels (at
// most splineLevels, the most frequent over S), NaN where the cell is
// missing.
func responses(xs *Features, j int, rowsS []int) [][]float64 {
	col := xs.cols[j]
	if xs.Kind(j) != Categorical {
		r := make([]float64, len(rowsS))
		for i, s := range rowsS {
			r[i] = col[s]
		}
		return [][]float64{r}
	}
	count := make([]int, len(xs.levels[j]))
	for _, s := range rowsS {
		if v := col[s]; !math.IsNaN(v) {
			count[int(v)]++
		}
	}
	levels := make([]int, len(count))
	for l := range levels {
		levels[l] = l
	}
	slices.SortStableFunc(levels, func(a, b int) int { return cmp.Compare(count[b], count[a]) })
	var out [][]float64
	for _, l := range levels[:min(len(levels), splineLevels)] {
		r := make([]float64, len(rowsS))
		for i, s := range rowsS {
			switch v := col[s]; {
			case math.IsNaN(v):
				r[i] = math.NaN()
			case int(v) == l:
				r[i] = 1
			}
		}
		out = append(out, r)
	}
	return out
}
