package tree

import "math"

// Discriminant directions (Config.ObliqueDirections = Discriminants): the
// node's class-mean direction of MeanDifferences, with its columns chosen
// as there, weighted by the inverse of the columns' pooled within-class
// covariance among the node's rows rather than of their variances alone
// (linear discriminant analysis rather than its diagonal form). Where
// columns are correlated within a class the diagonal weights point along
// what the columns share, which may carry little of the classes'
// difference, while the discriminant weights point where the classes
// differ given it. The correlation matrix is shrunk toward the identity by
// columns/(rows − 2), so that a node with few rows per column leans on the
// diagonal form, and it is not used beyond maxWhitenedColumns columns or
// with fewer than whitenRowsPerColumn rows per column.

// maxWhitenedColumns is the most columns a direction is whitened over
// (beyond them it keeps the diagonal weights): the covariance costs
// columns² per row of the node.
const maxWhitenedColumns = 32

// whitenRowsPerColumn is the fewest rows of the two classes (less 2) per
// column a node whitens with. With fewer, the covariance of nearly
// collinear columns amplifies the class means' noise: on MiceProtein (77
// protein levels, 1,080 rows), whitening from columns + 2 rows on gave
// estimates of 1.92 and 1.94 with SEs of 0.094 and 0.078 for two forest
// seeds (its out-of-sample posteriors missed a few rows badly), against
// 2.03 ± 0.010 unwhitened; from 5 rows per column on, 2.03 ± 0.011. A
// floor of 0.1 on the shrinkage beside this gate moved the correlated
// trunk (bench/coverage -trunk -corr 0.8, n = 2,000, d = 5) further from
// its truth: I(X;Y)'s bias −0.0094 against −0.0062.
const whitenRowsPerColumn = 5

// whitenScratch holds the buffers of whiten.
type whitenScratch struct {
	diff, shift, sd, values []float64
	sums                    [2][]float64 // per class (a, b): each column's sum
	cross                   [2][]float64 // per class: the lower triangle of the cross-products, m×m row-major
}

// whiten replaces the weights of the terms (class-mean differences of
// the classes a and b, na and nb rows, over the noises² of the
// differences: diag) by Σ⁻¹d, d the differences and Σ the pooled
// within-class covariance of the terms' columns among the node's rows
// [start, end), its correlation shrunk toward the identity. It leaves the
// weights as they are where that cannot be solved.
func (b *Builder) whiten(terms []projTerm, noiseSD []float64, rows *sortedRows, start, end, ca, cb int, na, nb float64) {
	m := len(terms)
	dof := na + nb - 2
	if m < 2 || m > maxWhitenedColumns || dof < whitenRowsPerColumn*float64(m) {
		return
	}
	s := &b.whitening
	s.diff, s.shift = resizeFloats(s.diff, m), resizeFloats(s.shift, m)
	s.sd, s.values = resizeFloats(s.sd, m), resizeFloats(s.values, m)
	for c := range 2 {
		s.sums[c], s.cross[c] = resizeFloats(s.sums[c], m), resizeFloats(s.cross[c], m*m)
		clear(s.sums[c])
		clear(s.cross[c])
	}
	for k, tm := range terms {
		s.diff[k] = tm.w * noiseSD[k] * noiseSD[k] // back to the difference of means
	}
	// Sums and cross-products per class, over the node's rows counted with
	// their multiplicities (a column's order lists each copy of a row),
	// each column shifted by its value in the node's first row.
	first := terms[0].col
	order, classes := rows.order[first][start:end], rows.classes[first][start:end]
	rowRank, distinct := b.sorted.rowRank, b.sorted.distinct
	for k, tm := range terms {
		s.shift[k] = distinct[tm.col][rowRank[tm.col][order[0]]]
	}
	for p, r := range order {
		side := 0
		switch int(classes[p]) {
		case ca:
		case cb:
			side = 1
		default:
			continue
		}
		for k, tm := range terms {
			s.values[k] = distinct[tm.col][rowRank[tm.col][r]] - s.shift[k]
		}
		sums, cross := s.sums[side], s.cross[side]
		for k, v := range s.values {
			sums[k] += v
			row := cross[k*m : k*m+k+1]
			for l := range row {
				row[l] += v * s.values[l]
			}
		}
	}
	// The pooled within-class covariance into cross[0]'s lower triangle,
	// then its correlation, shrunk: R = (1−λ) C + λ I.
	r := s.cross[0]
	for k := range m {
		for l := range k + 1 {
			r[k*m+l] = (r[k*m+l] - s.sums[0][k]*s.sums[0][l]/na + s.cross[1][k*m+l] - s.sums[1][k]*s.sums[1][l]/nb) / dof
		}
	}
	for k := range m {
		if s.sd[k] = math.Sqrt(r[k*m+k]); !(s.sd[k] > 0) {
			return
		}
	}
	lambda := float64(m) / dof
	for k := range m {
		for l := range k {
			r[k*m+l] *= (1 - lambda) / (s.sd[k] * s.sd[l])
		}
		r[k*m+k] = 1
	}
	if !choleskyInPlace(r, m) {
		return
	}
	u := s.values
	for k := range m {
		u[k] = s.diff[k] / s.sd[k]
	}
	choleskySolve(r, m, u)
	for k := range m {
		if u[k] /= s.sd[k]; math.IsNaN(u[k]) || math.IsInf(u[k], 0) {
			return
		}
	}
	for k := range terms {
		terms[k].w = u[k]
	}
}

// choleskyInPlace factors the symmetric positive-definite matrix a (m×m,
// row-major, lower triangle read) as L Lᵀ, L in a's lower triangle; false
// when a is not positive definite.
func choleskyInPlace(a []float64, m int) bool {
	for j := range m {
		d := a[j*m+j]
		for k := range j {
			d -= a[j*m+k] * a[j*m+k]
		}
		if !(d > 1e-12) {
			return false
		}
		d = math.Sqrt(d)
		a[j*m+j] = d
		for i := j + 1; i < m; i++ {
			v := a[i*m+j]
			for k := range j {
				v -= a[i*m+k] * a[j*m+k]
			}
			a[i*m+j] = v / d
		}
	}
	return true
}

// choleskySolve solves L Lᵀ x = v in place, L from choleskyInPlace.
func choleskySolve(l []float64, m int, v []float64) {
	for i := range m {
		x := v[i]
		for k := range i {
			x -= l[i*m+k] * v[k]
		}
		v[i] = x / l[i*m+i]
	}
	for i := m - 1; i >= 0; i-- {
		x := v[i]
		for k := i + 1; k < m; k++ {
			x -= l[k*m+i] * v[k]
		}
		v[i] = x / l[i*m+i]
	}
}
