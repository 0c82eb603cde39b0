package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// neighbourSwaps moves every row of a numeric column to a neighbour, in
// cycles of three rows consecutive in value (the last four or five of a
// run in one cycle; ties broken at random, missing cells a run of their
// own); it is a permutation, the same for the same generator.
func TestNeighbourSwaps(t *testing.T) {
	nan := math.NaN()
	values := []float64{5, 1, nan, 3, 2, 4, nan, 0, 6, nan}
	from := neighbourSwaps(values, rand.New(rand.NewPCG(1, 2)))
	if !isPermutation(from) {
		t.Fatalf("not a permutation: %v", from)
	}
	// Present values 0..6 sorted: the cycles 0 <- 1 <- 2 <- 0 and 3 <- 4 <- 5 <- 6 <- 3.
	at := map[float64]int{}
	for i, v := range values {
		if !math.IsNaN(v) {
			at[v] = i
		}
	}
	for _, want := range [][2]float64{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 6}, {6, 3}} {
		if got := from[at[want[0]]]; got != at[want[1]] {
			t.Errorf("row of value %g takes row %d (value %g), want the row of value %g", want[0], got, values[got], want[1])
		}
	}
	// The three missing rows rotate among themselves.
	for _, i := range []int{2, 6, 9} {
		if j := from[i]; !math.IsNaN(values[j]) || j == i {
			t.Errorf("missing row %d takes row %d", i, j)
		}
	}
	if again := neighbourSwaps(values, rand.New(rand.NewPCG(1, 2))); !slices.Equal(again, from) {
		t.Errorf("the same generator gave %v, then %v", from, again)
	}
	// Ties are broken at random, not by row order.
	tied := make([]float64, 40)
	orders := map[int]bool{}
	for s := range 20 {
		orders[neighbourSwaps(tied, rand.New(rand.NewPCG(uint64(s), 9)))[0]] = true
	}
	if len(orders) < 5 {
		t.Errorf("row 0 of 40 tied rows took only %d partners over 20 generators", len(orders))
	}
}

// A categorical given column keeps the rest fitted alone: the default's
// conditional MI is the preset default-2026-11-30d's, bit for bit (cycles
// within sparse levels read an informative target low; swappedrest.go).
func TestSwappedRestLeavesCategoricalGivenAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 300
	level, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		y[i] = rng.IntN(2)
		level[i] = float64(rng.IntN(60))
		b[i] = 2.5*(float64(y[i])-0.5) + rng.NormFloat64()
	}
	names := make([]string, 60)
	for l := range names {
		names[l] = fmt.Sprint("level", l)
	}
	x, err := NewColumnFeatures([]Column{{Name: "a", Kind: Categorical, Values: level, Levels: names}, {Name: "b", Values: b}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: 3}}
	got, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.UF = defaultUF20261130d()
	want, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("categorical given column: %+v, the rest alone %+v", got, want)
	}
}

func isPermutation(p []int) bool {
	seen := make([]bool, len(p))
	for _, j := range p {
		if j < 0 || j >= len(p) || seen[j] {
			return false
		}
		seen[j] = true
	}
	return true
}

// The swapped rest centres a conditional MI of zero where the rest fitted
// alone does not: 9 weak classes along x1 (mean class/3), x2 noise,
// I(Y; x2 | x1) = 0, n = 1,080, 6 data sets (docs/inference.md, "The
// swapped rest": the preset default-2026-11-30d reads about +0.05 there,
// with most intervals excluding 0).
func TestSwappedRestCentresConditionalZeros(t *testing.T) {
	data := lineClassesSets(t, 9, 120, 1.0/3)
	var swapped, plain float64
	excluding := 0
	const sets = 6
	for r := range sets {
		x, y := data(r)
		cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
		est, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		swapped += est.CMI / sets
		if !est.CI.Contains(0) {
			excluding++
		}
		cfg.UF = defaultUF20261130d()
		old, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		plain += old.CMI / sets
	}
	t.Logf("mean estimate of a zero conditional MI: swapped rest %+.4f (%d of %d intervals exclude 0), the rest alone %+.4f", swapped, excluding, sets, plain)
	if plain < 0.03 {
		t.Errorf("the rest alone reads %+.4f: the cell no longer shows what the swap is for", plain)
	}
	if math.Abs(swapped) > 0.01 || excluding > 1 {
		t.Errorf("swapped rest: mean %+.4f (want within 0.01 of 0), %d of %d intervals exclude 0 (want at most 1)", swapped, excluding, sets)
	}
}

// The swapped rest keeps what the target adds: with x0 informative (the
// separated setting, exact I = 0.3368) given x1 noise, the fit on x1 and
// the swapped x0 reads no information, so the conditional MI is all of
// it; the fit of the rest is that of the swapped table, bit for bit, and
// the estimate is the same whatever the number of workers.
func TestSwappedRestKeepsAnInformativeTarget(t *testing.T) {
	const exact = 0.3368
	var mean float64
	const sets = 6
	for r := range sets {
		x, y := separatedData(1000, 2, uint64(40+r))
		cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
		est, err := ConditionalMI(x, y, []int{1}, []int{0}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		mean += (est.CMI - exact) / sets
		if r > 0 {
			continue
		}
		from := neighbourSwaps(x.cols[1], seeds.Stream(cfg.Seed, seeds.RestSwap, 0))
		rest, err := conditionalEntropy(withSwappedTargets(x, []int{0}, from), y, []int{1, 0}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rest.HYGivenX != est.HYGivenA {
			t.Errorf("H(Y | rest) %v, the swapped table's fit %v", est.HYGivenA, rest.HYGivenX)
		}
		if hy, _ := LabelEntropy(y); math.Abs(hy-rest.HYGivenX) > 0.02 {
			t.Errorf("the swapped rest reads H(Y | x1, x0 swapped) %.4f against H(Y) %.4f: the swap leaks x0", rest.HYGivenX, hy)
		}
		for _, workers := range []int{1, 3} {
			c := cfg
			c.Workers = workers
			again, err := ConditionalMI(x, y, []int{1}, []int{0}, c)
			if err != nil {
				t.Fatal(err)
			}
			if again != est {
				t.Errorf("%d workers: %+v, default workers %+v", workers, again, est)
			}
		}
	}
	t.Logf("mean error of I(Y; x0 | x1): %+.4f", mean)
	if math.Abs(mean) > 0.02 {
		t.Errorf("mean error %+.4f, want within 0.02", mean)
	}
}
