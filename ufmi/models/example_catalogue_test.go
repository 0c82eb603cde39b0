package models_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// twoClasses draws n rows of two features and two balanced classes; the
// first feature is shifted by ±1 with the class (exact I = 0.337 nats).
func twoClasses(n int, seed uint64) (*ufmi.Features, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		y[i] = rng.IntN(2)
		rows[i] = []float64{rng.NormFloat64() + 2*float64(y[i]) - 1, rng.NormFloat64()}
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		panic(err)
	}
	return x, y
}

// The paper's MI estimators, looped over alike: each Model's Estimator is
// an ufmi.EstimatorConfig for ufmi.EstimateMI. Select keeps some by name.
func ExampleStandard() {
	all := models.Standard(50)
	var names []string
	for _, m := range all {
		names = append(names, m.Name)
	}
	fmt.Println(strings.Join(names, ", "))
	x, y := twoClasses(1000, 1)
	chosen, err := models.Select(all, "UF", "KSG")
	if err != nil {
		panic(err)
	}
	for _, m := range chosen {
		cfg := m.Estimator
		cfg.Seed = 1
		est, err := ufmi.EstimateMI(x, y, cfg)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: I(X;Y) = %.3f nats\n", m.Name, est.MI)
	}
	// Output:
	// UF, UF (paper), RF-oob, RF-split, SigRF, IRF, KSG, Mixed-KSG
	// UF: I(X;Y) = 0.324 nats
	// KSG: I(X;Y) = 0.325 nats
}

// A model as a posterior: Fit grows its forest and returns a Predictor.
// The forests of the paper's posterior experiments, each scored by the
// mean Hellinger distance of its posteriors to the exact ones,
// P(Y=1|x) = 1/(1+exp(-2 x0)), at 500 fresh rows (0 would be perfect).
func ExampleModel_Fit() {
	x, y := twoClasses(1000, 2)
	fresh, _ := twoClasses(500, 3)
	truth := make([][]float64, fresh.Rows())
	for i := range truth {
		p1 := 1 / (1 + math.Exp(-2*fresh.At(i, 0)))
		truth[i] = []float64{1 - p1, p1}
	}
	for _, m := range models.Posterior(100, models.ExperimentUF()) {
		p, err := m.Fit(x, y, 1)
		if err != nil {
			panic(err)
		}
		proba, _ := p.PredictProba(fresh, 0)
		d, _ := metrics.MeanHellinger(proba, truth)
		fmt.Printf("%-5s %.3f\n", m.Name, d)
	}
	// Output:
	// RF    0.121
	// SigRF 0.122
	// IRF   0.108
	// UF    0.056
}

// The constructors: a UF of any configuration, a random forest with its
// MI strategy, a calibrated forest (its trees spread over 5 folds) and a
// kNN estimator, each named for tables and figures (a field a model does
// not use stays 0).
func ExampleUF() {
	cfg := ufmi.DefaultUF()
	cfg.Trees = 100
	ms := []models.Model{
		models.UF("UF-100", cfg),
		models.RF("RF-oob", ufmi.MethodRFOOB, 100, tree.Config{}),
		models.Calibrated("IRF", ufmi.MethodIRF, 100, tree.Config{}),
		models.KNN("KSG-3", ufmi.MethodKSG, 3),
	}
	for _, m := range ms {
		fmt.Printf("%-6s method %-6s UF trees %3d, forest trees %3d, k %d\n",
			m.Name, m.Estimator.Method, m.Estimator.UF.Trees, m.Estimator.Forest.Trees, m.Estimator.KNN.K)
	}
	// Output:
	// UF-100 method uf     UF trees 100, forest trees   0, k 0
	// RF-oob method rf-oob UF trees   0, forest trees 100, k 0
	// IRF    method irf    UF trees   0, forest trees  20, k 0
	// KSG-3  method ksg    UF trees   0, forest trees   0, k 3
}
