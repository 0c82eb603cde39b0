package ufmi_test

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// Every method on the same simulated data, beside the exact truth (package
// sim): the separated setting, 1000 rows of 2 coordinates. The forests
// estimate H(Y|X) and subtract it from H(Y); KSG estimates I(X;Y) directly.
// The random forest's posteriors are overconfident, so both its estimates
// overshoot; the isotonic forest's fall short at this n; the honest forest
// and KSG come close.
func ExampleEstimateMI() {
	setting := sim.MISimulation{Setting: sim.Separated, N: 1000, D: 2, Prior: 0.5}
	rows, y, err := setting.Sample(1)
	if err != nil {
		panic(err)
	}
	truth, _ := setting.Truth()
	x, _ := ufmi.NewFeatures(rows)
	fmt.Printf("truth: I(X;Y) = %.3f nats\n", truth.MI)
	methods := []ufmi.Method{ufmi.MethodUF, ufmi.MethodRFOOB, ufmi.MethodRFSplit, ufmi.MethodIRF, ufmi.MethodKSG}
	for _, m := range methods {
		cfg := ufmi.EstimatorConfig{Method: m, UF: ufmi.UFConfig{Trees: 100}, Forest: ufmi.ForestConfig{Trees: 100}, Runtime: ufmi.Runtime{Seed: 1}}
		est, err := ufmi.EstimateMI(x, y, cfg)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-8s I(X;Y) = %.3f nats\n", m, est.MI)
	}
	// Output:
	// truth: I(X;Y) = 0.337 nats
	// uf       I(X;Y) = 0.328 nats
	// rf-oob   I(X;Y) = 0.433 nats
	// rf-split I(X;Y) = 0.404 nats
	// irf      I(X;Y) = 0.286 nats
	// ksg      I(X;Y) = 0.340 nats
}

// Features from rows of numbers, one row per sample; NaN or Inf is an
// error here (NewFeaturesWithMissing takes NaN as a missing cell).
func ExampleNewFeatures() {
	x, err := ufmi.NewFeatures([][]float64{{1.5, 10}, {2.5, 20}, {3.5, 30}})
	if err != nil {
		panic(err)
	}
	fmt.Println(x.Rows(), "rows,", x.Cols(), "columns; column 1:", x.Column(1))
	_, err = ufmi.NewFeatures([][]float64{{1, 2}, {3, math.NaN()}})
	fmt.Println(err)
	// Output:
	// 3 rows, 2 columns; column 1: [10 20 30]
	// ufmi: feature 1 of row 1 is NaN; remove or impute non-finite values first (NewFeaturesWithMissing treats NaN as missing)
}

// The honest split of one tree: its structure rows (half of the 200) grew
// the partition, its vote rows (the other half) filled the leaf posteriors;
// no row does both.
func ExampleForest_IndexSets() {
	x, y := shifted(200, 2, 1, 1)
	f, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 10}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	sets := f.IndexSets(0)
	fmt.Printf("tree 0: %d structure rows, %d vote rows, %d held out, %d out of bag\n",
		len(sets.Structure), len(sets.Vote), len(sets.Eval), len(sets.OutOfBag))
	// Output: tree 0: 100 structure rows, 100 vote rows, 0 held out, 0 out of bag
}

// Where rows fall: Forest.Apply gives each row's leaf in every tree, and
// Forest.Tree the partition itself, whose Apply routes one row.
func ExampleForest_Apply() {
	x, y := shifted(200, 1, 2, 1)
	f, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 5}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	probe, _ := ufmi.NewFeatures([][]float64{{-3}, {3}})
	leaves, err := f.Apply(probe)
	if err != nil {
		panic(err)
	}
	fmt.Println("leaves of x = -3 in trees 0..4:", leaves[0])
	fmt.Println("leaves of x = +3 in trees 0..4:", leaves[1])
	t := f.Tree(0)
	fmt.Printf("tree 0: %d leaves, depth %d; x = -3 falls in leaf %d\n", t.Leaves(), t.Depth(), t.Apply([]float64{-3}))
	// Output:
	// leaves of x = -3 in trees 0..4: [0 0 0 0 0]
	// leaves of x = +3 in trees 0..4: [2 2 2 2 1]
	// tree 0: 3 leaves, depth 2; x = -3 falls in leaf 0
}

// Classes and posteriors of new rows: Predict is the most probable class
// of PredictProba's posterior.
func ExampleForest_Predict() {
	x, y := shifted(500, 2, 1, 2)
	f, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 100}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	probe, _ := ufmi.NewFeatures([][]float64{{-1.5, 0}, {0.2, 0}, {1.5, 0}})
	classes, _ := f.Predict(probe, 0)
	proba, _ := f.PredictProba(probe, 0)
	for i, c := range classes {
		fmt.Printf("x0 = %+.1f: class %d, P(Y=1|x) = %.2f\n", probe.At(i, 0), c, proba[i][1])
	}
	// Output:
	// x0 = -1.5: class 0, P(Y=1|x) = 0.06
	// x0 = +0.2: class 1, P(Y=1|x) = 0.60
	// x0 = +1.5: class 1, P(Y=1|x) = 0.96
}

// The presets side by side: the default screens features and uses the
// one-step estimate of H(Y|X); the paper's preset grows fully grown trees
// on all features with the plug-in estimate; the authors' scripts hold
// half of the other rows out for evaluation and correct leaves by kappa 3;
// the oblique preset splits on directions from class means.
func ExampleDefaultUF() {
	presets := []struct {
		name string
		cfg  ufmi.UFConfig
	}{{"default", ufmi.DefaultUF()}, {"paper", ufmi.PaperUF()}, {"authors", ufmi.AuthorsUF()}, {"oblique", ufmi.ObliqueUF()}}
	for _, p := range presets {
		fmt.Printf("%-8s structure %.2f, evaluation %.2f, leaf >= %d, kappa %g, plug-in %v, screening %v, oblique %v\n",
			p.name, p.cfg.StructureFraction, p.cfg.EvalShare, p.cfg.Tree.MinSamplesLeaf, p.cfg.Kappa, p.cfg.PlugIn, !p.cfg.NoScreening, p.cfg.Tree.Oblique)
	}
	// Output:
	// default  structure 0.50, evaluation 0.00, leaf >= 6, kappa 0, plug-in false, screening true, oblique false
	// paper    structure 0.50, evaluation 0.00, leaf >= 1, kappa 0, plug-in true, screening false, oblique false
	// authors  structure 0.40, evaluation 0.50, leaf >= 1, kappa 3, plug-in true, screening false, oblique false
	// oblique  structure 0.50, evaluation 0.00, leaf >= 6, kappa 0, plug-in false, screening true, oblique true
}

// On the trunk simulation the information is spread over every coordinate
// and the best boundary is oblique to the axes; the oblique preset follows
// it where axis-aligned splits need many more rows.
func ExampleObliqueUF() {
	trunk := sim.TrunkSimulation{N: 1000, D: 10, Prior: 0.5}
	rows, y, err := trunk.Sample(1)
	if err != nil {
		panic(err)
	}
	truth, _ := trunk.Truth()
	x, _ := ufmi.NewFeatures(rows)
	fmt.Printf("truth %.3f nats\n", truth.MI)
	for _, p := range []struct {
		name string
		cfg  ufmi.UFConfig
	}{{"default", ufmi.DefaultUF()}, {"oblique", ufmi.ObliqueUF()}} {
		p.cfg.Trees = 100
		est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: p.cfg, Runtime: ufmi.Runtime{Seed: 1}})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s UF: %.3f nats\n", p.name, est.MI)
	}
	// Output:
	// truth 0.337 nats
	// default UF: 0.312 nats
	// oblique UF: 0.343 nats
}

// A Progress callback is told how many steps are done (never from two
// goroutines at once): here the 60 trees of the default's screening pilot,
// then the forest's 50. Workers bounds the goroutines; results do not
// depend on it.
func ExampleRuntime() {
	x, y := shifted(300, 2, 1, 1)
	var last, total int
	rt := ufmi.Runtime{Seed: 1, Workers: 2, Progress: func(done, all int) { last, total = done, all }}
	if _, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 50}, rt); err != nil {
		panic(err)
	}
	fmt.Printf("%d of %d steps done\n", last, total)
	// Output: 110 of 110 steps done
}
