package ufmi

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestPlattRecoversLogisticCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	s, y := make([]float64, n), make([]float64, n)
	a, b := -4.0, 2.0
	for i := range s {
		s[i] = rng.Float64()
		if rng.Float64() < 1/(1+math.Exp(a*s[i]+b)) {
			y[i] = 1
		}
	}
	f := fitPlatt(s, y)
	for _, v := range []float64{0.1, 0.5, 0.9} {
		want := 1 / (1 + math.Exp(a*v+b))
		if got := f(v); math.Abs(got-want) > 0.02 {
			t.Errorf("Platt at %v: %v, want %v", v, got, want)
		}
	}
}

func TestIsotonicPAV(t *testing.T) {
	// Classic example: the violators 3,2 and 5,4,4 pool to their means.
	got := pav([]float64{1, 3, 2, 4, 5, 4, 4}, []float64{1, 1, 1, 1, 1, 1, 1})
	want := []float64{1, 2.5, 2.5, 4, 13.0 / 3, 13.0 / 3, 13.0 / 3}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("pav = %v, want %v", got, want)
		}
	}
	// Equal scores are averaged first; outside the range the map clips;
	// between points it interpolates linearly.
	f := fitIsotonic([]float64{0.2, 0.2, 0.4, 0.8}, []float64{0, 1, 0, 1})
	cases := map[float64]float64{0: 1.0 / 3, 0.2: 1.0 / 3, 0.4: 1.0 / 3, 0.6: (1.0/3 + 1) / 2, 0.8: 1, 1: 1}
	for s, want := range cases {
		if got := f(s); math.Abs(got-want) > 1e-12 {
			t.Errorf("isotonic map at %v = %v, want %v", s, got, want)
		}
	}
}

// isotonicBrute checks PAV against the defining property on random data:
// the fit is non-decreasing and no small monotone perturbation lowers the
// squared error.
func TestIsotonicIsMonotoneLeastSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 50; trial++ {
		n := 2 + rng.IntN(12)
		y, w := make([]float64, n), make([]float64, n)
		for i := range y {
			y[i], w[i] = rng.Float64(), 1
		}
		fit := pav(y, w)
		sse := func(f []float64) float64 {
			s := 0.0
			for i := range f {
				s += (f[i] - y[i]) * (f[i] - y[i])
			}
			return s
		}
		base := sse(fit)
		for i := 1; i < n; i++ {
			if fit[i] < fit[i-1]-1e-12 {
				t.Fatalf("pav fit decreases: %v", fit)
			}
		}
		// Shifting any suffix or prefix keeps monotonicity; none may help.
		for cut := 0; cut <= n; cut++ {
			for _, eps := range []float64{-1e-3, 1e-3} {
				g := append([]float64(nil), fit...)
				for i := cut; i < n; i++ {
					g[i] += eps
				}
				ok := true
				for i := 1; i < n; i++ {
					ok = ok && g[i] >= g[i-1]
				}
				if ok && sse(g) < base-1e-12 {
					t.Fatalf("pav fit %v is not optimal for %v", fit, y)
				}
			}
		}
	}
}

func TestCalibratedForests(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	x, y := smallData(rng, 600, 3, 3)
	for _, m := range []Method{MethodSigRF, MethodIRF} {
		cf, err := FitCalibrated(x, y, CalibratedConfig{Method: m, Forest: ForestConfig{Trees: 10}}, Runtime{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		p := predictDistributions(t, cf, x, 3)
		// Same seed, same answer, whatever the worker count.
		cf2, _ := FitCalibrated(x, y, CalibratedConfig{Method: m, Forest: ForestConfig{Trees: 10}}, Runtime{Seed: 1, Workers: 1})
		p2, _ := cf2.PredictProba(x, 1)
		if !sameMatrix(p, p2) {
			t.Fatalf("%v: results depend on the worker count", m)
		}
	}
	if _, err := FitCalibrated(x, y, CalibratedConfig{Folds: 1}, Runtime{}); err == nil {
		t.Error("one fold accepted")
	}
}

// A class whose rows all fall in one fold is absent from that fold's
// training part, whose forest then predicts fewer classes: the ensemble
// still predicts every class (found by FuzzCLI).
func TestCalibratedFoldMissingTheLastClass(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(6, 6))
	x, y := smallData(rng, 60, 2, 2)
	y[17] = 2 // the only row of class 2
	for _, m := range []Method{MethodSigRF, MethodIRF} {
		cf, err := FitCalibrated(x, y, CalibratedConfig{Method: m, Forest: ForestConfig{Trees: 5}}, Runtime{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		predictDistributions(t, cf, x, 3)
	}
}

// predictDistributions returns cf's posteriors of x and fails the test
// unless every row holds the given number of classes and sums to 1.
func predictDistributions(t *testing.T, cf *CalibratedForest, x *Features, classes int) [][]float64 {
	t.Helper()
	p, err := cf.PredictProba(x, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range p {
		s := 0.0
		for _, v := range row {
			s += v
		}
		if len(row) != classes || math.Abs(s-1) > 1e-9 {
			t.Fatalf("row %d is %v, want %d probabilities summing to 1", i, row, classes)
		}
	}
	return p
}

// A fold whose training part holds one class, the rare class's rows all
// held out, is an error naming that class and the remedy; the method's name
// reads in any case, as ParseMethod reads it; a calibrated forest never
// fitted is an error to predict with, not a panic (a reviewer's probe).
func TestCalibratedEdges(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	x, y := smallData(rng, 20, 2, 2)
	for i := range y {
		y[i] = 0
	}
	y[13] = 1 // one row of class 1, and 20 folds: one fold's training part lacks it
	_, err := FitCalibrated(x, y, CalibratedConfig{Folds: 20, Forest: ForestConfig{Trees: 5}}, Runtime{Seed: 1})
	if err == nil || !strings.Contains(err.Error(), "class 1 (1 row)") || !strings.Contains(err.Error(), "fewer folds") ||
		strings.Count(err.Error(), "ufmi:") != 1 {
		t.Errorf("a fold without the rare class: %v", err)
	}
	x, y = smallData(rng, 100, 2, 2)
	if _, err := FitCalibrated(x, y, CalibratedConfig{Method: "IRF", Forest: ForestConfig{Trees: 5}}, Runtime{Seed: 1}); err != nil {
		t.Errorf(`method "IRF": %v`, err)
	}
	if _, err := (&CalibratedForest{}).PredictProba(x, 1); err == nil || !strings.Contains(err.Error(), "never fitted") {
		t.Errorf("an unfitted calibrated forest: %v", err)
	}
}
