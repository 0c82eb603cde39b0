package ufmi

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// The discriminant coordinate follows the exact log odds where they mix
// correlated columns with coefficients of both signs (the correlated
// trunk, d = 5: 64° from the class means' difference), and beyond a first
// column it carries what that column does not.
func TestDiscriminantCoordinateFollowsTheLogOdds(t *testing.T) {
	s := sim.TrunkSimulation{N: 2000, D: 5, Prior: 0.5, Norm: 1.2247, Corr: 0.8}
	x, y := simFeatures(t, s, seeds.Derive(5, seeds.Repetition, 0))
	logOdds := make([]float64, x.n)
	row := make([]float64, x.d)
	for i := range logOdds {
		for j := range row {
			row[j] = x.cols[j][i]
		}
		p := s.Posterior(row)
		logOdds[i] = math.Log(p[0] / p[1])
	}
	ranks := discriminantCoordinate(x, y, 2, -1, -1, nil)
	if ranks == nil {
		t.Fatal("no discriminant coordinate on 2,000 rows of 5 columns")
	}
	r := math.Abs(spearman(ranks, logOdds))
	t.Logf("rank correlation with the exact log odds: discriminant %.4f, column 0 %.4f", r, math.Abs(spearman(x.cols[0], logOdds)))
	if r < 0.97 {
		t.Errorf("rank correlation of the discriminant with the exact log odds %.3f, want at least 0.97", r)
	}
	for j := 0; j < x.d; j++ {
		if r := math.Abs(spearman(x.cols[j], logOdds)); r > 0.92 {
			t.Fatalf("column %d alone has rank correlation %.3f with the log odds: the case does not need the discriminant", j, r)
		}
	}
	// Beyond column 0, the coordinate is nearly uncorrelated with it.
	beyond := discriminantCoordinate(x, y, 2, 0, -1, nil)
	if r := math.Abs(spearman(beyond, x.cols[0])); r > 0.1 {
		t.Errorf("the discriminant beyond column 0 has rank correlation %.3f with it, want at most 0.1", r)
	}
}

// A row's coordinate comes from a direction fitted without its label: the
// rows of its fold keep their order whatever its label. A direction fitted
// on every row would move them.
func TestDiscriminantCoordinateIsCrossFitted(t *testing.T) {
	s := sim.TrunkSimulation{N: 300, D: 20, Prior: 0.5, Norm: 1}
	x, y := simFeatures(t, s, seeds.Derive(6, seeds.Repetition, 0))
	before := discriminantCoordinate(x, y, 2, -1, -1, nil)
	flipped := slices.Clone(y)
	for i := 0; i < x.n; i += discriminantFolds { // every row of fold 0
		flipped[i] = 1 - flipped[i]
	}
	after := discriminantCoordinate(x, flipped, 2, -1, -1, nil)
	if before == nil || after == nil {
		t.Fatal("no discriminant coordinate on 300 rows of 20 columns")
	}
	for i := 0; i < x.n; i += discriminantFolds {
		for j := i + discriminantFolds; j < x.n; j += discriminantFolds {
			if (before[i] < before[j]) != (after[i] < after[j]) {
				t.Fatalf("rows %d and %d of fold 0 change order when fold 0's labels change", i, j)
			}
		}
	}
	if slices.Equal(before, after) {
		t.Fatal("flipping a fifth of the labels moved no row: the test sees nothing")
	}
}

// Too few rows for the columns, or no column beyond the first, give no
// coordinate (the fit keeps the pilot's second column).
func TestDiscriminantCoordinateNeedsRows(t *testing.T) {
	x, y := benchData(60, 20, 1)
	if got := discriminantCoordinate(x, y, slices.Max(y)+1, 0, -1, nil); got != nil {
		t.Errorf("60 rows of 19 columns gave a discriminant, want none (5 folds of at least columns + classes + 2 rows)")
	}
	two, y2 := benchData(200, 2, 1)
	one, err := NewColumnFeatures([]Column{{Name: "x", Values: two.cols[0]}})
	if err != nil {
		t.Fatal(err)
	}
	if got := discriminantCoordinate(one, y2, slices.Max(y2)+1, 0, -1, nil); got != nil {
		t.Errorf("a single column gave a discriminant beyond itself")
	}
}

// A constant column, or a copy of the first, carries nothing beyond the
// first column and is left out; the others still give a coordinate (such a
// column made the covariance singular and left optdigits, segment and sick
// without one).
func TestDiscriminantCoordinateSkipsColumnsWithoutVariation(t *testing.T) {
	s := sim.TrunkSimulation{N: 1000, D: 5, Prior: 0.5, Norm: 1.2247, Corr: 0.8}
	x, y := simFeatures(t, s, seeds.Derive(8, seeds.Repetition, 0))
	want := discriminantCoordinate(x, y, 2, 0, -1, nil)
	cols := []Column{}
	for j := 0; j < x.d; j++ {
		cols = append(cols, Column{Name: fmt.Sprint("x", j), Values: x.cols[j]})
	}
	cols = append(cols, Column{Name: "constant", Values: make([]float64, x.n)})
	cube := make([]float64, x.n)
	for i, v := range x.cols[0] {
		cube[i] = v * v * v
	}
	cols = append(cols, Column{Name: "cube of x0", Values: cube})
	wider, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	got := discriminantCoordinate(wider, y, 2, 0, -1, nil)
	if want == nil || !slices.Equal(got, want) {
		t.Errorf("with a constant column and a copy of the first: coordinate %v, want the one without them", got != nil)
	}
}

// On data without information the estimate stays near 0 at d = 50, where
// a direction fitted on every row lifted it to about 0.03 nats (its rows
// scored their own labels through it).
func TestDiscriminantLeavesIndependenceAtZero(t *testing.T) {
	if testing.Short() {
		t.Skip("three estimates at d = 50")
	}
	s := sim.MISimulation{Setting: sim.Overlapping, N: 500, D: 50, Prior: 0.5}
	mean := 0.0
	for r := 0; r < 3; r++ {
		seed := seeds.Derive(7, seeds.Repetition, r)
		x, y := simFeatures(t, s, seed)
		e, err := EstimateMI(x, y, EstimatorConfig{Runtime: Runtime{Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		mean += e.MI / 3
	}
	if math.Abs(mean) > 0.01 {
		t.Errorf("mean estimate %.4f at I = 0, d = 50, want within 0.01 of 0", mean)
	}
}

// spearman is the rank correlation of a and b.
func spearman(a, b []float64) float64 {
	return stat.Correlation(metrics.MidRanks(a), metrics.MidRanks(b), nil)
}

// BenchmarkDiscriminantCoordinate times the coordinate alone (20 columns,
// the first regressed out), at n = 1,000 and 10,000.
func BenchmarkDiscriminantCoordinate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		x, y := benchData(n, 20, 1)
		k := slices.Max(y) + 1
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				discriminantCoordinate(x, y, k, 0, 1, nil)
			}
		})
	}
}
