package sim

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

// tableSimulation is what the table simulations share.
type tableSimulation interface {
	Sample(seed uint64) ([][]float64, []int, error)
	Posterior(x []float64) []float64
	Truth() (Truth, error)
}

// The means of -log P(y|x) and log(P(y|x)/P(y)) over a sample estimate
// H(Y|X) and I(X;Y); each must be within 4 standard errors of the truth.
func TestTableSimulationTruthsMatchMonteCarlo(t *testing.T) {
	t.Parallel()
	const n = 40000
	sims := []tableSimulation{
		CategoricalSimulation{N: n, Probs: []float64{0.1, 0.3, 0.5, 0.7, 0.9}, Mu: 0.5},
		CategoricalSimulation{N: n, Weights: []float64{0.5, 0.3, 0.2}, Probs: []float64{0, 0.5, 1}, Mu: 1},
		MissingSimulation{N: n, Prior: 0.5, Mu1: 1, Mu2: 0.5, MissingRate: [2]float64{0.3, 0.3}},
		MissingSimulation{N: n, Prior: 0.4, Mu1: 1, Mu2: 0.5, MissingRate: [2]float64{0.1, 0.6}},
	}
	for k, sim := range sims {
		truth, err := sim.Truth()
		if err != nil {
			t.Fatal(err)
		}
		x, y, err := sim.Sample(uint64(10 + k))
		if err != nil {
			t.Fatal(err)
		}
		prior := []float64{0, 0}
		for _, c := range y {
			prior[c] += 1 / float64(n)
		}
		testcheck.Close(t, fmt.Sprintf("sim %d: H(Y) of the sample", k), -prior[0]*math.Log(prior[0])-prior[1]*math.Log(prior[1]), truth.HY, 0.01)
		var condEnt, mi []float64
		for i, row := range x {
			logPost := math.Log(sim.Posterior(row)[y[i]])
			condEnt = append(condEnt, -logPost)
			mi = append(mi, logPost-math.Log(prior[y[i]]))
		}
		simCheckMonteCarlo(t, fmt.Sprintf("sim %d H(Y|X)", k), condEnt, truth.HYGivenX)
		simCheckMonteCarlo(t, fmt.Sprintf("sim %d I(X;Y)", k), mi, truth.MI)
	}
}

// Degenerate cases reduce to the paper's separated setting.
func TestTableSimulationTruthsReduceToSeparated(t *testing.T) {
	t.Parallel()
	sep, err := MISimulation{Setting: Separated, N: 1, D: 1, Prior: 0.3, Mu: 0.8}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := CategoricalSimulation{N: 1, Probs: []float64{0.7, 0.7, 0.7}, Mu: 0.8}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	testcheck.Close(t, "levels without effect", cat.MI, sep.MI, 1e-9)
	miss, err := MissingSimulation{N: 1, Prior: 0.3, Mu1: 0.8, MissingRate: [2]float64{0.2, 0.2}}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	testcheck.Close(t, "X1 missing at random, X2 without effect", miss.MI, 0.8*sep.MI, 1e-9)
	// Missingness as the only signal: I = H(Y) - H(Y | missing or not).
	only, err := MissingSimulation{N: 1, Prior: 0.5, MissingRate: [2]float64{0.1, 0.9}}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	h := func(p float64) float64 { return -p*math.Log(p) - (1-p)*math.Log(1-p) }
	testcheck.Close(t, "missingness alone", only.MI, h(0.5)-h(0.1), 1e-12)
}

func TestTableSimulationValidation(t *testing.T) {
	t.Parallel()
	cases := map[string]interface{ Validate() error }{
		"at least one level":      CategoricalSimulation{N: 1},
		"2 level weights":         CategoricalSimulation{N: 1, Weights: []float64{0.5, 0.5}, Probs: []float64{0.5}},
		"sum to":                  CategoricalSimulation{N: 1, Weights: []float64{0.5, 0.6}, Probs: []float64{0.5, 0.5}},
		"P(Y=1 | level 1)":        CategoricalSimulation{N: 1, Probs: []float64{0.5, 2}},
		"effect size Mu":          CategoricalSimulation{N: 1, Probs: []float64{0.5}, Mu: -1},
		"missing rate of class 1": MissingSimulation{N: 1, Prior: 0.5, MissingRate: [2]float64{0, 1.5}},
		"class prior":             MissingSimulation{N: 1, Prior: 1},
		"sample size":             MissingSimulation{Prior: 0.5},
	}
	for want, s := range cases {
		testcheck.Error(t, want, s.Validate(), want)
	}
}
