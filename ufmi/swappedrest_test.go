package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// neighbourSwaps moves every row of a numeric column to a neighbour, in
// cycles of three rows consecutive in value (the last four or five of a
// run in one cycle; ties broken at random, missing cells a run of their
// own); it is a permutation, the same for the same generator.
func TestNeighbourSwaps(t *testing.T) {
	nan := math.NaN()
	values := []float64{5, 1, nan, 3, 2, 4, nan, 0, 6, nan}
	from := neighbourSwaps(swapOrder{along: values}, rand.New(rand.NewPCG(1, 2)))
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
	if again := neighbourSwaps(swapOrder{along: values}, rand.New(rand.NewPCG(1, 2))); !slices.Equal(again, from) {
		t.Errorf("the same generator gave %v, then %v", from, again)
	}
	// Ties are broken at random, not by row order.
	tied := make([]float64, 40)
	orders := map[int]bool{}
	for s := range 20 {
		orders[neighbourSwaps(swapOrder{along: tied}, rand.New(rand.NewPCG(uint64(s), 9)))[0]] = true
	}
	if len(orders) < 5 {
		t.Errorf("row 0 of 40 tied rows took only %d partners over 20 generators", len(orders))
	}
}

// For a categorical column each level is a run of its own: a row takes
// the target cell of another row of its level (a level of one row keeps
// its own), missing cells of each other.
func TestNeighbourSwapsWithinLevels(t *testing.T) {
	nan := math.NaN()
	codes := []float64{0, 1, 0, 2, 1, 0, nan, 1, 0, nan, 1, 3, 0}
	from := neighbourSwaps(swapOrder{runs: codes}, rand.New(rand.NewPCG(3, 4)))
	if !isPermutation(from) {
		t.Fatalf("not a permutation: %v", from)
	}
	for i, j := range from {
		sameLevel := codes[i] == codes[j] || (math.IsNaN(codes[i]) && math.IsNaN(codes[j]))
		alone := codes[i] == 2 || codes[i] == 3
		switch {
		case !sameLevel:
			t.Errorf("row %d (level %g) takes row %d (level %g)", i, codes[i], j, codes[j])
		case alone && j != i:
			t.Errorf("row %d, alone in its level, takes row %d", i, j)
		case !alone && j == i:
			t.Errorf("row %d keeps its own cell in a level of several rows", i)
		}
	}
}

// The level of the median row decides whether a categorical given column
// swaps: levels of 10 rows do, of 9 do not; the presets default-2026-12-01
// and default-2026-11-30d never swap beside a categorical column.
func TestSwapsRestByLevelSize(t *testing.T) {
	level := func(sizes ...int) []float64 {
		var v []float64
		for l, m := range sizes {
			for range m {
				v = append(v, float64(l))
			}
		}
		return v
	}
	for _, c := range []struct {
		codes []float64
		want  int
	}{
		{level(10, 10, 10), 10},
		{level(3, 3, 3, 3, 3, 40), 40},
		{level(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 40), 3},
		{append(level(2, 2, 2), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()), 7},
	} {
		if got := medianLevelRows(c.codes); got != c.want {
			t.Errorf("medianLevelRows(%v) = %d, want %d", c.codes, got, c.want)
		}
	}
	names := []string{"a", "b", "c", "d"}
	for _, c := range []struct {
		rowsPerLevel int
		uf           UFConfig
		want         bool
	}{{10, DefaultUF(), true}, {9, DefaultUF(), false}, {10, defaultUF20261201(), false}, {10, defaultUF20261130d(), false}} {
		codes := make([]float64, 4*c.rowsPerLevel)
		for i := range codes {
			codes[i] = float64(i % 4)
		}
		x, err := NewColumnFeatures([]Column{{Name: "a", Kind: Categorical, Values: codes, Levels: names}, {Name: "b", Values: make([]float64, len(codes))}})
		if err != nil {
			t.Fatal(err)
		}
		y := make([]int, len(codes))
		for i := range y {
			y[i] = i % 2
		}
		if got := c.uf.SwapsRest(x, y, []int{0}, []int{1}); got != c.want {
			t.Errorf("%d rows per level: SwapsRest = %v, want %v", c.rowsPerLevel, got, c.want)
		}
	}
}

// With several given columns the rest is swapped within the joint levels
// of the categorical ones, where the median row's joint level holds at
// least levelRowsToSwap rows, or along a numeric given column that largely
// predicts the target; other sets of numeric given columns, and the
// presets default-2026-12-01b and older, fit the given columns alone.
func TestSwapsRestBesideSeveralGiven(t *testing.T) {
	const n = 80
	rng := rand.New(rand.NewPCG(8, 9))
	first, second, numeric, noise, y := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		first[i], second[i], numeric[i], noise[i], y[i] = float64(i%4), float64(i/4%2), float64(i), rng.NormFloat64(), i%2
	}
	second[3] = math.NaN() // a level of its own beside first's 3
	x, err := NewColumnFeatures([]Column{
		{Name: "first", Kind: Categorical, Values: first, Levels: []string{"a", "b", "c", "d"}},
		{Name: "second", Kind: Categorical, Values: second, Levels: []string{"x", "y"}},
		{Name: "numeric", Values: numeric}, {Name: "other", Values: noise}, {Name: "target", Values: noise},
		{Name: "copy", Values: numeric}})
	if err != nil {
		t.Fatal(err)
	}
	joint, categorical := jointLevels(x, []int{0, 2, 1})
	if !categorical {
		t.Fatal("jointLevels: categorical given columns not seen")
	}
	size := map[float64]int{}
	for _, v := range joint {
		size[v]++
	}
	if len(size) != 9 || size[joint[3]] != 1 {
		t.Errorf("joint levels %v: want 4 × 2 levels and the missing cell's own", size)
	}
	for i := range n {
		for j := range n {
			same := first[i] == first[j] && (second[i] == second[j] || math.IsNaN(second[i]) && math.IsNaN(second[j]))
			if (joint[i] == joint[j]) != same {
				t.Fatalf("rows %d and %d: joint levels %v and %v, levels (%v, %v) and (%v, %v)", i, j, joint[i], joint[j], first[i], second[i], first[j], second[j])
			}
		}
	}
	// The target "target" is a copy of "other": noise to "numeric".
	for _, c := range []struct {
		given, target []int
		uf            UFConfig
		want          bool
	}{
		{[]int{0, 2}, []int{4}, DefaultUF(), true},    // levels of 20 rows
		{[]int{0, 1, 2}, []int{4}, DefaultUF(), true}, // joint levels of 10 rows (9 at one)
		{[]int{2, 3}, []int{4}, DefaultUF(), true},    // numeric only, "other" predicts the target
		{[]int{2, 3}, []int{5}, DefaultUF(), true},    // "numeric" predicts "copy"
		{[]int{1, 2}, []int{4}, DefaultUF(), true},    // levels of 40 rows, none predicting
		{[]int{2, 5}, []int{4}, DefaultUF(), false},   // numeric, none predicting the target
		{[]int{0, 2}, []int{4}, defaultUF20261201b(), false},
		{[]int{2, 3}, []int{4}, defaultUF20261201b(), false},
		{[]int{0, 2}, []int{4}, defaultUF20261201(), false},
		{[]int{0, 2}, []int{4}, defaultUF20261130d(), false},
		{[]int{2}, []int{4}, defaultUF20261201b(), true}, // one numeric column swaps still
		{[]int{0}, []int{4}, defaultUF20261201b(), true}, // and one categorical column
	} {
		if got := c.uf.SwapsRest(x, y, c.given, c.target); got != c.want {
			t.Errorf("given %v, target %v: SwapsRest = %v, want %v", c.given, c.target, got, c.want)
		}
	}
	if along := closestGivenColumn(x, y, []int{0, 2, 3}, []int{4}); len(along) == 0 || along[0] != noise[0] {
		t.Errorf("closestGivenColumn: want the target's copy, \"other\"")
	}
	sparse := make([]float64, n)
	for i := range sparse {
		sparse[i] = float64(i % 9)
	}
	xs, err := NewColumnFeatures([]Column{{Name: "first", Kind: Categorical, Values: first, Levels: []string{"a", "b", "c", "d"}},
		{Name: "sparse", Kind: Categorical, Values: sparse, Levels: []string{"0", "1", "2", "3", "4", "5", "6", "7", "8"}},
		{Name: "target", Values: noise}})
	if err != nil {
		t.Fatal(err)
	}
	if DefaultUF().SwapsRest(xs, y, []int{0, 1}, []int{2}) {
		t.Error("joint levels of 2-3 rows: SwapsRest = true, want false")
	}
}

// A categorical given column of levels holding 20 rows or so: 9 weak
// classes along a latent column cut into 50 levels, x_B noise, so
// I(Y; x_B | x_A) = 0 (n = 1,080, 6 data sets). Fitted alone (the preset
// default-2026-12-01), the rest reads H(Y|x_A) high and the conditional
// MI about +0.03 (docs/inference.md, "The swapped rest"); swapped within
// the levels it centres (10 data sets: the mean's sd is about 0.005).
func TestSwappedRestCentresCategoricalGiven(t *testing.T) {
	swapped, alone := meansSwappedAndAlone(t, []int{0}, defaultUF20261201(), func(r int) (*Features, []int) {
		return binnedClassLevels(t, rand.New(rand.NewPCG(uint64(r), 50)), 9, 50, 1080, 1.0/3, 0)
	})
	if math.Abs(swapped) > 0.015 {
		t.Errorf("swapped within levels: mean %+.4f, want within 0.015 of the exact 0", swapped)
	}
	if alone < swapped+0.02 {
		t.Errorf("fitted alone: mean %+.4f, not above the swapped %+.4f by 0.02: the test no longer tells them apart", alone, swapped)
	}
}

// A categorical given column beside a numeric given column of noise: 9
// weak classes along a latent column cut into 10 levels, x_B noise, so
// I(Y; x_B | x_A, x_C) = 0 (n = 1,000, 10 data sets: the mean's sd is
// about 0.006). With the given columns fitted alone (the preset
// default-2026-12-01b) the conditional MI reads about +0.02; swapped within
// x_A's levels it centres (docs/inference.md, "Several given columns").
func TestSwappedRestCentresBesideSeveralGiven(t *testing.T) {
	swapped, alone := meansSwappedAndAlone(t, []int{0, 2}, defaultUF20261201b(), func(r int) (*Features, []int) {
		rng := rand.New(rand.NewPCG(uint64(r), 10))
		x, y := binnedClassLevels(t, rng, 9, 10, 1000, 1.0/3, 0)
		return withNumericColumn(t, x, y, 9, 0, rng), y
	})
	if math.Abs(swapped) > 0.015 {
		t.Errorf("swapped within levels: mean %+.4f, want within 0.015 of the exact 0", swapped)
	}
	if alone < swapped+0.01 {
		t.Errorf("fitted alone: mean %+.4f, not above the swapped %+.4f by 0.01: the test no longer tells them apart", alone, swapped)
	}
}

// meansSwappedAndAlone returns the mean conditional MI of column 1 given
// the columns given over 10 data sets draw(0..9), with the default (which
// must swap the rest) and with preset (which must fit it alone), seed r+1
// for data set r.
func meansSwappedAndAlone(t *testing.T, given []int, preset UFConfig, draw func(r int) (*Features, []int)) (swapped, alone float64) {
	t.Helper()
	const sets = 10
	for r := range sets {
		x, y := draw(r)
		cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
		for _, fit := range []struct {
			uf   UFConfig
			swap bool
			mean *float64
		}{{DefaultUF(), true, &swapped}, {preset, false, &alone}} {
			cfg.UF = fit.uf
			est, err := ConditionalMI(x, y, given, []int{1}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if est.RestSwapped != fit.swap {
				t.Fatalf("data set %d: RestSwapped %v, want %v", r, est.RestSwapped, fit.swap)
			}
			*fit.mean += est.CMI / sets
		}
	}
	t.Logf("mean conditional MI: swapped %+.4f, fitted alone %+.4f", swapped, alone)
	return swapped, alone
}

// binnedClassLevels draws n rows of k classes whose latent column
// mu·(class − (k−1)/2) + N(0, 1) is cut into the given number of
// categorical levels of equal width over [−3, 3] (the outer ones open),
// beside a numeric column nu·(class − (k−1)/2) + N(0, 1).
func binnedClassLevels(t *testing.T, rng *rand.Rand, k, levels, n int, mu, nu float64) (*Features, []int) {
	t.Helper()
	code, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		y[i] = rng.IntN(k)
		c := float64(y[i]) - float64(k-1)/2
		code[i] = float64(latentLevel(mu*c+rng.NormFloat64(), levels))
		b[i] = nu*c + rng.NormFloat64()
	}
	return categoricalBeside(t, code, levels, b), y
}

// latentLevel is the level of a latent value v among the given number of
// levels of equal width over [−3, 3], the outer ones open
// (latentLevelEdges).
func latentLevel(v float64, levels int) int {
	l := int(math.Floor((v + 3) / 6 * float64(levels)))
	return min(max(l, 0), levels-1)
}

// latentLevelEdges is the interval of latent values that latentLevel puts
// in level l.
func latentLevelEdges(l, levels int) (lo, hi float64) {
	lo, hi = -3+6*float64(l)/float64(levels), -3+6*float64(l+1)/float64(levels)
	if l == 0 {
		lo = math.Inf(-1)
	}
	if l == levels-1 {
		hi = math.Inf(1)
	}
	return lo, hi
}

// categoricalBeside returns the features of a categorical column "a" of
// the given level codes (levels named level0, level1, ...) and a numeric
// column "b".
func categoricalBeside(t testing.TB, code []float64, levels int, b []float64) *Features {
	t.Helper()
	names := make([]string, levels)
	for l := range names {
		names[l] = fmt.Sprint("level", l)
	}
	x, err := NewColumnFeatures([]Column{{Name: "a", Kind: Categorical, Values: code, Levels: names}, {Name: "b", Values: b}})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// A categorical given column of sparse levels (60 levels of about 5 rows)
// keeps the rest fitted alone: the default's conditional MI is the preset
// default-2026-11-30d's, bit for bit (cycles within sparse levels read an
// informative target low; swappedrest.go).
func TestSwappedRestLeavesCategoricalGivenAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 300
	level, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		y[i] = rng.IntN(2)
		level[i] = float64(rng.IntN(60))
		b[i] = 2.5*(float64(y[i])-0.5) + rng.NormFloat64()
	}
	x := categoricalBeside(t, level, 60, b)
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
		from := neighbourSwaps(swapOrder{along: x.cols[1]}, seeds.Stream(cfg.Seed, seeds.RestSwap, 0))
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

// A target copying the scaled setting's informative column x1 beside x1 and
// a second given column of noise: I(Y; copy | x1, x2) = 0. With the given
// columns fitted alone (the preset default-2026-12-01b) the fit with the
// copy examines x1's direction at more of its nodes and the conditional MI
// reads high (31 of 100 intervals excluding 0 in TestRedundantTargetStudy);
// swapped along x1, which predicts the copy, it centres (2 of 100).
func TestSwappedRestAlongCopiedColumn(t *testing.T) {
	const sets = 20
	var swapped, alone float64
	excluding := [2]int{}
	for r := range sets {
		rows, y, err := sim.MISimulation{Setting: sim.Scaled, N: 1000, D: 2, Prior: 0.5, Mu: 1}.Sample(seeds.Derive(93, seeds.Repetition, r))
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			rows[i] = append(rows[i], rows[i][0])
		}
		x, err := NewFeatures(rows)
		if err != nil {
			t.Fatal(err)
		}
		for k, uf := range []UFConfig{DefaultUF(), defaultUF20261201b()} {
			est, err := ConditionalMI(x, y, []int{0, 1}, []int{2}, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			if est.RestSwapped != (k == 0) {
				t.Fatalf("data set %d, config %d: RestSwapped %v", r, k, est.RestSwapped)
			}
			if est.CI.Low > 0 {
				excluding[k]++
			}
			if k == 0 {
				swapped += est.CMI / sets
			} else {
				alone += est.CMI / sets
			}
		}
	}
	t.Logf("mean conditional MI: swapped %+.5f (%d of %d excluding 0), fitted alone %+.5f (%d)", swapped, excluding[0], sets, alone, excluding[1])
	if excluding[0] > 3 || math.Abs(swapped) > 0.0008 {
		t.Errorf("swapped along x1: mean %+.5f, %d of %d intervals excluding 0; want within 0.0008 of 0 and at most 3", swapped, excluding[0], sets)
	}
	if alone < swapped+0.0008 {
		t.Errorf("fitted alone: mean %+.5f, not above the swapped %+.5f by 0.0008: the test no longer tells them apart", alone, swapped)
	}
}
