package study

import (
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

func TestReferenceGridHas14DistinctCells(t *testing.T) {
	seen := map[GridCell]bool{}
	for _, c := range ReferenceGrid() {
		if seen[c] {
			t.Errorf("cell %+v listed twice", c)
		}
		seen[c] = true
	}
	if len(seen) != 14 {
		t.Errorf("%d cells, want 14", len(seen))
	}
}

// The brief's accuracy targets for the default estimator: MI RMSE against
// the exact truth over the reference grid (14 cells × 5 reps, 300 trees).
// One draw of 70 estimates measures an RMSE only to within its Monte Carlo
// standard error (about 0.001-0.002 here), so a setting fails when its RMSE
// exceeds the target by more than two standard errors: a one-sided test of
// "the default meets the target". The paper preset fails it (three_class
// 0.052 against 0.035).
func TestDefaultUFMeetsGridRMSETargets(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 280 forests of 300 trees (about a minute on 2 cores)")
	}
	targets := map[string]float64{"overlapping": 0.01, "separated": 0.02, "three_class": 0.035, "scaled": 0.02}
	var ests []GridEstimate
	if err := RunGrid(ufmi.DefaultUF(), 5, nil, func(e GridEstimate) { ests = append(ests, e) }); err != nil {
		t.Fatal(err)
	}
	if len(ests) != 4*14*5 {
		t.Fatalf("%d estimates, want 280", len(ests))
	}
	for s, e := range GridRMSEWithError(ests) {
		got, se := e[0], e[1]
		t.Logf("%s: RMSE %.4f ± %.4f (target %.3f)", s, got, se, targets[s])
		if got > targets[s]+2*se {
			t.Errorf("%s: RMSE %.4f exceeds the target %.3f by more than two standard errors (%.4f)", s, got, targets[s], se)
		}
	}
}
