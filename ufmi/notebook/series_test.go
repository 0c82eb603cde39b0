package notebook

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

func TestCurveSeriesMeansAndBands(t *testing.T) {
	df, err := frame.FromRecords([]string{"method", "n", "mi", "truth"}, [][]any{
		{"UF", 200.0, 0.3, 0.33}, {"UF", 100.0, 0.1, 0.33}, {"UF", 100.0, 0.3, 0.33},
		{"KSG", 100.0, 0.5, 0.33},
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := CurveSeries(df, "n", "method", "mi")
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 || s[0].Name != "UF" || s[1].Name != "KSG" {
		t.Fatalf("series %+v", s)
	}
	uf := s[0]
	// Sorted by n: n=100 has mean 0.2 and sd sqrt(0.02); n=200 a single value (no band).
	if uf.X[0] != 100 || math.Abs(uf.Y[0]-0.2) > 1e-12 || math.Abs(uf.Hi[0]-0.2-math.Sqrt(0.02)) > 1e-12 {
		t.Fatalf("n=100 point: %+v", uf)
	}
	if uf.X[1] != 200 || uf.Lo[1] != uf.Y[1] || uf.Hi[1] != uf.Y[1] {
		t.Fatalf("a single repetition should have no band: %+v", uf)
	}
	truth, err := TruthSeries(df, "n", "truth")
	if err != nil || len(truth.X) != 2 || truth.Y[0] != 0.33 {
		t.Fatalf("truth %+v, %v", truth, err)
	}
	if _, err := CurveSeries(df, "n", "method", "nope"); err == nil {
		t.Fatal("unknown column accepted")
	}
}

func TestPickAndCachePathFollowMode(t *testing.T) {
	t.Setenv("UFMI_FULL", "")
	if Pick(1, 2) != 1 || CachePath("x") != "../data/sim/x_small.csv" {
		t.Fatal("small mode")
	}
	t.Setenv("UFMI_FULL", "1")
	if Pick(1, 2) != 2 || CachePath("x") != "../data/sim/x_full.csv" {
		t.Fatal("full mode")
	}
}
