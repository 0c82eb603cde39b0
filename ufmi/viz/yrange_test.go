package viz

import (
	"math"
	"testing"
)

func TestSameYRangeCoversEveryPanelAndTruth(t *testing.T) {
	panels := []CurveSpec{
		{Series: []Series{{X: []float64{1, 2}, Y: []float64{0.1, 0.2}, Lo: []float64{0.05, 0.1}, Hi: []float64{0.15, 0.3}}}, Truth: TruthLevel(0.5)},
		{Series: []Series{{X: []float64{1}, Y: []float64{-0.2}}}},
	}
	got := SameYRange(panels)
	for i, p := range got {
		// Span -0.2 .. 0.5, padded by 0.035.
		if math.Abs(p.YMin+0.235) > 1e-12 || math.Abs(p.YMax-0.535) > 1e-12 {
			t.Errorf("panel %d: range %v..%v, want -0.235..0.535", i, p.YMin, p.YMax)
		}
	}
}
