package ufmi

import (
	"math"
	"strings"
	"testing"
)

func TestLabelEntropyExact(t *testing.T) {
	y := append(append(append(make([]int, 100), repeat(1, 21)...), repeat(2, 29)...), repeat(3, 63)...)
	h, err := LabelEntropy(y)
	if err != nil {
		t.Fatal(err)
	}
	// The Drosophila class counts (100, 21, 29, 63): H(Y) = 1.2151839186517945 nats.
	if math.Abs(h-1.2151839186517945) > 1e-12 {
		t.Fatalf("H(Y) = %v", h)
	}
	if Entropy([]float64{0.5, 0.5}) != math.Log(2) || Entropy([]float64{1, 0}) != 0 {
		t.Fatal("Entropy of simple distributions")
	}
}

// Issue 21: Entropy([-0.5, 1.5]) returned -0.608. A vector that is not a
// distribution has no entropy: NaN, never a number.
func TestEntropyOfNonDistributionIsNaN(t *testing.T) {
	for _, p := range [][]float64{
		{-0.5, 1.5}, {0.5, 0.6}, {0.2, 0.2}, {math.NaN(), 1}, {math.Inf(1), 0}, {1, math.Inf(-1)}, {}, nil,
	} {
		if h := Entropy(p); !math.IsNaN(h) {
			t.Errorf("Entropy(%v) = %v, want NaN", p, h)
		}
	}
	// Rounding and float32 probabilities are distributions.
	for _, p := range [][]float64{{0.1, 0.2, 0.7}, {float64(float32(0.1)), float64(float32(0.9))}, {1}} {
		if h := Entropy(p); math.IsNaN(h) || h < 0 {
			t.Errorf("Entropy(%v) = %v, want a number >= 0", p, h)
		}
	}
}

// The true MI of the separated setting is 0.3368 nats (reference CSVs).
// Each forest strategy lands where the reference implementation found it.
func TestForestStrategiesOnSeparatedGaussians(t *testing.T) {
	x, y := separatedData(2000, 2, 1)
	const truth = 0.3368
	cases := []struct {
		method Method
		lo, hi float64 // reference mean ± about 4 sd
	}{
		{MethodUF, truth - 0.04, truth + 0.03}, // reference UF-nokappa 0.326±0.006
		{MethodRFOOB, 0.36, 0.45},              // reference 0.402±0.007: over-estimates
		{MethodRFSplit, 0.36, 0.45},            // reference 0.403±0.007
		{MethodIRF, 0.20, 0.33},                // reference 0.268±0.017: under-estimates
		{MethodSigRF, 0.15, 0.31},              // reference 0.230±0.019
	}
	for _, c := range cases {
		est, err := EstimateMI(x, y, EstimatorConfig{Method: c.method, Forest: ForestConfig{Trees: 100}, UF: UFConfig{Trees: 100}, Runtime: Runtime{Seed: 3}})
		if err != nil {
			t.Fatal(c.method, err)
		}
		if est.MI < c.lo || est.MI > c.hi {
			t.Errorf("%s: MI %.4f outside [%.3f, %.3f]", c.method, est.MI, c.lo, c.hi)
		}
		if math.Abs(est.HY-est.HYGivenX-est.MI) > 1e-12 {
			t.Errorf("%s: MI is not H(Y) - H(Y|X)", c.method)
		}
	}
}

func TestEstimateRejectsBadInput(t *testing.T) {
	x, y := separatedData(100, 2, 2)
	cases := map[string]EstimatorConfig{
		"unknown method":      {Method: "magic"},
		"held-out fraction":   {Method: MethodRFSplit, HeldOut: 1.2},
		"only used by the uf": {Method: MethodRFOOB, Unlabeled: x},
	}
	for want, cfg := range cases {
		if _, err := EstimateMI(x, y, cfg); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
	}
	small, sy := separatedData(3, 2, 3)
	sy[0], sy[1], sy[2] = 0, 1, 1
	if _, err := EstimateMI(small, sy, EstimatorConfig{Method: MethodRFSplit, HeldOut: 0.1}); err == nil {
		t.Error("a split leaving no held-out rows was accepted")
	}
}

func TestConditionalMIAndSubsetTable(t *testing.T) {
	// Feature 0 carries the signal; feature 1 is noise. I(Y; X1 | X0) ~ 0
	// and I(Y; X0 | X1) ~ I(Y; X0).
	x, y := separatedData(1000, 2, 4)
	cfg := EstimatorConfig{UF: UFConfig{Trees: 60}, Runtime: Runtime{Seed: 1}}
	noise, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	signal, err := ConditionalMI(x, y, []int{1}, []int{0}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(noise.CMI) > 0.03 || signal.CMI < 0.25 {
		t.Fatalf("I(Y;noise|signal) = %.4f, I(Y;signal|noise) = %.4f", noise.CMI, signal.CMI)
	}
	rows, err := SubsetTable(x, y, singletons([]int{0, 1}), 2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || len(rows[2].Columns) != 2 {
		t.Fatalf("want 3 subsets in bit-mask order, got %+v", rows)
	}
	for _, r := range rows {
		if math.Abs(r.MIAll.Mean-rows[0].MIAll.Mean) > 1e-12 {
			t.Fatal("I(Y;X) differs between rows")
		}
		if math.Abs(r.MIIn.Mean+r.CMIOutGivenIn.Mean-r.MIAll.Mean) > 1e-12 {
			t.Fatalf("chain rule broken in row %v", r.Columns)
		}
	}
	if rows[2].CMIOutGivenIn.Mean != 0 || rows[0].MIIn.SD == 0 {
		t.Fatalf("full-set row should have zero conditional MI and repeats should vary: %+v", rows)
	}
	if _, err := ConditionalMI(x, y, []int{0}, []int{0}, cfg); err == nil {
		t.Error("overlapping given and target columns accepted")
	}
	// Unlabeled rows of every column join each fit with its columns (they
	// used to reach the fits whole and be refused for their width).
	u, _ := separatedData(200, 2, 7)
	withU := cfg
	withU.Unlabeled = u
	cmi, err := ConditionalMI(x, y, []int{1}, []int{0}, withU)
	if err != nil {
		t.Fatal(err)
	}
	u1, _ := u.SelectCols([]int{1})
	x1, _ := x.SelectCols([]int{1})
	alone := withU
	alone.Unlabeled = u1
	given, err := EstimateMI(x1, y, alone)
	if err != nil || given.HYGivenX != cmi.HYGivenA {
		t.Errorf("H(Y|X1) with unlabeled rows: %v in ConditionalMI, %v (%v) alone", cmi.HYGivenA, given.HYGivenX, err)
	}
	if _, err := SubsetTable(x, y, singletons([]int{0, 1}), 1, withU); err != nil {
		t.Errorf("subset table with unlabeled rows: %v", err)
	}
	narrow := withU
	narrow.Unlabeled = u1
	if _, err := ConditionalMI(x, y, []int{1}, []int{0}, narrow); err == nil || !strings.Contains(err.Error(), "unlabeled rows have 1 columns, the features 2") {
		t.Errorf("unlabeled rows of one column: %v", err)
	}
}

func TestPermutationTestPValue(t *testing.T) {
	x, y := separatedData(60, 1, 5)
	// A statistic with a known null: the count of label-1 rows among the
	// first 10 rows. The p-value must follow the (1 + #null >= obs)/(1 + N) rule.
	stat := func(_ *Features, y []int, _ Runtime) (float64, error) {
		s := 0
		for _, v := range y[:10] {
			s += v
		}
		return float64(s), nil
	}
	res, err := PermutationTest(x, y, stat, PermutationConfig{Permutations: 200, Runtime: Runtime{Seed: 9}})
	if err != nil {
		t.Fatal(err)
	}
	exceed := 0
	for _, v := range res.Null {
		if v >= res.Observed {
			exceed++
		}
	}
	if res.PValue != float64(1+exceed)/201 {
		t.Fatalf("p-value %v with %d exceedances", res.PValue, exceed)
	}
	res1, _ := PermutationTest(x, y, stat, PermutationConfig{Permutations: 200, Runtime: Runtime{Seed: 9, Workers: 1}})
	if !sameMatrix([][]float64{res.Null}, [][]float64{res1.Null}) {
		t.Fatal("null distribution depends on the worker count")
	}
}

func TestPermutationTestDetectsSignal(t *testing.T) {
	x, y := separatedData(300, 2, 6)
	stat := MIStatistic(EstimatorConfig{UF: withTrees(PaperUF(), 30)})
	res, err := PermutationTest(x, y, stat, PermutationConfig{Permutations: 50, Runtime: Runtime{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.PValue > 1.0/51+1e-12 {
		t.Fatalf("separated classes: p = %v, observed %v, null max %v", res.PValue, res.Observed, maxOf(res.Null))
	}
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

// singletons makes one feature group per column.
func singletons(cols []int) [][]int {
	groups := make([][]int, len(cols))
	for i, c := range cols {
		groups[i] = []int{c}
	}
	return groups
}
