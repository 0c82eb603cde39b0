package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// obliqueUF is the default UF with oblique splits.
func obliqueUF() UFConfig {
	uf := DefaultUF()
	uf.Tree.Oblique = true
	return uf
}

// meansUF is the default UF with oblique splits on class-mean differences.
func meansUF() UFConfig {
	uf := obliqueUF()
	uf.Tree.ObliqueDirections = tree.MeanDifferences
	return uf
}

// randomRotation returns the rows of x multiplied by a random orthogonal
// matrix (Gram-Schmidt on Gaussian columns, seeded).
func randomRotation(x [][]float64, seed uint64) [][]float64 {
	d := len(x[0])
	rng := rand.New(rand.NewPCG(seed, 31))
	q := make([][]float64, d)
	for a := range q {
		q[a] = make([]float64, d)
		for {
			for b := range q[a] {
				q[a][b] = rng.NormFloat64()
			}
			for _, prev := range q[:a] {
				dot := 0.0
				for b := range prev {
					dot += prev[b] * q[a][b]
				}
				for b := range prev {
					q[a][b] -= dot * prev[b]
				}
			}
			norm := 0.0
			for _, v := range q[a] {
				norm += v * v
			}
			if norm = math.Sqrt(norm); norm > 1e-6 {
				for b := range q[a] {
					q[a][b] /= norm
				}
				break
			}
		}
	}
	out := make([][]float64, len(x))
	for i, row := range x {
		out[i] = make([]float64, d)
		for a := range q {
			for b, v := range row {
				out[i][a] += q[a][b] * v
			}
		}
	}
	return out
}

// The trunk (information spread over 10 coordinates, truth 0.337 nats at
// n = 2000) and the same rows under a random rotation, by the default UF
// and the default UF with oblique splits. Measured (seeds below):
//
//	            trunk   rotated
//	axis        0.2014  0.2294
//	oblique     0.2060  0.2419
//
// Oblique splits raise the estimate a little, on the trunk and on every
// rotation tried (rotation seeds 0-5: by 0.003 to 0.013), but do not make
// it rotation invariant: a random rotation moves both forests' estimates
// alike (seeds 0-5: axis-aligned by +0.011 to +0.045, oblique by +0.009
// to +0.046), and both stay far below the truth. Sparse ±1 projections
// of 1.5 columns on average, drawn at random, give better classifiers
// (a random forest's accuracy 0.829 → 0.838, Bayes 0.841) but leaves whose
// posteriors still straddle the level sets of the true posterior; the
// rotation that puts μ on an axis (bench/trunk's uf-rotated) gives 0.33.
// The test pins these measurements: oblique above axis-aligned on both
// data sets, both moved alike by the rotation, both below the truth.
func TestObliqueForestOnTheTrunk(t *testing.T) {
	t.Parallel()
	s := sim.TrunkSimulation{N: 2000, D: 10, Prior: 0.5}
	rows, y, err := s.Sample(1)
	if err != nil {
		t.Fatal(err)
	}
	truth, err := s.Truth()
	if err != nil {
		t.Fatal(err)
	}
	estimate := func(rows [][]float64, uf UFConfig) float64 {
		uf.PlugIn = true
		return miWithSeed3(t, rows, y, uf)
	}
	rotated := randomRotation(rows, 0)
	axis, axisRotated := estimate(rows, DefaultUF()), estimate(rotated, DefaultUF())
	oblique, obliqueRotated := estimate(rows, obliqueUF()), estimate(rotated, obliqueUF())
	t.Logf("truth %.4f; axis-aligned %.4f, rotated %.4f; oblique %.4f, rotated %.4f", truth.MI, axis, axisRotated, oblique, obliqueRotated)
	if !(oblique > axis && obliqueRotated > axisRotated) {
		t.Errorf("oblique %.4f and %.4f rotated, axis-aligned %.4f and %.4f: want oblique above", oblique, obliqueRotated, axis, axisRotated)
	}
	if math.Abs((obliqueRotated-oblique)-(axisRotated-axis)) > 0.02 {
		t.Errorf("the rotation moved the oblique estimate by %+.4f, the axis-aligned one by %+.4f: want alike", obliqueRotated-oblique, axisRotated-axis)
	}
	if max(oblique, obliqueRotated, axis, axisRotated) > truth.MI {
		t.Errorf("an estimate above the truth %.4f", truth.MI)
	}
}

// mixedObliqueData is n rows of four numeric columns (the class shifts
// their sum), a categorical column and a noise column, with 20% of the
// cells missing at random.
func mixedObliqueData(t *testing.T, n int, seed uint64) (*Features, []int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	cols := make([]Column, 6)
	for j := range cols {
		cols[j].Values = make([]float64, n)
	}
	cols[4].Kind, cols[4].Levels = Categorical, []string{"a", "b", "c"}
	y := make([]int, n)
	for i := range y {
		y[i] = rng.IntN(2)
		for j := range 4 {
			cols[j].Values[i] = rng.NormFloat64() + 0.6*float64(2*y[i]-1)
		}
		cols[4].Values[i] = float64((rng.IntN(2) + 2*y[i]) % 3)
		cols[5].Values[i] = rng.NormFloat64()
		for j := range cols {
			if rng.Float64() < 0.2 {
				cols[j].Values[i] = math.NaN()
			}
		}
	}
	x, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

// An oblique forest on a categorical column and 20% of missing cells fits,
// routes every training row to the leaf it grew it into, and predicts rows
// with missing cells, without a NaN posterior; its splits include oblique
// ones.
func TestObliqueForestWithCategoricalAndMissingCells(t *testing.T) {
	t.Parallel()
	x, y := mixedObliqueData(t, 1000, 1)
	f, err := FitUF(x, y, withTrees(obliqueUF(), 30), Runtime{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	oblique := 0
	for tr := range f.trees {
		ft := &f.trees[tr]
		for i := 0; i < x.Rows(); i++ {
			if got := ft.tree.LeafOf(x.cols, i); got != ft.rowLeaf[i] {
				t.Fatalf("tree %d, row %d: leaf %d when grown, %d when routed", tr, i, ft.rowLeaf[i], got)
			}
		}
		for id := range ft.tree.Nodes() {
			if ft.tree.Node(id).Oblique {
				oblique++
			}
		}
	}
	if oblique == 0 {
		t.Fatal("no oblique split in the forest")
	}
	test, _ := mixedObliqueData(t, 500, 2)
	proba, err := f.PredictProba(test, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range proba {
		if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.Abs(p[0]+p[1]-1) > 1e-9 {
			t.Fatalf("row %d: posterior %v", i, p)
		}
	}
	imp, err := f.HonestImportance()
	if err != nil {
		t.Fatal(err)
	}
	if !(imp[0] > imp[5] && imp[4] > imp[5]) {
		t.Errorf("honest importances %v: the informative numeric and categorical columns should beat the noise", imp)
	}
	est, err := EstimateMI(x, y, EstimatorConfig{UF: withTrees(obliqueUF(), 30), Runtime: Runtime{Seed: 2}})
	if err != nil || math.IsNaN(est.MI) {
		t.Errorf("estimate %v, %v", est.MI, err)
	}
}

// An oblique forest, and its estimate, do not depend on the number of
// workers; nor does the ObliqueUF preset's, with sharpened posteriors.
func TestObliqueForestIgnoresWorkers(t *testing.T) {
	t.Parallel()
	x, y := mixedObliqueData(t, 600, 3)
	for _, uf := range []UFConfig{obliqueUF(), meansUF(), ObliqueUF()} {
		checkWorkers(t, x, y, withTrees(uf, 12))
	}
}

// checkWorkers fails unless forests of cfg, and their estimates, are the
// same with one worker and with three.
func checkWorkers(t *testing.T, x *Features, y []int, cfg UFConfig) {
	t.Helper()
	var fits [2]*Forest
	var mis [2]float64
	for k, workers := range []int{1, 3} {
		f, err := FitUF(x, y, cfg, Runtime{Seed: 5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		fits[k] = f
		est, err := EstimateMI(x, y, EstimatorConfig{UF: cfg, Runtime: Runtime{Seed: 5, Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		mis[k] = est.MI
	}
	if math.Float64bits(mis[0]) != math.Float64bits(mis[1]) {
		t.Errorf("estimate %v with one worker, %v with three", mis[0], mis[1])
	}
	for tr := range fits[0].trees {
		a, b := &fits[0].trees[tr], &fits[1].trees[tr]
		if a.tree.Nodes() != b.tree.Nodes() {
			t.Fatalf("tree %d: %d nodes with one worker, %d with three", tr, a.tree.Nodes(), b.tree.Nodes())
		}
		for id := range a.tree.Nodes() {
			na, nb := a.tree.Node(id), b.tree.Node(id)
			fa, wa := a.tree.Projection(id)
			fb, wb := b.tree.Projection(id)
			if fmt.Sprint(na, fa, wa) != fmt.Sprint(nb, fb, wb) {
				t.Fatalf("tree %d node %d: %+v %v %v with one worker, %+v %v %v with three", tr, id, na, fa, wa, nb, fb, wb)
			}
		}
		for c := range a.posterior {
			if math.Float64bits(a.posterior[c]) != math.Float64bits(b.posterior[c]) {
				t.Fatalf("tree %d: posteriors differ", tr)
			}
		}
	}
}

// Oblique splits on class-mean differences bring the trunk's estimate
// (d = 10, n = 2000, truth 0.337) to the truth, where axis-aligned and
// random oblique splits stay far below: on data sets 1-3 with seed 3,
// axis-aligned 0.201, 0.203, 0.167; random oblique 0.206, 0.210, 0.172;
// mean differences 0.328, 0.347, 0.288 (0.12 to 0.14 above both). The
// test asks for 0.08 above both, and within 0.05 of the truth. It compares
// partitions, so it reads them with the plug-in estimate (PlugIn): the
// default's combined estimate lifts the axis-aligned forests part of the
// way (0.248, 0.256, 0.215) and ObliqueUF's to 0.333, 0.354, 0.290.
func TestMeanDifferenceForestOnTheTrunk(t *testing.T) {
	t.Parallel()
	s := sim.TrunkSimulation{N: 2000, D: 10, Prior: 0.5}
	truth, err := s.Truth()
	if err != nil {
		t.Fatal(err)
	}
	for set := uint64(1); set <= 3; set++ {
		rows, y, err := s.Sample(set)
		if err != nil {
			t.Fatal(err)
		}
		x, err := NewFeatures(rows)
		if err != nil {
			t.Fatal(err)
		}
		var mi [3]float64
		for k, uf := range []UFConfig{DefaultUF(), obliqueUF(), meansUF()} {
			uf.PlugIn = true
			est, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 3}})
			if err != nil {
				t.Fatal(err)
			}
			mi[k] = est.MI
		}
		axis, oblique, means := mi[0], mi[1], mi[2]
		t.Logf("data set %d: truth %.4f; axis-aligned %.4f, random oblique %.4f, mean differences %.4f", set, truth.MI, axis, oblique, means)
		if !(means > axis+0.08 && means > oblique+0.08 && math.Abs(means-truth.MI) < 0.05) {
			t.Errorf("data set %d: mean differences %.4f, axis-aligned %.4f, random oblique %.4f, truth %.4f: want mean differences 0.08 above the others, within 0.05 of the truth",
				set, means, axis, oblique, truth.MI)
		}
	}
}

// A random rotation of the data changes no information, but moves the
// axis-aligned forest's estimate a lot when the signal lies on one axis
// (the separated simulation, d = 10, n = 2000: its boundary becomes
// oblique), and the ObliqueUF preset's far less: measured with seed 3,
// axis-aligned 0.321 -> 0.214, ObliqueUF 0.311 -> 0.306 (truth 0.337; the
// preset before 2026-11-29: 0.310 -> 0.307; before 2026-11-28: 0.303 ->
// 0.304). The test asks the
// axis-aligned estimate to move by more than 0.06 and ObliqueUF's by less
// than a third of that. Like the trunk test it reads the partitions with
// the plug-in.
func TestRotationMovesObliqueUFFarLess(t *testing.T) {
	t.Parallel()
	s := sim.MISimulation{Setting: sim.Separated, N: 2000, D: 10, Prior: 0.5, Mu: 1}
	rows, y, err := s.Sample(1)
	if err != nil {
		t.Fatal(err)
	}
	estimate := func(rows [][]float64, uf UFConfig) float64 {
		uf.PlugIn = true
		return miWithSeed3(t, rows, y, uf)
	}
	rotated := randomRotation(rows, 2)
	axis, axisRotated := estimate(rows, DefaultUF()), estimate(rotated, DefaultUF())
	oblique, obliqueRotated := estimate(rows, ObliqueUF()), estimate(rotated, ObliqueUF())
	t.Logf("axis-aligned %.6f -> %.6f rotated; ObliqueUF %.6f -> %.6f", axis, axisRotated, oblique, obliqueRotated)
	moveAxis, moveOblique := math.Abs(axisRotated-axis), math.Abs(obliqueRotated-oblique)
	if !(moveAxis > 0.06 && moveOblique < moveAxis/3) {
		t.Errorf("the rotation moved the axis-aligned estimate by %.4f and ObliqueUF's by %.4f: want more than 0.06, and less than a third of it", moveAxis, moveOblique)
	}
}

// miWithSeed3 is the MI estimate of a UF with seed 3 on rows and labels y.
func miWithSeed3(t *testing.T, rows [][]float64, y []int, uf UFConfig) float64 {
	t.Helper()
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	est, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	return est.MI
}

// Features informative only together are not starved by ObliqueUF: on XOR
// data (the class is the sign of x1·x2, I = log 2) with three noise
// features, n = 2000, the class means differ along no direction, the nodes
// fall back to axis-aligned splits and the screening pilot (which examines
// every feature) keeps x1 and x2. Measured with seed 3: the default UF
// 0.6780, ObliqueUF 0.6702 (the preset before 2026-11-29 0.6699, before
// 2026-11-28 0.6769; with the
// plug-in, before the one-step, 0.6594 and 0.6427; 0.5752 when every
// column entered a direction, noise columns included). The test asks ObliqueUF to be within 0.03 of
// the default and above 0.55.
func TestObliqueUFOnXOR(t *testing.T) {
	t.Parallel()
	const n, d = 2000, 5
	rng := rand.New(rand.NewPCG(6, 6))
	rows, y := make([][]float64, n), make([]int, n)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
		}
		if rows[i][0]*rows[i][1] > 0 {
			y[i] = 1
		}
	}
	axis, oblique := miWithSeed3(t, rows, y, DefaultUF()), miWithSeed3(t, rows, y, ObliqueUF())
	t.Logf("XOR, I = %.4f: default UF %.4f, ObliqueUF %.4f", math.Log(2), axis, oblique)
	if !(math.Abs(oblique-axis) < 0.03 && oblique > 0.55) {
		t.Errorf("ObliqueUF %.4f, default %.4f: want within 0.03 of the default and above 0.55", oblique, axis)
	}
}

// I(X;Y) does not change when a feature is transformed monotonically. The
// axis-aligned default's partition depends on the features' ranks alone,
// so its estimate hardly moves; ObliqueUF's directions combine values, so
// a transform bends the boundary they approximate. Measured on the trunk at
// n = 2000, d = 10 (seed 1 data, seed 3 forests, every column cubed): the
// default 0.3093 → 0.3093 (its discriminant coordinate is fitted on normal
// scores of ranks; 0.3019 → 0.3020 on 2026-11-30; the 2026-11-29 default
// 0.2491 → 0.2492), ObliqueUF 0.3360 → 0.2936 (truth 0.3368; the preset
// before 2026-11-29 0.3354 → 0.2935). The test asks the default to move by less than 0.001 and
// ObliqueUF by more than 0.02.
func TestMonotoneTransformsAndObliqueUF(t *testing.T) {
	t.Parallel()
	s := sim.TrunkSimulation{N: 2000, D: 10, Prior: 0.5}
	rows, y, err := s.Sample(1)
	if err != nil {
		t.Fatal(err)
	}
	cubed := make([][]float64, len(rows))
	for i, r := range rows {
		cubed[i] = make([]float64, len(r))
		for j, v := range r {
			cubed[i][j] = v * v * v
		}
	}
	axis, axisCubed := miWithSeed3(t, rows, y, DefaultUF()), miWithSeed3(t, cubed, y, DefaultUF())
	oblique, obliqueCubed := miWithSeed3(t, rows, y, ObliqueUF()), miWithSeed3(t, cubed, y, ObliqueUF())
	t.Logf("default %.4f -> %.4f cubed; ObliqueUF %.4f -> %.4f", axis, axisCubed, oblique, obliqueCubed)
	if math.Abs(axisCubed-axis) > 0.001 || !(math.Abs(obliqueCubed-oblique) > 0.02) {
		t.Errorf("cubing every column: default %.4f -> %.4f, ObliqueUF %.4f -> %.4f: want the default to move by less than 0.001 and ObliqueUF by more than 0.02",
			axis, axisCubed, oblique, obliqueCubed)
	}
}
