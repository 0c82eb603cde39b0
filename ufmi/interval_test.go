package ufmi

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// separatedSim is the paper's separated setting (I(X;Y) = 0.3368 nats).
func separatedSim(n, d int) sim.MISimulation {
	return sim.MISimulation{Setting: sim.Separated, N: n, D: d, Prior: 0.5, Mu: 1}
}

// simFeatures draws data set seed of s (a simulation of package sim).
func simFeatures(t *testing.T, s interface {
	Sample(seed uint64) ([][]float64, []int, error)
}, seed uint64) (*Features, []int) {
	t.Helper()
	rows, y, err := s.Sample(seed)
	if err != nil {
		t.Fatal(err)
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

func intervalConfig(trees int, seed uint64) EstimatorConfig {
	return EstimatorConfig{UF: UFConfig{Trees: trees}, Confidence: 0.95, Runtime: Runtime{Seed: seed}}
}

// 40 independent data sets of the separated setting (n = 500, d = 2, 100
// trees): at least 34 intervals contain the exact MI (a correct 95% interval
// falls below 34 of 40 with probability 0.003), and the mean standard error
// is within 30% of the estimates' spread (about 2.7 standard errors of a
// spread measured on 40 data sets).
func TestIntervalCoverageOnSeparatedBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("40 fits")
	}
	s := separatedSim(500, 2)
	truth, err := s.Truth()
	if err != nil {
		t.Fatal(err)
	}
	const sets = 40
	covered := 0
	var mis []float64
	meanSE := 0.0
	for r := range sets {
		seed := seeds.Derive(21, seeds.Repetition, r)
		x, y := simFeatures(t, s, seed)
		est, err := EstimateMI(x, y, intervalConfig(100, seed))
		if err != nil {
			t.Fatal(err)
		}
		if est.CI.Contains(truth.MI) {
			covered++
		}
		mis = append(mis, est.MI)
		meanSE += est.CI.SE / sets
	}
	_, sd := meanSD(mis)
	t.Logf("covered %d of %d; mean SE %.4f, sd of estimates %.4f", covered, sets, meanSE, sd)
	if covered < 34 {
		t.Errorf("%d of %d intervals contain the exact MI %.4f; want at least 34", covered, sets, truth.MI)
	}
	if r := meanSE / sd; r < 0.7 || r > 1.3 {
		t.Errorf("mean SE %.4f is %.2f times the estimates' spread %.4f; want 0.7 to 1.3", meanSE, r, sd)
	}
}

// The interval is centred on the point estimate, its parts are positive,
// and it narrows as n grows (about √8 from 500 to 4000 rows).
func TestIntervalCentredAndNarrowsWithN(t *testing.T) {
	width := map[int]float64{}
	for _, n := range []int{500, 4000} {
		x, y := simFeatures(t, separatedSim(n, 2), 3)
		est, err := EstimateMI(x, y, intervalConfig(60, 3))
		if err != nil {
			t.Fatal(err)
		}
		ci := est.CI
		if ci.Level != 0.95 || !ci.Contains(est.MI) || math.Abs((ci.Low+ci.High)/2-est.MI) > 1e-12 {
			t.Errorf("n=%d: interval %+v is not centred on the estimate %.4f", n, ci, est.MI)
		}
		if !(ci.SEData > 0 && ci.SEForest > 0) || math.Abs(ci.SE-math.Hypot(ci.SEData, ci.SEForest)) > 1e-12 {
			t.Errorf("n=%d: standard errors %+v", n, ci)
		}
		if z := (ci.High - ci.Low) / (2 * ci.SE); math.Abs(z-1.959964) > 1e-5 {
			t.Errorf("n=%d: half-width is %.6f SE, want 1.959964", n, z)
		}
		width[n] = ci.High - ci.Low
	}
	r := width[500] / width[4000]
	t.Logf("width n=500 / n=4000 = %.2f", r)
	if r < 2 || r > 4 {
		t.Errorf("width at n=500 is %.2f times the width at n=4000; want about 2.8", r)
	}
}

// SEData is the influence-function standard error: sd(log p(y|x)/p(y))/√n
// from the forest's out-of-sample posteriors agrees with the same from the
// exact posteriors within 10%.
func TestSEDataMatchesExactInfluenceFunction(t *testing.T) {
	for _, setting := range []sim.MISetting{sim.Separated, sim.ThreeClass} {
		s := sim.MISimulation{Setting: setting, N: 2000, D: 2, Prior: 0.5, Mu: 1}
		rows, y, err := s.Sample(5)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := NewFeatures(rows)
		est, err := EstimateMI(x, y, intervalConfig(100, 5))
		if err != nil {
			t.Fatal(err)
		}
		post, _ := s.Posteriors(rows)
		prior := []float64{0.5, 0.5}
		if setting == sim.ThreeClass {
			prior = []float64{0.5, 0.25, 0.25}
		}
		phi := make([]float64, len(y))
		for i, c := range y {
			phi[i] = math.Log(post[i][c] / prior[c])
		}
		_, sd := meanSD(phi)
		exact := sd / math.Sqrt(float64(len(y)))
		r := est.CI.SEData / exact
		t.Logf("%v: SEData / exact = %.3f", setting, r)
		if r < 0.9 || r > 1.1 {
			t.Errorf("%v: SEData %.5f is %.2f times the exact influence-function SE %.5f", setting, est.CI.SEData, r, exact)
		}
	}
}

// SEForest is the forest's Monte Carlo noise: ten times the trees, about
// √10 less (measured on four data sets, so that group noise averages out).
func TestSEForestShrinksWithTrees(t *testing.T) {
	se := map[int]float64{}
	for _, trees := range []int{40, 400} {
		for seed := range uint64(4) {
			x, y := simFeatures(t, separatedSim(400, 2), seed)
			est, err := EstimateMI(x, y, intervalConfig(trees, seed))
			if err != nil {
				t.Fatal(err)
			}
			se[trees] += est.CI.SEForest / 4
		}
	}
	r := se[40] / se[400]
	t.Logf("SEForest 40 trees / 400 trees = %.2f", r)
	if r < 2 || r > 5 {
		t.Errorf("SEForest with 40 trees is %.2f times that with 400; want about 3.2", r)
	}
}

// A conditional MI's interval uses per-row differences: for a noise
// feature given the signal, the two fits move together and the difference's
// standard error is far below either fit's. The estimate (here below zero)
// is raw; its interval respects CMI ≥ 0 and holds max(estimate, 0).
func TestConditionalMIIntervalAccountsForCorrelation(t *testing.T) {
	x, y := separatedData(800, 2, 4)
	cfg := intervalConfig(60, 1)
	cmi, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, err := conditionalEntropy(x, y, []int{0}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !cmi.CI.Contains(max(cmi.CMI, 0)) || cmi.CI.Low < 0 || cmi.CI.SE > 0.5*a.CI.SE {
		t.Errorf("CMI %.4f, interval %+v; I(Y;x1) SE %.4f", cmi.CMI, cmi.CI, a.CI.SE)
	}
	// With no given columns, the interval is the MI's own.
	both, err := ConditionalMI(x, y, nil, []int{0, 1}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	est, _ := EstimateMI(x, y, cfg)
	if both.CI != est.CI {
		t.Errorf("I(Y; X | nothing) interval %+v, I(X;Y) interval %+v", both.CI, est.CI)
	}
}

// The subset table's intervals are those of the same fits made one by one.
func TestSubsetTableIntervals(t *testing.T) {
	x, y := separatedData(400, 2, 6)
	cfg := intervalConfig(40, 2)
	rows, err := SubsetTable(x, y, singletons([]int{0, 1}), 1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	one := cfg
	one.Seed = seeds.Derive(cfg.Seed, seeds.Repetition, 0)
	one.UF.plainRest = true // a table differences its subsets' own fits: no swapped rest
	cmi, err := ConditionalMI(x, y, []int{0}, []int{1}, one)
	if err != nil {
		t.Fatal(err)
	}
	in, err := conditionalEntropy(x, y, []int{0}, one)
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0] // X_in = {x1}
	if r.CMIOutGivenIn.CI != cmi.CI || r.MIIn.CI != in.CI {
		t.Errorf("table row %+v / %+v, one by one %+v / %+v", r.MIIn.CI, r.CMIOutGivenIn.CI, in.CI, cmi.CI)
	}
	full := rows[2]
	if full.CMIOutGivenIn.CI.Low != 0 || full.CMIOutGivenIn.CI.High != 0 || full.MIAll.CI != full.MIIn.CI {
		t.Errorf("full-set row: %+v", full)
	}
	// Repeats average the parts: the Monte Carlo SE of 3 repeats is smaller.
	rows3, err := SubsetTable(x, y, singletons([]int{0, 1}), 3, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !rows3[2].MIAll.CI.Contains(rows3[2].MIAll.Mean) || rows3[2].MIAll.CI.SEForest >= rows[2].MIAll.CI.SEForest {
		t.Errorf("3 repeats: %+v; 1 repeat: %+v", rows3[2].MIAll.CI, rows[2].MIAll.CI)
	}
}

// Same seed, same interval, whatever the number of workers; for UF
// (default and authors presets) and RF out-of-bag.
func TestIntervalSameForAnyWorkers(t *testing.T) {
	x, y := separatedData(700, 3, 8)
	for _, cfg := range []EstimatorConfig{
		intervalConfig(30, 4),
		{UF: AuthorsUF(), Confidence: 0.9, Runtime: Runtime{Seed: 4}},
		{Method: MethodRFOOB, Forest: ForestConfig{Trees: 30}, Confidence: 0.9, Runtime: Runtime{Seed: 4}},
	} {
		var first Interval
		for _, w := range []int{1, 2, 3} {
			cfg.Workers = w
			cfg.UF.Trees = 30
			est, err := EstimateMI(x, y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if w == 1 {
				first = est.CI
				if !first.Contains(est.MI) || first.SEData <= 0 {
					t.Errorf("%s: interval %+v around %.4f", cfg.Method, first, est.MI)
				}
			} else if est.CI != first {
				t.Errorf("%s: %d workers give %+v, 1 worker %+v", cfg.Method, w, est.CI, first)
			}
		}
	}
}

// Bad requests are cases of TestLibraryRejectsBadCalls; without a request
// there is no interval.
func TestNoIntervalUnlessAsked(t *testing.T) {
	x, y := separatedData(100, 2, 2)
	est, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 10}})
	if err != nil || est.CI != (Interval{}) || est.CI.Contains(est.MI) {
		t.Errorf("no interval asked for: %+v, %v", est.CI, err)
	}
}

// Categorical columns and missing cells go through the interval as through
// the estimate: both methods give an interval around it.
func TestIntervalWithCategoricalAndMissing(t *testing.T) {
	x, y := separatedData(600, 2, 9)
	num, cat := make([]float64, 600), make([]float64, 600)
	for i := range num {
		num[i] = x.cols[0][i]
		if i%7 == 3 {
			num[i] = math.NaN()
		}
		cat[i] = float64((y[i] + i%3) % 3) // a level code that tells the class apart
	}
	cols, err := NewColumnFeatures([]Column{{Kind: Numeric, Values: num}, {Kind: Categorical, Values: cat, Levels: []string{"a", "b", "c"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Method{MethodUF, MethodRFOOB} {
		est, err := EstimateMI(cols, y, EstimatorConfig{Method: m, UF: UFConfig{Trees: 40}, Forest: ForestConfig{Trees: 40}, Confidence: 0.95, Runtime: Runtime{Seed: 1}})
		if err != nil {
			t.Fatal(m, err)
		}
		if !est.CI.Contains(est.MI) || !(est.CI.SEData > 0) || math.IsNaN(est.CI.SE) {
			t.Errorf("%s: interval %+v around %.4f", m, est.CI, est.MI)
		}
	}
}
