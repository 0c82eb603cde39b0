package study

import (
	"math"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

func TestBinnedByTruthAndConfidenceNearHalf(t *testing.T) {
	curve, err := frame.FromRecords([]string{"method", "truth", "posterior"}, [][]any{
		{"RF", 0.49, 0.9}, {"RF", 0.52, 0.2}, {"UF", 0.50, 0.6}, {"UF", 1.0, 1.0}, {"RF", 0.0, 0.1},
	})
	if err != nil {
		t.Fatal(err)
	}
	binned, err := BinnedByTruth(curve, 20)
	if err != nil {
		t.Fatal(err)
	}
	bins, _ := frame.Float64Column(binned, "bin")
	for i, want := range []float64{0.475, 0.525, 0.525, 0.975, 0.025} {
		if math.Abs(bins[i]-want) > 1e-12 {
			t.Errorf("row %d: bin %v, want %v", i, bins[i], want)
		}
	}
	conf, err := ConfidenceNearHalf(curve, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	means, _ := frame.Float64Column(conf, "mean_confidence")
	if conf.Nrow() != 2 || math.Abs(means[0]-0.85) > 1e-12 || math.Abs(means[1]-0.6) > 1e-12 {
		t.Errorf("confidence near 1/2: %v", means)
	}
	if _, err := ConfidenceNearHalf(curve, 0); err == nil {
		t.Error("no row near 1/2 was accepted")
	}
}

// Bins holding fewer rows of a method than asked are left out, and named.
func TestDropSparseBins(t *testing.T) {
	curve, err := frame.FromRecords([]string{"method", "truth", "posterior"}, [][]any{
		{"RF", 0.49, 0.9}, {"RF", 0.48, 0.8}, {"RF", 0.01, 0.1}, {"UF", 0.47, 0.6}, {"UF", 0.46, 0.5}, {"UF", 0.99, 1.0}, {"UF", 0.98, 0.9},
	})
	if err != nil {
		t.Fatal(err)
	}
	binned, _ := BinnedByTruth(curve, 20)
	kept, left, err := DropSparseBins(binned, 2)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := frame.Float64Column(kept, "truth")
	if want := []float64{0.49, 0.48, 0.47, 0.46, 0.99, 0.98}; !slices.Equal(truth, want) {
		t.Errorf("kept truths %v, want %v", truth, want)
	}
	if !slices.Equal(left, []float64{0.025}) {
		t.Errorf("bins left out %v, want [0.025]", left)
	}
	if _, _, err := DropSparseBins(binned, 3); err == nil {
		t.Error("every bin left out: no error")
	}
}

func TestMapsFromGridPlacesEachPoint(t *testing.T) {
	grid, err := frame.FromRecords([]string{"x1", "x2", "method", "truth", "estimate"}, [][]any{
		{0.0, 1.0, "UF", 0.2, 0.3}, {1.0, 0.0, "UF", 0.7, 0.5}, {1.0, 0.0, "RF", 0.7, 0.9},
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := MapsFromGrid(grid, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Methods) != 2 || m.Truth[1][0] != 0.2 || math.Abs(m.Error["UF"][0][1]+0.2) > 1e-12 || math.Abs(m.Error["RF"][0][1]-0.2) > 1e-12 {
		t.Errorf("maps: %+v", m)
	}
	if _, err := MapsFromGrid(grid, 1); err == nil {
		t.Error("a 1-point grid was accepted")
	}
}
