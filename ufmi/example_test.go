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
