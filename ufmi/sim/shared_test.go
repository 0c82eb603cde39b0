package sim

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

// Bayes' rule by hand: with equal priors P(1 | x) = f1 / (f0 + f1), where
// f_k = 1/3 φ(x; 0) + 2/3 φ(x; (5k, 5k)) and φ the standard bivariate normal.
func TestSharedComponentPosteriorMatchesBayesRule(t *testing.T) {
	t.Parallel()
	phi := func(x []float64, m float64) float64 {
		return math.Exp(-((x[0]-m)*(x[0]-m)+(x[1]-m)*(x[1]-m))/2) / (2 * math.Pi)
	}
	var sim SharedComponentSimulation
	for _, x := range [][]float64{{0, 0}, {1, 0.5}, {-2, 3}, {2.5, 2.5}, {4, 6}, {-0.3, -1.2}} {
		f0 := phi(x, 0)/3 + 2*phi(x, -5)/3
		f1 := phi(x, 0)/3 + 2*phi(x, 5)/3
		got := sim.Posterior(x)
		testcheck.Close(t, fmt.Sprintf("P(1 | %v)", x), got[1], f1/(f0+f1), 1e-12)
		testcheck.Close(t, fmt.Sprintf("posterior sum at %v", x), got[0]+got[1], 1, 1e-12)
		mirrored := sim.Posterior([]float64{-x[0], -x[1]})
		testcheck.Close(t, fmt.Sprintf("mirror symmetry at %v", x), mirrored[0], got[1], 1e-12)
	}
}

// Class frequencies are ½ each; within a class, 2/3 of the rows come from its
// own component, which lies beyond x1 + x2 = 5 (resp. below -5) with
// probability Φ(5/√2) ≈ 0.9998; about a third of the rows have a posterior
// within 0.05 of ½ (the reference run found 0.3316 on 54,000 points).
func TestSharedComponentSample(t *testing.T) {
	t.Parallel()
	const n = 20000
	x, y, err := SharedComponentSimulation{N: n}.Sample(3)
	if err != nil {
		t.Fatal(err)
	}
	ones, far, central := 0, 0, 0
	for i, row := range x {
		if len(row) != 2 {
			t.Fatalf("row %d has %d coordinates", i, len(row))
		}
		ones += y[i]
		s := row[0] + row[1]
		if (y[i] == 1 && s > 5) || (y[i] == 0 && s < -5) {
			far++
		}
		if math.Abs(SharedComponentSimulation{}.Posterior(row)[1]-0.5) < 0.05 {
			central++
		}
	}
	testcheck.Close(t, "class 1 frequency", float64(ones)/n, 0.5, 4*math.Sqrt(0.25/n))
	pFar := 2.0/3*0.99977 + 1.0/3*0.00023
	testcheck.Close(t, "own-component share", float64(far)/n, pFar, 4*math.Sqrt(pFar*(1-pFar)/n))
	testcheck.Close(t, "central share", float64(central)/n, 0.3316, 4*math.Sqrt(0.3316*0.6684*(1.0/n+1.0/54000)))

	x2, y2, _ := SharedComponentSimulation{N: n}.Sample(3)
	if !slices.Equal(y, y2) || !slices.EqualFunc(x, x2, slices.Equal) {
		t.Error("the same seed gave different samples")
	}
	_, _, err = SharedComponentSimulation{}.Sample(1)
	testcheck.Error(t, "N = 0", err, "N must")
	_, err = SharedComponentSimulation{}.Posteriors([][]float64{{1, 2}, {3}})
	testcheck.Error(t, "short point", err, "point 1 has 1 coordinates")
	testcheck.Panics(t, "Posterior of a 1-D point", func() { SharedComponentSimulation{}.Posterior([]float64{1}) })
}
