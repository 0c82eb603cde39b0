package ufmi

import "math"

// Sharpening (the default; UFConfig.NoSharpening turns it off). A forest posterior averages the leaves of
// many trees, and on tables whose classes a forest separates through many
// small steps (many classes, many weak features) that average is flatter
// than the trees' partition allows: its log-loss, and so the one-step
// estimate of H(Y|X), pays for the flatness. Sharpening scores each row's
// out-of-sample posterior q as
//
//	p_a(c) ∝ q(c)^a · π(c)^(1-a),  a ≥ 1,
//
// π the class frequencies: a = 1 is q itself, larger a moves q away from
// π. One exponent is fitted for each of sharpeningFolds folds of rows (row
// i in fold i mod sharpeningFolds), by least log-loss over the other
// folds' rows: no row's exponent comes from its own label, so the
// sharpened log-loss is a cross-fitted score like the unsharpened one.
// Until 2026-11-29 (third) there were two folds (UFConfig.SharpenOnHalves):
// where the posteriors are nearly certain, one half could hold almost no
// misclassified row, the exponent fitted on it then grew large and the
// other half's few misclassified rows paid for it; fitted on four fifths of the
// rows, an exponent sees most of the errors. a ≥ 1 because a < 1 would
// shrink towards π, the noise the one-step's noise term already takes
// out. The one-step takes the lower of the sharpened log-loss and its
// noise-corrected unsharpened one (outOfSample.oneStepEntropy): on
// the paper's simulations that is the unsharpened one, and no estimate of
// the accuracy grid moves (bench/migrid -candidates default,unsharpened).

// maxSharpening is the largest exponent fitted.
const maxSharpening = 64

// sharpeningFolds is the number of folds whose exponents are each fitted
// on the other folds' rows (the default).
const sharpeningFolds = 5

// halvesFolds is the fold count of UFConfig.SharpenOnHalves: the two halves
// of even and odd index, fitted as until 2026-11-29, third
// (halvesExponents).
const halvesFolds = 2

// sharpenedLogProb is log p_a(y) of a row whose log-ratios are r[c] =
// log(q(c)/π(c)) (NaN for a class of frequency 0, left out).
func sharpenedLogProb(r, prior []float64, y int, a float64) float64 {
	return math.Log(prior[y]) + a*r[y] - logNormalizer(r, prior, a)
}

// logNormalizer is log Σ_c π(c)·exp(a·r[c]) over the classes of positive
// frequency, computed without overflow.
func logNormalizer(r, prior []float64, a float64) float64 {
	top := math.Inf(-1)
	for c, v := range r {
		if prior[c] > 0 {
			top = max(top, a*v)
		}
	}
	s := 0.0
	for c, v := range r {
		if prior[c] > 0 {
			s += prior[c] * math.Exp(a*v-top)
		}
	}
	return top + math.Log(s)
}

// sharpeningSlope is the derivative in a of the mean sharpened log-loss of
// rows rows (log-ratios r, k per row, labels y), the mean over rows of
// E_{p_a}[r] - r[y], and its second derivative, the mean of Var_{p_a}[r]:
// the log-loss is convex in a.
func sharpeningSlope(r []float64, k int, rows []int, y []int, prior []float64, a float64) (slope, curvature float64) {
	for _, i := range rows {
		s, c := sharpeningTerms(r[i*k:i*k+k], prior, y[i], a)
		slope += s
		curvature += c
	}
	m := float64(len(rows))
	return slope / m, curvature / m
}

// sharpeningTerms is one row's term of sharpeningSlope: E_{p_a}[r] - r[y]
// and Var_{p_a}[r] for its log-ratios r and label y.
func sharpeningTerms(r, prior []float64, y int, a float64) (slope, curvature float64) {
	z := logNormalizer(r, prior, a)
	mean, square := 0.0, 0.0
	for c, v := range r {
		if prior[c] > 0 {
			p := prior[c] * math.Exp(a*v-z)
			mean += p * v
			square += p * v * v
		}
	}
	return mean - r[y], square - mean*mean
}

// fitSharpening returns the exponent in [1, maxSharpening] of least mean
// log-loss over rows: 1 when the log-loss grows from a = 1, maxSharpening
// when it still falls there, else the root of its slope (newtonSharpening
// from 1, to 1e-6).
func fitSharpening(r []float64, k int, rows []int, y []int, prior []float64) float64 {
	if len(rows) == 0 {
		return 1
	}
	at := func(a float64) (float64, float64) { return sharpeningSlope(r, k, rows, y, prior, a) }
	slope, curvature := at(1)
	if slope >= 0 {
		return 1
	}
	if s, _ := at(maxSharpening); s < 0 {
		return maxSharpening
	}
	return newtonSharpening(at, 1, maxSharpening, 1, slope, curvature, 1e-6)
}

// newtonSharpening returns the root in (lo, hi) of the slope at gives
// (with the curvature), negative at lo and positive at hi, by Newton steps
// from a, where the slope and curvature are given, kept inside the
// bracket (a bisection when a step would leave it), to tolerance.
func newtonSharpening(at func(a float64) (slope, curvature float64), lo, hi, a, slope, curvature, tolerance float64) float64 {
	for range 100 {
		next := bracketedNewtonStep(a, slope, curvature, lo, hi)
		if math.Abs(next-a) < tolerance || hi-lo < tolerance {
			return next
		}
		a = next
		if slope, curvature = at(a); slope < 0 {
			lo = a
		} else {
			hi = a
		}
	}
	return a
}

// bracketedNewtonStep is the Newton step from a (slope, curvature) when it
// lands inside (lo, hi), else the bracket's midpoint (also when there is
// no curvature).
func bracketedNewtonStep(a, slope, curvature, lo, hi float64) float64 {
	if next := a - slope/curvature; next > lo && next < hi {
		return next
	}
	return (lo + hi) / 2
}

// foldExponents returns the exponent of each of folds folds of the scored
// rows (row i in fold i mod folds), fitted as fitSharpening fits it on the
// other folds' rows, to 1e-4 (a change of 1e-4 in the exponent moves a
// row's log-loss by 1e-4 times its slope). Passes over all the rows, each
// summing the slopes per fold at one exponent, serve every fold at once (a
// fold's slope is the sum over the others): the passes at 1 and at
// maxSharpening decide most folds, and for the others shared Newton steps,
// each to the mean of the folds' steps, bring a point within 1e-3 of where
// they land, from which each fold's own Newton steps, on the other folds'
// rows, start. Only that shared starting point sees a fold's own rows, and
// it moves the root found by less than the tolerance.
func foldExponents(r []float64, k int, scored []int, y []int, prior []float64, folds int) []float64 {
	exponents := make([]float64, folds)
	slope, curvature, rows := foldSlopes(r, k, scored, y, prior, 1, folds)
	var atTop []float64
	var open []int // folds whose exponent lies inside (1, maxSharpening)
	for f := range exponents {
		exponents[f] = 1
		if otherFolds(rows, f) == 0 || otherFolds(slope, f) >= 0 {
			continue
		}
		if atTop == nil {
			atTop, _, _ = foldSlopes(r, k, scored, y, prior, maxSharpening, folds)
		}
		if otherFolds(atTop, f) < 0 {
			exponents[f] = maxSharpening
			continue
		}
		open = append(open, f)
	}
	if len(open) == 0 {
		return exponents
	}
	lo, hi := make([]float64, folds), make([]float64, folds)
	for _, f := range open {
		lo[f], hi[f] = 1, maxSharpening
	}
	point := 1.0
	for range 20 {
		next := 0.0
		for _, f := range open {
			next += bracketedNewtonStep(point, otherFolds(slope, f), otherFolds(curvature, f), lo[f], hi[f])
		}
		next /= float64(len(open))
		if math.Abs(next-point) < 1e-3 {
			break
		}
		point = next
		slope, curvature, _ = foldSlopes(r, k, scored, y, prior, point, folds)
		for _, f := range open {
			if otherFolds(slope, f) < 0 {
				lo[f] = max(lo[f], point)
			} else {
				hi[f] = min(hi[f], point)
			}
		}
	}
	var rest []int
	for _, f := range open {
		rest = rest[:0]
		for _, i := range scored {
			if i%folds != f {
				rest = append(rest, i)
			}
		}
		at := func(a float64) (float64, float64) { return sharpeningSlope(r, k, rest, y, prior, a) }
		m := otherFolds(rows, f)
		exponents[f] = newtonSharpening(at, lo[f], hi[f], point, otherFolds(slope, f)/m, otherFolds(curvature, f)/m, 1e-4)
	}
	return exponents
}

// halvesExponents returns the exponents of the two halves of the scored
// rows (even and odd index), each fitted by fitSharpening on the other
// half: the fit until 2026-11-29, third (UFConfig.SharpenOnHalves), kept
// as it was so that its presets give their numbers to the last bit.
func halvesExponents(r []float64, k int, scored []int, y []int, prior []float64) []float64 {
	var halves [2][]int
	for _, i := range scored {
		halves[i%2] = append(halves[i%2], i)
	}
	return []float64{fitSharpening(r, k, halves[1], y, prior), fitSharpening(r, k, halves[0], y, prior)}
}

// foldSlopes returns, per fold of the scored rows (row i in fold i mod
// folds), the sums of their sharpeningTerms at exponent a and their number.
func foldSlopes(r []float64, k int, scored []int, y []int, prior []float64, a float64, folds int) (slope, curvature, rows []float64) {
	slope, curvature, rows = make([]float64, folds), make([]float64, folds), make([]float64, folds)
	for _, i := range scored {
		s, c := sharpeningTerms(r[i*k:i*k+k], prior, y[i], a)
		slope[i%folds] += s
		curvature[i%folds] += c
		rows[i%folds]++
	}
	return slope, curvature, rows
}

// otherFolds is the sum of v over every fold but f.
func otherFolds(v []float64, f int) float64 {
	sum := 0.0
	for g, x := range v {
		if g != f {
			sum += x
		}
	}
	return sum
}

// sharpenedLogProbs returns, for every row with out-of-sample trees
// (trees[i] > 0), log p_a(y_i) of its posterior q_i = (sums_i + π)/(trees_i
// + 1), sums k per row, with the exponent of its fold (row i in fold i mod
// folds) fitted on the other folds' rows; NaN for the other rows.
func sharpenedLogProbs(sums []float64, trees []int32, y []int, k int, prior []float64, folds int) []float64 {
	n := len(y)
	r := make([]float64, n*k)
	scored := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if trees[i] == 0 {
			continue
		}
		norm := float64(trees[i] + 1)
		for c := 0; c < k; c++ {
			if prior[c] > 0 {
				r[i*k+c] = math.Log((sums[i*k+c]+prior[c])/norm) - math.Log(prior[c])
			} else {
				r[i*k+c] = math.NaN()
			}
		}
		scored = append(scored, i)
	}
	var exponents []float64
	if folds == halvesFolds {
		exponents = halvesExponents(r, k, scored, y, prior)
	} else {
		exponents = foldExponents(r, k, scored, y, prior, folds)
	}
	logProb := make([]float64, n)
	for i := range logProb {
		logProb[i] = math.NaN()
		if trees[i] > 0 {
			logProb[i] = sharpenedLogProb(r[i*k:i*k+k], prior, y[i], exponents[i%folds])
		}
	}
	return logProb
}
