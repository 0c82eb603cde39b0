package ufmi

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestRedundantTargetStudy measures conditional MIs that are exactly 0
// because the target column adds nothing to the given ones: a constant, a
// copy of the first given column, that copy plus N(0, 0.01²), or a column
// of noise, beside the scaled setting's informative column (given alone),
// and a copy of separated's or of scaled's first column beside its second
// (given both). Each data set is estimated by the default, by the preset
// "default-2026-11-30d", which fits one given column alone (no swapped
// rest), and by the preset "default-2026-11-30", whose two fits took a
// plain estimate's leaves (6 on one column, fewer on two below 2,000
// rows). 100 data sets per cell: the
// share of 95% intervals excluding 0, the mean estimate and the estimates'
// sd over their mean SE. A study, not a check (about 4 minutes on 2 cores;
// docs/inference.md, "Leaves that keep following n, and shared leaves in a
// difference"):
//
//	UFMI_REDUNDANT_STUDY=1 go test -run TestRedundantTargetStudy -v -timeout 1h ./ufmi
func TestRedundantTargetStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_REDUNDANT_STUDY", "the redundant-target conditional MI study")
	const reps = 100
	plainRest := defaultUF20261130d()
	before, err := ParseUFPreset("default-2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	type cell struct {
		setting sim.MISetting
		d, n    int
		target  string
	}
	cells := []cell{
		{sim.Scaled, 1, 1000, "constant"}, {sim.Scaled, 1, 1000, "copy"},
		{sim.Scaled, 1, 500, "copy + N(0, 0.01²)"}, {sim.Scaled, 1, 1000, "copy + N(0, 0.01²)"},
		{sim.Scaled, 1, 500, "noise"}, {sim.Scaled, 1, 1000, "noise"},
		{sim.Separated, 1, 1000, "copy + N(0, 0.01²)"},
		{sim.Scaled, 2, 1000, "copy"}, {sim.Separated, 2, 1000, "copy"},
	}
	t.Log("| setting | given columns | n | target | default: intervals excluding 0 | mean estimate | sd / mean SE | default-2026-11-30d: excluding 0 | mean estimate | sd / mean SE | default-2026-11-30: excluding 0 | mean estimate | sd / mean SE |")
	t.Log("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for ci, c := range cells {
		type tally struct {
			excluded    int
			sum, sq, se float64
		}
		var now, alone, old tally
		for r := range reps {
			s := sim.MISimulation{Setting: c.setting, N: c.n, D: c.d, Prior: 0.5, Mu: 1}
			rows, y, err := s.Sample(seeds.Derive(91, seeds.Repetition, 1000*ci+r))
			if err != nil {
				t.Fatal(err)
			}
			rng := seeds.Stream(92, seeds.Data, 1000*ci+r)
			for i, row := range rows {
				var v float64
				switch c.target {
				case "constant":
					v = 1
				case "copy":
					v = row[0]
				case "copy + N(0, 0.01²)":
					v = row[0] + 0.01*rng.NormFloat64()
				case "noise":
					v = rng.NormFloat64()
				}
				rows[i] = append(row, v)
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			given := []int{0}
			if c.d == 2 {
				given = []int{0, 1}
			}
			for _, run := range []struct {
				uf UFConfig
				to *tally
			}{{DefaultUF(), &now}, {plainRest, &alone}, {before, &old}} {
				est, err := ConditionalMI(x, y, given, []int{c.d}, EstimatorConfig{UF: run.uf, Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				if est.CI.Low > 0 {
					run.to.excluded++
				}
				run.to.sum += est.CMI
				run.to.sq += est.CMI * est.CMI
				run.to.se += est.CI.SE
			}
		}
		spread := func(v tally) string {
			mean := v.sum / reps
			sd := math.Sqrt(math.Max(0, (v.sq-reps*mean*mean)/(reps-1)))
			if v.se == 0 {
				return "— (every estimate 0)"
			}
			return fmt.Sprintf("%.2f", sd/(v.se/reps))
		}
		t.Logf("| %s | %d | %d | %s | %d | %+.4f | %s | %d | %+.4f | %s | %d | %+.4f | %s |", c.setting, c.d, c.n, c.target,
			now.excluded, now.sum/reps, spread(now), alone.excluded, alone.sum/reps, spread(alone), old.excluded, old.sum/reps, spread(old))
	}
}
