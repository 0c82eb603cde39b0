package viz

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default sizes of figures.
const (
	// DefaultWidth and DefaultHeight are the size of a single figure.
	DefaultWidth  = 16 * vg.Centimeter
	DefaultHeight = 10 * vg.Centimeter
	// DefaultPanelWidth and DefaultPanelHeight are the size of one panel of a Grid.
	DefaultPanelWidth  = 9 * vg.Centimeter
	DefaultPanelHeight = 6.5 * vg.Centimeter
)

// Font sizes, in points, chosen to stay readable when a notebook shows the
// PNG at its natural size.
const (
	styleTitleSize  = 13
	styleLabelSize  = 12
	styleTickSize   = 10.5
	styleLegendSize = 10.5
)

// styleSeriesColors is the Okabe-Ito colour-blind safe palette without black,
// which is reserved for the truth.
var styleSeriesColors = []color.Color{
	color.RGBA{R: 0, G: 114, B: 178, A: 255},   // blue
	color.RGBA{R: 213, G: 94, B: 0, A: 255},    // vermillion
	color.RGBA{R: 0, G: 158, B: 115, A: 255},   // bluish green
	color.RGBA{R: 204, G: 121, B: 167, A: 255}, // reddish purple
	color.RGBA{R: 230, G: 159, B: 0, A: 255},   // orange
	color.RGBA{R: 86, G: 180, B: 233, A: 255},  // sky blue
	color.RGBA{R: 120, G: 94, B: 60, A: 255},   // brown
	color.RGBA{R: 240, G: 228, B: 66, A: 255},  // yellow
	color.RGBA{R: 102, G: 102, B: 102, A: 255}, // grey
	color.RGBA{R: 90, G: 60, B: 140, A: 255},   // dark purple
	color.RGBA{R: 128, G: 128, B: 0, A: 255},   // olive
}

// methodSlots gives each method its colour, dashes and marker (the slot of
// the palettes) in every figure: the names the notebooks and studies give
// the estimators. The UF presets are blue, the kNN estimators vermillion
// and brown, so UF and KSG, compared in most figures, never look alike.
var methodSlots = map[string]int{
	"UF": 0, "UF (paper)": 5, "IRF": 2, "SigRF": 3, "RF-oob": 4, "RF": 4, "KSG": 1, "Mixed-KSG": 6,
	"RF-split": 7, "UF (authors)": 8, "UF (oblique)": 9, "UF (rotated)": 10,
}

// seriesSlots returns the style slot of each named series of one figure: a
// method's own slot (methodSlots), and for other names, or a method named
// twice, the first slot no other series of the figure takes.
func seriesSlots(names []string) []int {
	slots := make([]int, len(names))
	taken := map[int]bool{}
	fixed := make([]bool, len(names))
	for i, n := range names {
		if s, ok := methodSlots[n]; ok && !taken[s] {
			slots[i], fixed[i], taken[s] = s, true, true
		}
	}
	next := 0
	for i := range names {
		if fixed[i] {
			continue
		}
		for taken[next] {
			next++
		}
		slots[i], taken[next] = next, true
	}
	return slots
}

// styleSeriesDashes gives each series its own dash pattern; none of them
// equals styleTruthDashes.
var styleSeriesDashes = [][]vg.Length{
	nil,
	{vg.Points(2), vg.Points(2)},
	{vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2)},
	{vg.Points(10), vg.Points(3)},
	{vg.Points(1), vg.Points(3)},
	{vg.Points(8), vg.Points(2), vg.Points(2), vg.Points(2), vg.Points(2), vg.Points(2)},
}

// styleSeriesShapes gives each series its own point marker.
var styleSeriesShapes = []draw.GlyphDrawer{
	draw.CircleGlyph{},
	draw.SquareGlyph{},
	draw.TriangleGlyph{},
	draw.CrossGlyph{},
	draw.RingGlyph{},
	draw.PlusGlyph{},
	draw.BoxGlyph{},
	draw.PyramidGlyph{},
}

// styleTruthDashes is the dash pattern of every truth line.
var styleTruthDashes = []vg.Length{vg.Points(6), vg.Points(3)}

// truthLabel is the legend entry of the truth.
const truthLabel = "truth"

// styleColor returns the colour of series i.
func styleColor(i int) color.Color { return styleSeriesColors[i%len(styleSeriesColors)] }

// styleLine returns the line style of series i.
func styleLine(i int) draw.LineStyle {
	return draw.LineStyle{
		Color:  styleColor(i),
		Width:  vg.Points(1.6),
		Dashes: styleSeriesDashes[i%len(styleSeriesDashes)],
	}
}

// styleGlyph returns the marker style of series i.
func styleGlyph(i int) draw.GlyphStyle {
	return draw.GlyphStyle{
		Color:  styleColor(i),
		Radius: vg.Points(2.8),
		Shape:  styleSeriesShapes[i%len(styleSeriesShapes)],
	}
}

// styleTruthLine is the style of the truth: black, dashed, thicker than series.
func styleTruthLine() draw.LineStyle {
	return draw.LineStyle{Color: color.Black, Width: vg.Points(2), Dashes: styleTruthDashes}
}

// styleReferenceLine is the style of neutral guides such as the diagonal of
// a reliability diagram.
func styleReferenceLine() draw.LineStyle {
	return draw.LineStyle{Color: color.Gray{Y: 110}, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(1), vg.Points(2)}}
}

// styleTranslucent returns c with the given opacity (0..255).
func styleTranslucent(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: alpha}
}

// styleFont is the typeface of all text: a sans serif reads better on screen.
var styleFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// newStyledPlot returns a plot with the package's fonts, labels and a light grid.
func newStyledPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	styleTexts(p, title, xLabel, yLabel)
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{Y: 225}
	grid.Horizontal.Color = color.Gray{Y: 225}
	p.Add(grid)
	return p
}

// styleTexts sets p's title and axis labels in the package's fonts, with
// round-number ticks.
func styleTexts(p *plot.Plot, title, xLabel, yLabel string) {
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(styleFont, font.Length(styleTitleSize))
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font = font.From(styleFont, font.Length(styleLabelSize))
		ax.Tick.Label.Font = font.From(styleFont, font.Length(styleTickSize))
		ax.Tick.Marker = niceTicks{}
	}
}

// padAxis widens an automatic axis range by frac of its span on both sides,
// so that data and truth lines do not sit on the frame.
func padAxis(ax *plot.Axis, frac float64) {
	if span := ax.Max - ax.Min; span > 0 {
		ax.Min -= frac * span
		ax.Max += frac * span
	}
}
