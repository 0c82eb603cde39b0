package ufmi

import (
	"testing"
)

// TestTableFeaturesCoverageStudy measures the default's 95% intervals of
// I(X;Y) on the simulations of real-table features (a categorical column
// beside a numeric one, a column missing completely at random, a column
// missing more often in one class), 100 data sets each at n = 500 and
// 2,000: coverage, mean bias, the estimates' sd and the mean SE. A study,
// not a check (about 30 seconds):
//
//	UFMI_TABLE_COVERAGE_STUDY=1 go test -run TestTableFeaturesCoverageStudy -v ./ufmi
func TestTableFeaturesCoverageStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_TABLE_COVERAGE_STUDY", "the coverage study of table-like columns")
	const reps = 100
	for _, n := range []int{500, 2000} {
		cat, mcar, classMiss := categoricalSim, mcarSim, classMissSim
		cat.N, mcar.N, classMiss.N = n, n, n
		for _, c := range []struct {
			name  string
			draw  func(seed uint64) (*Features, []int)
			truth float64
		}{
			{"categorical", func(s uint64) (*Features, []int) { return categoricalSample(t, cat, s) }, truthMI(t, cat)},
			{"missing at random", func(s uint64) (*Features, []int) { return missingSample(t, mcar, s) }, truthMI(t, mcar)},
			{"missing by class", func(s uint64) (*Features, []int) { return missingSample(t, classMiss, s) }, truthMI(t, classMiss)},
		} {
			covered, sumSE := 0, 0.0
			estimates := make([]float64, reps)
			for r := range reps {
				x, y := c.draw(uint64(1000 + r))
				est, err := EstimateMI(x, y, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				if est.CI.Low <= c.truth && c.truth <= est.CI.High {
					covered++
				}
				estimates[r], sumSE = est.MI, sumSE+est.CI.SE
			}
			mean, sd := meanSD(estimates)
			t.Logf("%-17s n = %4d  exact %.4f  coverage %.2f  bias %+.4f  sd %.4f  mean SE %.4f", c.name, n, c.truth, float64(covered)/reps, mean-c.truth, sd, sumSE/reps)
		}
	}
}
