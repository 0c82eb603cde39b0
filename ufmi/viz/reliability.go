package viz

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ReliabilityBin is one confidence bin of a calibration check.
type ReliabilityBin struct {
	// Confidence is the mean predicted confidence of the bin, in [0, 1].
	Confidence float64
	// Accuracy is the fraction of correct predictions in the bin, in [0, 1].
	Accuracy float64
	// Count is the number of predictions in the bin; bins with Count 0 are
	// skipped whatever their other fields hold.
	Count int
}

// ReliabilityModel is the binned calibration of one model.
type ReliabilityModel struct {
	Name string
	Bins []ReliabilityBin
}

// ReliabilitySpec describes a reliability diagram.
type ReliabilitySpec struct {
	// Title is optional; XLabel and YLabel default to "confidence" and "accuracy".
	Title, XLabel, YLabel string
	Models                []ReliabilityModel
	// Legend is the legend position (automatic by default).
	Legend LegendPosition
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// Reliability draws accuracy against confidence for each model, with the
// diagonal of perfect calibration. A marker's area grows with its bin's
// share of the model's predictions.
func Reliability(spec ReliabilitySpec) ([]byte, error) {
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if len(spec.Models) == 0 {
		return nil, fmt.Errorf("ufmi: viz: reliability diagram needs at least one model")
	}
	p := newStyledPlot(spec.Title, orDefault(spec.XLabel, "confidence"), orDefault(spec.YLabel, "accuracy"))
	legend, err := newLegendBox(spec.Legend)
	if err != nil {
		return nil, err
	}
	diagonal, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return nil, fmt.Errorf("ufmi: viz: reliability diagonal: %w", err)
	}
	diagonal.LineStyle = styleReferenceLine()
	p.Add(diagonal)
	legend.add("perfect calibration", diagonal)
	legend.avoidPath(diagonal.XYs)
	names := make([]string, len(spec.Models))
	for i, m := range spec.Models {
		names[i] = m.Name
	}
	slots := seriesSlots(names)
	for i, m := range spec.Models {
		if err := addReliabilityModel(p, legend, slots[i], m); err != nil {
			return nil, err
		}
	}
	const margin = 0.02
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -margin, 1+margin, -margin, 1+margin
	p.Add(legend)
	return encodePlot(p, w, h, spec.Format)
}

// addReliabilityModel checks model i and draws its non-empty bins.
func addReliabilityModel(p *plot.Plot, legend *legendBox, i int, m ReliabilityModel) error {
	owner := describe("model", i, m.Name)
	var pts plotter.XYs
	var counts []int
	for b, bin := range m.Bins {
		if bin.Count < 0 {
			return fmt.Errorf("ufmi: viz: %s: bin %d has negative count %d", owner, b, bin.Count)
		}
		if bin.Count == 0 {
			continue
		}
		for _, f := range []struct {
			name string
			v    float64
		}{{"Confidence", bin.Confidence}, {"Accuracy", bin.Accuracy}} {
			if !(f.v >= 0 && f.v <= 1) {
				return fmt.Errorf("ufmi: viz: %s: bin %d %s = %v is not in [0, 1]", owner, b, f.name, f.v)
			}
		}
		pts = append(pts, plotter.XY{X: bin.Confidence, Y: bin.Accuracy})
		counts = append(counts, bin.Count)
	}
	if len(pts) == 0 {
		return fmt.Errorf("ufmi: viz: %s has no non-empty bin", owner)
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return fmt.Errorf("ufmi: viz: %s: %w", owner, err)
	}
	line.LineStyle = styleLine(i)
	marks, err := plotter.NewScatter(pts)
	if err != nil {
		return fmt.Errorf("ufmi: viz: %s: %w", owner, err)
	}
	marks.GlyphStyle = styleGlyph(i)
	marks.GlyphStyleFunc = countScaledGlyph(styleGlyph(i), counts)
	p.Add(line, marks)
	legend.add(m.Name, line, marks)
	legend.avoidPath(line.XYs)
	return nil
}

// countScaledGlyph returns a glyph style whose area is proportional to the
// count, from 1.5 pt radius up to 3 times the base radius for the largest bin.
func countScaledGlyph(base draw.GlyphStyle, counts []int) func(int) draw.GlyphStyle {
	largest := 0
	for _, c := range counts {
		largest = max(largest, c)
	}
	return func(k int) draw.GlyphStyle {
		g := base
		share := float64(counts[k]) / float64(largest)
		g.Radius = max(vg.Points(1.5), 3*base.Radius*vg.Length(math.Sqrt(share)))
		return g
	}
}
