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
	// JoinMinCount is the fewest predictions a bin needs to be on its
	// model's line: a sparser bin keeps its (small) marker but the line
	// passes it by, since its accuracy is mostly noise (2 predictions read
	// 0, 0.5 or 1). 0 means DefaultJoinMinCount; 1 joins every bin.
	JoinMinCount int
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// DefaultJoinMinCount is ReliabilitySpec.JoinMinCount's default: the
// accuracy of a bin of 30 predictions has a binomial standard error of at
// most 0.09.
const DefaultJoinMinCount = 30

// Reliability draws accuracy against confidence for each model, with the
// diagonal of perfect calibration. A marker's area grows with its bin's
// share of the model's predictions; bins with fewer than JoinMinCount
// predictions are drawn as markers off the model's line.
func Reliability(spec ReliabilitySpec) ([]byte, error) {
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if len(spec.Models) == 0 {
		return nil, fmt.Errorf("ufmi: viz: reliability diagram needs at least one model")
	}
	joinMin := spec.JoinMinCount
	switch {
	case joinMin < 0:
		return nil, fmt.Errorf("ufmi: viz: reliability diagram: JoinMinCount = %d is negative (0 means %d, 1 joins every bin)", joinMin, DefaultJoinMinCount)
	case joinMin == 0:
		joinMin = DefaultJoinMinCount
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
		if err := addReliabilityModel(p, legend, slots[i], m, joinMin); err != nil {
			return nil, err
		}
	}
	const margin = 0.02
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -margin, 1+margin, -margin, 1+margin
	p.Add(legend)
	return encodePlot(p, w, h, spec.Format)
}

// addReliabilityModel checks model i and draws its non-empty bins, joining
// those with at least joinMin predictions.
func addReliabilityModel(p *plot.Plot, legend *legendBox, i int, m ReliabilityModel, joinMin int) error {
	owner := describe("model", i, m.Name)
	pts, joined, counts, err := reliabilityPoints(m.Bins, joinMin)
	if err != nil {
		return fmt.Errorf("ufmi: viz: %s%w", owner, err)
	}
	line, err := plotter.NewLine(joined)
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
	if len(joined) >= 2 {
		p.Add(line)
	}
	p.Add(marks)
	legend.add(m.Name, line, marks)
	legend.avoidPath(joined)
	for _, pt := range pts {
		legend.avoidPath(plotter.XYs{pt})
	}
	return nil
}

// reliabilityPoints checks a model's bins and returns the points of its
// non-empty bins with their counts, and the points of those holding at
// least joinMin predictions (its line). Errors start with ": " or " " so
// that the caller can put the model's name before them.
func reliabilityPoints(bins []ReliabilityBin, joinMin int) (pts, joined plotter.XYs, counts []int, err error) {
	for b, bin := range bins {
		if bin.Count < 0 {
			return nil, nil, nil, fmt.Errorf(": bin %d has negative count %d", b, bin.Count)
		}
		if bin.Count == 0 {
			continue
		}
		for _, f := range []struct {
			name string
			v    float64
		}{{"Confidence", bin.Confidence}, {"Accuracy", bin.Accuracy}} {
			if !(f.v >= 0 && f.v <= 1) {
				return nil, nil, nil, fmt.Errorf(": bin %d %s = %v is not in [0, 1]", b, f.name, f.v)
			}
		}
		pt := plotter.XY{X: bin.Confidence, Y: bin.Accuracy}
		pts = append(pts, pt)
		counts = append(counts, bin.Count)
		if bin.Count >= joinMin {
			joined = append(joined, pt)
		}
	}
	if len(pts) == 0 {
		return nil, nil, nil, fmt.Errorf(" has no non-empty bin")
	}
	return pts, joined, counts, nil
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
