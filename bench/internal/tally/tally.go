// Package tally summarises the p-values and timings of the benchmarks'
// repeated runs: rejection rates, their standard errors, means and medians.
package tally

import (
	"math"
	"slices"
)

// Rate is the share of p-values at most level.
func Rate(ps []float64, level float64) float64 {
	k := 0
	for _, p := range ps {
		if p <= level {
			k++
		}
	}
	return float64(k) / float64(len(ps))
}

// SE is the binomial standard error of a share p over n runs.
func SE(p float64, n int) float64 { return math.Sqrt(p * (1 - p) / float64(n)) }

// Mean is the mean of v.
func Mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// Median is the median of v (the mean of the middle two for an even count).
func Median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
