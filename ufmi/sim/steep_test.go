package sim

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

func TestSteepPosteriorClosedForm(t *testing.T) {
	t.Parallel()
	sim := SteepSimulation{D: 4, Alpha: 8}
	cases := []struct {
		x    []float64
		want float64 // P(Y = 1 | x)
	}{
		{[]float64{0.5, 0.5, 0.9, 0.1}, 0.25},
		{[]float64{1, 1, 0, 0}, 1 / ((1 + math.Exp(-4)) * (1 + math.Exp(-4)))},
		{[]float64{0, 1, 0.3, 0.3}, 1 / ((1 + math.Exp(4)) * (1 + math.Exp(-4)))},
		{[]float64{0.7, 0.2, 0.5, 0.5}, 1 / ((1 + math.Exp(-1.6)) * (1 + math.Exp(2.4)))},
	}
	for _, c := range cases {
		got := sim.Posterior(c.x)
		testcheck.Close(t, fmt.Sprintf("P(1 | %v)", c.x), got[1], c.want, 1e-14)
		testcheck.Close(t, fmt.Sprintf("posterior sum at %v", c.x), got[0]+got[1], 1, 1e-15)
	}
	// Noise coordinates do not matter.
	a := sim.Posterior([]float64{0.3, 0.8, 0, 0})
	b := sim.Posterior([]float64{0.3, 0.8, 0.9, 0.4})
	if !slices.Equal(a, b) {
		t.Errorf("posterior depends on noise coordinates: %v vs %v", a, b)
	}
}

// Labels must follow the posterior. By the symmetry σ(t) + σ(-t) = 1,
// P(Y = 1) = 1/4 for every α; and in the quadrant x1, x2 > 1/2,
// P(Y = 1) = ((2/α)(log(1 + e^{α/2}) - log 2))².
func TestSteepSampleFollowsPosterior(t *testing.T) {
	t.Parallel()
	const n = 20000
	for k, alpha := range []float64{1, 8} {
		sim := SteepSimulation{N: n, D: 3, Alpha: alpha}
		x, y, err := sim.Sample(uint64(11 + k))
		if err != nil {
			t.Fatal(err)
		}
		ones, quadrant, quadrantOnes := 0, 0, 0
		for i, row := range x {
			if len(row) != sim.D {
				t.Fatalf("row %d has %d coordinates", i, len(row))
			}
			for j, v := range row {
				if v < 0 || v >= 1 {
					t.Fatalf("coordinate %d of row %d is %v, outside [0, 1)", j, i, v)
				}
			}
			ones += y[i]
			if row[0] > 0.5 && row[1] > 0.5 {
				quadrant++
				quadrantOnes += y[i]
			}
		}
		testcheck.Close(t, fmt.Sprintf("α=%v P(Y=1)", alpha), float64(ones)/n, 0.25, 4*math.Sqrt(0.25*0.75/n))
		q := 2 / alpha * (math.Log1p(math.Exp(alpha/2)) - math.Log(2))
		testcheck.Close(t, fmt.Sprintf("α=%v quadrant share", alpha), float64(quadrant)/n, 0.25, 4*math.Sqrt(0.25*0.75/n))
		testcheck.Close(t, fmt.Sprintf("α=%v P(Y=1 | quadrant)", alpha), float64(quadrantOnes)/float64(quadrant), q*q,
			4*math.Sqrt(q*q*(1-q*q)/float64(quadrant)))
	}
	sim := SteepSimulation{N: 30, D: 2, Alpha: 4}
	x1, y1, _ := sim.Sample(5)
	x2, y2, _ := sim.Sample(5)
	x3, _, _ := sim.Sample(6)
	if !slices.Equal(y1, y2) || !slices.EqualFunc(x1, x2, slices.Equal) || slices.EqualFunc(x1, x3, slices.Equal) {
		t.Error("Sample is not determined by its seed")
	}
}

func TestSteepEvalGrid(t *testing.T) {
	t.Parallel()
	sim := SteepSimulation{D: 4, Alpha: 2}
	const g, draws = 5, 3
	pts, err := sim.EvalGrid(g, draws, 9)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != g*g*draws {
		t.Fatalf("%d points, want %d", len(pts), g*g*draws)
	}
	grid := []float64{0, 0.25, 0.5, 0.75, 1}
	for r := range draws {
		for i := range g {
			for j := range g {
				p := pts[r*g*g+i*g+j]
				if len(p) != sim.D || p[0] != grid[i] || p[1] != grid[j] {
					t.Fatalf("point (%d, %d, %d) = %v, want x1 = %v, x2 = %v", r, i, j, p, grid[i], grid[j])
				}
				for _, v := range p[2:] {
					if v < 0 || v >= 1 {
						t.Fatalf("noise coordinate %v outside [0, 1)", v)
					}
				}
			}
		}
	}
	if pts[0][2] == pts[g*g][2] || pts[0][2] == pts[1][2] {
		t.Error("noise coordinates are not drawn afresh per point")
	}
	again, _ := sim.EvalGrid(g, draws, 9)
	if !slices.EqualFunc(pts, again, slices.Equal) {
		t.Error("EvalGrid is not determined by its seed")
	}
	full, _ := sim.EvalGrid(50, 4, 1)
	if len(full) != 10000 || full[len(full)-1][0] != 1 || full[len(full)-1][1] != 1 {
		t.Errorf("reference grid: %d points, last %v", len(full), full[len(full)-1][:2])
	}
}

func TestSteepValidation(t *testing.T) {
	t.Parallel()
	ok := SteepSimulation{N: 10, D: 2, Alpha: 1}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid simulation rejected: %v", err)
	}
	cases := []struct {
		sim  SteepSimulation
		want string
	}{
		{SteepSimulation{N: 0, D: 2, Alpha: 1}, "N must"},
		{SteepSimulation{N: 10, D: 1, Alpha: 1}, "D must"},
		{SteepSimulation{N: 10, D: 2, Alpha: 0}, "Alpha"},
		{SteepSimulation{N: 10, D: 2, Alpha: -2}, "Alpha"},
		{SteepSimulation{N: 10, D: 2, Alpha: math.NaN()}, "Alpha"},
		{SteepSimulation{N: 10, D: 2, Alpha: math.Inf(1)}, "Alpha"},
	}
	for _, c := range cases {
		_, _, err := c.sim.Sample(1)
		testcheck.Error(t, fmt.Sprintf("Sample %+v", c.sim), err, c.want)
		if c.want != "N must" {
			_, err = c.sim.EvalGrid(3, 1, 1)
			testcheck.Error(t, fmt.Sprintf("EvalGrid %+v", c.sim), err, c.want)
			_, err = c.sim.Posteriors([][]float64{{0.1, 0.2}})
			testcheck.Error(t, fmt.Sprintf("Posteriors %+v", c.sim), err, c.want)
		}
	}
	_, err := ok.EvalGrid(1, 4, 1)
	testcheck.Error(t, "grid of 1", err, "gridSize")
	_, err = ok.EvalGrid(50, 0, 1)
	testcheck.Error(t, "no noise draws", err, "noiseDraws")
	_, err = ok.Posteriors([][]float64{{0.5}})
	testcheck.Error(t, "short point", err, "point 0 has 1 coordinates")
	testcheck.Panics(t, "Posterior with Alpha 0", func() { SteepSimulation{D: 2}.Posterior([]float64{0.1, 0.2}) })
	testcheck.Panics(t, "Posterior of a 1-D point", func() { ok.Posterior([]float64{0.1}) })
}
