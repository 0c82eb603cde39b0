package ufmi

import (
	"math"
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
