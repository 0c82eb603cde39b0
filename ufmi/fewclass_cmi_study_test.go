package ufmi

import (
	"fmt"
	"testing"
)

// TestFewClassConditionalZeroStudy measures the default's conditional MI
// where the target adds nothing, I(Y; x2 | x1) = 0, with 2 to 4 classes
// along the given column x1 (class means mu apart) and x2 pure noise: the
// mean estimate and how many 95% intervals exclude 0, with the default and
// with the preset label-draws. A reviewer's probe (2026-11-30, fifth
// session) read 23 of 50 intervals excluding 0 with 4 classes 0.5 apart at
// n = 2,000, where the command line's note on a conditional MI's two fits
// started at 5 classes. Run with
//
//	UFMI_FEW_CLASS_CMI_STUDY=1 go test -run TestFewClassConditionalZeroStudy -v -timeout 1h ./ufmi
//
// (about 4 minutes on 2 cores); docs/inference.md, "Leaves chosen by the
// log-loss", gives the table.
func TestFewClassConditionalZeroStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_FEW_CLASS_CMI_STUDY", "the few-class conditional MI study at zero")
	labelDraws, err := ParseUFPreset("label-draws")
	if err != nil {
		t.Fatal(err)
	}
	const sets = 30
	fmt.Println("| classes | class means apart | n | data sets | default: mean estimate | intervals excluding 0 | label-draws: mean estimate | intervals excluding 0 |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, c := range []struct {
		k   int
		mu  float64
		per int
	}{
		{2, 0.5, 1000}, {3, 0.5, 667}, {4, 0.5, 500}, {3, 1, 667}, {4, 1, 500}, {4, 0.5, 250}, {3, 0.5, 333},
	} {
		data := lineClassesSets(t, c.k, c.per, c.mu)
		def, draws := newCMITally(0), newCMITally(0)
		for r := range sets {
			x, y := data(r)
			for _, tc := range []struct {
				tally *cmiTally
				uf    UFConfig
			}{{def, UFConfig{}}, {draws, labelDraws}} {
				est, err := ConditionalMI(x, y, []int{0}, []int{1}, EstimatorConfig{UF: tc.uf, Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				tc.tally.add(est, 0)
			}
		}
		dm, _ := meanSD(def.errors)
		lm, _ := meanSD(draws.errors)
		fmt.Printf("| %d | %g | %d | %d | %+.4f | %d | %+.4f | %d |\n", c.k, c.mu, c.k*c.per, sets, dm, def.excluding, lm, draws.excluding)
	}
}
