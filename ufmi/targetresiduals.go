package ufmi

import (
	"math"
)

// Target residuals (UFConfig.NoTargetResiduals): a conditional MI
// I(Y; x_B | x_A) is unchanged when x_B is replaced by any invertible
// function of x_B less any function of x_A, since (x_A, x_B) and the new
// pair determine each other. Where x_B is strongly correlated with x_A and
// the class information lies in their contrast, an axis-aligned forest
// cuts that contrast into a staircase and its fit on both columns reads
// low (columns correlated 0.9 within each class, x_B without a class shift
// of its own: 0.65 and 0.75 of 95% intervals covering at n = 500 and
// 1,000, bias -0.034 and -0.022; TestCorrelatedConditionalStudy). The
// residual of x_B's normal scores on the scores of the numeric column of
// x_A closest to it makes that contrast a column of its own. But where the class boundary already
// runs along x_B (x_B's own class shift 1/ρ times x_A's), the residual
// tilts it by the regression's angle, and the forest reads low there
// instead (a reviewer's probe: 0.31 of intervals covering against 0.91).
// An axis-aligned split (and the screening pilot's importance) sees what
// its column tells apart alone: x_B without a class shift of its own tells
// nothing, its residual the contrast; x_B that carries the boundary tells
// it, its residual less. So the
// residual replaces x_B only where it tells the classes apart more than
// x_B's own scores do (carriesMore, the ratio of between- to within-class
// variance): a choice between two representations of the same information,
// made from one column's class means, never from a forest's estimate.
// Scores keep the estimate invariant under monotone transforms of each
// column.
//
// The residual's slope is the regression of x_B's scores on x_A's within
// the classes (pooled over them; until 2026-11-30, seventh, over all rows:
// the preset "default-2026-11-30c"). Within a class the residual is then
// uncorrelated with x_A, which is the shape an axis-aligned forest cuts
// well (the paper's settings: columns independent within each class); a
// slope over all rows also follows the classes' shift along both columns,
// and the residual kept part of x_A in it where that shift is large (x_B's
// own shift twice x_A's, ρ = 0.9: -0.0143 against -0.0056 within classes,
// TestCorrelatedConditionalStudy).

// targetResidualShare is the least share of a target column's score
// variance that x_A's scores must explain for the column to be replaced:
// an R² of 0.25, a correlation of 0.5 (with correlation 0.5 a reviewer's
// probe covered 0.89-0.96 without the residuals); below it the column is
// kept as it is, so that the fits of nearly independent columns do not move.
const targetResidualShare = 0.25

// targetResiduals reports whether a conditional MI of cfg with given
// columns takes target residuals: a UF with axis-aligned splits, without
// unlabeled rows (their target cells would enter the forest as they are).
func targetResiduals(given []int, cfg EstimatorConfig) bool {
	return len(given) > 0 && (cfg.Method == "" || cfg.Method == MethodUF) &&
		!cfg.UF.NoTargetResiduals && !cfg.UF.Tree.Oblique && cfg.Unlabeled == nil
}

// withTargetResiduals returns x with each numeric target column replaced
// by the residual of its normal scores on the scores of the numeric given
// column that explains most of them within the classes of y (scoreFit;
// uf.residualsOverAllRows: over all rows, and compared with the target
// over all rows, the preset "default-2026-11-30c"), where it explains at
// least targetResidualShare of their variance and the residual tells the
// classes of y (checked labels, one per row; k classes) apart more than
// the target's own scores do
// (carriesMore); the residual is missing where the target is, and a
// missing cell of the given column predicts with its mean score, 0. Where
// the scores of the residual of the raw values on that column (rawResidual)
// tell the classes apart more than the residual of the scores, they are
// taken instead (not with uf.scoreResidualsOnly or residualsOverAllRows).
// It returns x itself when no column is replaced.
//
// One given column, not all: with three given columns (one of noise, one
// correlated 0.6 with the first) and a target correlated 0.8 and 0.6 with
// two of them, the residual on all three read I(x_B; Y | x_A) 0.0135 low
// and covered 0.75 of 100 data sets, the target as it is 0.0084 low and
// 0.86, the residual on the closest column 0.0050 low and 0.95 (a
// reviewer's probe's cell, n = 1,000).
func withTargetResiduals(x *Features, y []int, k int, given, target []int, uf UFConfig) *Features {
	overAllRows := uf.residualsOverAllRows
	classOf := y
	if overAllRows {
		classOf = nil
	}
	numeric, scores := numericScores(x, given)
	out := x
	for _, t := range target {
		if len(scores) == 0 || x.Kind(t) != Numeric {
			continue
		}
		z := normalScoresOf(x.cols[t])
		closest, slope, at := closestScoreFit(x, z, t, numeric, scores, classOf, k)
		if at < 0 || closest < targetResidualShare {
			continue
		}
		resid := residualOf(z, x.cols[t], scores[at], slope)
		present := x.cols[numeric[at]]
		if overAllRows {
			present = nil
		} else if !uf.scoreResidualsOnly {
			raw := rawResidual(x.cols[t], present, y, k)
			if separation(raw, present, y, k) > separation(resid, present, y, k) {
				resid = raw
			}
		}
		if !carriesMore(z, resid, present, y, k) {
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

// numericScores returns the numeric columns among given and their normal
// scores (normalScoresOf, 0 where missing).
func numericScores(x *Features, given []int) (numeric []int, scores [][]float64) {
	for _, g := range given {
		if x.Kind(g) == Numeric {
			numeric, scores = append(numeric, g), append(scores, normalScoresOf(x.cols[g]))
		}
	}
	return numeric, scores
}

// closestScoreFit returns the scoreFit of target column t's scores z on the
// numeric given column (numeric[a], scores[a]) that explains the largest
// positive share of them, within the classes classOf (nil: over all rows):
// that share, its slope and a; a is -1 where none explains any.
func closestScoreFit(x *Features, z []float64, t int, numeric []int, scores [][]float64, classOf []int, k int) (r2, slope float64, at int) {
	at = -1
	for a, sc := range scores {
		if share, beta := scoreFit(z, x.cols[t], sc, x.cols[numeric[a]], classOf, k); share > r2 {
			r2, slope, at = share, beta, a
		}
	}
	return r2, slope, at
}

// scoreFit is the least-squares fit of the target's scores z on the given
// column's scores s over the rows where both the target (raw) and the
// given column (given) are present, within the classes classOf (k
// classes; each class's means taken out, the sums pooled), or with classOf
// nil over all rows about 0, the scores' mean: the share of z it explains
// and its slope (0 and 0 where either does not vary there).
func scoreFit(z, raw, s, given []float64, classOf []int, k int) (r2, beta float64) {
	both := func(i int) bool { return !math.IsNaN(raw[i]) && !math.IsNaN(given[i]) }
	var meanS, meanZ []float64 // per class; nil: 0
	if classOf != nil {
		meanS, meanZ = make([]float64, k), make([]float64, k)
		rows := make([]float64, k)
		for i := range z {
			if both(i) {
				c := classOf[i]
				meanS[c], meanZ[c], rows[c] = meanS[c]+s[i], meanZ[c]+z[i], rows[c]+1
			}
		}
		for c, m := range rows {
			if m > 0 {
				meanS[c], meanZ[c] = meanS[c]/m, meanZ[c]/m
			}
		}
	}
	var ss, sz, zz float64
	for i := range z {
		if !both(i) {
			continue
		}
		a, b := s[i], z[i]
		if classOf != nil {
			a, b = a-meanS[classOf[i]], b-meanZ[classOf[i]]
		}
		ss, sz, zz = ss+a*a, sz+a*b, zz+b*b
	}
	if ss == 0 || zz == 0 {
		return 0, 0
	}
	return sz * sz / (ss * zz), sz / ss
}

// residualOf returns the target's scores z less beta times the given
// column's scores s (a missing given cell's score is 0, its mean), NaN
// where the target (raw) is missing.
func residualOf(z, raw, s []float64, beta float64) []float64 {
	out := make([]float64, len(z))
	for i := range z {
		if math.IsNaN(raw[i]) {
			out[i] = math.NaN()
		} else {
			out[i] = z[i] - beta*s[i]
		}
	}
	return out
}

// carriesMore reports whether the target's residual tells the classes y
// (k classes) apart more than its own scores z do, by their ratio of
// between- to within-class variance (fisherRatio, which no scale changes),
// over the rows where both the target and the given column (given) are
// present: elsewhere the residual is the target's scores (a missing given
// cell predicts 0) or missing, and those rows would only dilute the
// comparison (x_A missing in 30% of rows, x_B's own shift twice x_A's: the
// residual turned down in 45 of 60 data sets of a reviewer's probe, which
// then covered 0.64). With given nil it compares over all rows, a missing
// residual at 0, the scores' mean (until 2026-11-30, seventh).
func carriesMore(z, resid, given []float64, y []int, k int) bool {
	if given == nil {
		return fisherRatio(filled(resid, 0), y, k) > fisherRatio(z, y, k)
	}
	var zs, rs []float64
	var ys []int
	for i, r := range resid {
		if !math.IsNaN(r) && !math.IsNaN(given[i]) {
			zs, rs, ys = append(zs, z[i]), append(rs, r), append(ys, y[i])
		}
	}
	return len(ys) > 0 && fisherRatio(rs, ys, k) > fisherRatio(zs, ys, k)
}

// separation is how far v tells the classes y (k classes) apart: the
// fisherRatio of v over the rows where v and the given column (given) are
// present, carriesMore's rows (0 with none).
func separation(v, given []float64, y []int, k int) float64 {
	var vs []float64
	var ys []int
	for i, r := range v {
		if !math.IsNaN(r) && !math.IsNaN(given[i]) {
			vs, ys = append(vs, r), append(ys, y[i])
		}
	}
	if len(ys) == 0 {
		return 0
	}
	return fisherRatio(vs, ys, k)
}

// rawResidual returns the normal scores of the target's raw values (raw)
// less their least-squares slope on the given column's (given) within the
// classes y (k classes; a missing given cell taken at the present cells'
// mean), NaN where the target is missing. Where the given column's values
// are heavy-tailed and the target follows them closely, the residual of
// the scores loses the contrast in the tails, whose scores crowd together,
// and this keeps it (a Cauchy given column: docs/inference.md, "Target
// residuals of raw values").
func rawResidual(raw, given []float64, y []int, k int) []float64 {
	mean, present := 0.0, 0
	for _, g := range given {
		if !math.IsNaN(g) {
			mean += g
			present++
		}
	}
	if present > 0 {
		mean /= float64(present)
	}
	g := filled(given, mean)
	_, slope := scoreFit(raw, raw, g, given, y, k)
	scores := normalScoresOf(residualOf(raw, raw, g, slope))
	for i, v := range raw {
		if math.IsNaN(v) {
			scores[i] = math.NaN()
		}
	}
	return scores
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
	if len(present) == 0 {
		return out
	}
	for p, score := range newNormalScores(len(present)).of(present) {
		out[at[p]] = score
	}
	return out
}
