package ufmi

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// BenchmarkEstimateMIUF is UF's MI estimate at n=10,000, d=20, 300 trees.
func BenchmarkEstimateMIUF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EstimateMI(x, y, EstimatorConfig{UF: PaperUF(), Runtime: Runtime{Seed: 1}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMIInterval is BenchmarkEstimateMIUF with a 95% confidence
// interval: docs/performance.md compares the two (the interval costs at most 2x).
func BenchmarkMIInterval(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EstimateMI(x, y, EstimatorConfig{UF: PaperUF(), Confidence: 0.95, Runtime: Runtime{Seed: 1}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMILowerBound is the default UF's estimate at n=10,000, d=20,
// 300 trees, alone and with a 95% interval and the lower bound (opt-in,
// LowerBound), which, as the default screens features, grows a forest of
// its own with cross-fitted screening: docs/performance.md compares the two.
func BenchmarkMILowerBound(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	benchEstimates(b, x, y, []benchCase{
		{"estimate", EstimatorConfig{}},
		{"with-bound", EstimatorConfig{Confidence: 0.95, LowerBound: true}},
	})
}

// BenchmarkLinearBound is the linear bound's terms alone (Estimate.LinearBound:
// 5 folds of logistic regression, each with its penalty chosen on two
// halves) at n = 10,000, d = 20, beside BenchmarkMILowerBound's estimate:
// docs/performance.md compares them.
func BenchmarkLinearBound(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	k, err := checkTrainingData(x, y)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := linearBoundTerms(x, y, k, Runtime{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOneStep is the default UF's one-step estimate at n=10,000,
// d=20, 300 trees, beside the plug-in of the same forest and with its
// interval: the cost of the one-step's pass (docs/performance.md, "The
// one-step estimate and the interval").
func BenchmarkOneStep(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	benchEstimates(b, x, y, []benchCase{
		{"plugin", EstimatorConfig{UF: UFConfig{PlugIn: true}}},
		{"one-step", EstimatorConfig{}},
		{"one-step-interval", EstimatorConfig{Confidence: 0.95}},
	})
}

// BenchmarkDefaultAgainst20261125 times an estimate of the default and of
// the 2026-11-25 default (features drawn without replacement, fixed
// leaves), and the default's estimate with its interval, at n = 10,000
// (leaves of 6 either way) and n = 1,000 (the default's leaves of 4), d = 20.
func BenchmarkDefaultAgainst20261125(b *testing.B) {
	for _, n := range []int{10000, 1000} {
		x, y := benchData(n, 20, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchEstimates(b, x, y, intervalCostCases())
		})
	}
}

// intervalCostCases are the cases the interval's cost is measured by: an
// estimate of the 2026-11-25 default, today's, and today's with its 95%
// interval, in that order.
func intervalCostCases() []benchCase {
	return []benchCase{
		{"default-2026-11-25", EstimatorConfig{UF: defaultUF20261125()}},
		{"default", EstimatorConfig{}},
		{"default-interval", EstimatorConfig{Confidence: 0.95}},
	}
}

// BenchmarkIntervalCostPaired times, in turn within each iteration, one
// estimate of the 2026-11-25 default, one of today's default and one with
// its 95% interval, at n = 10,000 and 1,000 (20 features), and reports the
// median over iterations of each one's time over the first's (and of the
// interval's over today's estimate alone): paired, so
// that a machine whose speed drifts during the run (which moves
// BenchmarkDefaultAgainst20261125's separate sub-benchmarks apart) does not
// move the ratios. Run with -benchtime 40x (n = 1,000) or 10x.
func BenchmarkIntervalCostPaired(b *testing.B) {
	for _, n := range []int{10000, 1000} {
		x, y := benchData(n, 20, 1)
		cases := intervalCostCases()
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var estimate, interval, ownInterval []float64
			for b.Loop() {
				var took [3]float64
				for c, bc := range cases {
					cfg := bc.cfg
					cfg.Runtime = Runtime{Seed: 1}
					start := time.Now()
					if _, err := EstimateMI(x, y, cfg); err != nil {
						b.Fatal(err)
					}
					took[c] = time.Since(start).Seconds()
				}
				estimate = append(estimate, took[1]/took[0])
				interval = append(interval, took[2]/took[0])
				ownInterval = append(ownInterval, took[2]/took[1])
			}
			b.ReportMetric(benchMedian(estimate), "estimate/2026-11-25")
			b.ReportMetric(benchMedian(interval), "interval/2026-11-25")
			b.ReportMetric(benchMedian(ownInterval), "interval/estimate")
		})
	}
}

// benchMedian is the median of v (v is sorted in place).
func benchMedian(v []float64) float64 {
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// BenchmarkLocalLinear times the default with and without local-linear
// posteriors (UFConfig.NoLocalLinear), each without and with its interval,
// at n = 10,000 and 1,000 (20 features).
func BenchmarkLocalLinear(b *testing.B) {
	benchDefaultAgainst(b, "default-2026-11-27", defaultUF20261127())
}

// BenchmarkScreeningNull times the default against the preset before its
// pilot compared its importances with 19 label permutations'
// (default-2026-11-28, ScreenAlways), each without and with its interval,
// at n = 10,000 and 1,000 (20 features; the data carry a signal, so the
// two give the same estimate and the difference is the permutations'
// counting).
func BenchmarkScreeningNull(b *testing.B) {
	benchDefaultAgainst(b, "default-2026-11-28", defaultUF20261128())
}

// BenchmarkDiscriminant times the default against the preset before the
// local-linear fit's second coordinate became the discriminant
// (default-2026-11-29, NoDiscriminant), each without and with its interval,
// at n = 10,000 and 1,000 (20 features).
func BenchmarkDiscriminant(b *testing.B) {
	benchDefaultAgainst(b, "default-2026-11-29", defaultUF20261129())
}

// BenchmarkSharpeningFolds times the default against the preset before its
// sharpening exponents were fitted in five folds (default-2026-11-29b,
// SharpenOnHalves), each without and with its interval, at n = 10,000 and
// 1,000 (20 features).
func BenchmarkSharpeningFolds(b *testing.B) {
	benchDefaultAgainst(b, "default-2026-11-29b", defaultUF20261129b())
}

// benchDefaultAgainst times the default against a preset (name, uf; most
// often the default before a change), each without and with its interval,
// at n = 10,000 and 1,000 (20 features).
func benchDefaultAgainst(b *testing.B, name string, uf UFConfig) {
	for _, n := range []int{10000, 1000} {
		x, y := benchData(n, 20, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			before := EstimatorConfig{UF: uf}
			beforeInterval := before
			beforeInterval.Confidence = 0.95
			benchEstimates(b, x, y, []benchCase{
				{name, before},
				{name + "-interval", beforeInterval},
				{"default", EstimatorConfig{}},
				{"default-interval", EstimatorConfig{Confidence: 0.95}},
			})
		})
	}
}

// benchCase is one named configuration of a benchmark; its runtime is
// seed 1.
type benchCase struct {
	name string
	cfg  EstimatorConfig
}

// benchEstimates times EstimateMI on x, y under each case, one
// sub-benchmark each.
func benchEstimates(b *testing.B, x *Features, y []int, cases []benchCase) {
	for _, c := range cases {
		cfg := c.cfg
		cfg.Runtime = Runtime{Seed: 1}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := EstimateMI(x, y, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFeatureScreening measures what the default UF's pilot forest
// costs: an MI estimate at n=10,000 with and without screening, at d=2 and
// d=20 (the figures in docs/guide.md).
func BenchmarkFeatureScreening(b *testing.B) {
	for _, d := range []int{2, 20} {
		x, y := benchData(10000, d, 1)
		unscreened := DefaultUF()
		unscreened.NoScreening, unscreened.PilotTrees, unscreened.PilotFloor = true, 0, 0
		unscreened.Tree.MaxFeatures = tree.AllFeatures()
		for _, c := range []struct {
			name string
			uf   UFConfig
		}{{"screened", DefaultUF()}, {"unscreened", unscreened}} {
			b.Run(fmt.Sprintf("d=%d/%s", d, c.name), func(b *testing.B) {
				for b.Loop() {
					if _, err := EstimateMI(x, y, EstimatorConfig{UF: c.uf, Runtime: Runtime{Seed: 1}}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkObliqueUF measures what ObliqueUF's splits cost beside the
// default UF (and beside the presets before 2026-11-29 and 2026-11-28): an MI estimate at
// n = 10,000, d = 20, and with its interval (docs/guide.md, "Presets").
func BenchmarkObliqueUF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	benchEstimates(b, x, y, []benchCase{
		{"default", EstimatorConfig{UF: DefaultUF()}},
		{"oblique", EstimatorConfig{UF: ObliqueUF()}},
		{"oblique-2026-11-28", EstimatorConfig{UF: obliqueUF20261128()}},
		{"oblique-2026-11-25", EstimatorConfig{UF: obliqueUF20261125()}},
		{"oblique with interval", EstimatorConfig{UF: ObliqueUF(), Confidence: 0.95}},
	})
}

// connectomeShaped draws 213 rows of 4 features and 4 classes with the
// Drosophila table's shape: class counts (100, 21, 29, 63), two coarse
// integer features and two continuous ones.
func connectomeShaped(seed uint64) (*Features, []int) {
	rng := rand.New(rand.NewPCG(seed, 4))
	counts := []int{100, 21, 29, 63}
	var rows [][]float64
	var y []int
	for c, m := range counts {
		for range m {
			rows = append(rows, []float64{float64(rng.IntN(7)), rng.Float64() * 1e4, float64(rng.IntN(3) - 1), float64(c + rng.IntN(3))})
			y = append(y, c)
		}
	}
	x, _ := NewFeatures(rows)
	return x, y
}

// BenchmarkPermutationTest1000 is the paper's permutation test: 1000 label
// permutations, each refitting a 300-tree UF on 213 rows × 4 features.
func BenchmarkPermutationTest1000(b *testing.B) {
	x, y := connectomeShaped(1)
	stat := MIStatistic(EstimatorConfig{UF: PaperUF()})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PermutationTest(x, y, stat, PermutationConfig{Permutations: 1000, Runtime: Runtime{Seed: 1}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFastTestCost is what the fast test's p-value costs beside one MI
// estimate, both with the default UF at n=10,000, d=20 (docs/performance.md's
// ratio): "estimate" is EstimateMI, "fast-test" FastPermutationTest with
// 1000 permutations.
func BenchmarkFastTestCost(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.Run("estimate", func(b *testing.B) {
		for b.Loop() {
			if _, err := EstimateMI(x, y, EstimatorConfig{Runtime: Runtime{Seed: 1}}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fast-test", func(b *testing.B) {
		for b.Loop() {
			if _, err := FastPermutationTest(x, y, EstimatorConfig{}, PermutationConfig{Runtime: Runtime{Seed: 1}}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkFastTest1000 is the paper's permutation test run as the fast
// test: 1000 permutations of the vote half's labels, one 300-tree paper UF
// on 213 rows × 4 features.
func BenchmarkFastTest1000(b *testing.B) {
	x, y := connectomeShaped(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FastPermutationTest(x, y, EstimatorConfig{UF: PaperUF()}, PermutationConfig{Permutations: 1000, Runtime: Runtime{Seed: 1}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkConditionalTestCost is what a p-value of I(x_B; Y | x_A) = 0
// costs beside the marginal tests' p-values of I(X; Y) = 0 and one
// estimate, all with the default UF (300 trees) on n = 1000 rows, d = 2
// (x_A and x_B = x_A + N(0, 0.5²), Y logistic in x_A), 1000 permutations
// (docs/inference.md, "Conditional independence test"): "estimate" is
// ConditionalMI, "conditional" ConditionalPermutationTest, "fast"
// FastPermutationTest and "refit" PermutationTest of MIStatistic on both
// columns. Run it with -benchtime 1x: the refit test fits 1001 forests.
func BenchmarkConditionalTestCost(b *testing.B) {
	x, y := ciData(1, 1000, 0.5, 0)
	cfg := EstimatorConfig{Runtime: Runtime{Seed: 1}}
	pc := PermutationConfig{Permutations: 1000, Runtime: Runtime{Seed: 1}}
	b.Run("estimate", func(b *testing.B) {
		for b.Loop() {
			if _, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("conditional", func(b *testing.B) {
		for b.Loop() {
			if _, err := ConditionalPermutationTest(x, y, []int{0}, []int{1}, cfg, pc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			if _, err := FastPermutationTest(x, y, cfg, pc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refit", func(b *testing.B) {
		for b.Loop() {
			if _, err := PermutationTest(x, y, MIStatistic(cfg), pc); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSwappedRest times a conditional MI of one given column with its
// interval, the default (the rest fitted beside the swapped target) against
// the preset default-2026-11-30d (the given column fitted alone), on the
// data of BenchmarkConditionalTestCost (n = 1000, d = 2, 300 trees); and
// with that given column cut into 20 categorical levels of equal width, the
// default (swapped within the levels) against the preset default-2026-12-01
// (fitted alone); and beside a second given column (a class signal 0.5
// apart, column 2), the default (swapped along column 0, which predicts the
// target) against the preset default-2026-12-01b (both given columns fitted
// alone).
func BenchmarkSwappedRest(b *testing.B) {
	x, y := ciData(1, 1000, 0.5, 0)
	lo, hi := slices.Min(x.cols[0]), slices.Max(x.cols[0])
	codes := make([]float64, x.n)
	for i, v := range x.cols[0] {
		codes[i] = float64(min(int((v-lo)/(hi-lo)*20), 19))
	}
	categorical := categoricalBeside(b, codes, 20, x.cols[1])
	several := withNumericColumn(b, x, y, 2, 0.5, rand.New(rand.NewPCG(2, 3)))
	oneGiven, twoGiven := []int{0}, []int{0, 2}
	for _, c := range []struct {
		name  string
		x     *Features
		given []int
		uf    UFConfig
	}{{"default", x, oneGiven, DefaultUF()}, {"default-2026-11-30d", x, oneGiven, defaultUF20261130d()},
		{"categorical-default", categorical, oneGiven, DefaultUF()}, {"categorical-default-2026-12-01", categorical, oneGiven, defaultUF20261201()},
		{"several-default", several, twoGiven, DefaultUF()}, {"several-default-2026-12-01b", several, twoGiven, defaultUF20261201b()}} {
		cfg := EstimatorConfig{UF: c.uf, Confidence: 0.95, Runtime: Runtime{Seed: 1}}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ConditionalMI(c.x, y, c.given, []int{1}, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLeafSelection times the default against the preset before its
// estimates on one feature chose their leaves among three forests
// (default-2026-11-29c, NoLeafSelection), each without and with its
// interval, on one feature at n = 10,000 and 1,000.
func BenchmarkLeafSelection(b *testing.B) {
	for _, n := range []int{10000, 1000} {
		x2, y := benchData(n, 2, 1)
		x, err := x2.SelectCols([]int{0}) // the bench data's first, informative column
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			before := EstimatorConfig{UF: defaultUF20261129c()}
			beforeInterval := before
			beforeInterval.Confidence = 0.95
			benchEstimates(b, x, y, []benchCase{
				{"default-2026-11-29c", before},
				{"default-2026-11-29c-interval", beforeInterval},
				{"default", EstimatorConfig{}},
				{"default-interval", EstimatorConfig{Confidence: 0.95}},
			})
		})
	}
}

// BenchmarkLabelDraws times the preset label-draws (4 draws of the vote
// labels through the same trees) against the default, each without and
// with its interval, at n = 10,000 and 1,000 (20 features).
func BenchmarkLabelDraws(b *testing.B) {
	benchDefaultAgainst(b, "label-draws", labelDrawsUF())
}
