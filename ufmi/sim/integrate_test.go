package sim

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

// The 7-point Gauss half of the rule must be gonum's Gauss–Legendre rule.
func TestIntegrateGaussNodesMatchGonumLegendre(t *testing.T) {
	t.Parallel()
	x, w := make([]float64, 7), make([]float64, 7)
	quad.Legendre{}.FixedLocations(x, w, -1, 1)
	for k := range 4 {
		node, weight := integrateNodes[2*k+1], integrateGaussWeights[k]
		found := false
		for i := range x {
			if math.Abs(x[i]-node) < 1e-14 {
				found = true
				if math.Abs(w[i]-weight) > 1e-14 {
					t.Errorf("Gauss weight at %v: got %v, gonum %v", node, weight, w[i])
				}
			}
		}
		if !found {
			t.Errorf("Gauss node %v is not a 7-point Legendre node %v", node, x)
		}
	}
}

// Kronrod-15 integrates polynomials up to degree 22 exactly and Gauss-7 up to
// degree 13, so the error bound |K - G| vanishes only up to degree 13.
func TestIntegrateGK15PolynomialExactness(t *testing.T) {
	t.Parallel()
	a, b := -0.7, 1.9
	for k := 0; k <= 22; k++ {
		f := func(x float64) float64 { return math.Pow(x, float64(k)) }
		want := (math.Pow(b, float64(k+1)) - math.Pow(a, float64(k+1))) / float64(k+1)
		got := integrateGK15(f, a, b)
		if math.Abs(got.value-want) > 1e-13*max(1, math.Abs(want)) {
			t.Errorf("degree %d: Kronrod %v, want %v", k, got.value, want)
		}
		gaussExact := got.err <= 1e-13*max(1, math.Abs(want))
		if gaussExact != (k <= 13) {
			t.Errorf("degree %d: |K-G| = %v, Gauss-7 should be exact iff degree <= 13", k, got.err)
		}
	}
}

func TestIntegrateLineClosedForms(t *testing.T) {
	t.Parallel()
	normalEntropy := func(sd float64) float64 {
		return integrateMust(t, func(x float64) float64 {
			l := simLogNormal(x, 1.5, sd)
			return -math.Exp(l) * l
		}, []float64{1.5 - 12*sd, 1.5, 1.5 + 12*sd})
	}
	mixture := func(x float64) float64 {
		return 0.3*math.Exp(simLogNormal(x, -2, 0.1)) + 0.7*math.Exp(simLogNormal(x, 3, 2))
	}
	mixtureMoment := func(x float64) float64 { return x * mixture(x) }
	mixtureBreaks := []float64{3 - 12*2, -2, 3, 3 + 12*2}
	cases := []struct {
		name      string
		got, want float64
	}{
		{"entropy of N(1.5, 0.3²)", normalEntropy(0.3), 0.5 * math.Log(2*math.Pi*math.E*0.09)},
		{"entropy of N(1.5, 2²)", normalEntropy(2), 0.5 * math.Log(2*math.Pi*math.E*4)},
		{"mass of a two-component mixture", integrateMust(t, mixture, mixtureBreaks), 1},
		{"mean of a two-component mixture", integrateMust(t, mixtureMoment, mixtureBreaks), 0.3*-2 + 0.7*3},
		{"∫ sin on [0, π]", integrateMust(t, math.Sin, []float64{0, math.Pi}), 2},
		{"∫ 1/(1+x²) on [-1, 1]", integrateMust(t, func(x float64) float64 { return 1 / (1 + x*x) }, []float64{-1, 1}), math.Pi / 2},
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: got %.12f, want %.12f", c.name, c.got, c.want)
		}
	}
}

func TestIntegratePlaneClosedForms(t *testing.T) {
	t.Parallel()
	const rho = 0.6
	logDensity := func(x, y float64) float64 {
		q := (x*x - 2*rho*x*y + y*y) / (1 - rho*rho)
		return -0.5*q - math.Log(2*math.Pi) - 0.5*math.Log(1-rho*rho)
	}
	breaks := []float64{-12, 0, 12}
	cases := []struct {
		name string
		f    func(x, y float64) float64
		want float64
	}{
		{"mass of a correlated normal", func(x, y float64) float64 { return math.Exp(logDensity(x, y)) }, 1},
		{"E[X²Y²] = 1 + 2ρ²", func(x, y float64) float64 { return x * x * y * y * math.Exp(logDensity(x, y)) }, 1 + 2*rho*rho},
		{"entropy log(2πe) + log(1-ρ²)/2", func(x, y float64) float64 {
			l := logDensity(x, y)
			return -math.Exp(l) * l
		}, math.Log(2*math.Pi*math.E) + 0.5*math.Log(1-rho*rho)},
	}
	for _, c := range cases {
		got, err := integratePlane(c.f, breaks, breaks, integrateAbsTol, integrateRelTol)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: got %.12f, want %.12f", c.name, got, c.want)
		}
	}
}

func TestIntegrateLineErrors(t *testing.T) {
	t.Parallel()
	one := func(float64) float64 { return 1 }
	// 1/√x is integrable on (0, 1] but its error bound near 0 only shrinks
	// like √h, so no floating-point subdivision reaches 1e-300.
	invSqrt := func(x float64) float64 { return 1 / math.Sqrt(x) }
	cases := []struct {
		name, want string
		f          func(float64) float64
		breaks     []float64
		absTol     float64
	}{
		{"one breakpoint", "at least two breakpoints", one, []float64{0}, 1e-10},
		{"decreasing breakpoints", "must increase", one, []float64{0, 2, 1}, 1e-10},
		{"pole at a node", "not finite", func(x float64) float64 { return 1 / x }, []float64{-1, 1}, 1e-10},
		{"unreachable tolerance", "reached error bound", invSqrt, []float64{0, 1}, 1e-300},
	}
	for _, c := range cases {
		v, err := integrateLine(c.f, c.breaks, c.absTol, 0)
		if err == nil || !strings.HasPrefix(err.Error(), "ufmi: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if c.name == "unreachable tolerance" && math.Abs(v-2) > 1e-6 {
			t.Errorf("%s: best estimate %v, want 2", c.name, v)
		}
	}
}

// integrateMust integrates at the default tolerance and fails the test on error.
func integrateMust(t *testing.T, f func(float64) float64, breaks []float64) float64 {
	t.Helper()
	v, err := integrateLine(f, breaks, integrateAbsTol, integrateRelTol)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// With the class means far apart (Mu up to 2,000 sd) the classes no longer
// overlap, and H(X_signal) has a closed form: the class prior's entropy
// plus each class's Gaussian entropy. The truth integrals must find every
// peak however wide the gap between them (a piece spanning the gap once
// missed them: scaled at Mu 180 read 2.4274 for 2.3797, three_class at Mu
// 2,000 read 0.53 for 3.88).
func TestTruthWithFarApartClasses(t *testing.T) {
	gauss := func(sd float64) float64 { return 0.5*math.Log(2*math.Pi*math.E) + math.Log(sd) }
	for _, c := range []struct {
		setting MISetting
		want    float64 // H(X_signal) once the classes are apart
	}{
		{Separated, math.Log(2) + 2*gauss(1)},
		{ThreeClass, -0.5*math.Log(0.5) - 0.5*math.Log(0.25) + 2*gauss(1)},
		{Scaled, math.Log(2) + 0.5*gauss(1) + 0.5*gauss(0.1) + gauss(1)},
	} {
		for _, mu := range []float64{40, 180, 900, 2000} {
			truth, err := MISimulation{Setting: c.setting, N: 10, D: 2, Prior: 0.5, Mu: mu}.Truth()
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(truth.HXSignal-c.want) > 1e-9 || math.Abs(truth.MI-truth.HY) > 1e-9 {
				t.Errorf("%v, Mu %g: H(X_signal) %.12f, want %.12f; MI %.12f, want H(Y) %.12f", c.setting, mu, truth.HXSignal, c.want, truth.MI, truth.HY)
			}
		}
	}
}
