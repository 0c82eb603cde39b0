package viz

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HeatmapSpec describes a matrix heatmap with a colour bar, such as a
// posterior-error map on a 2-D grid or a connectome adjacency matrix.
//
// z[i][j] is the value of row i and column j. Without coordinates the
// matrix layout is used: row 0 at the top, rows and columns numbered from 0.
// With Y set, row i is drawn at height Y[i] (so row 0 is at the bottom);
// with X set, column j is drawn at X[j].
type HeatmapSpec struct {
	Title, XLabel, YLabel string
	// ValueLabel names the colour scale next to the colour bar.
	ValueLabel string
	// X and Y are optional strictly increasing column and row coordinates.
	X, Y []float64
	// ColLabels and RowLabels optionally label each column and row; an empty
	// string leaves that column or row without a tick.
	ColLabels, RowLabels []string
	// ColBreaks and RowBreaks draw group boundaries just before the given
	// column and row indices (each in 1 .. count-1).
	ColBreaks, RowBreaks []int
	// Log1p colours log(1 + z) (for counts; needs z > -1); the colour bar is
	// labelled in the original units.
	Log1p bool
	// Diverging uses a blue-white-red scale centred on zero, for signed
	// differences; the default is a white-yellow-red-black scale.
	Diverging bool
	// Min and Max fix the colour range (in the units of z) when Min < Max;
	// values beyond it take the end colours, and the colour bar's end then
	// reads "≤ Min" or "≥ Max" so that no value is clipped unseen. Equal
	// means the data range.
	Min, Max float64
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// heatmap layout constants.
const (
	heatColors      = 255
	heatBarDataW    = 0.45 * vg.Centimeter
	heatBarGap      = 0.35 * vg.Centimeter
	heatRightMargin = 0.2 * vg.Centimeter
	heatRasterCells = 10000
)

// Heatmap draws z with a colour bar and returns the encoded figure.
func Heatmap(z [][]float64, spec HeatmapSpec) (figure []byte, err error) {
	defer recoverDrawing(&err)
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if err := checkHeatmap(z, spec); err != nil {
		return nil, err
	}
	grid := newHeatGrid(z, spec)
	cmap := heatColorMap(grid, spec)
	main := heatMainPlot(grid, spec, cmap)
	lo, hi := grid.valueRange()
	bar := heatBarPlot(spec, cmap, lo < cmap.Min(), hi > cmap.Max())
	paint := func(c draw.Canvas) { drawWithColorBar(c, main, bar) }
	return encodeFigure(spec.Format, w, h, paint)
}

// checkHeatmap validates the matrix and every optional field of spec.
func checkHeatmap(z [][]float64, spec HeatmapSpec) error {
	if len(z) == 0 || len(z[0]) == 0 {
		return fmt.Errorf("ufmi: viz: heatmap matrix is empty")
	}
	rows, cols := len(z), len(z[0])
	for i, row := range z {
		if len(row) != cols {
			return fmt.Errorf("ufmi: viz: heatmap row %d has %d values but row 0 has %d", i, len(row), cols)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("ufmi: viz: heatmap cell [%d][%d] is %v", i, j, v)
			}
			if spec.Log1p && !(v > -1) {
				return fmt.Errorf("ufmi: viz: heatmap cell [%d][%d] = %v has no log1p (needs > -1)", i, j, v)
			}
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range z {
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if spec.Diverging { // the scale is symmetric about 0
		m := max(math.Abs(lo), math.Abs(hi))
		lo, hi = -m, m
	}
	if err := checkSpan("heatmap values", lo, hi); err != nil {
		return err
	}
	for _, ax := range []struct {
		name   string
		n      int
		coords []float64
		labels []string
		breaks []int
	}{
		{"column", cols, spec.X, spec.ColLabels, spec.ColBreaks},
		{"row", rows, spec.Y, spec.RowLabels, spec.RowBreaks},
	} {
		if err := checkHeatAxis(ax.name, ax.n, ax.coords, ax.labels, ax.breaks); err != nil {
			return err
		}
	}
	if err := checkRange("colour", spec.Min, spec.Max); err != nil {
		return err
	}
	if spec.Log1p && spec.Min != spec.Max && !(spec.Min > -1) {
		return fmt.Errorf("ufmi: viz: heatmap colour range starts at %v, which has no log1p", spec.Min)
	}
	return nil
}

// checkHeatAxis validates the coordinates, labels and breaks of one axis
// with n cells.
func checkHeatAxis(name string, n int, coords []float64, labels []string, breaks []int) error {
	if coords != nil {
		owner := "heatmap " + name + " coordinates"
		if err := checkSameLength(owner, name+"s", n, "coordinates", len(coords)); err != nil {
			return err
		}
		if err := checkFinite(owner, "coordinates", coords); err != nil {
			return err
		}
		for i := 1; i < len(coords); i++ {
			if !(coords[i] > coords[i-1]) {
				return fmt.Errorf("ufmi: viz: heatmap %s coordinates are not strictly increasing at index %d", name, i)
			}
		}
	}
	if labels != nil {
		if err := checkSameLength("heatmap "+name+" labels", name+"s", n, "labels", len(labels)); err != nil {
			return err
		}
	}
	for _, b := range breaks {
		if b < 1 || b > n-1 {
			return fmt.Errorf("ufmi: viz: heatmap %s break %d is outside 1..%d", name, b, n-1)
		}
	}
	return nil
}

// heatGrid adapts a checked matrix to plotter.GridXYZ: gonum's column c is
// matrix column c and gonum's row r counts upwards.
type heatGrid struct {
	z        [][]float64 // values as coloured (after log1p)
	xs, ys   []float64   // coordinates of gonum's columns and rows
	rowsDown bool        // matrix layout: matrix row 0 at the top
}

// newHeatGrid transforms z as spec asks and fixes the coordinates.
func newHeatGrid(z [][]float64, spec HeatmapSpec) *heatGrid {
	rows, cols := len(z), len(z[0])
	g := &heatGrid{z: make([][]float64, rows), rowsDown: spec.Y == nil}
	for i, row := range z {
		g.z[i] = make([]float64, cols)
		for j, v := range row {
			if spec.Log1p {
				v = math.Log1p(v)
			}
			g.z[i][j] = v
		}
	}
	g.xs = spec.X
	if g.xs == nil {
		g.xs = indexCoords(cols)
	}
	g.ys = spec.Y
	if g.ys == nil {
		g.ys = indexCoords(rows)
	}
	return g
}

// indexCoords returns 0, 1, ..., n-1.
func indexCoords(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}

// Dims implements plotter.GridXYZ.
func (g *heatGrid) Dims() (c, r int) { return len(g.xs), len(g.ys) }

// Z implements plotter.GridXYZ.
func (g *heatGrid) Z(c, r int) float64 { return g.z[g.matrixRow(r)][c] }

// X implements plotter.GridXYZ.
func (g *heatGrid) X(c int) float64 { return g.xs[c] }

// Y implements plotter.GridXYZ.
func (g *heatGrid) Y(r int) float64 { return g.ys[r] }

// matrixRow maps gonum's upward row r to the matrix row (and back).
func (g *heatGrid) matrixRow(r int) int {
	if g.rowsDown {
		return len(g.ys) - 1 - r
	}
	return r
}

// rowY is the height at which matrix row i is drawn.
func (g *heatGrid) rowY(i int) float64 { return g.ys[g.matrixRow(i)] }

// evenlySpaced reports whether consecutive coordinates differ by the same
// step (to a relative 1e-9).
func evenlySpaced(c []float64) bool {
	if len(c) < 3 {
		return true
	}
	step := c[1] - c[0]
	for i := 2; i < len(c); i++ {
		if math.Abs(c[i]-c[i-1]-step) > 1e-9*math.Abs(step) {
			return false
		}
	}
	return true
}

// valueRange returns the smallest and largest coloured value.
func (g *heatGrid) valueRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, row := range g.z {
		for _, v := range row {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}

// heatColorMap returns the colour map spanning the colour range of spec.
func heatColorMap(g *heatGrid, spec HeatmapSpec) palette.ColorMap {
	lo, hi := g.valueRange()
	if spec.Min != spec.Max {
		lo, hi = spec.Min, spec.Max
		if spec.Log1p {
			lo, hi = math.Log1p(lo), math.Log1p(hi)
		}
	} else if spec.Diverging {
		m := math.Max(math.Abs(lo), math.Abs(hi))
		lo, hi = -m, m
	}
	if lo == hi { // a constant matrix still gets a usable scale
		lo, hi = lo-0.5, hi+0.5
	}
	var cmap palette.ColorMap
	if spec.Diverging {
		cmap = moreland.SmoothBlueRed()
	} else {
		cmap = palette.Reverse(moreland.BlackBody())
	}
	cmap.SetMin(lo)
	cmap.SetMax(hi)
	return cmap
}

// heatMainPlot builds the heatmap plot with its ticks and group boundaries.
func heatMainPlot(g *heatGrid, spec HeatmapSpec, cmap palette.ColorMap) *plot.Plot {
	p := plot.New()
	styleTexts(p, spec.Title, spec.XLabel, spec.YLabel)
	hm := plotter.NewHeatMap(g, heatPalette(cmap, heatColors))
	hm.Min, hm.Max = cmap.Min(), cmap.Max()
	colors := hm.Palette.Colors()
	hm.Underflow, hm.Overflow = colors[0], colors[len(colors)-1]
	cols, rows := g.Dims()
	// Large evenly spaced grids are drawn as one image: much smaller SVGs,
	// no seams between cells. Uneven grids need one rectangle per cell.
	hm.Rasterized = cols*rows > heatRasterCells && evenlySpaced(g.xs) && evenlySpaced(g.ys)
	p.Add(hm)

	if spec.ColLabels != nil {
		p.X.Tick.Marker = labelTicks(spec.ColLabels, g.X)
	} else if spec.X == nil {
		p.X.Tick.Marker = indexTicks{n: cols}
	}
	if spec.RowLabels != nil {
		p.Y.Tick.Marker = labelTicks(spec.RowLabels, g.rowY)
	} else if spec.Y == nil {
		p.Y.Tick.Marker = indexTicks{n: rows, down: true}
	}
	boundary := draw.LineStyle{Color: color.Gray{Y: 60}, Width: vg.Points(0.8)}
	for _, b := range spec.ColBreaks {
		p.Add(refLine{Value: (g.X(b-1) + g.X(b)) / 2, Vertical: true, LineStyle: boundary})
	}
	for _, b := range spec.RowBreaks {
		p.Add(refLine{Value: (g.rowY(b-1) + g.rowY(b)) / 2, LineStyle: boundary})
	}
	return p
}

// heatPalette samples n colours of cmap, one at the centre of each of n
// equal steps from its Min to its Max. (gonum's palette.Reverse(...).Palette(n)
// leaves the middle colour nil for an odd n, which draws as white; and a
// reversed map's At can refuse its own Max by rounding, which the centres
// stay clear of.)
func heatPalette(cmap palette.ColorMap, n int) palette.Palette {
	colors := make([]color.Color, n)
	lo, hi := cmap.Min(), cmap.Max()
	for i := range colors {
		v := lo + (hi-lo)*(float64(i)+0.5)/float64(n)
		c, err := cmap.At(v)
		if err != nil || c == nil {
			panic(fmt.Sprintf("ufmi: viz: colour map has no colour at %v: %v", v, err)) // returned as an error by recoverDrawing
		}
		colors[i] = c
	}
	return colorList(colors)
}

// colorList is a palette.Palette of fixed colours.
type colorList []color.Color

// Colors implements palette.Palette.
func (c colorList) Colors() []color.Color { return c }

// heatBarPlot builds the vertical colour bar, labelled in the units of z;
// below and above mark values beyond the colour range, drawn in its end
// colours: the bar's end then reads "≤ Min" or "≥ Max".
func heatBarPlot(spec HeatmapSpec, cmap palette.ColorMap, below, above bool) *plot.Plot {
	p := plot.New()
	styleTexts(p, "", "", spec.ValueLabel)
	p.HideX()
	p.X.Padding, p.Y.Padding = 0, 0
	p.Add(&plotter.ColorBar{ColorMap: cmap, Vertical: true})
	if spec.Log1p {
		p.Y.Tick.Marker = log1pTicks{}
		if spec.ValueLabel == "" {
			p.Y.Label.Text = "value (log scale)"
		}
	}
	if below || above {
		p.Y.Tick.Marker = clippedEnds{inner: p.Y.Tick.Marker, below: below, above: above, log1p: spec.Log1p}
	}
	return p
}

// drawWithColorBar draws main on the left of c and bar on the right, with the
// bar's data area as tall as main's.
func drawWithColorBar(c draw.Canvas, main, bar *plot.Plot) {
	// Measure how much room the bar's axis takes around its data area.
	probe := bar.DataCanvas(c)
	left, right := probe.Min.X-c.Min.X, c.Max.X-probe.Max.X
	barC := c
	barC.Max.X = c.Max.X - heatRightMargin
	barC.Min.X = barC.Max.X - right - heatBarDataW - left
	mainC := c
	mainC.Max.X = barC.Min.X - heatBarGap
	main.Draw(mainC)

	// Align the bar vertically with the heatmap's data area.
	dataC := main.DataCanvas(mainC)
	barC.Min.Y, barC.Max.Y = dataC.Min.Y, dataC.Max.Y
	inner := bar.DataCanvas(barC)
	barC.Min.Y -= inner.Min.Y - barC.Min.Y
	barC.Max.Y += barC.Max.Y - inner.Max.Y
	bar.Draw(barC)
}
