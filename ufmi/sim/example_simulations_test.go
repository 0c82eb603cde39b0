package sim_test

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// Draw a data set, estimate I(X;Y) on it, and compare with the exact truth:
// the pattern of every experiment. Eight coordinates, two of them signal.
func ExampleMISimulation_Sample() {
	setting := sim.MISimulation{Setting: sim.ThreeClass, N: 1500, D: 8, Prior: 1.0 / 3}
	rows, y, err := setting.Sample(1)
	if err != nil {
		panic(err)
	}
	counts := make([]int, 3)
	for _, c := range y {
		counts[c]++
	}
	fmt.Printf("%d rows of %d coordinates, class counts %v\n", len(rows), len(rows[0]), counts)

	x, _ := ufmi.NewFeatures(rows)
	est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 100}, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	truth, _ := setting.Truth()
	fmt.Printf("I(X;Y): estimate %.3f, truth %.3f nats\n", est.MI, truth.MI)
	// Output:
	// 1500 rows of 8 coordinates, class counts [510 502 488]
	// I(X;Y): estimate 0.339, truth 0.349 nats
}

// The exact posterior of a point: the separated setting puts class 0
// around x1 = +1 and class 1 around x1 = -1; noise coordinates are ignored.
func ExampleMISimulation_Posterior() {
	setting := sim.MISimulation{Setting: sim.Separated, N: 1, D: 3, Prior: 0.5}
	for _, x1 := range []float64{-1, 0, 1} {
		p := setting.Posterior([]float64{x1, 0, 5})
		fmt.Printf("x1 = %+.0f: P(Y=0|x) = %.3f\n", x1, p[0])
	}
	// Output:
	// x1 = -1: P(Y=0|x) = 0.119
	// x1 = +0: P(Y=0|x) = 0.500
	// x1 = +1: P(Y=0|x) = 0.881
}

// Settings by the names the reference tables use.
func ExampleParseMISetting() {
	s, err := sim.ParseMISetting("three_class")
	fmt.Println(s == sim.ThreeClass, err)
	_, err = sim.ParseMISetting("circles")
	fmt.Println(err != nil)
	// Output:
	// true <nil>
	// true
}

// The trunk: the information is spread over every coordinate (mean
// μ_j ∝ 1/√j), and the truth is that of one coordinate with effect ||μ||,
// whatever the dimension.
func ExampleTrunkSimulation() {
	for _, d := range []int{1, 10, 100} {
		trunk := sim.TrunkSimulation{N: 100, D: d, Prior: 0.5}
		truth, err := trunk.Truth()
		if err != nil {
			panic(err)
		}
		mu := trunk.Mean()
		fmt.Printf("d = %3d: μ_1 = %.3f, μ_d = %.3f, I(X;Y) = %.4f nats\n", d, mu[0], mu[d-1], truth.MI)
	}
	// Output:
	// d =   1: μ_1 = 1.000, μ_d = 1.000, I(X;Y) = 0.3368 nats
	// d =  10: μ_1 = 0.584, μ_d = 0.185, I(X;Y) = 0.3368 nats
	// d = 100: μ_1 = 0.439, μ_d = 0.044, I(X;Y) = 0.3368 nats
}

// A categorical feature whose levels shift the class, beside a Gaussian
// one: the truth of the pair, and of the levels alone (Mu 0).
func ExampleCategoricalSimulation_Truth() {
	both := sim.CategoricalSimulation{N: 1000, Probs: []float64{0.2, 0.5, 0.8}, Mu: 1}
	levels := both
	levels.Mu = 0
	tb, _ := both.Truth()
	tl, _ := levels.Truth()
	fmt.Printf("levels %v: I(C;Y) = %.4f, I(C,X;Y) = %.4f nats\n", both.Levels(), tl.MI, tb.MI)
	// Output: levels [L0 L1 L2]: I(C;Y) = 0.1285, I(C,X;Y) = 0.3958 nats
}

// Missingness that depends on the class carries information: with equal
// rates (MCAR) a missing X1 only loses information, with unequal ones the
// fact that it is missing tells about Y.
func ExampleMissingSimulation_Truth() {
	for _, rates := range [][2]float64{{0, 0}, {0.3, 0.3}, {0.1, 0.5}} {
		s := sim.MissingSimulation{N: 1000, Prior: 0.5, Mu1: 1, Mu2: 0.5, MissingRate: rates}
		truth, err := s.Truth()
		if err != nil {
			panic(err)
		}
		rows, _, _ := s.Sample(1)
		missing := 0
		for _, r := range rows {
			if math.IsNaN(r[0]) {
				missing++
			}
		}
		fmt.Printf("P(miss | Y) = %v: I = %.4f nats, %d of %d cells of X1 missing\n", rates, truth.MI, missing, len(rows))
	}
	// Output:
	// P(miss | Y) = [0 0]: I = 0.3884 nats, 0 of 1000 cells of X1 missing
	// P(miss | Y) = [0.3 0.3]: I = 0.3053 nats, 289 of 1000 cells of X1 missing
	// P(miss | Y) = [0.1 0.5]: I = 0.3750 nats, 290 of 1000 cells of X1 missing
}

// The paper's first figure: the classes share a component at the origin,
// where the true posterior is near 1/2, and are sure far from it.
func ExampleSharedComponentSimulation_Posterior() {
	s := sim.SharedComponentSimulation{N: 6000}
	for _, x := range [][]float64{{0, 0}, {-5, -5}, {5, 5}} {
		fmt.Printf("x = %v: P(Y=1|x) = %.3f\n", x, s.Posterior(x)[1])
	}
	// Output:
	// x = [0 0]: P(Y=1|x) = 0.500
	// x = [-5 -5]: P(Y=1|x) = 0.000
	// x = [5 5]: P(Y=1|x) = 1.000
}
