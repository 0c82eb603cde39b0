package ufmi

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestSwappedRestStudy measures the swapped rest (swappedrest.go) against
// the rest fitted alone (the preset default-2026-11-30d) on the same data
// sets and seeds: conditional MIs of one given column where the target
// adds nothing (classes along x_A, x_B noise or a copy of x_A with noise)
// and the coverage table's conditional MIs at d = 2. Run with
//
//	UFMI_SWAP_STUDY=1 go test -run TestSwappedRestStudy -v -timeout 1h ./ufmi
//
// (about 2 minutes on 2 cores); the table is in docs/inference.md, "The
// swapped rest".
func TestSwappedRestStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_SWAP_STUDY", "the swapped-rest study")
	separated, err := sim.MISimulation{Setting: sim.Separated, N: 10, D: 2, Prior: 0.5, Mu: 1}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	threeClass, err := sim.MISimulation{Setting: sim.ThreeClass, N: 10, D: 2, Prior: 0.5, Mu: 1}.Truth()
	if err != nil {
		t.Fatal(err)
	}
	const threeClassX1 = 0.2024 // I(Y; x1) of three_class, bench/coverage's
	cells := []swapCell{
		{"3 classes along x_A (means 1 apart), x_B a near copy (within-class correlation 0.95)", 0, 2000, []int{0}, []int{1}, classesAlongGiven(3, 1, 0.3287)},
		{"3 classes along x_A (means 1 apart), x_B noise", 0, 2001, []int{0}, []int{1}, classesAlongGiven(3, 1, -1)},
		{"4 classes along x_A (means 0.5 apart), x_B noise", 0, 2000, []int{0}, []int{1}, classesAlongGiven(4, 0.5, -1)},
		{"4 classes along x_A (means 0.5 apart), x_B noise", 0, 1000, []int{0}, []int{1}, classesAlongGiven(4, 0.5, -1)},
		{"9 classes along x_A (means 1/3 apart), x_B noise", 0, 1080, []int{0}, []int{1}, classesAlongGiven(9, 1.0/3, -1)},
		{"5 classes along x_A (means 2 apart), x_B noise", 0, 500, []int{0}, []int{1}, classesAlongGiven(5, 2, -1)},
		{"2 classes (means 2 apart), x_B noise", 0, 1000, []int{0}, []int{1}, classesAlongGiven(2, 2, -1)},
		{"2 classes (means 2 apart), x_B = x_A + N(0, 0.5²)", 0, 1000, []int{0}, []int{1}, classesAlongGiven(2, 2, 0.5)},
		{"separated I(Y; x1 \\| x2), d = 2", separated.MI, 500, []int{1}, []int{0}, simulated(sim.Separated)},
		{"separated I(Y; x1 \\| x2), d = 2", separated.MI, 2000, []int{1}, []int{0}, simulated(sim.Separated)},
		{"three_class I(Y; x2 \\| x1), d = 2", threeClass.MI - threeClassX1, 500, []int{0}, []int{1}, simulated(sim.ThreeClass)},
		{"three_class I(Y; x2 \\| x1), d = 2", threeClass.MI - threeClassX1, 2000, []int{0}, []int{1}, simulated(sim.ThreeClass)},
	}
	const sets = 40
	fmt.Println("| cell | n | exact | rest alone: mean error | sd | intervals excluding 0 | containing the exact value | mean width | swapped rest (the default): mean error | sd | excluding 0 | containing | mean width |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cells {
		var plain, swapped swapTally
		for r := range sets {
			seed := seeds.Derive(77, seeds.Repetition, r)
			rows, y := c.draw(rand.New(rand.NewPCG(seed, uint64(c.n))), c.n)
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
			est, err := ConditionalMI(x, y, c.given, c.target, cfg)
			if err != nil {
				t.Fatal(err)
			}
			swapped.add(est, c.exact)
			cfg.UF = defaultUF20261130d()
			if est, err = ConditionalMI(x, y, c.given, c.target, cfg); err != nil {
				t.Fatal(err)
			}
			plain.add(est, c.exact)
		}
		fmt.Printf("| %s | %d | %.4f | %s | %s |\n", c.name, c.n, c.exact, plain.row(), swapped.row())
	}
}

// swapCell is one cell of the swapped-rest study.
type swapCell struct {
	name          string
	exact         float64
	n             int
	given, target []int
	draw          func(rng *rand.Rand, n int) ([][]float64, []int)
}

// swapTally sums one estimator's conditional MIs over a cell's data sets.
type swapTally struct {
	errs, widths         []float64
	excluding, including int
}

func (s *swapTally) add(est CMIEstimate, exact float64) {
	s.errs, s.widths = append(s.errs, est.CMI-exact), append(s.widths, est.CI.High-est.CI.Low)
	if !est.CI.Contains(0) {
		s.excluding++
	}
	if est.CI.Contains(exact) {
		s.including++
	}
}

// row is the tally's cells of the study's table.
func (s *swapTally) row() string {
	m, sd := meanSD(s.errs)
	w, _ := meanSD(s.widths)
	return fmt.Sprintf("%+.4f | %.4f | %d | %d | %.4f", m, sd, s.excluding, s.including, w)
}

// classesAlongGiven draws k balanced classes along x_A (class c's mean
// μ·(c − (k−1)/2), unit variance) and x_B pure noise (copyNoise < 0) or
// x_A plus noise of sd copyNoise: I(Y; x_B | x_A) = 0 either way.
func classesAlongGiven(k int, mu, copyNoise float64) func(rng *rand.Rand, n int) ([][]float64, []int) {
	return func(rng *rand.Rand, n int) ([][]float64, []int) {
		rows, y := make([][]float64, n), make([]int, n)
		for i := range n {
			y[i] = rng.IntN(k)
			a := mu*(float64(y[i])-float64(k-1)/2) + rng.NormFloat64()
			b := rng.NormFloat64()
			if copyNoise >= 0 {
				b = a + copyNoise*b
			}
			rows[i] = []float64{a, b}
		}
		return rows, y
	}
}

// simulated draws a data set of the coverage table's setting s at d = 2.
func simulated(s sim.MISetting) func(rng *rand.Rand, n int) ([][]float64, []int) {
	return func(rng *rand.Rand, n int) ([][]float64, []int) {
		rows, y, err := sim.MISimulation{Setting: s, N: n, D: 2, Prior: 0.5, Mu: 1}.Sample(rng.Uint64())
		if err != nil {
			panic(err)
		}
		return rows, y
	}
}
