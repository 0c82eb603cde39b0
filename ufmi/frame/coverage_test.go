package frame

import (
	"math"
	"strings"
	"testing"
)

func TestCoverageCountsIntervalsHoldingTheTruth(t *testing.T) {
	df, err := FromRecords([]string{"cell", "est", "truth", "lo", "hi"}, [][]any{
		{"a", 1.0, 1.1, 0.9, 1.2}, // covers
		{"a", 0.5, 1.1, 0.4, 0.6}, // misses
		{"b", 2.0, 2.0, 1.0, 3.0}, // covers
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Coverage(df, []string{"cell"}, "est", "truth", "lo", "hi")
	if err != nil {
		t.Fatal(err)
	}
	cov, _ := Float64Column(got, "coverage")
	bias, _ := Float64Column(got, "mean_bias")
	width, _ := Float64Column(got, "mean_width")
	want := [][3]float64{{0.5, (-0.1 - 0.6) / 2, (0.3 + 0.2) / 2}, {1, 0, 2}}
	for i, w := range want {
		if math.Abs(cov[i]-w[0]) > 1e-12 || math.Abs(bias[i]-w[1]) > 1e-12 || math.Abs(width[i]-w[2]) > 1e-12 {
			t.Errorf("group %d: coverage %v bias %v width %v, want %v", i, cov[i], bias[i], width[i], w)
		}
	}
}

func TestCoverageRejectsAnInvertedInterval(t *testing.T) {
	df, _ := FromRecords([]string{"est", "truth", "lo", "hi"}, [][]any{{1.0, 1.0, 2.0, 0.5}})
	if _, err := Coverage(df, nil, "est", "truth", "lo", "hi"); err == nil || !strings.Contains(err.Error(), "above high") {
		t.Errorf("inverted interval: err = %v", err)
	}
}
