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
// π. One exponent is fitted for each of two folds of rows (even and odd
// row index), by least log-loss over the other fold's rows: no row's
// exponent comes from its own label, so the sharpened log-loss is a
// cross-fitted score like the unsharpened one. a ≥ 1 because a < 1 would
// shrink towards π, the noise the one-step's noise term already takes
// out. The one-step takes the lower of the sharpened log-loss and its
// noise-corrected unsharpened one (outOfSample.oneStepEntropySince): on
// the paper's simulations that is the unsharpened one, and no estimate of
// the accuracy grid moves (bench/migrid -candidates default,unsharpened).

// maxSharpening is the largest exponent fitted.
const maxSharpening = 64

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
		ri := r[i*k : i*k+k]
		z := logNormalizer(ri, prior, a)
		mean, square := 0.0, 0.0
		for c, v := range ri {
			if prior[c] > 0 {
				p := prior[c] * math.Exp(a*v-z)
				mean += p * v
				square += p * v * v
			}
		}
		slope += mean - ri[y[i]]
		curvature += square - mean*mean
	}
	m := float64(len(rows))
	return slope / m, curvature / m
}

// fitSharpening returns the exponent in [1, maxSharpening] of least mean
// log-loss over rows: 1 when the log-loss grows from a = 1, else the root
// of its slope, by Newton steps kept inside a bracket of the root (a
// bisection when a step would leave it), to 1e-6.
func fitSharpening(r []float64, k int, rows []int, y []int, prior []float64) float64 {
	if len(rows) == 0 {
		return 1
	}
	slope, curvature := sharpeningSlope(r, k, rows, y, prior, 1)
	if slope >= 0 {
		return 1
	}
	lo, hi, a := 1.0, float64(maxSharpening), 1.0
	if s, _ := sharpeningSlope(r, k, rows, y, prior, hi); s < 0 {
		return maxSharpening
	}
	for range 100 {
		next := a - slope/curvature
		if !(next > lo && next < hi) { // also NaN: no curvature
			next = (lo + hi) / 2
		}
		if math.Abs(next-a) < 1e-6 || hi-lo < 1e-6 {
			return next
		}
		a = next
		if slope, curvature = sharpeningSlope(r, k, rows, y, prior, a); slope < 0 {
			lo = a
		} else {
			hi = a
		}
	}
	return a
}

// sharpenedLogProbs returns, for every row with out-of-sample trees
// (trees[i] > 0), log p_a(y_i) of its posterior q_i = (sums_i + π)/(trees_i
// + 1), sums k per row, with the exponent fitted on the other fold's rows;
// NaN for the other rows.
func sharpenedLogProbs(sums []float64, trees []int32, y []int, k int, prior []float64) []float64 {
	n := len(y)
	r := make([]float64, n*k)
	var folds [2][]int
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
		folds[i%2] = append(folds[i%2], i)
	}
	var exponents [2]float64
	for f := range folds {
		exponents[f] = fitSharpening(r, k, folds[1-f], y, prior)
	}
	logProb := make([]float64, n)
	for i := range logProb {
		logProb[i] = math.NaN()
		if trees[i] > 0 {
			logProb[i] = sharpenedLogProb(r[i*k:i*k+k], prior, y[i], exponents[i%2])
		}
	}
	return logProb
}
