package ufmi

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// The separable limit against numbers worked by hand: 20 rows, two
// balanced classes, p_u = 1 - 0.025^(1/20) = 0.16843, h(p_u) = 0.45338;
// 500 rows of three balanced classes, p_u = 0.0073506, h(p_u) +
// p_u·log 2 = 0.048531.
func TestSeparableLimit(t *testing.T) {
	cases := []struct {
		f    missCount
		want float64
	}{
		{missCount{hy: math.Ln2, k: 2, scored: 20}, 0.23977},
		{missCount{hy: math.Log(3), k: 3, scored: 500}, 1.050081},
		{missCount{hy: math.Ln2, k: 2, scored: 2}, 0}, // p_u = 0.84: Fano bounds nothing
	}
	for _, c := range cases {
		if got := c.f.separableLimit(0.95); math.Abs(got-c.want) > 2e-5 {
			t.Errorf("%+v: limit %.6f, want %.6f", c.f, got, c.want)
		}
	}
}

// Nearly deterministic labels (the scaled setting at mu = 1.5: I = 0.6832
// of H(Y) = log 2, class 1 a spike of sd 0.1 that class 0's tail reaches a
// few times in 1,000 rows): about a fifth of the data sets of 500 rows have
// no row on the wrong side, and read I = H(Y) with an interval of (nearly)
// zero width above the exact value: coverage was 0.79 on 100 data sets,
// every miss such a data set. With the separable limit the intervals of
// those data sets reach down to it; at least 36 of these 40 must cover
// (without the limit about 32 do).
func TestNearlyDeterministicLabelsCover(t *testing.T) {
	s := sim.MISimulation{Setting: sim.Scaled, N: 500, D: 2, Prior: 0.5, Mu: 1.5}
	truth, err := s.Truth()
	if err != nil {
		t.Fatal(err)
	}
	covered, separable, separableCovered := 0, 0, 0
	const sets = 40
	for r := range sets {
		seed := seeds.Derive(93, seeds.Repetition, r)
		x, y := simFeatures(t, s, seed)
		est, err := EstimateMI(x, y, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		in := est.CI.Contains(truth.MI)
		if in {
			covered++
		}
		if est.CI.NoneMisclassified {
			separable++
			if in {
				separableCovered++
			}
			if est.CI.High-est.CI.Low < 0.01 {
				t.Errorf("data set %d: no row misclassified, yet the interval [%.4f, %.4f] is narrower than 0.01", r, est.CI.Low, est.CI.High)
			}
		}
	}
	if covered < 36 || separable < 4 || separableCovered < separable {
		t.Errorf("scaled, mu = 1.5, n = 500: %d of %d intervals cover %.4f (want 36); %d data sets without a misclassified row, %d of them covered (want all, and at least 4 such data sets)",
			covered, sets, truth.MI, separable, separableCovered)
	}
}

// A conditional MI whose fits misclassify no row: with x_A the label and
// x_B noise both fits separate the 200 rows, the estimate is 0 and the
// interval, [0, 0] before, reaches Fano's limit on H(Y | x_A) (0.0912 for
// 200 scored rows: p_u = 1 - 0.025^(1/200) = 0.0183, h(p_u) = 0.0912; more
// for fewer rows); with x_B the label and x_A noise the fit on both
// columns separates the rows and the low end lies at least that limit
// below the normal one.
func TestConditionalMIWithoutMisclassifiedRows(t *testing.T) {
	const n = 200
	y := make([]int, n)
	rows := make([][]float64, n)
	for i := range rows {
		y[i] = i % 2
		rows[i] = []float64{float64(y[i]), float64((i * 7919) % 101)}
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: 3}}
	limit := missCount{hy: math.Ln2, k: 2, scored: n}.entropyLimit(0.95)
	if math.Abs(limit-0.0912) > 5e-4 {
		t.Fatalf("Fano's limit on H(Y|X) for %d rows without error: %.4f, want 0.0912", n, limit)
	}
	noise, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !noise.CI.GivenNoneMisclassified || noise.CI.High < limit || noise.CI.Low != 0 {
		t.Errorf("I(Y; noise | label): %.4f, interval [%.4f, %.4f] (given separable %v), want [0, at least %.4f]",
			noise.CMI, noise.CI.Low, noise.CI.High, noise.CI.GivenNoneMisclassified, limit)
	}
	label, err := ConditionalMI(x, y, []int{1}, []int{0}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	normal := Interval{SE: label.CI.SE}.at(label.CMI, 0.95)
	if !label.CI.NoneMisclassified || label.CI.GivenNoneMisclassified ||
		label.CI.Low > max(0, normal.Low-limit)+1e-12 || label.CI.High != min(normal.High, math.Ln2) {
		t.Errorf("I(Y; label | noise): %.4f, interval [%.4f, %.4f] (separable %v, given %v), want the normal [%.4f, %.4f] (its high end at most log 2) with its low end at least %.4f lower",
			label.CMI, label.CI.Low, label.CI.High, label.CI.NoneMisclassified, label.CI.GivenNoneMisclassified, normal.Low, normal.High, limit)
	}
}

// An MI of K classes is at most log K, and so is the high end of its
// interval: 12 rows of 3 classes, each class apart from the others on x0,
// read I = log 3 with an SE whose normal interval reaches 1.12; the
// interval stops at log 3 (AtMaximum). A conditional MI of two classes on
// 20 rows, the label itself given noise, stops at log 2 likewise (its
// estimate, 0.758, stays raw above it, as a negative estimate stays below
// zero).
func TestIntervalNeverAboveLogK(t *testing.T) {
	cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: 1}}
	rows := make([][]float64, 12)
	y := make([]int, 12)
	for i := range rows {
		y[i] = i % 3
		rows[i] = []float64{float64(y[i]) + float64(i)/100, float64((i * 7) % 12)}
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	e, err := EstimateMI(x, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	uncapped := Interval{SE: e.CI.SE}.at(e.MI, 0.95)
	if uncapped.High <= math.Log(3) {
		t.Fatalf("the normal interval's high end %.4f does not pass log 3: the case no longer tests the cap", uncapped.High)
	}
	if !e.CI.AtMaximum || e.CI.High > math.Log(3) || e.CI.Low > e.CI.High {
		t.Errorf("I = %.4f, interval [%.4f, %.4f] (at maximum %v), want its high end at most log 3 = %.4f",
			e.MI, e.CI.Low, e.CI.High, e.CI.AtMaximum, math.Log(3))
	}

	// The label in runs of 5 rows, so that neighbours in the noise column
	// (which the swapped rest swaps between) hold both labels alike and
	// apart: with y = i mod 2 the label was the noise column's parity.
	rows, y = make([][]float64, 20), make([]int, 20)
	for i := range rows {
		y[i] = (i / 5) % 2
		rows[i] = []float64{float64((i * 7) % 20), float64(y[i])}
	}
	if x, err = NewFeatures(rows); err != nil {
		t.Fatal(err)
	}
	c, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !c.CI.AtMaximum || c.CI.High > math.Ln2 || c.CI.Low > c.CI.High {
		t.Errorf("I(Y; label | noise) = %.4f, interval [%.4f, %.4f], want its high end at most log 2", c.CMI, c.CI.Low, c.CI.High)
	}
	t.Logf("three classes: %.4f [%.4f, %.4f], normal high %.4f; conditional: %.4f [%.4f, %.4f] (at maximum %v)",
		e.MI, e.CI.Low, e.CI.High, uncapped.High, c.CMI, c.CI.Low, c.CI.High, c.CI.AtMaximum)
}

// An estimate whose whole interval lies above log K (a one-step broken on
// few rows per class) gets the unified interval of log K - θ ≥ 0, ending at
// log K and as wide as the unified interval at zero; it used to collapse to
// [log K, log K].
func TestIntervalWhollyAboveLogK(t *testing.T) {
	top := math.Log(3)
	for _, c := range []struct{ estimate, se float64 }{{1.5, 0.05}, {top + 0.3, 0.1}, {3.7, 0.02}} {
		iv := Interval{SE: c.se, misses: missCount{k: 3}}.at(c.estimate, 0.95)
		below, above := boundedInterval(top-c.estimate, c.se, 0.95)
		if !iv.AtMaximum || iv.High != top-below || iv.Low != top-above || !(iv.Low < iv.High) || iv.High > top {
			t.Errorf("estimate %v ± %v: interval [%v, %v] (at maximum %v); want [%v, %v], not empty", c.estimate, c.se, iv.Low, iv.High, iv.AtMaximum, top-above, top-below)
		}
	}
	// An interval that reaches below log K is cut there, as before.
	if iv := (Interval{SE: 0.1, misses: missCount{k: 3}}).at(top, 0.95); iv.High != top || iv.Low != top-1.959963984540054*0.1 {
		t.Errorf("estimate log 3 ± 0.1: [%v, %v], want [log 3 - 1.96·0.1, log 3]", iv.Low, iv.High)
	}
}
