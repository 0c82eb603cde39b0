package viz

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// StripSpec describes a strip plot: one column of dots per category, such
// as the per-dataset differences between two methods.
type StripSpec struct {
	Title, XLabel, YLabel string
	// Categories are drawn left to right, each with its name under the axis.
	Categories []NamedValues
	// Seed drives the horizontal jitter, so the figure is reproducible.
	Seed uint64
	// Jitter is the largest horizontal offset, as a fraction of the distance
	// between categories; zero means 0.15, and it must stay below 0.5.
	Jitter float64
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// StripPlot draws each category's values as jittered dots with a short black
// bar at their median, over a horizontal line at zero.
func StripPlot(spec StripSpec) ([]byte, error) {
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if len(spec.Categories) == 0 {
		return nil, fmt.Errorf("ufmi: viz: strip plot needs at least one category")
	}
	jitter := spec.Jitter
	if jitter == 0 {
		jitter = 0.15
	}
	if !(jitter > 0 && jitter < 0.5) {
		return nil, fmt.Errorf("ufmi: viz: strip plot jitter %v is not in (0, 0.5)", spec.Jitter)
	}
	names := make([]string, len(spec.Categories))
	for i, c := range spec.Categories {
		owner := describe("category", i, c.Name)
		if len(c.Values) == 0 {
			return nil, fmt.Errorf("ufmi: viz: %s has no values", owner)
		}
		if err := checkFinite(owner, "Values", c.Values); err != nil {
			return nil, err
		}
		names[i] = c.Name
	}

	p := newStyledPlot(spec.Title, spec.XLabel, spec.YLabel)
	p.Add(refLine{Value: 0, LineStyle: draw.LineStyle{Color: color.Gray{Y: 40}, Width: vg.Points(1)}})
	rng := seeds.Stream(spec.Seed, seeds.Jitter, 0)
	slots := seriesSlots(names)
	for i, c := range spec.Categories {
		pts := make(plotter.XYs, len(c.Values))
		for k, v := range c.Values {
			pts[k] = plotter.XY{X: float64(i) + jitter*(2*rng.Float64()-1), Y: v}
		}
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, fmt.Errorf("ufmi: viz: %s: %w", describe("category", i, c.Name), err)
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: styleTranslucent(styleColor(slots[i]), 170), Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(dots)
		med := median(c.Values)
		bar, err := plotter.NewLine(plotter.XYs{{X: float64(i) - 1.6*jitter, Y: med}, {X: float64(i) + 1.6*jitter, Y: med}})
		if err != nil {
			return nil, fmt.Errorf("ufmi: viz: %s median: %w", describe("category", i, c.Name), err)
		}
		bar.LineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(2.2)}
		p.Add(bar)
	}
	p.NominalX(names...)
	labelledEnds(&p.Y, 0.04)
	return encodePlot(p, w, h, spec.Format)
}

// median returns the median of values (the mean of the middle two for an
// even count), without modifying values.
func median(values []float64) float64 {
	s := slices.Clone(values)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
