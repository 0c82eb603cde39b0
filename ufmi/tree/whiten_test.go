package tree

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Two Gaussian classes N(±μ, Σ) with μ = (1, 0.5)/2 and correlation 0.8
// in Σ: the best boundary is normal to Σ⁻¹μ ∝ (0.78, −0.28), while the
// class means' difference weighted by the variances alone points along μ
// (0.89, 0.45), 46 degrees away. A Discriminants tree's root splits
// within a few degrees of Σ⁻¹μ; a MeanDifferences tree's does not.
func TestDiscriminantsFollowCorrelatedColumns(t *testing.T) {
	t.Parallel()
	const n, rho = 4000, 0.8
	rng := rand.New(rand.NewPCG(3, 3))
	mu := [2]float64{0.5, 0.25}
	cols := [][]float64{make([]float64, n), make([]float64, n)}
	y := make([]int, n)
	for i := range y {
		sign := 1.0
		if rng.IntN(2) == 1 {
			y[i], sign = 1, -1
		}
		common := math.Sqrt(rho) * rng.NormFloat64()
		for j := range cols {
			cols[j][i] = sign*mu[j] + common + math.Sqrt(1-rho)*rng.NormFloat64()
		}
	}
	// Σ⁻¹μ for Σ = [[1, ρ], [ρ, 1]].
	best := [2]float64{(mu[0] - rho*mu[1]) / (1 - rho*rho), (mu[1] - rho*mu[0]) / (1 - rho*rho)}
	angle := func(rule ObliqueDirections) float64 {
		tree := directionTree(t, cols, y, 1, rule)
		features, weights := tree.Projection(0)
		if !tree.Node(0).Oblique || len(features) != 2 {
			t.Fatalf("%v: root %+v, projection %v %v: want an oblique split on both columns", rule, tree.Node(0), features, weights)
		}
		w := [2]float64{}
		for c, j := range features {
			w[j] = weights[c]
		}
		cos := math.Abs(w[0]*best[0]+w[1]*best[1]) / math.Hypot(w[0], w[1]) / math.Hypot(best[0], best[1])
		return math.Acos(min(cos, 1)) * 180 / math.Pi
	}
	disc, diag := angle(Discriminants), angle(MeanDifferences)
	t.Logf("root direction's angle to Σ⁻¹μ: Discriminants %.1f°, MeanDifferences %.1f°", disc, diag)
	if disc > 5 {
		t.Errorf("Discriminants' root direction is %.1f° from Σ⁻¹μ, want within 5°", disc)
	}
	if diag < 30 {
		t.Errorf("MeanDifferences' root direction is %.1f° from Σ⁻¹μ: the case no longer tells the rules apart", diag)
	}
}

// The Cholesky helpers solve a symmetric positive-definite system and
// refuse a singular one.
func TestCholeskySolve(t *testing.T) {
	a := []float64{4, 0, 0, 2, 3, 0, 1, 0.5, 2} // lower triangle of [[4,2,1],[2,3,0.5],[1,0.5,2]]
	full := [3][3]float64{{4, 2, 1}, {2, 3, 0.5}, {1, 0.5, 2}}
	if !choleskyInPlace(a, 3) {
		t.Fatal("a positive-definite matrix refused")
	}
	v := []float64{1, -2, 3}
	want := slices.Clone(v)
	choleskySolve(a, 3, v)
	for i := range 3 {
		got := 0.0
		for j := range 3 {
			got += full[i][j] * v[j]
		}
		if math.Abs(got-want[i]) > 1e-12 {
			t.Errorf("row %d: A x = %v, want %v", i, got, want[i])
		}
	}
	if choleskyInPlace([]float64{1, 0, 1, 1}, 2) {
		t.Error("a singular matrix factored")
	}
}
