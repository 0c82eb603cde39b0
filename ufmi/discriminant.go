package ufmi

import (
	"slices"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// The local-linear fit's second coordinate (locallinear.go): the rows' score
// on a linear discriminant, cross-fitted.
//
// The fit removes the forest kernel's first-order smoothing along its
// coordinates. Where the information lies along a direction that mixes many
// columns (weak features each carrying a little, or contrasts between
// correlated columns), an axis-aligned forest's leaves are wide along it and
// the pilot's two top columns see only part of the slope. The discriminant
// coordinate is the direction that best separates the classes beyond the
// first coordinate's column: every other numeric complete column (at most
// maxDiscriminantColumns, the pilot's highest weighted) on its normal scores
// (ranks, so that the estimate stays invariant under monotone transforms),
// the first column regressed out, then Fisher's first discriminant against
// the pooled within-class covariance (correlations shrunk toward 0 by
// columns/(rows − classes)).
//
// The direction depends on the labels, and a row scored on a direction its
// own label helped fit would see its label in its coordinate: at d = 50 on
// data without information that lifted the estimate of I(X;Y) from 0 to
// 0.03 nats. So the rows are dealt into discriminantFolds folds (row i into
// fold i mod discriminantFolds) and each row is scored on the direction
// fitted to the other folds.

// discriminantFolds is the number of folds of the discriminant's
// cross-fitting.
const discriminantFolds = 5

// maxDiscriminantColumns bounds the columns the discriminant combines (the
// pilot's highest weighted), and with them its cost: O(n·d²) to gather,
// O(d³) per fold to solve.
const maxDiscriminantColumns = 64

// discriminantCoordinate returns the rows' ranks in (0, 1) on the
// cross-fitted discriminant of y (k classes) over the numeric complete
// columns of x other than first, first regressed out (first < 0: none),
// ordered by weights (nil: index order); nil when there are fewer than two
// such columns, too few rows to fit a fold's direction, or its covariance
// is singular, and nil when column second (second < 0: none; one of the
// combined columns), first regressed out as well, separates the classes at least as well as the
// discriminant's out-of-fold scores (fisherRatio): where the information
// lies in two columns, as in the paper's simulations, the pilot's second
// column carries it without the discriminant's noise.
func discriminantCoordinate(x *Features, y []int, k, first, second int, weights []float64) []float64 {
	var cols []int
	for j := 0; j < x.d; j++ {
		if j != first && x.Kind(j) == Numeric && x.Missing(j) == 0 {
			cols = append(cols, j)
		}
	}
	if len(weights) == x.d {
		sort.SliceStable(cols, func(a, b int) bool { return weights[cols[a]] > weights[cols[b]] })
	}
	cols = cols[:min(len(cols), maxDiscriminantColumns)]
	n, d := x.n, len(cols)
	if d < 2 || n < discriminantFolds*(d+k+2) {
		return nil // the discriminant of one column is that column
	}
	scores := newNormalScores(n)
	z := make([][]float64, d)
	for a, j := range cols {
		z[a] = scores.of(x.cols[j])
	}
	if first >= 0 {
		regressOut(z, scores.of(x.cols[first]))
	}
	// The second column is among the combined ones (the pilot's highest
	// after first), so its residual is already at hand.
	var rival []float64
	if a := slices.Index(cols, second); a >= 0 {
		rival = z[a]
	}
	if z = varying(z); len(z) < 2 {
		return nil
	}
	out := crossFittedScores(z, y, k)
	if out == nil || rival != nil && fisherRatio(rival, y, k) >= fisherRatio(out, y, k) {
		return nil
	}
	ranks := metrics.MidRanks(out)
	for i, r := range ranks {
		ranks[i] = (r - 0.5) / float64(n)
	}
	return ranks
}

// crossFittedScores returns each row's score on the first discriminant of
// columns z fitted to the folds without its own (row i in fold i mod
// discriminantFolds), the folds' directions signed alike so that their
// scores rank together; nil when some fold's direction cannot be fitted.
func crossFittedScores(z [][]float64, y []int, k int) []float64 {
	folds := newFoldScatter(z, y, k)
	out := make([]float64, len(y))
	var reference []float64
	for f := 0; f < discriminantFolds; f++ {
		dir := folds.direction(f)
		if dir == nil {
			return nil
		}
		if reference == nil {
			reference = dir
		} else if dotProduct(dir, reference) < 0 {
			for a := range dir {
				dir[a] = -dir[a]
			}
		}
		for i := f; i < len(y); i += discriminantFolds {
			s := 0.0
			for a := range dir {
				s += dir[a] * z[a][i]
			}
			out[i] = s
		}
	}
	return out
}

// varying returns the columns of z that vary: a constant column, or one
// that only repeats the first column's ranks, has nothing beyond it and
// would make the within-class covariance singular.
func varying(z [][]float64) [][]float64 {
	out := z[:0]
	for _, col := range z {
		if dotProduct(col, col) > 1e-9*float64(len(col)) {
			out = append(out, col)
		}
	}
	return out
}

// fisherRatio is the classes' between-class variance of scores s over their
// within-class variance.
func fisherRatio(s []float64, y []int, k int) float64 {
	sums, counts := make([]float64, k), make([]float64, k)
	mean := 0.0
	for i, c := range y {
		sums[c] += s[i]
		counts[c]++
		mean += s[i] / float64(len(s))
	}
	between, within := 0.0, 0.0
	for c := range sums {
		if counts[c] > 0 {
			m := sums[c] / counts[c]
			between += counts[c] * (m - mean) * (m - mean)
		}
	}
	for i, c := range y {
		d := s[i] - sums[c]/counts[c]
		within += d * d
	}
	if within == 0 {
		return 0
	}
	return between / within
}

// normalScores turns n values into Φ⁻¹ of their mid-ranks r, (r − 1/2)/n.
// Mid-ranks are multiples of 1/2, so the 2n − 1 possible scores are
// computed once (quantile[2r − 2]) for every column.
type normalScores struct {
	quantile []float64
}

func newNormalScores(n int) normalScores {
	q := make([]float64, 2*n-1)
	for j := range q {
		r := 1 + float64(j)/2
		q[j] = distuv.UnitNormal.Quantile((r - 0.5) / float64(n))
	}
	return normalScores{quantile: q}
}

// of returns the normal scores of v (as many values as the table was made
// for).
func (s normalScores) of(v []float64) []float64 {
	out := metrics.MidRanks(v)
	for i, r := range out {
		out[i] = s.quantile[int(2*r+0.5)-2]
	}
	return out
}

// regressOut replaces each column of z by its residual on t (all of mean
// 0, as normal scores are).
func regressOut(z [][]float64, t []float64) {
	tt := dotProduct(t, t)
	if tt == 0 {
		return
	}
	for _, col := range z {
		b := dotProduct(t, col) / tt
		for i := range col {
			col[i] -= b * t[i]
		}
	}
}

// dotProduct is Σ a_i·b_i, summed in index order (floats.Dot's unrolled
// sums round differently, and the coordinate's ranks should not move).
func dotProduct(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// foldScatter holds, per fold of the rows (row i in fold i mod
// discriminantFolds), the class counts, the class sums of the columns and
// the columns' cross-products: what a fold's complement needs for its
// discriminant, by subtraction from the totals.
type foldScatter struct {
	d, k   int
	counts [][]float64 // [fold][class]
	sums   [][]float64 // [fold][class*d+a]
	cross  [][]float64 // [fold][a*d+b], b >= a
}

func newFoldScatter(z [][]float64, y []int, k int) *foldScatter {
	d := len(z)
	s := &foldScatter{d: d, k: k}
	for f := 0; f <= discriminantFolds; f++ { // the last holds the totals
		s.counts = append(s.counts, make([]float64, k))
		s.sums = append(s.sums, make([]float64, k*d))
		s.cross = append(s.cross, make([]float64, d*d))
	}
	row := make([]float64, d)
	for i, c := range y {
		f := i % discriminantFolds
		for a := range row {
			row[a] = z[a][i]
		}
		s.counts[f][c]++
		for a, v := range row {
			s.sums[f][c*d+a] += v
			cross := s.cross[f][a*d:]
			for b := a; b < d; b++ {
				cross[b] += v * row[b]
			}
		}
	}
	total := discriminantFolds
	for f := 0; f < discriminantFolds; f++ {
		floats.Add(s.counts[total], s.counts[f])
		floats.Add(s.sums[total], s.sums[f])
		floats.Add(s.cross[total], s.cross[f])
	}
	return s
}

// direction returns the first linear discriminant of the rows outside fold
// f, or nil when they are too few or their within-class covariance is
// singular.
func (s *foldScatter) direction(f int) []float64 {
	d, k, total := s.d, s.k, discriminantFolds
	counts := make([]float64, k)
	rows := 0.0
	for c := range counts {
		counts[c] = s.counts[total][c] - s.counts[f][c]
		rows += counts[c]
	}
	if rows < float64(d+k+2) {
		return nil
	}
	means := make([]float64, k*d)
	grand := make([]float64, d)
	for c := 0; c < k; c++ {
		for a := 0; a < d; a++ {
			sum := s.sums[total][c*d+a] - s.sums[f][c*d+a]
			grand[a] += sum / rows
			if counts[c] > 0 {
				means[c*d+a] = sum / counts[c]
			}
		}
	}
	// Within-class scatter: Σ zzᵀ − Σ_c n_c m_c m_cᵀ; between: Σ_c n_c
	// (m_c − m)(m_c − m)ᵀ, both over the rows.
	within := mat.NewSymDense(d, nil)
	between := mat.NewSymDense(d, nil)
	dof := rows - float64(k)
	for a := 0; a < d; a++ {
		for b := a; b < d; b++ {
			w := s.cross[total][a*d+b] - s.cross[f][a*d+b]
			btw := 0.0
			for c := 0; c < k; c++ {
				w -= counts[c] * means[c*d+a] * means[c*d+b]
				btw += counts[c] * (means[c*d+a] - grand[a]) * (means[c*d+b] - grand[b])
			}
			within.SetSym(a, b, w/dof)
			between.SetSym(a, b, btw/rows)
		}
	}
	shrink := min(1, float64(d)/dof)
	for a := 0; a < d; a++ {
		for b := a + 1; b < d; b++ {
			within.SetSym(a, b, (1-shrink)*within.At(a, b))
		}
	}
	return firstDiscriminant(within, between)
}

// firstDiscriminant returns the direction v maximising vᵀBv / vᵀWv: with
// W = LLᵀ, v = L⁻ᵀe for e the top eigenvector of L⁻¹BL⁻ᵀ; nil when W is
// not positive definite.
func firstDiscriminant(within, between *mat.SymDense) []float64 {
	d, _ := within.Dims()
	var chol mat.Cholesky
	if !chol.Factorize(within) {
		return nil
	}
	var l, linv mat.TriDense
	chol.LTo(&l)
	if err := linv.InverseTri(&l); err != nil {
		return nil
	}
	var left, whitened mat.Dense
	left.Mul(&linv, between)
	whitened.Mul(&left, linv.T())
	sym := mat.NewSymDense(d, nil)
	for a := 0; a < d; a++ {
		for b := a; b < d; b++ {
			sym.SetSym(a, b, (whitened.At(a, b)+whitened.At(b, a))/2)
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		return nil
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	top := mat.NewVecDense(d, nil)
	for a := 0; a < d; a++ {
		top.SetVec(a, vecs.At(a, d-1)) // the eigenvalues ascend
	}
	var dir mat.VecDense
	dir.MulVec(linv.T(), top)
	return mat.Col(nil, 0, &dir)
}
