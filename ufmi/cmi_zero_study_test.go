package ufmi

import (
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// TestConditionalMIAtZeroStudy measures the default's 95% intervals of a
// conditional MI that is exactly 0: x0 informs the label (x0 | Y ~ N(±1,
// 1)) and the target adds nothing given it: a noise column, a noisy copy
// of x0 (x0 + N(0, 0.5²)), or two noise columns. 100 data sets per cell
// at n = 500 and 2,000: the share of intervals excluding 0, the number
// lying entirely below 0 and the mean estimate. A study, not a check
// (about 90 seconds):
//
//	UFMI_CMI_ZERO_STUDY=1 go test -run TestConditionalMIAtZeroStudy -v ./ufmi
func TestConditionalMIAtZeroStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_CMI_ZERO_STUDY", "the study of conditional MIs at zero")
	const reps = 100
	for _, target := range []string{"a noise column", "a noisy copy of x0", "two noise columns"} {
		for _, n := range []int{500, 2000} {
			excluded, below, sum := 0, 0, 0.0
			for r := range reps {
				rng := seeds.Stream(77, seeds.Data, r+1000*n)
				cols := []Column{{Name: "x0", Values: make([]float64, n)}, {Name: "x1", Values: make([]float64, n)}, {Name: "x2", Values: make([]float64, n)}}
				y := make([]int, n)
				for i := range n {
					y[i] = rng.IntN(2)
					x0 := float64(2*y[i]-1) + rng.NormFloat64()
					cols[0].Values[i], cols[1].Values[i], cols[2].Values[i] = x0, rng.NormFloat64(), rng.NormFloat64()
					if target == "a noisy copy of x0" {
						cols[1].Values[i] = x0 + 0.5*rng.NormFloat64()
					}
				}
				x, err := NewColumnFeatures(cols)
				if err != nil {
					t.Fatal(err)
				}
				targets := []int{1}
				if target == "two noise columns" {
					targets = []int{1, 2}
				}
				est, err := ConditionalMI(x, y, []int{0}, targets, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				if est.CI.Low > 0 {
					excluded++
				}
				if est.CI.High < 0 {
					below++
				}
				sum += est.CMI
			}
			t.Logf("%-19s n = %4d: %2d of %d intervals exclude 0, %d lie below it, mean estimate %+.4f", target, n, excluded, reps, below, sum/reps)
		}
	}
}
