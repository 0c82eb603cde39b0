package ufmi

import (
	"cmp"
	"math"
	"slices"
)

// The conditional test's distance (pairing.go) reads x_B's mean as the
// spline fits it, in units of x_B's noise, and x_A itself with a floor
// weight. Where the spline misses part of the mean (an interaction of
// x_A's columns, which an additive spline cannot follow), two rows with
// the same fitted mean can differ in their true mean by many noise
// standard deviations, and the spline's residual standard deviation,
// inflated by the miss, is not the noise's. Both are measured on the
// structure half S from pairs of rows near in x_A (the same stratum,
// within twice the distance the floor weight's caliper allows): half the
// squared difference of two rows' residuals is, on average, the noise variance
// plus half the squared change of the missed mean, which grows with their
// squared distance in x_A. A least-squares line through those pairs gives
// the noise variance (its intercept) and the missed mean's squared change
// per squared standard deviation of x_A (twice its slope): the weight x_A's
// distance needs so that the pair distance stays the mean's difference in
// noise standard deviations.

// nearRows is the most rows of S whose pairs measure the noise (every
// ceil(|S|/nearRows)-th row).
const nearRows = 600

// nearReach is how far apart in x_A, as a multiple of the squared
// distance the floor weight pairWeightA lets a pair span, two rows of S
// may be to measure the noise and the miss: 4, twice that distance. The
// line's slope is noisy where the pairs span little of it (its noise, not
// a miss, then narrowed the pairs: with x_A of 2 columns and x_B additive
// in them, power fell from 0.85 to 0.64 at 1, 0.78 at 4, 0.84 at 10), and
// a wide span averages a miss over x_A (an interaction of noise 0.5
// rejected at 0.05 in 4.2% of null data sets at 1, 4.6% at 4, 5.6% at 10).
const nearReach = 4

// nearPairsMin is the fewest near pairs a line is fitted through; with
// fewer the spline's residual standard deviation stands for the noise and
// no miss is measured.
const nearPairsMin = 30

// nearPairs are pairs of rows of S near in x_A: the subsample of S they
// come from (positions in S), each pair's two places in it and their
// squared distance.
type nearPairs struct {
	rows []int
	i, j []int32
	d2   []float64
}

// newNearPairs lists the pairs of a subsample of the rows of S that share
// a stratum (keyS) and lie within nearReach·pairCaliper²/pairWeightA of
// each other in squared distance over the columns zs (x_A's numeric
// columns over S in standard deviations, missing cells filled alike
// within a stratum).
func newNearPairs(zs [][]float64, keyS [][]byte) nearPairs {
	ns := len(keyS)
	step := (ns + nearRows - 1) / nearRows
	var rows []int
	for i := 0; i < ns; i += step {
		rows = append(rows, i)
	}
	lead, spread := 0, -1.0
	for j, c := range zs {
		if lo, hi := spanOf(c); hi-lo > spread {
			lead, spread = j, hi-lo
		}
	}
	first := zs[lead]
	slices.SortFunc(rows, func(a, b int) int { return cmp.Or(cmp.Compare(first[a], first[b]), cmp.Compare(a, b)) })
	reach := nearReach * pairCaliper * pairCaliper / pairWeightA
	np := nearPairs{rows: rows}
	for p, a := range rows {
		for q, b := range rows[p+1:] {
			if g := first[b] - first[a]; g*g > reach {
				break
			}
			if string(keyS[a]) != string(keyS[b]) {
				continue
			}
			d2 := 0.0
			for _, c := range zs {
				d := c[a] - c[b]
				d2 += d * d
			}
			if d2 <= reach {
				np.i, np.j, np.d2 = append(np.i, int32(p)), append(np.j, int32(p+1+q)), append(np.d2, d2)
			}
		}
	}
	return np
}

// noise returns the noise standard deviation of a response whose spline
// residuals at np.rows are resid (NaN: left out) and whose residual standard
// deviation is sd, and its missed mean's squared change per squared
// standard deviation of x_A divided by the noise variance (the x_A weight
// it asks for; negative when the pairs show none). The noise is kept
// between sd/100 and sd; with fewer than nearPairsMin pairs it is sd and
// the miss 0.
func (np nearPairs) noise(resid []float64, sd float64) (sigma, miss float64) {
	var m, su, sv, svv, suv float64
	for p, a := range np.i {
		d := resid[a] - resid[np.j[p]]
		if math.IsNaN(d) {
			continue
		}
		u, v := d*d/2, np.d2[p]
		m++
		su, sv, suv, svv = su+u, sv+v, suv+u*v, svv+v*v
	}
	if m < nearPairsMin {
		return sd, 0
	}
	slope, intercept := 0.0, su/m
	if varV := svv/m - (sv/m)*(sv/m); varV > 1e-12 {
		slope = (suv/m - su/m*sv/m) / varV
		intercept = su/m - slope*sv/m
	}
	variance := min(max(intercept, sd*sd*1e-4), sd*sd)
	return math.Sqrt(variance), 2 * slope / variance
}
