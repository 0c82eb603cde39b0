package viz

import (
	"math"
	"testing"
)

func reliabilitySpec() ReliabilitySpec {
	return ReliabilitySpec{
		Title: "Calibration",
		Models: []ReliabilityModel{
			{Name: "UF", Bins: []ReliabilityBin{{0.55, 0.56, 120}, {0.65, 0.63, 90}, {0.75, 0.76, 60}, {0.85, 0.84, 40}, {0.95, 0.94, 30}}},
			{Name: "RF", Bins: []ReliabilityBin{{0.55, 0.50, 40}, {math.NaN(), math.NaN(), 0}, {0.75, 0.62, 80}, {0.85, 0.70, 90}, {0.98, 0.80, 130}}},
		},
	}
}

func TestReliabilityPNG(t *testing.T) {
	b, err := Reliability(reliabilitySpec())
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestReliabilityModelIsDrawn(t *testing.T) {
	spec := reliabilitySpec()
	both, err := Reliability(spec)
	if err != nil {
		t.Fatal(err)
	}
	spec.Models = spec.Models[:1]
	one, err := Reliability(spec)
	if err != nil {
		t.Fatal(err)
	}
	a, b := decodeFigure(t, both, defaultPx[0], defaultPx[1]), decodeFigure(t, one, defaultPx[0], defaultPx[1])
	// Model 1 is RF, drawn in RF's colour in every figure (a dotted line
	// with rings): count pixels near it.
	cr, cg, cb, _ := styleColor(methodSlots["RF"]).RGBA()
	near := func(r, g, b uint32) bool {
		d := func(x, y uint32) bool { return x+40 >= y>>8 && y>>8+40 >= x }
		return d(r, cr) && d(g, cg) && d(b, cb)
	}
	if d := countPixels(a, near) - countPixels(b, near); d < 30 {
		t.Fatalf("second model added only %d pixels of RF's colour", d)
	}
}

func TestReliabilityErrors(t *testing.T) {
	cases := []struct {
		name      string
		edit      func(*ReliabilitySpec)
		fragments []string
	}{
		{"no models", func(s *ReliabilitySpec) { s.Models = nil }, []string{"at least one model"}},
		{"NaN accuracy", func(s *ReliabilitySpec) { s.Models[0].Bins[2].Accuracy = math.NaN() }, []string{`model "UF"`, "bin 2 Accuracy = NaN"}},
		{"confidence above 1", func(s *ReliabilitySpec) { s.Models[1].Bins[0].Confidence = 1.5 }, []string{`model "RF"`, "bin 0 Confidence = 1.5"}},
		{"negative count", func(s *ReliabilitySpec) { s.Models[1].Bins[3].Count = -2 }, []string{`model "RF"`, "negative count"}},
		{"all empty", func(s *ReliabilitySpec) { s.Models[0].Bins = []ReliabilityBin{{0.5, 0.5, 0}} }, []string{`model "UF"`, "no non-empty bin"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := reliabilitySpec()
			c.edit(&spec)
			_, err := Reliability(spec)
			wantErrContaining(t, err, c.fragments...)
		})
	}
}

func TestReliabilityLineSkipsSparseBins(t *testing.T) {
	bins := []ReliabilityBin{{0.2, 0.2, 100}, {0.35, 1, 2}, {0.5, 0.5, 0}, {0.65, 0.6, 30}, {0.8, 0.8, 29}}
	pts, joined, counts, err := reliabilityPoints(bins, DefaultJoinMinCount)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 4 || len(counts) != 4 || counts[1] != 2 {
		t.Fatalf("markers %v (counts %v), want the 4 non-empty bins", pts, counts)
	}
	if len(joined) != 2 || joined[0].X != 0.2 || joined[1].X != 0.65 {
		t.Fatalf("line through %v, want the bins of 100 and 30 predictions", joined)
	}
	_, all, _, err := reliabilityPoints(bins, 1)
	if err != nil || len(all) != 4 {
		t.Fatalf("JoinMinCount 1 joins %v (%v), want every non-empty bin", all, err)
	}
	// A model whose every bin is sparse is drawn as markers alone.
	spec := reliabilitySpec()
	spec.Models[0].Bins = []ReliabilityBin{{0.3, 0.1, 3}, {0.7, 0.9, 4}}
	if _, err := Reliability(spec); err != nil {
		t.Fatal(err)
	}
	spec.JoinMinCount = -1
	_, err = Reliability(spec)
	wantErrContaining(t, err, "JoinMinCount = -1 is negative")
}
