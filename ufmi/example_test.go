package ufmi_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// Two classes whose first feature is shifted by ±1: I(X;Y) is 0.337 nats.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([][]float64, 2000)
	labels := make([]int, len(rows))
	for i := range rows {
		labels[i] = rng.IntN(2)
		shift := 1 - 2*float64(labels[i])
		rows[i] = []float64{rng.NormFloat64() + shift, rng.NormFloat64()}
	}
	x, _ := ufmi.NewFeatures(rows)
	est, err := ufmi.EstimateMI(x, labels, ufmi.EstimatorConfig{Method: ufmi.MethodUF, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("H(Y) = %.2f nats, I(X;Y) = %.2f nats\n", est.HY, est.MI)
	// Output: H(Y) = 0.69 nats, I(X;Y) = 0.34 nats
}

// Fit an honest forest and read its posteriors.
func ExampleFitUF() {
	var rows [][]float64
	var labels []int
	for i := 0; i < 20; i++ {
		rows = append(rows, []float64{float64(i)}, []float64{float64(30 + i)})
		labels = append(labels, 0, 1)
	}
	x, _ := ufmi.NewFeatures(rows)
	cfg := ufmi.PaperUF()
	cfg.Trees = 100
	forest, err := ufmi.FitUF(x, labels, cfg, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	proba, _ := forest.PredictProbaRows([][]float64{{-5}, {60}}, 0)
	fmt.Printf("P(Y=1|x=-5) = %.2f, P(Y=1|x=60) = %.2f\n", proba[0][1], proba[1][1])
	// Output: P(Y=1|x=-5) = 0.00, P(Y=1|x=60) = 1.00
}

// shifted draws n rows of d features and two balanced classes: feature 0
// is shifted by ±shift with the class, the others are noise.
func shifted(n, d int, shift float64, seed uint64) (*ufmi.Features, []int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	rows := make([][]float64, n)
	labels := make([]int, n)
	for i := range rows {
		labels[i] = rng.IntN(2)
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
		}
		rows[i][0] += shift * (2*float64(labels[i]) - 1)
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		panic(err)
	}
	return x, labels
}

// I(Y; x1 | x0): what feature 1 adds to feature 0. Feature 0 holds the
// signal (exact I(Y; x0) = 0.337 nats) and feature 1 is noise, so x1 adds
// nothing to x0 (estimates are raw, and can read a little below 0) and x0 adds
// everything to x1.
func ExampleConditionalMI() {
	x, y := shifted(1000, 2, 1, 1)
	cfg := ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}}
	noise, err := ufmi.ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		panic(err)
	}
	signal, _ := ufmi.ConditionalMI(x, y, []int{1}, []int{0}, cfg)
	fmt.Printf("I(Y; x1 | x0) = %.2f, I(Y; x0 | x1) = %.2f nats\n", noise.CMI, signal.CMI)
	// Output: I(Y; x1 | x0) = -0.00, I(Y; x0 | x1) = 0.36 nats
}

// A 95% confidence interval for I(X;Y) (exact value 0.337 nats), from the
// one fit of the estimate.
func ExampleEstimateMI_confidenceInterval() {
	x, y := shifted(1000, 2, 1, 1)
	est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Confidence: 0.95, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(X;Y) = %.2f nats, 95%% interval [%.2f, %.2f]\n", est.MI, est.CI.Low, est.CI.High)
	// Output: I(X;Y) = 0.35 nats, 95% interval [0.32, 0.39]
}

// The certified lower bound beside the estimate: H(Y) minus the
// cross-fitted log-loss of the forest's out-of-sample posteriors, and its
// one-sided 95% limit, below which I(X;Y) lies with probability about 5%
// whatever the model (exact value 0.337 nats), and the same bound from a
// cross-fitted logistic regression.
func ExampleEstimateMI_lowerBound() {
	x, y := shifted(1000, 2, 1, 1)
	est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Confidence: 0.95, LowerBound: true, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(X;Y) = %.2f nats, lower bound %.2f, I(X;Y) >= %.2f at 95%%\n", est.MI, est.LowerBound.Value, est.LowerBound.Low)
	// The same bound from a logistic regression: an interval below its
	// limit would be biased low.
	fmt.Printf("linear bound %.2f, I(X;Y) >= %.2f at 95%%\n", est.LinearBound.Value, est.LinearBound.Low)
	// Output:
	// I(X;Y) = 0.35 nats, lower bound 0.34, I(X;Y) >= 0.31 at 95%
	// linear bound 0.36, I(X;Y) >= 0.33 at 95%
}

// The paper's permutation test: the estimate refitted on permuted labels.
// With 99 permutations the smallest possible p-value is 1/100.
func ExamplePermutationTest() {
	x, y := shifted(200, 2, 0.5, 1)
	stat := ufmi.MIStatistic(ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 50}})
	res, err := ufmi.PermutationTest(x, y, stat, ufmi.PermutationConfig{Permutations: 99, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(X;Y) = %.2f nats, p = %.2f\n", res.Observed, res.PValue)
	// Output: I(X;Y) = 0.12 nats, p = 0.01
}

// The fast permutation test fits one forest and permutes only its votes,
// so 999 permutations cost little more than one estimate. 1/1000 is the
// smallest possible p-value.
func ExampleFastPermutationTest() {
	x, y := shifted(500, 2, 0.5, 1)
	cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 100}}
	res, err := ufmi.FastPermutationTest(x, y, cfg, ufmi.PermutationConfig{Permutations: 999, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("p = %.3f\n", res.PValue)
	// Output: p = 0.001
}

// The conditional independence test of H0: I(Y; x_B | x_A) = 0. Feature 0
// holds the signal and feature 1 is a noisy copy of it, x1 = x0 + N(0,
// 0.5²): given x0, x1 adds nothing (H0 holds, although x1 depends on Y
// through x0), while given x1, x0 still adds what the copy's noise hides.
// Shuffling x1 over all rows would break its tie to x0; the test swaps it
// within pairs of rows near in x0 instead.
func ExampleConditionalPermutationTest() {
	one, y := shifted(1000, 1, 1, 1)
	rng := rand.New(rand.NewPCG(2, 7))
	x0 := one.Column(0)
	x1 := make([]float64, len(x0))
	for i, v := range x0 {
		x1[i] = v + 0.5*rng.NormFloat64()
	}
	x, err := ufmi.NewColumnFeatures([]ufmi.Column{{Name: "x0", Values: x0}, {Name: "x1", Values: x1}})
	if err != nil {
		panic(err)
	}
	pc := ufmi.PermutationConfig{Permutations: 999, Runtime: ufmi.Runtime{Seed: 1}}
	for _, c := range []struct{ given, target int }{{0, 1}, {1, 0}} {
		res, err := ufmi.ConditionalPermutationTest(x, y, []int{c.given}, []int{c.target}, ufmi.EstimatorConfig{}, pc)
		if err != nil {
			panic(err)
		}
		fmt.Printf("I(Y; x%d | x%d) = 0: p = %.3f (%d pairs)\n", c.target, c.given, res.PValue, res.Pairs)
	}
	// Output:
	// I(Y; x1 | x0) = 0: p = 0.495 (224 pairs)
	// I(Y; x0 | x1) = 0: p = 0.001 (233 pairs)
}

// The paper's feature-subset table for two features, the signal and a
// noise feature: for each subset X_in, I(Y; X_in), I(Y; X_out | X_in) and
// I(Y; X), one fit each (repeats 1).
func ExampleSubsetTable() {
	x, y := shifted(1000, 2, 1, 1)
	rows, err := ufmi.SubsetTable(x, y, [][]int{{0}, {1}}, 1, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	for _, r := range rows {
		fmt.Printf("X_in = %v: I(Y;X_in) = %.2f, I(Y;X_out|X_in) = %.2f, I(Y;X) = %.2f\n",
			r.Columns, r.MIIn.Mean, r.CMIOutGivenIn.Mean, r.MIAll.Mean)
	}
	// Output:
	// X_in = [0]: I(Y;X_in) = 0.35, I(Y;X_out|X_in) = -0.00, I(Y;X) = 0.35
	// X_in = [1]: I(Y;X_in) = -0.00, I(Y;X_out|X_in) = 0.36, I(Y;X) = 0.35
	// X_in = [0 1]: I(Y;X_in) = 0.35, I(Y;X_out|X_in) = 0.00, I(Y;X) = 0.35
}

// Posteriors P(Y|x) of new rows from a fitted honest forest.
func ExampleForest_PredictProbaRows() {
	x, y := shifted(1000, 1, 1, 1)
	cfg := ufmi.DefaultUF()
	cfg.Trees = 100
	forest, err := ufmi.FitUF(x, y, cfg, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	proba, err := forest.PredictProbaRows([][]float64{{-2}, {0}, {2}}, 0)
	if err != nil {
		panic(err)
	}
	for i, x0 := range []float64{-2, 0, 2} {
		fmt.Printf("P(Y=1 | x = %+.0f) = %.1f\n", x0, proba[i][1])
	}
	// Output:
	// P(Y=1 | x = -2) = 0.0
	// P(Y=1 | x = +0) = 0.5
	// P(Y=1 | x = +2) = 1.0
}
