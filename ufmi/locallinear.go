package ufmi

import (
	"sort"

	"github.com/ufmi-dev/ufmi/internal/engine"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Local-linear posteriors (the default; UFConfig.NoLocalLinear; docs/inference.md, "Where
// the rest of the bias comes from").
//
// A row's out-of-sample posterior is a weighted mean of other rows' labels,
// the weights those of the forest's kernel. Where the neighbours sit on one
// side of the row (near a class boundary, in the tails), their mean is the
// posterior somewhere else, and the one-step's log-loss pays for it: at
// n = 500 that smoothing is most of what is left of the bias. A local-linear
// fit of the labels on the neighbours' coordinates, with the same weights,
// takes out the first-order part: the row's posterior moves by λ times the
// slope of the labels times the offset of the neighbours' centre from the
// row. The coordinates are ranks in [0, 1], so that the estimate stays
// invariant under monotone transforms of the features: of the numeric,
// complete column the screening pilot weighs most, and of the second, or,
// where it separates the classes better, of the rows' cross-fitted linear
// discriminant beyond the first (discriminant.go; UFConfig.NoDiscriminant).
//
// The fit stays linear in the labels, q_i = Σ_j ℓ_ij·1[y_j], with ℓ_ij =
// w_ij·(1 + λ·(u_j − ū)ᵀv), u_j row j's coordinates less row i's, ū their
// weighted mean and v = −C⁻¹ū (C the weighted covariance of u); the one-step's
// noise term uses Σ_j ℓ_ij², from a sketch of the weights times the
// coordinates. Every sum is centred on the row it belongs to, so that the
// sums of tree blocks add up and the correction needs nothing else.

// localLinearColumns is the number of columns of the local-linear fit: the
// pilot's two most important ones (the paper's simulations carry their
// information in two; each more would add K + 4 or more sums and a sketch per row,
// and was not measured).
const localLinearColumns = engine.LocalLinearCoordinates

// localLinearShrink is λ, the share of the local-linear correction taken: a
// whole correction removed more smoothing but its noise, larger than its
// noise term says at n = 500, over-corrected three classes by 0.01 nats;
// half of it removed most of the smoothing (measured, 16 data sets per cell).
const localLinearShrink = 0.5

// localLinearFloor bounds how far the correction can lower a class's
// posterior: to this share of the uncorrected one.
const localLinearFloor = 0.5

// localLinearMinTrees is the fewest trees whose leaves a row's fit takes:
// a row out of sample in fewer keeps its forest posterior. The fit's
// covariance of a few leaves' rows is near singular, and its correction and
// noise term then swing widely: the interval's tree groups (a tenth of the
// trees each) made the forest's standard error 10 times too large at 40
// trees (0.042 against 0.004 without the fit, separated, n = 400); with
// this minimum it is the unfitted estimate's (0.0041), and at 300 trees,
// where a row is out of sample in about 150 trees and in 15 per group, the
// fit is almost never left out.
const localLinearMinTrees = 8

// localCoordinates are the rows' coordinates for the local-linear fit,
// localLinearColumns per row (coords may be nil where only the layout
// matters, as when tree blocks' sums are turned into an estimate).
type localCoordinates struct {
	coords []float64 // coords[i*localLinearColumns+c]: row i's rank in column c, in (0, 1)
}

// newLocalCoordinates returns the rows' coordinates of the fit: their
// mid-ranks in the numeric columns without missing cells that the feature
// weights rank highest (ties, and every column without weights, in index
// order), and with discriminant, in the second place, their rank on the
// cross-fitted discriminant of the labels y (k classes) beyond the first
// column (discriminantCoordinate), where it can be fitted. There are always
// localLinearColumns coordinates, so that the sums' layout does not depend
// on the data (tree blocks): a coordinate without a column is 0 for every
// row, and the fit leaves it out as it does a coordinate that does not
// vary.
func newLocalCoordinates(x *Features, y []int, k int, weights []float64, discriminant bool) *localCoordinates {
	order := make([]int, 0, x.d)
	for j := 0; j < x.d; j++ {
		if x.Kind(j) == Numeric && x.Missing(j) == 0 {
			order = append(order, j)
		}
	}
	if len(weights) == x.d {
		sort.SliceStable(order, func(a, b int) bool { return weights[order[a]] > weights[order[b]] })
	}
	order = order[:min(len(order), localLinearColumns)]
	lc := &localCoordinates{coords: make([]float64, x.n*localLinearColumns)}
	for c, j := range order {
		for i, r := range metrics.MidRanks(x.cols[j]) {
			lc.coords[i*localLinearColumns+c] = (r - 0.5) / float64(x.n)
		}
	}
	if discriminant && len(order) > 0 {
		second := -1
		if len(order) > 1 {
			second = order[1]
		}
		if ranks := discriminantCoordinate(x, y, k, order[0], second, weights); ranks != nil {
			for i, r := range ranks {
				lc.coords[i*localLinearColumns+1] = r
			}
		}
	}
	return lc
}

// row is row i's coordinates.
func (lc *localCoordinates) row(i int) []float64 {
	return lc.coords[i*localLinearColumns : (i+1)*localLinearColumns]
}

// solveLocalLinear sets v = -C⁻¹ū for the (at most 2) coordinates of mean
// ū and covariance cov, over the coordinates that vary among the
// neighbours (variance above 10⁻¹²; the others get 0): both when C is not
// singular (1 - ρ² above collinear), else the first that varies. It
// reports false when none varies.
func solveLocalLinear(v, mean []float64, cov func(c, e int) float64) bool {
	const tiny = 1e-12
	varies := func(c int) bool { return c < len(mean) && cov(c, c) > tiny }
	if varies(0) && varies(1) {
		c00, c01, c11 := cov(0, 0), cov(0, 1), cov(1, 1)
		if det := c00*c11 - c01*c01; det > collinear*c00*c11 {
			v[0] = -(c11*mean[0] - c01*mean[1]) / det
			v[1] = -(-c01*mean[0] + c00*mean[1]) / det
			return true
		}
	}
	for c := range mean {
		if varies(c) {
			v[c] = -mean[c] / cov(c, c)
			return true
		}
	}
	return false
}

// collinear is the 1 - ρ² of two coordinates below which solveLocalLinear
// takes them as one: where they are proportional among a row's neighbours
// (measured: 1 - ρ² of ±10⁻¹² on a class of 1-2 rows), C⁻¹ turns the
// rounding of the sums, which a forest in cells of trees adds in another
// order, into differences of 10⁻³ in the fitted posterior; at 10⁻⁸ they
// stay below 10⁻⁸ relative. 10⁻¹² until 2026-11-30 (fourth).
const collinear = 1e-8

// localLinearWidth is the number of sums per row the fit adds for k
// classes (engine.OutWidths): Σu (m = localLinearColumns values), Σuuᵀ (its
// m(m+1)/2 upper entries) and Σu·1[y=c] (m·k), each a sum over trees of the
// leaf's mean.
func localLinearWidth(k int) int {
	sums, _ := engine.OutWidths(k, true, true)
	return sums - k
}

// localLinearCorrection turns one row's sums into its corrected class sums:
// classes holds the k class sums over trees (their total is trees), fit the
// localLinearWidth(k) sums of the fit. It writes the corrected sums to
// dst (k values, total trees) and returns the sketch coefficients: the
// row's sketch of ℓ is a·z + Σ_c b[c]·z_c, z the weights' sketch and z_c
// the weights-times-coordinate-c sketches (b has localLinearColumns
// values). A coordinate that does not vary among the neighbours is left
// out, and with none that varies, or fewer than localLinearMinTrees trees,
// the row is left as it is (a = 1, b = 0; solveLocalLinear).
func localLinearCorrection(dst, classes, fit []float64, trees float64, k int, b []float64) (a float64) {
	const m = localLinearColumns
	copy(dst, classes)
	clear(b)
	if trees < localLinearMinTrees {
		return 1
	}
	su, suu, suy := fit[:m], fit[m:m+m*(m+1)/2], fit[m+m*(m+1)/2:]
	var mean [localLinearColumns]float64
	for c := 0; c < m; c++ {
		mean[c] = su[c] / trees
	}
	// C = E[uuᵀ] - ūūᵀ, then v = -C⁻¹ū.
	cov := func(c, e int) float64 {
		if c > e {
			c, e = e, c
		}
		idx := c*m - c*(c-1)/2 + (e - c)
		return suu[idx]/trees - mean[c]*mean[e]
	}
	var v [localLinearColumns]float64
	if !solveLocalLinear(v[:], mean[:], cov) {
		return 1
	}
	// δ_k = λ·vᵀ(Σu·1[y=k]/T − ū·q_k), in sums: T·δ_k.
	vbar := 0.0
	for c := 0; c < m; c++ {
		vbar += v[c] * mean[c]
	}
	total := 0.0
	for kk := 0; kk < k; kk++ {
		shift := 0.0
		for c := 0; c < m; c++ {
			shift += v[c] * suy[c*k+kk]
		}
		shift = localLinearShrink * (shift - vbar*classes[kk])
		dst[kk] = max(classes[kk]+shift, localLinearFloor*classes[kk])
		total += dst[kk]
	}
	if total > 0 {
		scale := trees / total
		for kk := range dst[:k] {
			dst[kk] *= scale
		}
	}
	for c := 0; c < m; c++ {
		b[c] = localLinearShrink * v[c]
	}
	return 1 - localLinearShrink*vbar
}
