package viz

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BarSpec describes a bar chart: one bar per named value, such as each
// feature's mutual information with the label.
type BarSpec struct {
	Title, XLabel, YLabel string
	// Bars are drawn left to right, each with its name under the axis;
	// negative values go below the zero line.
	Bars []NamedValue
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// NamedValue is one value with its name.
type NamedValue struct {
	Name  string
	Value float64
}

// BarChart draws one bar per value over a horizontal line at zero.
func BarChart(spec BarSpec) ([]byte, error) {
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if len(spec.Bars) == 0 {
		return nil, fmt.Errorf("ufmi: viz: bar chart needs at least one bar")
	}
	names, values := make([]string, len(spec.Bars)), make(plotter.Values, len(spec.Bars))
	for i, b := range spec.Bars {
		if err := checkFinite(describe("bar", i, b.Name), "Value", []float64{b.Value}); err != nil {
			return nil, err
		}
		names[i], values[i] = b.Name, b.Value
	}
	p := newStyledPlot(spec.Title, spec.XLabel, spec.YLabel)
	bars, err := plotter.NewBarChart(values, vg.Points(min(28, 300/float64(len(values)))))
	if err != nil {
		return nil, fmt.Errorf("ufmi: viz: bar chart: %w", err)
	}
	bars.Color = styleColor(0)
	bars.LineStyle.Width = 0
	p.Add(refLine{Value: 0, LineStyle: draw.LineStyle{Color: color.Gray{Y: 40}, Width: vg.Points(1)}})
	p.Add(bars)
	p.NominalX(names...)
	labelledEnds(&p.Y, 0.04)
	return encodePlot(p, w, h, spec.Format)
}
