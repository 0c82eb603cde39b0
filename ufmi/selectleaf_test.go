package ufmi

import (
	"math"
	"sync"
	"testing"
)

// On one feature the default keeps, of the forests with leaves of 6, 12 and
// 24 structure rows, the one whose rows' out-of-sample log-loss is lowest:
// the estimate and interval are that forest's, bit for bit. On two
// features it changes nothing.
func TestSelectLeafKeepsTheBestOfThree(t *testing.T) {
	x2, y, err := lineClassesData(10, 200, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	x1, _ := x2.SelectCols([]int{0})
	cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: 5}}
	got, err := EstimateMI(x1, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var best Estimate
	bestScore := math.Inf(-1)
	for _, leaf := range []int{6, 12, 24} {
		c := cfg
		c.UF = defaultUF20261129c()
		c.UF.Tree.MinSamplesLeaf = leaf
		e, err := EstimateMI(x1, y, c)
		if err != nil {
			t.Fatal(err)
		}
		if s := meanEvaluated(e.parts.phi); s > bestScore {
			best, bestScore = e, s
		}
	}
	if got.MI != best.MI || got.CI != best.CI {
		t.Errorf("default: %v %+v; the best of three: %v %+v", got.MI, got.CI, best.MI, best.CI)
	}
	// Workers do not change the choice or the estimate.
	w := cfg
	w.Workers = 1
	if one, err := EstimateMI(x1, y, w); err != nil || one.MI != got.MI || one.CI != got.CI {
		t.Errorf("one worker: %v %+v (%v), all: %v %+v", one.MI, one.CI, err, got.MI, got.CI)
	}
	plain := cfg
	plain.UF = defaultUF20261129c()
	a, err := EstimateMI(x2, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := EstimateMI(x2, y, plain)
	if err != nil || a.MI != b.MI || a.CI != b.CI {
		t.Errorf("two features: default %v, without leaf selection %v (%v)", a.MI, b.MI, err)
	}
}

// On one column along which 10 classes lie (x ~ N(class, 1), 200 rows
// each; TestSelectedLeavesStudy's cell), leaves of 6 (the 2026-11-29c
// default) read I(X;Y) high by about 0.07 nats; the chosen leaves come
// within 0.03.
func TestSelectLeafOnManyClassesAlongOneColumn(t *testing.T) {
	truth := lineClassesMI(10, 1)
	var def, sel float64
	const sets = 4
	for r := range sets {
		x2, y, err := lineClassesData(10, 200, 1, uint64(r))
		if err != nil {
			t.Fatal(err)
		}
		x1, _ := x2.SelectCols([]int{0})
		for p, uf := range []UFConfig{defaultUF20261129c(), DefaultUF()} {
			e, err := EstimateMI(x1, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			if p == 0 {
				def += (e.MI - truth) / sets
			} else {
				sel += (e.MI - truth) / sets
			}
		}
	}
	t.Logf("mean error: leaves of 6 %+.4f, chosen leaves (the default) %+.4f", def, sel)
	if def < 0.04 || math.Abs(sel) > 0.03 {
		t.Errorf("mean error: leaves of 6 %+.4f (want above +0.04), chosen leaves %+.4f (want within 0.03)", def, sel)
	}
}

// A conditional MI's two fits keep the configured leaves, also on one
// given column: with 5 classes along x1 (x1 ~ N(2·class, 1)) and x2 pure
// noise, I(Y; x2 | x1) = 0. Were the fit on x1 alone to choose its leaves
// as a plain estimate does (its H(Y|x1) from EstimateMI on x1), the
// difference would read high (above +0.015; a probe found 19 of 20
// intervals excluding 0): the fit on both columns keeps the many classes'
// upward bias that the choice takes from the fit on one. Kept, the
// estimate is near 0 and at most 2 of 10 intervals exclude it.
func TestConditionalMIKeepsConfiguredLeaves(t *testing.T) {
	const sets = 10
	var kept, chosen float64
	excluding := 0
	for r := range sets {
		x, y, err := lineClassesData(5, 100, 2, uint64(r))
		if err != nil {
			t.Fatal(err)
		}
		cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
		cmi, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		kept += cmi.CMI / sets
		if cmi.CI.Low > 0 {
			excluding++
		}
		x1, _ := x.SelectCols([]int{0})
		alone, err := EstimateMI(x1, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		chosen += (alone.HYGivenX - cmi.HYGivenAB) / sets
	}
	t.Logf("I(Y; x2 | x1) = 0: kept leaves %+.4f (%d of %d intervals exclude 0); the fit on x1 with chosen leaves %+.4f", kept, excluding, sets, chosen)
	if math.Abs(kept) > 0.015 || excluding > 2 {
		t.Errorf("conditional MI of noise: mean %+.4f, %d of %d intervals exclude 0; want within 0.015 of 0 and at most 2", kept, excluding, sets)
	}
	if chosen < 0.015 {
		t.Errorf("with the fit on x1 choosing its leaves the difference reads %+.4f; the docs say it reads high (above +0.015)", chosen)
	}
}

// With fewer trees than an interval needs, one feature keeps the
// configured leaves (the choice scores the rows' out-of-sample posteriors,
// which need 4 trees): 3 trees estimate as before instead of failing.
func TestFewTreesKeepTheConfiguredLeaves(t *testing.T) {
	x2, y, err := lineClassesData(3, 100, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	x1, _ := x2.SelectCols([]int{0})
	got, err := EstimateMI(x1, y, EstimatorConfig{UF: UFConfig{Trees: 3}, Runtime: Runtime{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	before := defaultUF20261129c()
	before.Trees = 3
	want, err := EstimateMI(x1, y, EstimatorConfig{UF: before, Runtime: Runtime{Seed: 1}})
	if err != nil || got.MI != want.MI {
		t.Errorf("3 trees on one feature: %v, the configured leaves %v (%v)", got.MI, want.MI, err)
	}
}

// Progress counts the three forests of a one-feature estimate and then the
// lower bound's forest without going back: done never falls and the total
// never changes.
func TestSelectLeafProgressRuns(t *testing.T) {
	x2, y, err := lineClassesData(3, 60, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	x1, _ := x2.SelectCols([]int{0})
	var mu sync.Mutex
	last, total, fell := -1, -1, false
	progress := func(done, all int) {
		mu.Lock()
		defer mu.Unlock()
		if done < last || (total >= 0 && all != total) {
			fell = true
		}
		last, total = done, all
	}
	cfg := EstimatorConfig{UF: UFConfig{Trees: 20}, Confidence: 0.95, LowerBound: true, Runtime: Runtime{Seed: 1, Workers: 1, Progress: progress}}
	if _, err := EstimateMI(x1, y, cfg); err != nil {
		t.Fatal(err)
	}
	if fell || last != total {
		t.Errorf("progress went back or changed its total (last %d of %d)", last, total)
	}
}
