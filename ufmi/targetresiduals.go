package ufmi

import (
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Target residuals (UFConfig.NoTargetResiduals): a conditional MI
// I(Y; x_B | x_A) is unchanged when x_B is replaced by any invertible
// function of x_B less any function of x_A, since (x_A, x_B) and the new
// pair determine each other. Where x_B is strongly correlated with x_A and
// the class information lies in their contrast, an axis-aligned forest
// cuts that contrast into a staircase and its fit on both columns reads
// low (columns correlated 0.9 within each class, x_B without a class shift
// of its own: 0.65 and 0.75 of 95% intervals covering at n = 500 and
// 1,000, bias -0.034 and -0.022; TestCorrelatedConditionalStudy). The fit
// on both then takes x_B's normal scores less their least-squares
// prediction from x_A's numeric columns' normal scores: the contrast
// becomes a column of its own. Scores keep the estimate invariant under
// monotone transforms of each column, and read X alone, never Y, so the
// forest stays honest.

// targetResidualShare is the least share of a target column's score
// variance that x_A's scores must explain for the column to be replaced:
// an R² of 0.25, a correlation of 0.5 (with correlation 0.5 a reviewer's
// probe covered 0.89-0.96 without the residuals); below it the column is
// kept as it is, so that the fits of nearly independent columns do not move.
const targetResidualShare = 0.25

// withTargetResiduals returns x with each numeric target column whose
// normal scores x_A's numeric columns' scores explain by at least
// targetResidualShare replaced by the residual of that regression (missing
// where the target is missing; a missing cell of x_A predicts with its
// column's mean score, 0), or x itself when no column is replaced.
func withTargetResiduals(x *Features, given, target []int) *Features {
	var scores [][]float64 // x_A's numeric columns' normal scores, 0 where missing
	for _, g := range given {
		if x.Kind(g) == Numeric {
			scores = append(scores, normalScoresOf(x.cols[g]))
		}
	}
	if len(scores) == 0 {
		return x
	}
	out := x
	for _, t := range target {
		if x.Kind(t) != Numeric {
			continue
		}
		z := normalScoresOf(x.cols[t])
		resid := residualOn(z, scores, x.cols[t], x.cols, given)
		if resid == nil {
			continue
		}
		if out == x {
			copied := *x
			copied.cols = append([][]float64(nil), x.cols...)
			out = &copied
		}
		out.cols[t] = resid
	}
	return out
}

// residualOn returns z less its least-squares prediction from the score
// columns, fitted over the rows where the target (raw) and every given
// column (cols[given[...]]) are present; NaN where the target is missing.
// It returns nil when the prediction explains less than
// targetResidualShare of z's variance over those rows, or when they are
// too few to fit it.
func residualOn(z []float64, scores [][]float64, raw []float64, cols [][]float64, given []int) []float64 {
	k := len(scores)
	gram, rhs := mat.NewSymDense(k, nil), make([]float64, k)
	var rows, total float64
	for i := range z {
		if math.IsNaN(raw[i]) || anyMissing(cols, given, i) {
			continue
		}
		rows++
		total += z[i] * z[i]
		for a := range k {
			rhs[a] += scores[a][i] * z[i]
			for b := a; b < k; b++ {
				gram.SetSym(a, b, gram.At(a, b)+scores[a][i]*scores[b][i])
			}
		}
	}
	if rows < float64(4*(k+1)) || total == 0 {
		return nil
	}
	var chol mat.Cholesky
	if !chol.Factorize(gram) {
		return nil
	}
	var beta mat.VecDense
	if err := chol.SolveVecTo(&beta, mat.NewVecDense(k, rhs)); err != nil {
		return nil
	}
	explained := 0.0
	for a := range k {
		explained += beta.AtVec(a) * rhs[a]
	}
	if explained < targetResidualShare*total {
		return nil
	}
	out := make([]float64, len(z))
	for i := range z {
		if math.IsNaN(raw[i]) {
			out[i] = math.NaN()
			continue
		}
		out[i] = z[i]
		for a := range k {
			out[i] -= beta.AtVec(a) * scores[a][i]
		}
	}
	return out
}

// anyMissing reports whether row i misses a cell of one of the columns.
func anyMissing(cols [][]float64, which []int, i int) bool {
	for _, j := range which {
		if math.IsNaN(cols[j][i]) {
			return true
		}
	}
	return false
}

// normalScoresOf returns Φ⁻¹((r − 1/2)/m) for each present value of v, r
// its mid-rank among the m present values, and 0 (the scores' mean) where v
// is missing.
func normalScoresOf(v []float64) []float64 {
	var present []float64
	var at []int
	for i, x := range v {
		if !math.IsNaN(x) {
			present, at = append(present, x), append(at, i)
		}
	}
	out := make([]float64, len(v))
	m := float64(len(present))
	for p, r := range metrics.MidRanks(present) {
		out[at[p]] = distuv.UnitNormal.Quantile((r - 0.5) / m)
	}
	return out
}
