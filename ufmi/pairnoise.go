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
	rows    []int
	i, j    []int32
	d2      []float64
	closest float64 // the smallest positive squared distance (+Inf with none)
	tied    []bool  // tied[p]: the subsample's p-th row shares its x_A with another's
}

// newNearPairs lists the pairs of a subsample of the rows of S that share
// a stratum (keyS) and lie within nearReach·pairCaliper²/pairWeightA of
// each other in squared distance over the columns zs (x_A's numeric
// columns over S in standard deviations, missing cells filled alike
// within a stratum). Rows with a filled cell (filled[i]; nil: none) are
// left out: their distance 0 in that column is not a nearness, and within
// their stratum x_B varies as it does given the other columns only, so
// their pairs would read that spread as noise (a fifth of x_A missing:
// the noise of x_B = x_A + N(0, 0.1²) read several times too large).
func newNearPairs(zs [][]float64, keyS [][]byte, filled []bool) nearPairs {
	ns := len(keyS)
	step := (ns + nearRows - 1) / nearRows
	var rows []int
	for i := 0; i < ns; i += step {
		if filled == nil || !filled[i] {
			rows = append(rows, i)
		}
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
	np := nearPairs{rows: rows, closest: math.Inf(1), tied: make([]bool, len(rows))}
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
				if d2 > 0 {
					np.closest = min(np.closest, d2)
				} else {
					np.tied[p], np.tied[p+1+q] = true, true
				}
			}
		}
	}
	return np
}

// noise returns the noise standard deviation of a response whose spline
// residuals at np.rows are resid (NaN: left out) and whose residual standard
// deviation is sd, and its missed mean's squared change per squared
// standard deviation of x_A divided by the noise variance (the x_A weight
// it asks for; negative when the pairs show none). continuous says that
// most of the response's values are distinct (continuousResponse). The
// noise is kept between sd/100 and sd; with fewer than nearPairsMin pairs
// it is sd and the miss 0.
//
// The line holds where the missed mean changes linearly across a pair's
// span. Where it wiggles faster (x_B = sin(12 x_A), or a heavy-tailed x_A
// whose standard deviation stretches the span), half the squared change
// stops growing with the distance, the line through the far pairs lifts
// its intercept towards the mean's variance and flattens its slope, and
// pairs formed with that noise and weight lie many noise standard
// deviations apart (the test rejected 31-41% of such nulls at 0.05). So the
// lines through the pairs of shorter spans are fitted too, each a quarter
// of the last's squared distance, down to nearPairsMin pairs, and the
// lowest intercept below the widest's by more than nearShrinkSE of their
// difference's standard errors (nearShrinkSEDiscrete for a discrete
// response) is the noise.
func (np nearPairs) noise(resid []float64, sd float64, continuous bool) (sigma, miss float64) {
	u := make([]float64, len(np.i))
	for p, a := range np.i {
		d := resid[a] - resid[np.j[p]]
		u[p] = d * d / 2 // NaN where either is missing
	}
	var bands []nearLine // the lines through the pairs within each span, widest first
	for reach := nearReach * pairCaliper * pairCaliper / pairWeightA; reach >= np.closest; reach /= 4 {
		l, ok := np.line(u, reach)
		if !ok {
			break
		}
		bands = append(bands, l)
	}
	if len(bands) == 0 {
		return sd, 0
	}
	wide, chosen := bands[0], 0
	shrinkSE := nearShrinkSE
	if !continuous {
		shrinkSE = nearShrinkSEDiscrete
	}
	for b, near := range bands[1:] {
		if near.intercept < bands[chosen].intercept && near.intercept < wide.intercept-shrinkSE*math.Hypot(near.se, wide.se) {
			chosen = b + 1
		}
	}
	line := bands[chosen]
	variance := min(max(line.intercept, sd*sd*1e-4), sd*sd)
	// Heavy-tailed noise (a few rows far off, or a Cauchy law) lifts the
	// mean of the half squared differences, and their standard errors,
	// far above what most rows show, so that a miss no longer shows in the
	// lines: the median of a span's untied pairs reads the noise of most
	// rows (half a squared difference of normal noise has median 0.455 σ²).
	// Where the lowest such reading is below a quarter of the widest span's
	// (the mean changes within that span: a miss) and of the line's, it is
	// the noise, and the medians give the chords. Only for a continuous
	// response: a level's indicator or a count has most pairs of near rows
	// equal, and the median of their residuals' differences says nothing of
	// a scale. Where the spline follows the mean, the medians of every span
	// agree and nothing changes. Rows that share their x_A with another (a
	// point mass, or a count) stay out of the medians: their noise is read
	// by their pairs at distance 0, and one row off a mass but near it pairs
	// with every row at the mass, so that where the mass has a noise law of
	// its own those pairs outnumber the rest in the shortest spans (half the
	// rows at x_A = 0 with x_B ~ N(0, 2²), the others sin(12 x_A) + N(0,
	// 0.1²): the noise was read as 1.7 and 11% of such nulls were rejected at
	// 0.05).
	medians := continuous && bands[0].untied >= nearPairsMin
	if medians {
		lowest, at := math.Inf(1), -1
		for b, l := range bands {
			if robust := l.robust(); l.untied >= nearPairsMin && robust < lowest {
				lowest, at = robust, b
			}
		}
		medians = lowest < nearRobustShare*bands[0].robust() && lowest < nearRobustShare*variance
		if medians {
			variance, chosen = max(lowest, sd*sd*1e-4), at
			line = bands[chosen]
		}
	}
	// The missed mean's squared change per squared distance: the line's
	// slope, or where the span shrank and more, the chord from the noise to
	// the pairs of a span down to the chosen one, their mean less twice its
	// standard error, or their median reading (the short span's slope is
	// noise; the chords of spans shorter still would be too).
	change := 2 * line.slope
	for _, l := range bands[:chosen+1] {
		switch {
		case chosen == 0 || l.meanD2 == 0:
		case medians:
			change = max(change, 2*(l.robust()-variance)/l.meanD2)
		default:
			change = max(change, 2*(l.meanU-2*l.meanSE-variance)/l.meanD2)
		}
	}
	return math.Sqrt(variance), change / variance
}

// robust is the noise variance a span's median reads (chiSquareOneMedian).
func (l nearLine) robust() float64 { return l.medianU / chiSquareOneMedian }

// chiSquareOneMedian is the median of a chi-square variable of one degree
// of freedom: half the squared difference of two normal noises of
// variance σ² has median chiSquareOneMedian·σ².
const chiSquareOneMedian = 0.454936423119572

// nearRobustShare is how far below the line's noise variance the median's
// must be to replace it: far enough that the median of 30 pairs of normal
// noise falls there by chance in fewer than 1% of spans (P(chi-square(1)
// < 0.114) = 0.26, and the 16th smallest of 30 below it, 16 of 30, has
// probability 0.0016).
const nearRobustShare = 0.25

// nearShrinkSE is how many standard errors lower the intercept of the line
// through the nearer pairs must be for the noise to be read from them.
const nearShrinkSE = 3.0

// nearShrinkSEDiscrete is nearShrinkSE for a discrete response (a count,
// a level's indicator), whose medians cannot show a miss: the lines alone
// must. With x_B ~ Poisson(4 + 3.5 sin(12 x_A)) and Y following the
// wiggle, the shorter spans' intercepts fell 2-3 standard errors below the
// widest's and the test rejected 8.2% of 2000 such nulls at 0.05 with 3;
// with 2, 5.1%. The cost is power where a count's noise changes with its
// mean: against x_B ~ Poisson(e^(1 + 0.5 x_A)) with Y following x_B's own
// part, 0.96 with 3, 0.92 with 2.5 and 0.88 with 2 over 300 data sets
// (0.89 over the citest table's 500; docs/inference.md, "How rows are
// paired").
const nearShrinkSEDiscrete = 2.0

// nearLine is a least-squares line of half the squared residual difference
// on the squared distance: its intercept, that intercept's standard error
// and slope, and the pairs' mean half squared difference, its standard
// error and their mean squared distance.
type nearLine struct {
	intercept, se, slope, meanU, meanSE, meanD2 float64
	medianU                                     float64 // the median of u over the untied pairs
	untied                                      int     // how many there are: pairs of rows that share their x_A with no other row
}

// line fits the line through the pairs within squared distance reach whose
// half squared difference u is not NaN; ok is false with fewer than
// nearPairsMin of them.
func (np nearPairs) line(u []float64, reach float64) (l nearLine, ok bool) {
	var m, su, sv, svv, suv, suu float64
	var untied []float64
	for p, up := range u {
		v := np.d2[p]
		if math.IsNaN(up) || v > reach {
			continue
		}
		if v > 0 && !np.tied[np.i[p]] && !np.tied[np.j[p]] {
			untied = append(untied, up)
		}
		m++
		su, sv, suv, svv, suu = su+up, sv+v, suv+up*v, svv+v*v, suu+up*up
	}
	if m < nearPairsMin {
		return nearLine{}, false
	}
	mu, mv := su/m, sv/m
	varV, covUV, varU := svv/m-mv*mv, suv/m-mu*mv, suu/m-mu*mu
	l.intercept, l.meanU, l.meanSE, l.meanD2, l.untied = mu, mu, math.Sqrt(max(varU, 0)/m), mv, len(untied)
	if len(untied) > 0 {
		slices.Sort(untied)
		l.medianU = untied[len(untied)/2]
	}
	// Spans too short to spread their squared distances by 1e-12 (about
	// 1e-6 standard deviations of x_A) get a flat line, the pairs' mean:
	// their slope would be noise.
	if varV > 1e-12 {
		l.slope = covUV / varV
		l.intercept = mu - l.slope*mv
		res := max(varU-l.slope*covUV, 0) * m / max(m-2, 1) // residual variance
		l.se = math.Sqrt(res / m * (1 + mv*mv/varV))
	} else {
		l.se = math.Sqrt(max(varU, 0) / m)
	}
	return l, true
}

// continuousResponse reports whether at least half of a response's values
// at the rows (positions in r; NaN: left out) are distinct: a measured
// quantity, not a level's indicator or a count.
func continuousResponse(r []float64, rows []int) bool {
	seen, present := make(map[float64]bool, len(rows)), 0
	for _, i := range rows {
		if v := r[i]; !math.IsNaN(v) {
			seen[v] = true
			present++
		}
	}
	return 2*len(seen) >= present
}
