package ufmi

import "math"

// columnScale describes a numeric column's non-missing values without
// overflow or underflow: their largest magnitude top, and the mean and
// standard deviation of the values divided by top, so that neither a sum
// nor a square leaves the float range whatever the column's units (a
// reviewer's probe: columns of magnitude 1e-80 or 1e154 and beyond broke
// the conditional test's pairs and the linear bound's standardisation).
type columnScale struct {
	top, mean, sd float64
	seen          int // non-missing values
}

// newColumnScale returns the scale of the values of c that are not NaN,
// the standard deviation with divisor seen - ddof (0 when seen <= ddof);
// top is 0 when no value is finite and non-zero.
func newColumnScale(c []float64, ddof int) columnScale {
	var s columnScale
	for _, v := range c {
		if !math.IsNaN(v) {
			s.top = max(s.top, math.Abs(v))
			s.seen++
		}
	}
	if !(s.top > 0) || math.IsInf(s.top, 0) {
		s.top = 0
		return s
	}
	for _, v := range c {
		if !math.IsNaN(v) {
			s.mean += v / s.top
		}
	}
	s.mean /= float64(s.seen)
	ss := 0.0
	for _, v := range c {
		if !math.IsNaN(v) {
			d := v/s.top - s.mean
			ss += d * d
		}
	}
	if s.seen > ddof {
		s.sd = math.Sqrt(ss / float64(s.seen-ddof))
	}
	return s
}

// standardised is v less the mean, in standard deviations (sd > 0).
func (s columnScale) standardised(v float64) float64 { return (v/s.top - s.mean) / s.sd }
