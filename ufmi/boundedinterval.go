package ufmi

import "math"

// Intervals for a quantity that cannot be negative (MI, conditional MI).
// An estimate x with standard error σ is taken as x ~ N(θ, σ²), θ ≥ 0, and
// the interval is Feldman and Cousins' (1998) unified interval: the Neyman
// construction that, for each θ, accepts the values of x of highest
// likelihood ratio L(x|θ) / L(x|max(0, x)) until they hold the level's
// probability. It covers θ with the stated probability for every θ ≥ 0,
// zero included; it never lies below zero, is never empty and, unlike a
// symmetric interval cut at zero, does not shrink to nothing when x is
// negative. From x ≥ 2zσ on (z the two-sided normal quantile) it is
// exactly x ± zσ. docs/inference.md ("At and near zero") shows it.

// boundedInterval returns the unified interval [low, high] of the given
// level for θ ≥ 0 from estimate x and standard error se > 0.
func boundedInterval(x, se, level float64) (low, high float64) {
	z := math.Sqrt2 * math.Erfinv(level)
	if !(se > 0) {
		return max(x, 0), max(x, 0)
	}
	t := x / se // the estimate in standard errors
	if t >= 2*z {
		return x - z*se, x + z*se
	}
	// The acceptance region [lo(μ), hi(μ)] moves right as μ grows: the
	// upper limit is the μ whose lo is t, the lower limit the μ whose hi
	// is t (0 when hi(0) already exceeds t).
	muHigh := bisect(0, max(t, 0)+z+1, func(mu float64) bool { lo, _ := acceptance(mu, z, level); return lo >= t })
	muLow := 0.0
	if _, hi0 := acceptance(0, z, level); hi0 < t {
		muLow = bisect(0, t, func(mu float64) bool { _, hi := acceptance(mu, z, level); return hi >= t })
	}
	return muLow * se, muHigh * se
}

// acceptance returns the acceptance region [lo, hi] of the unified
// construction at μ ≥ 0 (unit variance, level of probability): the
// values of t of likelihood ratio R(t) = exp(-(t-μ)²/2) / exp(-(t-max(0,t))²/2)
// at least some c, chosen so that P_μ(lo ≤ t ≤ hi) = level. R peaks at
// t = μ; right of it R(t) = exp(-(t-μ)²/2), left of zero R(t) = exp(tμ - μ²/2).
func acceptance(mu, z, level float64) (lo, hi float64) {
	if mu >= z {
		return mu - z, mu + z // the region is symmetric and stays right of zero
	}
	// For a right end hi ≥ μ, the left end of equal ratio.
	left := func(hi float64) float64 {
		if l := 2*mu - hi; l >= 0 {
			return l
		}
		if mu == 0 {
			return math.Inf(-1) // every t < 0 has the largest ratio, 1
		}
		return (mu*mu - (hi-mu)*(hi-mu)) / (2 * mu)
	}
	prob := func(hi float64) float64 { return normalCDF(hi-mu) - normalCDF(left(hi)-mu) }
	hi = bisect(mu, mu+z+10, func(h float64) bool { return prob(h) >= level })
	return left(hi), hi
}

// bisect returns the smallest x in [a, b] with ok(x), for ok false below
// some point and true above it, to within 1e-11 (the scale is standard
// errors).
func bisect(a, b float64, ok func(float64) bool) float64 {
	for b-a > 1e-11 {
		m := a + (b-a)/2
		if m <= a || m >= b {
			break
		}
		if ok(m) {
			b = m
		} else {
			a = m
		}
	}
	return b
}

// normalCDF is the standard normal distribution function.
func normalCDF(t float64) float64 { return 0.5 * math.Erfc(-t/math.Sqrt2) }
