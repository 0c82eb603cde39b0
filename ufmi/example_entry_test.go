package ufmi_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// The entropy of a posterior and the plug-in entropy of labels, in nats.
func ExampleEntropy() {
	fmt.Printf("H(1/2, 1/2) = %.4f = log 2\n", ufmi.Entropy([]float64{0.5, 0.5}))
	hy, _ := ufmi.LabelEntropy([]int{0, 0, 1, 2})
	fmt.Printf("H(Y) of labels 0, 0, 1, 2 = %.4f\n", hy)
	// Output:
	// H(1/2, 1/2) = 0.6931 = log 2
	// H(Y) of labels 0, 0, 1, 2 = 1.0397
}

// H(Y) of class codes: three equally frequent classes give log 3; a
// label outside 0..K-1 is an error, not a number.
func ExampleLabelEntropy() {
	hy, err := ufmi.LabelEntropy([]int{0, 1, 2, 2, 1, 0})
	fmt.Printf("H(Y) = %.4f (log 3 = %.4f), error %v\n", hy, math.Log(3), err)
	if _, err := ufmi.LabelEntropy([]int{0, -1}); err != nil {
		fmt.Println("a negative code is rejected")
	}
	// Output:
	// H(Y) = 1.0986 (log 3 = 1.0986), error <nil>
	// a negative code is rejected
}

// Method names as the command line spells them, in any case.
func ExampleParseMethod() {
	m, _ := ufmi.ParseMethod("RF-OOB")
	fmt.Println(m == ufmi.MethodRFOOB)
	_, err := ufmi.ParseMethod("svm")
	fmt.Println(err != nil)
	// Output:
	// true
	// true
}

// Presets by name: "plugin" is the default forest with the plug-in estimate
// of H(Y|X) (the mean entropy of its posteriors) instead of the one-step;
// "paper" reproduces the paper's numbers.
func ExampleParseUFPreset() {
	for _, name := range []string{"default", "plugin", "paper", "oblique"} {
		cfg, _ := ufmi.ParseUFPreset(name)
		fmt.Printf("%s: plug-in %v, screening %v, oblique %v\n", name, cfg.PlugIn, !cfg.NoScreening, cfg.Tree.Oblique)
	}
	_, err := ufmi.ParseUFPreset("best")
	fmt.Println(err)
	// Output:
	// default: plug-in false, screening true, oblique false
	// plugin: plug-in true, screening true, oblique false
	// paper: plug-in true, screening false, oblique false
	// oblique: plug-in false, screening true, oblique true
	// ufmi: unknown preset "best" (want default, capped-noise, label-draws, default-2026-12-01c, default-2026-12-01b, default-2026-12-01, default-2026-11-30d, default-2026-11-30c, default-2026-11-30b, default-2026-11-30, default-2026-11-29c, default-2026-11-29b, default-2026-11-29, default-2026-11-28, default-2026-11-27, default-2026-11-25, unsharpened, plugin, paper, authors, oblique, oblique-2026-11-29, oblique-2026-11-28 or oblique-2026-11-25)
}

// Missing cells (NaN) are routed by every split; nothing is imputed.
func ExampleNewFeaturesWithMissing() {
	x, y := shifted(800, 1, 1, 3)
	rows := make([][]float64, x.Rows())
	for i := range rows {
		rows[i] = []float64{x.At(i, 0)}
		if i%5 == 0 {
			rows[i][0] = math.NaN() // a fifth of the cells missing
		}
	}
	xm, err := ufmi.NewFeaturesWithMissing(rows)
	if err != nil {
		panic(err)
	}
	est, _ := ufmi.EstimateMI(xm, y, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	fmt.Printf("I(X;Y) = %.2f nats with 20%% of x missing (0.34 without)\n", est.MI)
	// Output: I(X;Y) = 0.24 nats with 20% of x missing (0.34 without)
}

// A categorical column is split by sets of levels, not by codes.
func ExampleNewColumnFeatures() {
	colour := []float64{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}
	labels := []int{0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1}
	var codes []float64
	var y []int
	for r := 0; r < 40; r++ {
		codes = append(codes, colour...)
		y = append(y, labels...)
	}
	x, err := ufmi.NewColumnFeatures([]ufmi.Column{{Name: "colour", Kind: ufmi.Categorical, Values: codes, Levels: []string{"red", "green", "blue"}}})
	if err != nil {
		panic(err)
	}
	hy, _ := ufmi.LabelEntropy(y)
	est, _ := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	fmt.Printf("%s: I = %.3f of H(Y) = %.3f nats (red is class 0, green and blue class 1)\n", x.Name(0), est.MI, hy)
	// Output: colour: I = 0.637 of H(Y) = 0.637 nats (red is class 0, green and blue class 1)
}

// Features from a gonum matrix, rows by columns.
func ExampleFeaturesFromMatrix() {
	m := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	x, _ := ufmi.FeaturesFromMatrix(m)
	fmt.Println(x.Rows(), x.Cols(), x.At(2, 1))
	// Output: 3 2 6
}

// A random forest's out-of-bag posteriors: each row's from the trees it did
// not grow.
func ExampleFitRF() {
	x, y := shifted(600, 2, 2, 4)
	f, err := ufmi.FitRF(x, y, ufmi.ForestConfig{Trees: 100}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	proba, never := f.OOBProba(0)
	right := 0
	for i, p := range proba {
		if (p[1] > 0.5) == (y[i] == 1) {
			right++
		}
	}
	fmt.Printf("%d trees; out-of-bag accuracy %.2f; rows never out of bag: %d\n", f.Trees(), float64(right)/float64(len(y)), len(never))
	// Output: 100 trees; out-of-bag accuracy 0.97; rows never out of bag: 0
}

// An isotonic-calibrated forest (IRF): forests fitted on folds, their
// held-out posteriors calibrated by a monotone step function.
func ExampleFitCalibrated() {
	x, y := shifted(600, 2, 1, 6)
	cf, err := ufmi.FitCalibrated(x, y, ufmi.CalibratedConfig{Method: ufmi.MethodIRF}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	grid, _ := ufmi.NewFeatures([][]float64{{-3, 0}, {0, 0}, {3, 0}})
	proba, _ := cf.PredictProba(grid, 0)
	fmt.Printf("P(Y=1|x0) at -3, 0, 3: %.2f %.2f %.2f\n", proba[0][1], proba[1][1], proba[2][1])
	// Output: P(Y=1|x0) at -3, 0, 3: 0.05 0.48 0.87
}

// Honest importance: the drop in unbiased Gini impurity among a UF's vote
// rows, about zero (either side) for a feature unrelated to Y.
func ExampleForest_HonestImportance() {
	x, y := shifted(1000, 3, 1, 8)
	f, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 100}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	imp, _ := f.HonestImportance()
	fmt.Printf("signal %.3f, noise %.3f and %.3f\n", imp[0], imp[1], imp[2])
	// Output: signal 0.266, noise 0.000 and -0.000
}

// H(Y|X) of a fitted UF: the one-step estimate for the default forest, the
// mean entropy of the posteriors with PlugIn; the same as EstimateMI's.
func ExampleForest_HonestConditionalEntropy() {
	x, y := shifted(1000, 2, 1, 9)
	for _, plugIn := range []bool{false, true} {
		cfg := ufmi.UFConfig{PlugIn: plugIn}
		f, _ := ufmi.FitUF(x, y, cfg, ufmi.Runtime{Seed: 1})
		h, _ := f.HonestConditionalEntropy(false, nil)
		est, _ := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: cfg, Runtime: ufmi.Runtime{Seed: 1}})
		fmt.Printf("PlugIn %v: H(Y|X) = %.4f, EstimateMI's %.4f\n", plugIn, h, est.HYGivenX)
	}
	// Output:
	// PlugIn false: H(Y|X) = 0.3537, EstimateMI's 0.3537
	// PlugIn true: H(Y|X) = 0.3534, EstimateMI's 0.3534
}

// The kNN estimators estimate I(X;Y) directly; KSG treats the labels as a
// continuous coordinate, Ross's estimator as classes.
func ExampleEstimateMI_knn() {
	x, y := shifted(1000, 1, 1, 10)
	for _, m := range []ufmi.Method{ufmi.MethodRoss, ufmi.MethodMixedKSG} {
		est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Method: m, Runtime: ufmi.Runtime{Seed: 1}})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: I(X;Y) = %.2f nats (exact 0.34)\n", m, est.MI)
	}
	// Output:
	// ross: I(X;Y) = 0.34 nats (exact 0.34)
	// mixed-ksg: I(X;Y) = 0.34 nats (exact 0.34)
}

// MIStatistic is the refit test's statistic for PermutationTest (for a UF,
// the plug-in MI on EstimateMI's forest); any function of the features and
// labels can take its place, such as the statistic of x0 alone.
func ExampleMIStatistic() {
	x, y := shifted(300, 2, 0.5, 11)
	first := func(x *ufmi.Features, y []int, rt ufmi.Runtime) (float64, error) {
		x0, err := x.SelectCols([]int{0})
		if err != nil {
			return 0, err
		}
		return ufmi.MIStatistic(ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 50}})(x0, y, rt)
	}
	res, err := ufmi.PermutationTest(x, y, first, ufmi.PermutationConfig{Permutations: 49, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("statistic of x0 = %.2f, p = %.2f\n", res.Observed, res.PValue)
	// Output: statistic of x0 = 0.14, p = 0.02
}
