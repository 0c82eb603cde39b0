package ufmi

import (
	"math"
	"strings"
	"testing"
)

// A class without votes near a row adds nothing to the capped noise term;
// a class of many votes adds its second-order share (1 - q)/2 · Σ w²; none
// adds more than q·log(q/f).
func TestCappedNoiseOfCapsAbsentClasses(t *testing.T) {
	prior := []float64{0.25, 0.25, 0.25, 0.25}
	const trees, squares = 99, 0.02 // 100 with the pseudo-tree; 50 effective votes
	// Class sums over 99 trees: 60 and 39 for the first two, none for the others.
	got := cappedNoiseOf(squares, []float64{60, 39, 0, 0}, trees, prior)
	q0, q1 := (60+0.25)/100, (39+0.25)/100
	want := (1-q0)/2*squares + (1-q1)/2*squares
	if math.Abs(got-want) > 1e-15 {
		t.Errorf("two present classes, two absent: %v, want %v (the present ones' second order)", got, want)
	}
	if uncapped := 3.0 / 2 * squares; got >= uncapped {
		t.Errorf("capped %v not below the uncapped %v", got, uncapped)
	}
	// A class of a single vote in one tree: capped at q·log(q/f).
	got = cappedNoiseOf(squares, []float64{98.99, 0.01, 0, 0}, trees, prior)
	q1 = (0.01 + 0.25) / 100
	if limit := q1 * math.Log(q1/(0.25/100)); got > (1-(98.99+0.25)/100)/2*squares+limit+1e-15 {
		t.Errorf("a class of one vote: %v exceeds its cap %v", got, limit)
	}
}

// Ten classes along one column with signal (10 × 200 rows, mu = 2): the
// default's noise term, which counts every class near every row, reads
// I(X;Y) high, and the capped one brings the mean error within 0.035 of
// the exact value (TestNoiseTermSignalStudy: +0.083 and -0.017 over 8 data
// sets).
func TestCappedNoiseReadsNearTruthWithManyClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("estimates 3 data sets of 2,000 rows twice")
	}
	t.Parallel()
	const k, per, mu, sets = 10, 200, 2.0, 3
	truth := lineClassesMI(k, mu)
	var def, capped float64
	for r := range sets {
		x, y, err := lineClassesData(k, per, mu, uint64(r))
		if err != nil {
			t.Fatal(err)
		}
		rt := Runtime{Seed: uint64(r + 1)}
		d, err := EstimateMI(x, y, EstimatorConfig{Runtime: rt})
		if err != nil {
			t.Fatal(err)
		}
		c, err := EstimateMI(x, y, EstimatorConfig{UF: cappedNoiseUF(), Runtime: rt})
		if err != nil {
			t.Fatal(err)
		}
		def += (d.MI - truth) / sets
		capped += (c.MI - truth) / sets
	}
	t.Logf("mean error: default %+.4f, capped %+.4f (exact %.4f)", def, capped, truth)
	if math.Abs(capped) > 0.035 || def-capped < 0.04 {
		t.Errorf("10 classes along a column: mean error default %+.3f, capped %+.3f; want capped within 0.035 and 0.04 or more below the default", def, capped)
	}
}

// The capped noise term needs every class's sums, which sharpening keeps.
func TestCappedNoiseNeedsSharpening(t *testing.T) {
	x, y := separatedData(60, 2, 1)
	cfg := cappedNoiseUF()
	cfg.NoSharpening = true
	if _, err := EstimateMI(x, y, EstimatorConfig{UF: cfg}); err == nil || !strings.Contains(err.Error(), "CappedNoise needs every class's out-of-sample posterior") {
		t.Errorf("capped noise without sharpening: %v", err)
	}
	cfg.PlugIn = true // the plug-in has no noise term: nothing to cap
	if _, err := EstimateMI(x, y, EstimatorConfig{UF: cfg}); err != nil {
		t.Errorf("capped noise with the plug-in: %v", err)
	}
}

// With an interval, the capped estimate is the same whatever the workers.
func TestCappedNoiseSameForAnyWorkers(t *testing.T) {
	t.Parallel()
	x, y := separatedData(300, 3, 4)
	var first Estimate
	for i, w := range []int{1, 3} {
		e, err := EstimateMI(x, y, EstimatorConfig{UF: withTrees(cappedNoiseUF(), 40), Confidence: 0.95, Runtime: Runtime{Seed: 2, Workers: w}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = e
		} else if e.MI != first.MI || e.CI != first.CI {
			t.Errorf("%d workers: MI %v %+v, 1 worker %v %+v", w, e.MI, e.CI, first.MI, first.CI)
		}
	}
}
