package viz

import "math"

// SameYRange gives every panel the same y range: from the lowest to the
// highest point, band or truth over all panels, padded by 5% of the span,
// so panels of a Grid compare at a glance. It returns the panels it changed.
func SameYRange(panels []CurveSpec) []CurveSpec {
	lo, hi := math.Inf(1), math.Inf(-1)
	take := func(vs ...[]float64) {
		for _, v := range vs {
			for _, y := range v {
				if !math.IsNaN(y) && !math.IsInf(y, 0) {
					lo, hi = math.Min(lo, y), math.Max(hi, y)
				}
			}
		}
	}
	for _, p := range panels {
		for _, s := range p.Series {
			take(s.Y, s.Lo, s.Hi)
		}
		if p.Truth != nil && p.Truth.X == nil {
			take([]float64{p.Truth.Level})
		} else if p.Truth != nil {
			take(p.Truth.Y)
		}
	}
	if lo > hi {
		return panels
	}
	pad := 0.05 * (hi - lo)
	if pad == 0 {
		pad = 0.05 * math.Max(math.Abs(hi), 1)
	}
	for i := range panels {
		panels[i].YMin, panels[i].YMax = lo-pad, hi+pad
	}
	return panels
}
