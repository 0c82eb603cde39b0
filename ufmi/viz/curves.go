package viz

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// markerLimit is the largest number of points of a series drawn with point
// markers; longer series (dense grids) are drawn as plain lines.
const markerLimit = 40

// Series is one named curve: the points (X[i], Y[i]) joined in the given
// order, with an optional error band from Lo[i] to Hi[i] drawn as a
// translucent area in the series' colour. Lo and Hi are both nil or both as
// long as X.
type Series struct {
	// Name labels the series in the legend; an empty name leaves it out.
	Name string
	// Method, when set, is the method whose colour, dashes and marker the
	// series takes (as in every figure); otherwise Name decides. Set it when
	// Name is empty, so that a panel without a legend keeps the colours.
	Method string
	// Slot, when positive, is the style (colour, dashes, marker) the series
	// takes, over Method and Name: StyleSlots gives each method of several
	// panels one slot over all of them, so that a method outside the known
	// ones keeps its colour in a panel where another is absent.
	Slot   int
	X, Y   []float64
	Lo, Hi []float64
}

// StyleSlots returns the style slot (1-based, for Series.Slot) a figure
// whose series are these names or methods gives each: a known method its
// own, the others the free ones in order.
func StyleSlots(names []string) []int {
	slots := seriesSlots(names)
	for i := range slots {
		slots[i]++
	}
	return slots
}

// Truth is the true value of what a figure estimates, drawn as a black dashed
// line labelled "truth": the curve (X[i], Y[i]) when X is set, otherwise a
// horizontal line at Level.
type Truth struct {
	Level float64
	X, Y  []float64
}

// TruthLevel returns a horizontal truth line at y = v.
func TruthLevel(v float64) *Truth { return &Truth{Level: v} }

// TruthCurve returns a truth curve through the points (x[i], y[i]).
func TruthCurve(x, y []float64) *Truth { return &Truth{X: x, Y: y} }

// CurveSpec describes a line figure such as estimate versus sample size,
// versus a parameter, or a Hellinger distance curve.
type CurveSpec struct {
	Title, XLabel, YLabel string
	// Series are drawn in order, each with its own colour, dash and marker.
	Series []Series
	// Truth, when non-nil, is drawn in black dashes and labelled "truth".
	Truth *Truth
	// LogX puts the x axis on a log scale (all x must then be positive).
	LogX bool
	// YMin and YMax fix the y range when they differ; equal means automatic.
	YMin, YMax float64
	// Legend is where the legend goes (LegendAuto by default: where it
	// covers the least data).
	Legend LegendPosition
	// Width and Height default to DefaultWidth x DefaultHeight (in a Grid,
	// to DefaultPanelWidth x DefaultPanelHeight).
	Width, Height vg.Length
	// Format is PNG (default) or SVG.
	Format Format
}

// Curves draws spec and returns the encoded figure.
func Curves(spec CurveSpec) (figure []byte, err error) {
	defer recoverDrawing(&err)
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	p, legend, err := curvesPlot(spec)
	if err != nil {
		return nil, err
	}
	if placeLegend(p, legend, w, h, spec.YMin != spec.YMax) {
		// No room inside: the legend goes beside the plot.
		legend.hidden = true
		return encodeFigure(spec.Format, w, h, func(c draw.Canvas) { drawBeside(c, legend, p.Draw) })
	}
	return encodePlot(p, w, h, spec.Format)
}

// CurvesPlot checks spec and builds the plot that Curves encodes, for callers
// who want to adjust it before encoding it with ToPNG or ToSVG.
func CurvesPlot(spec CurveSpec) (*plot.Plot, error) {
	p, _, err := curvesPlot(spec)
	return p, err
}

// curvesPlot is CurvesPlot, with the plot's legend.
func curvesPlot(spec CurveSpec) (*plot.Plot, *legendBox, error) {
	if err := checkCurveSpec(spec); err != nil {
		return nil, nil, err
	}
	p := newStyledPlot(spec.Title, spec.XLabel, spec.YLabel)
	legend, err := newLegendBox(spec.Legend)
	if err != nil {
		return nil, nil, err
	}
	if spec.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	names := make([]string, len(spec.Series))
	for i, s := range spec.Series {
		names[i] = s.Name
		if s.Method != "" {
			names[i] = s.Method
		}
	}
	slots := seriesSlots(names)
	for i, s := range spec.Series {
		if s.Slot > 0 {
			slots[i] = s.Slot - 1
		}
		if err := addSeries(p, legend, slots[i], s); err != nil {
			return nil, nil, err
		}
	}
	if spec.Truth != nil {
		if err := addTruth(p, legend, spec.Truth); err != nil {
			return nil, nil, err
		}
	}
	if spec.LogX && !(p.X.Max > p.X.Min) {
		// One x value: a decade either side, as a log axis cannot widen
		// by adding (x = 1 would reach 0).
		p.X.Min, p.X.Max = p.X.Min/10, p.X.Max*10
	}
	labelledEnds(&p.X, 0)
	if spec.YMin != spec.YMax {
		p.Y.Min, p.Y.Max = spec.YMin, spec.YMax
	} else {
		labelledEnds(&p.Y, 0.04)
	}
	p.Add(legend)
	return p, legend, nil
}

// checkCurveSpec validates every series and the truth of spec.
func checkCurveSpec(spec CurveSpec) error {
	if len(spec.Series) == 0 {
		return fmt.Errorf("ufmi: viz: curves need at least one series")
	}
	for i, s := range spec.Series {
		if err := checkSeries(describe("series", i, s.Name), s, spec.LogX); err != nil {
			return err
		}
	}
	if t := spec.Truth; t != nil {
		if t.X == nil && t.Y == nil {
			if err := checkFinite(truthLabel, "Level", []float64{t.Level}); err != nil {
				return err
			}
		} else if err := checkXY(truthLabel, t.X, t.Y, spec.LogX); err != nil {
			return err
		}
	}
	return checkRange("y", spec.YMin, spec.YMax)
}

// checkSeries validates the points and the optional band of one series.
func checkSeries(owner string, s Series, logX bool) error {
	if err := checkXY(owner, s.X, s.Y, logX); err != nil {
		return err
	}
	if s.Lo == nil && s.Hi == nil {
		return nil
	}
	if err := checkSameLength(owner, "X", len(s.X), "Lo", len(s.Lo)); err != nil {
		return err
	}
	if err := checkSameLength(owner, "X", len(s.X), "Hi", len(s.Hi)); err != nil {
		return err
	}
	if err := checkFinite(owner, "Lo", s.Lo); err != nil {
		return err
	}
	if err := checkFinite(owner, "Hi", s.Hi); err != nil {
		return err
	}
	for i := range s.Lo {
		if s.Lo[i] > s.Hi[i] {
			return fmt.Errorf("ufmi: viz: %s: band Lo[%d] = %v is above Hi[%d] = %v", owner, i, s.Lo[i], i, s.Hi[i])
		}
	}
	return nil
}

// checkXY validates a non-empty set of finite points.
func checkXY(owner string, x, y []float64, logX bool) error {
	if len(x) == 0 {
		return fmt.Errorf("ufmi: viz: %s has no points", owner)
	}
	if err := checkSameLength(owner, "X", len(x), "Y", len(y)); err != nil {
		return err
	}
	if err := checkFinite(owner, "X", x); err != nil {
		return err
	}
	if err := checkFinite(owner, "Y", y); err != nil {
		return err
	}
	if logX {
		return checkPositive(owner, "X", x)
	}
	return nil
}

// xys pairs two equally long slices as plotter points.
func xys(x, y []float64) plotter.XYs {
	pts := make(plotter.XYs, len(x))
	for i := range x {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts
}

// bandPolygon returns the outline of the band: along Hi forwards, then along
// Lo backwards.
func bandPolygon(x, lo, hi []float64) plotter.XYs {
	n := len(x)
	pts := make(plotter.XYs, 0, 2*n)
	for i := range n {
		pts = append(pts, plotter.XY{X: x[i], Y: hi[i]})
	}
	for i := n - 1; i >= 0; i-- {
		pts = append(pts, plotter.XY{X: x[i], Y: lo[i]})
	}
	return pts
}

// addSeries draws a series in style slot i (band, line, markers) and gives
// it a legend entry.
func addSeries(p *plot.Plot, legend *legendBox, i int, s Series) error {
	var thumbs []plot.Thumbnailer
	if s.Lo != nil {
		band, err := plotter.NewPolygon(bandPolygon(s.X, s.Lo, s.Hi))
		if err != nil {
			return fmt.Errorf("ufmi: viz: %s band: %w", describe("series", i, s.Name), err)
		}
		band.Color = styleTranslucent(styleColor(i), 55)
		band.LineStyle.Width = 0
		p.Add(band)
		thumbs = append(thumbs, band)
		legend.avoidPath(xys(s.X, s.Lo))
		legend.avoidPath(xys(s.X, s.Hi))
	}
	line, err := plotter.NewLine(xys(s.X, s.Y))
	if err != nil {
		return fmt.Errorf("ufmi: viz: %s: %w", describe("series", i, s.Name), err)
	}
	line.LineStyle = styleLine(i)
	p.Add(line)
	thumbs = append(thumbs, line)
	legend.avoidPath(line.XYs)
	if len(s.X) <= markerLimit {
		marks, err := plotter.NewScatter(xys(s.X, s.Y))
		if err != nil {
			return fmt.Errorf("ufmi: viz: %s: %w", describe("series", i, s.Name), err)
		}
		marks.GlyphStyle = styleGlyph(i)
		p.Add(marks)
		thumbs = append(thumbs, marks)
	}
	legend.add(s.Name, thumbs...)
	return nil
}

// addTruth draws the truth in black dashes with the legend entry "truth".
func addTruth(p *plot.Plot, legend *legendBox, t *Truth) error {
	if t.X == nil && t.Y == nil {
		l := refLine{Value: t.Level, LineStyle: styleTruthLine()}
		p.Add(l)
		legend.add(truthLabel, l)
		legend.avoidLevel(t.Level, false)
		return nil
	}
	line, err := plotter.NewLine(xys(t.X, t.Y))
	if err != nil {
		return fmt.Errorf("ufmi: viz: truth: %w", err)
	}
	line.LineStyle = styleTruthLine()
	p.Add(line)
	legend.add(truthLabel, line)
	legend.avoidPath(line.XYs)
	return nil
}
