package ufmi

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"
)

// The conditional test swaps x_B between the two rows of a pair, which
// keeps the rows' joint law where x_B has the same law given either row's
// x_A. Two rows are paired only if they share a stratum: the same level
// (missing counting as a level of its own) in every categorical column of
// x_A and the same numeric columns of x_A missing. Within a stratum rows
// are paired by nearness in a space of two parts:
//
//   - x_B's mean given x_A's numeric columns, in standard deviations of
//     x_B's noise: an additive penalised linear spline of each numeric
//     column of x_B (of each level's indicator for a categorical column)
//     on x_A's numeric columns, fitted on the structure half S, its
//     penalty chosen by generalised cross-validation (pairspline.go), its
//     prediction divided by the noise's standard deviation as measured
//     from rows of S near in x_A (pairnoise.go). Rows close here have
//     nearly the same law of x_B where x_B is its mean plus noise of one
//     law;
//   - x_A's numeric columns twice, on a normal scale (givenScores) and
//     in robust standard deviations (robustScaled), each at half of
//     pairWeightA or, where more, by what the spline's
//     miss of x_B's mean asks for (pairnoise.go): it keeps pairs near in
//     x_A where the spline misses part of the mean or x_B's noise changes
//     with x_A.
//
// Pairs farther apart than pairCaliper are not formed: their rows stay as
// they are. The pairing depends on S, and on V only through x_A: never on
// Y or on the x_B of V, so given it the swaps are a valid null.
//
// The constants were set by measurement (docs/inference.md, "Conditional
// independence test"): over 3000 null data sets of n = 500 with x_B =
// sin(2 x_A) + N(0, 0.1²), a caliper of 0.25 rejected at level 0.05 in
// 6.1% of them, 0.1 in 5.3%, and keeping only pairs whose true means of
// x_B differ by at most 0.05 residual standard deviations in 5.1%: what
// breaks the level is the many pairs a little apart, not the few far ones.

// pairWeightA is the least weight of the squared x_A distance (on the
// normal scale and in robust standard deviations, half each) beside the
// squared distance of x_B's means (in standard deviations of its noise).
const pairWeightA = 0.1

// pairCaliper is the largest distance of a pair.
const pairCaliper = 0.1

// pairCandidates is how many nearest neighbours of each unpaired row a
// round of pairRows considers.
const pairCandidates = 6

// pairSpace is where the rows of V are paired: each row's stratum and
// coordinates.
type pairSpace struct {
	key    [][]byte    // key[i]: the stratum of row i
	coords [][]float64 // coordinate columns, NaN where the row's stratum has none
	za     [][]float64 // x_A's numeric columns on the normal scale (NaN: missing)
}

// newPairSpace builds the space of the rows rowsV of xs, whose first
// nGiven columns are x_A and the others x_B; the predictions are fitted on
// the rows rowsS.
func newPairSpace(xs *Features, nGiven int, rowsS, rowsV []int) pairSpace {
	nv := len(rowsV)
	sp := pairSpace{key: make([][]byte, nv)}
	keyS := make([][]byte, len(rowsS))  // the strata of the rows of S
	filledS := make([]bool, len(rowsS)) // rows of S with a numeric x_A cell missing
	var zs [][]float64                  // x_A's numeric columns over S, standardised as over V, missing cells at their mean over S
	var zv [][]float64                  // the same over V (for the predictions)
	var ra [][]float64                  // x_A's numeric columns over V in robust standard deviations
	for j := range nGiven {
		col := xs.cols[j]
		if xs.Kind(j) == Categorical {
			for i, r := range rowsV {
				sp.key[i] = strconv.AppendFloat(append(sp.key[i], 'c'), col[r], 'g', -1, 64)
			}
			for i, r := range rowsS {
				keyS[i] = strconv.AppendFloat(append(keyS[i], 'c'), col[r], 'g', -1, 64)
			}
			continue
		}
		s, z := givenScores(col, rowsS, rowsV)
		for i, r := range rowsV {
			sp.key[i] = append(sp.key[i], missingMark(col[r]))
		}
		sp.za = append(sp.za, z)
		ra = append(ra, robustScaled(col, rowsV))
		for i, r := range rowsS {
			keyS[i] = append(keyS[i], missingMark(col[r]))
			filledS[i] = filledS[i] || math.IsNaN(col[r])
		}
		if lo, hi := spanOf(s); hi > lo { // a column constant over S predicts nothing
			fill := columnMean(s)
			zs, zv = append(zs, filled(s, fill)), append(zv, filled(z, fill))
		}
	}
	weightA := pairWeightA
	if len(zs) > 0 && len(zs) < splineParameters {
		fit, near := newSplineFit(zs, zv), newNearPairs(zs, keyS, filledS)
		miss := 0.0 // the x_A weight the spline's misses ask for, summed over the responses
		for j := nGiven; j < xs.d; j++ {
			for _, r := range responses(xs, j, rowsS) {
				// About its mean and in its own standard deviations: the
				// pairs depend on neither x_B's origin, whose size beside its
				// spread would leave the spline's fit only rounding (x_B +
				// 1e10 formed other pairs), nor its units, whose squares
				// could underflow or overflow.
				cs := newColumnScale(r, 1) // the mean and sd without overflow
				centre, scale := cs.mean*cs.top, cs.sdOrOne()
				for i := range r {
					r[i] = (r[i] - centre) / scale
				}
				mean := fit.predict(r, near.rows)
				if mean == nil {
					continue
				}
				sigma, m := near.noise(mean.resid, mean.sd, continuousResponse(r, near.rows))
				c := make([]float64, nv)
				for i, v := range mean.v {
					c[i] = v / sigma
				}
				sp.coords, miss = append(sp.coords, c), miss+m
			}
		}
		weightA = max(weightA, miss)
	}
	// Each numeric column of x_A enters twice, on the normal scale and in
	// robust standard deviations, each at half the weight: on a normal
	// column the two agree and the distance is the column's; a skewed
	// column's bulk, squeezed in its values, is spread by the normal scale,
	// and a heavy-tailed column's far rows, whose x_B may change between
	// neighbours there, are kept apart by the values.
	w := math.Sqrt(weightA / 2)
	for _, cols := range [][][]float64{sp.za, ra} {
		for _, z := range cols {
			c := make([]float64, nv)
			for i, v := range z {
				c[i] = w * v
			}
			sp.coords = append(sp.coords, c)
		}
	}
	return sp
}

// robustScaled returns a numeric column's values over rows divided by
// 1.4826 times their median absolute deviation (a normal column's
// standard deviation; the standard deviation where half the values tie),
// NaN where missing.
func robustScaled(col []float64, rows []int) []float64 {
	v := make([]float64, len(rows))
	var present []float64
	for i, r := range rows {
		v[i] = col[r]
		if !math.IsNaN(col[r]) {
			present = append(present, col[r])
		}
	}
	scale := 0.0
	if len(present) > 1 {
		slices.Sort(present)
		med := present[len(present)/2]
		dev := make([]float64, len(present))
		for i, x := range present {
			dev[i] = math.Abs(x/2-med/2) * 2
		}
		slices.Sort(dev)
		scale = 1.4826 * dev[len(dev)/2]
	}
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = columnSD(v)
	}
	for i := range v {
		// Far enough to pair with nothing, near enough that squared
		// differences stay finite.
		v[i] = math.Max(-1e150, math.Min(1e150, v[i]/scale))
	}
	return v
}

// givenScores returns a numeric column of x_A on a normal scale, over S
// and over V (NaN where missing): a monotone map, linear between the
// column's quantiles at (k − ½)/givenKnots, k = 1 … givenKnots, over the
// rows of S and V together, which it sends to Φ⁻¹ of those shares, and
// linear beyond the outer ones with the outer pieces' slopes. A skewed or
// heavy-tailed column's bulk then spreads as a normal one's does, while
// its far rows stay far. Divided by its standard deviation instead, a
// log-normal column's bulk sat within a few hundredths, its rows looked
// near whatever their value, and beside a second given column the test
// rejected 42% of true nulls (x_A2 = exp(3 Z), x_B = Z + noise). The map
// is smooth rather than the ranks themselves, whose distances fall on a
// lattice: the near pairs that measure x_B's noise (pairnoise.go) need
// distances that shrink continuously.
func givenScores(col []float64, rowsS, rowsV []int) (s, v []float64) {
	var present []float64
	for _, rows := range [][]int{rowsS, rowsV} {
		for _, r := range rows {
			if !math.IsNaN(col[r]) {
				present = append(present, col[r])
			}
		}
	}
	slices.Sort(present)
	var knotX, knotY []float64 // the map's knots, x strictly increasing
	for k := range givenKnots {
		share := (float64(k) + 0.5) / givenKnots
		if len(present) == 0 {
			break
		}
		x := present[min(len(present)-1, int(share*float64(len(present))))]
		y := distuv.UnitNormal.Quantile(share)
		if n := len(knotX); n > 0 && x <= knotX[n-1] {
			knotY[n-1] = (knotY[n-1] + y) / 2 // a tie spanning shares: one knot at their middle
			continue
		}
		knotX, knotY = append(knotX, x), append(knotY, y)
	}
	scale := func(x float64) float64 {
		switch {
		case math.IsNaN(x):
			return math.NaN()
		case len(knotX) < 2:
			return 0 // a constant column: no distance
		}
		i := sort.SearchFloat64s(knotX, x) // knotX[i-1] < x <= knotX[i]
		i = min(max(i, 1), len(knotX)-1)
		x0, x1, y0, y1 := knotX[i-1], knotX[i], knotY[i-1], knotY[i]
		// x0/2 − x1/2 and friends keep far-apart knots finite.
		t := (x/2 - x0/2) / (x1/2 - x0/2)
		return math.Max(-1e150, math.Min(1e150, y0+t*(y1-y0)))
	}
	s, v = make([]float64, len(rowsS)), make([]float64, len(rowsV))
	for i, r := range rowsS {
		s[i] = scale(col[r])
	}
	for i, r := range rowsV {
		v[i] = scale(col[r])
	}
	return s, v
}

// givenKnots is the number of quantiles givenScores maps to the normal
// scale.
const givenKnots = 20

// missingMark is a numeric cell's part of its row's stratum key.
func missingMark(v float64) byte {
	if math.IsNaN(v) {
		return 'm'
	}
	return 'v'
}

// filled is z with its missing cells set to v.
func filled(z []float64, v float64) []float64 {
	out := slices.Clone(z)
	for i, x := range out {
		if math.IsNaN(x) {
			out[i] = v
		}
	}
	return out
}

// spanOf is the smallest and largest non-missing value (+Inf, -Inf with
// none).
func spanOf(c []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range c {
		if !math.IsNaN(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// columnMean is the mean of the non-missing values (0 with none).
func columnMean(c []float64) float64 {
	sum, m := 0.0, 0
	for _, v := range c {
		if !math.IsNaN(v) {
			sum += v
			m++
		}
	}
	if m == 0 {
		return 0
	}
	return sum / float64(m)
}

// columnSD is the sample standard deviation of a column's non-missing
// values, or 1 when it is 0 or undefined (a constant column adds no
// distance anyway); computed without overflow or underflow (columnScale),
// so that distances in units of it do not depend on the column's units.
func columnSD(c []float64) float64 { return newColumnScale(c, 1).sdOrOne() }

// sdOrOne is the standard deviation of a scale of ddof 1 in the column's
// units, or 1 when it is 0 or undefined (columnSD).
func (s columnScale) sdOrOne() float64 {
	sd := s.sd * s.top
	if s.seen < 2 || !(sd > 0) || math.IsInf(sd, 0) {
		return 1
	}
	return sd
}

// rowPairs are the pairs of rows the conditional test swaps x_B within.
type rowPairs struct {
	a, b []int32   // pair p joins rows a[p] and b[p]
	dist []float64 // the distance in x_A of pair p, on the normal scale
}

// pairRows pairs the rows of sp within their strata, greedily, closest
// pairs first: each round lists every unpaired row's pairCandidates
// nearest unpaired neighbours in its stratum and takes those pairs in
// increasing distance, skipping a pair one of whose rows is taken, until
// at most one row of each stratum is left (it stays in no pair). Ties in
// distance (and every pair of a stratum without coordinates, where all
// distances are 0) are broken by a random order of the rows drawn from
// rng.
func pairRows(sp pairSpace, rng *rand.Rand) rowPairs {
	n := len(sp.key)
	rank := rng.Perm(n)
	strata := map[string]int{}
	var members [][]int // the rows of each stratum, strata in order of their first row
	for i := range n {
		id, ok := strata[string(sp.key[i])]
		if !ok {
			id = len(members)
			strata[string(sp.key[i])] = id
			members = append(members, nil)
		}
		members[id] = append(members[id], i)
	}
	var out rowPairs
	for _, rows := range members {
		var present [][]float64 // the coordinates the stratum has
		for _, c := range sp.coords {
			if !math.IsNaN(c[rows[0]]) {
				present = append(present, c)
			}
		}
		if len(present) == 0 {
			out.append(pairsByRank(rows, rank))
		} else {
			out.append(pairNearest(rows, present, rank))
		}
	}
	out.dist = make([]float64, len(out.a))
	for p, a := range out.a {
		b, s := out.b[p], 0.0
		for _, z := range sp.za {
			if d := z[a] - z[b]; !math.IsNaN(d) {
				s += d * d
			}
		}
		out.dist[p] = math.Sqrt(s)
	}
	return out
}

// pairsByRank pairs rows in the random order rank.
func pairsByRank(rows []int, rank []int) rowPairs {
	order := slices.Clone(rows)
	slices.SortFunc(order, func(i, j int) int { return cmp.Compare(rank[i], rank[j]) })
	var p rowPairs
	for i := 0; i+1 < len(order); i += 2 {
		p.a, p.b = append(p.a, int32(order[i])), append(p.b, int32(order[i+1]))
	}
	return p
}

// append adds q's pairs.
func (p *rowPairs) append(q rowPairs) {
	p.a, p.b = append(p.a, q.a...), append(p.b, q.b...)
}

// pairEdge is a candidate pair of pairNearest: positions in the list of
// unpaired rows, and the squared distance.
type pairEdge struct {
	i, j int
	d2   float64
}

// pairNearest pairs the rows of one stratum by Euclidean distance over
// the coordinates z, closest pairs first and none farther apart than
// pairCaliper (see pairRows); rank breaks ties.
func pairNearest(rows []int, z [][]float64, rank []int) rowPairs {
	// Sort the rows by the coordinate of largest spread: a neighbour
	// search then scans outwards from a row and stops where that
	// coordinate alone is farther than the neighbours found (or than the
	// caliper).
	lead, spread := 0, -1.0
	for j, c := range z {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, i := range rows {
			lo, hi = min(lo, c[i]), max(hi, c[i])
		}
		if hi-lo > spread {
			lead, spread = j, hi-lo
		}
	}
	first := z[lead]
	free := slices.Clone(rows) // the rows still unpaired with a candidate, by their lead coordinate
	slices.SortFunc(free, func(i, j int) int {
		if c := cmp.Compare(first[i], first[j]); c != 0 {
			return c
		}
		return cmp.Compare(rank[i], rank[j])
	})
	dist2 := func(i, j int) float64 {
		s := 0.0
		for _, c := range z {
			d := c[i] - c[j]
			s += d * d
		}
		return s
	}
	// before orders candidate pairs: by squared distance, then by the
	// ranks of their rows (the smaller first, then the other).
	before := func(e, f pairEdge) bool {
		if e.d2 != f.d2 {
			return e.d2 < f.d2
		}
		a, b := rank[free[e.i]], rank[free[e.j]]
		c, d := rank[free[f.i]], rank[free[f.j]]
		if min(a, b) != min(c, d) {
			return min(a, b) < min(c, d)
		}
		return max(a, b) < max(c, d)
	}
	caliper2 := pairCaliper * pairCaliper
	var out rowPairs
	var edges, best []pairEdge
	state := make([]int8, len(free)) // per position in free: 0 no candidate, 1 candidate, 2 paired
	for len(free) >= 2 {
		edges = edges[:0]
		m := min(pairCandidates, len(free)-1)
		clear(state[:len(free)])
		for p, i := range free {
			best = best[:0]
			worst := caliper2
			offer := func(q int) {
				e := pairEdge{i: min(p, q), j: max(p, q), d2: dist2(i, free[q])}
				if e.d2 > caliper2 || len(best) == m && !before(e, best[m-1]) {
					return
				}
				at := len(best)
				for at > 0 && before(e, best[at-1]) {
					at--
				}
				best = slices.Insert(best, at, e)
				if len(best) > m {
					best = best[:m]
				}
				if len(best) == m {
					worst = best[m-1].d2
				}
			}
			for q := p - 1; q >= 0; q-- {
				if g := first[i] - first[free[q]]; g*g > worst {
					break
				}
				offer(q)
			}
			for q := p + 1; q < len(free); q++ {
				if g := first[free[q]] - first[i]; g*g > worst {
					break
				}
				offer(q)
			}
			if len(best) > 0 {
				state[p] = 1
			}
			edges = append(edges, best...)
		}
		if len(edges) == 0 {
			break
		}
		slices.SortFunc(edges, func(e, f pairEdge) int {
			switch {
			case before(e, f):
				return -1
			case before(f, e):
				return 1
			}
			return 0
		})
		for _, e := range edges {
			if state[e.i] == 2 || state[e.j] == 2 {
				continue
			}
			state[e.i], state[e.j] = 2, 2
			out.a, out.b = append(out.a, int32(free[e.i])), append(out.b, int32(free[e.j]))
		}
		// Rows without a candidate within the caliper never get one.
		next := free[:0]
		for p, i := range free {
			if state[p] == 1 {
				next = append(next, i)
			}
		}
		free = next
	}
	return out
}

// medianDistance is the median x_A distance of the pairs (0 with none).
func (p rowPairs) medianDistance() float64 {
	if len(p.dist) == 0 {
		return 0
	}
	d := slices.Clone(p.dist)
	slices.Sort(d)
	m := len(d) / 2
	if len(d)%2 == 1 {
		return d[m]
	}
	return (d[m-1] + d[m]) / 2
}
