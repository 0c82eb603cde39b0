package viz

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// LegendPosition says in which corner of the data area the legend goes.
type LegendPosition int

const (
	// LegendAuto (the default) puts the legend where it covers the least
	// data: a corner, the middle of an edge or the centre; where every
	// place covers some, Curves and Grid raise the top of an automatic y
	// axis to leave a band above the data for it.
	LegendAuto LegendPosition = iota
	// TopRight puts the legend in the upper right corner.
	TopRight
	// TopLeft puts the legend in the upper left corner.
	TopLeft
	// BottomRight puts the legend in the lower right corner.
	BottomRight
	// BottomLeft puts the legend in the lower left corner.
	BottomLeft
)

// legendAnchor places the legend box inside the data area: 0 is flush
// left (bottom), 1 flush right (top), 0.5 centred.
type legendAnchor struct{ fx, fy float64 }

// legendAnchors are the anchors of the fixed positions.
var legendAnchors = map[LegendPosition]legendAnchor{
	TopRight:    {1, 1},
	TopLeft:     {0, 1},
	BottomRight: {1, 0},
	BottomLeft:  {0, 0},
}

// legendAutoAnchors are the candidates of LegendAuto, in the order preferred
// on ties: the corners, then the middles of the edges, then the centre.
var legendAutoAnchors = []legendAnchor{
	{1, 1}, {0, 1}, {1, 0}, {0, 0},
	{1, 0.5}, {0, 0.5}, {0.5, 1}, {0.5, 0},
	{0.5, 0.5},
}

// legend geometry, in points.
const (
	legendInset      = 6
	legendMargin     = 4
	legendRowGap     = 2
	legendThumbWidth = 28
	legendSampleStep = 3
)

// legendEntry is one line of a legend: thumbnails and text.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// legendBox is a plotter that draws the legend inside the data area on a
// translucent white box, in a fixed corner or, for LegendAuto, at the
// candidate position covering the fewest samples of the data it was told to
// avoid. Add it to the
// plot last so that it is drawn on top.
type legendBox struct {
	pos     LegendPosition
	entries []legendEntry
	paths   []plotter.XYs // polylines in data coordinates
	hLevels []float64     // horizontal lines across the data area
	vLevels []float64     // vertical lines across the data area
	style   draw.TextStyle
	// What the last drawing found: the data samples the box covered and
	// the data area's height (placeLegend reads them).
	covered    int
	dataHeight vg.Length
	// hidden keeps the box out of the data area: the figure draws it
	// beside the plot instead (drawBeside).
	hidden bool
}

// newLegendBox returns an empty legend for pos, or an error for an unknown pos.
func newLegendBox(pos LegendPosition) (*legendBox, error) {
	if pos < LegendAuto || pos > BottomLeft {
		return nil, fmt.Errorf("ufmi: viz: unknown legend position %d", int(pos))
	}
	sty := draw.TextStyle{
		Color:   color.Black,
		Font:    font.From(styleFont, font.Length(styleLegendSize)),
		XAlign:  draw.XLeft,
		YAlign:  draw.YCenter,
		Handler: plot.DefaultTextHandler,
	}
	return &legendBox{pos: pos, style: sty}, nil
}

// add appends a legend entry; entries without a name are skipped.
func (l *legendBox) add(name string, thumbs ...plot.Thumbnailer) {
	if name != "" {
		l.entries = append(l.entries, legendEntry{name: name, thumbs: thumbs})
	}
}

// avoidPath records a polyline the automatic placement should not cover.
func (l *legendBox) avoidPath(pts plotter.XYs) { l.paths = append(l.paths, pts) }

// avoidLevel records a horizontal (or vertical) line across the data area.
func (l *legendBox) avoidLevel(v float64, vertical bool) {
	if vertical {
		l.vLevels = append(l.vLevels, v)
	} else {
		l.hLevels = append(l.hLevels, v)
	}
}

// size returns the width and height of the legend box, margins included.
func (l *legendBox) size() (vg.Length, vg.Length) {
	var textW vg.Length
	for _, e := range l.entries {
		textW = max(textW, l.style.Width(e.name))
	}
	em := l.style.Width("M")
	w := vg.Points(legendThumbWidth) + em/2 + textW + 2*vg.Points(legendMargin)
	h := vg.Length(len(l.entries))*(l.rowHeight()+vg.Points(legendRowGap)) - vg.Points(legendRowGap) + 2*vg.Points(legendMargin)
	return w, h
}

// rowHeight is the height of one legend line.
func (l *legendBox) rowHeight() vg.Length {
	return l.style.FontExtents().Height
}

// boxAt returns the legend rectangle at anchor a of the data canvas c.
func (l *legendBox) boxAt(c draw.Canvas, a legendAnchor) vg.Rectangle {
	w, h := l.size()
	inset := vg.Points(legendInset)
	freeW := c.Max.X - c.Min.X - 2*inset - w
	freeH := c.Max.Y - c.Min.Y - 2*inset - h
	lo := vg.Point{
		X: c.Min.X + inset + vg.Length(a.fx)*freeW,
		Y: c.Min.Y + inset + vg.Length(a.fy)*freeH,
	}
	return vg.Rectangle{Min: lo, Max: vg.Point{X: lo.X + w, Y: lo.Y + h}}
}

// Plot implements plot.Plotter.
func (l *legendBox) Plot(c draw.Canvas, p *plot.Plot) {
	if len(l.entries) == 0 || l.hidden {
		return
	}
	a, covered := l.anchor(c, p)
	l.covered, l.dataHeight = covered, c.Max.Y-c.Min.Y
	l.drawBox(c, l.boxAt(c, a))
}

// drawBox draws the legend in box on c.
func (l *legendBox) drawBox(c draw.Canvas, box vg.Rectangle) {
	c.FillPolygon(color.NRGBA{R: 255, G: 255, B: 255, A: 215}, closedRect(box)[:4])
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 190}, Width: vg.Points(0.5)}, closedRect(box))
	row := l.rowHeight()
	y := box.Max.Y - vg.Points(legendMargin)
	for _, e := range l.entries {
		icon := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: box.Min.X + vg.Points(legendMargin), Y: y - row},
			Max: vg.Point{X: box.Min.X + vg.Points(legendMargin+legendThumbWidth), Y: y},
		}}
		for _, t := range e.thumbs {
			t.Thumbnail(&icon)
		}
		textX := icon.Max.X + l.style.Width("M")/2
		c.FillText(l.style, vg.Point{X: textX, Y: y - row/2}, e.name)
		y -= row + vg.Points(legendRowGap)
	}
}

// anchor resolves the position and counts the data samples its box covers;
// LegendAuto takes the candidate whose box covers the fewest.
func (l *legendBox) anchor(c draw.Canvas, p *plot.Plot) (legendAnchor, int) {
	if l.pos != LegendAuto {
		return legendAnchors[l.pos], l.count(c, l.boxAt(c, legendAnchors[l.pos]), l.samples(c, p))
	}
	samples := l.samples(c, p)
	best, bestCount := legendAutoAnchors[0], math.MaxInt
	for _, a := range legendAutoAnchors {
		if n := l.count(c, l.boxAt(c, a), samples); n < bestCount {
			best, bestCount = a, n
		}
	}
	return best, bestCount
}

// count is the number of samples inside box.
func (l *legendBox) count(c draw.Canvas, box vg.Rectangle, samples []vg.Point) int {
	n := 0
	for _, pt := range samples {
		if pt.X >= box.Min.X && pt.X <= box.Max.X && pt.Y >= box.Min.Y && pt.Y <= box.Max.Y {
			n++
		}
	}
	return n
}

// mergedLegend is one legend of the entries of legends, each name once, in
// order of first appearance.
func mergedLegend(legends []*legendBox) *legendBox {
	out := &legendBox{pos: LegendAuto, style: legends[0].style}
	seen := map[string]bool{}
	for _, l := range legends {
		for _, e := range l.entries {
			if !seen[e.name] {
				seen[e.name] = true
				out.entries = append(out.entries, e)
			}
		}
	}
	return out
}

// legendGap is the space between a figure and a legend drawn beside it,
// in points.
const legendGap = 6

// drawBeside draws a figure with its legend to its right, outside every
// data area: paint draws the figure on the canvas it is given, narrowed by
// the legend's width, and the legend is centred vertically beside it.
func drawBeside(c draw.Canvas, l *legendBox, paint func(draw.Canvas)) {
	w, h := l.size()
	left := c
	left.Max.X -= w + 2*vg.Points(legendGap)
	paint(left)
	x := left.Max.X + vg.Points(legendGap)
	y := (c.Min.Y+c.Max.Y)/2 - h/2
	l.drawBox(c, vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}})
}

// legendMaxShare is the largest share of the data area's height that
// placeLegend gives up for a legend.
const legendMaxShare = 0.45

// placeLegend keeps an automatic legend off the data. It draws p at w × h
// once, without keeping the drawing; when the legend's best place still
// covers data it raises the top of p's automatic y axis so that a band as
// tall as the legend lies above every curve, where the legend then goes
// (its top corners are its first candidates). Where that cannot be (a
// fixed y range, or a legend taller than legendMaxShare of the data area)
// it reports beside: the legend must be drawn beside the figure
// (drawBeside). A fixed legend position is left as it is.
func placeLegend(p *plot.Plot, l *legendBox, w, h vg.Length, yFixed bool) (beside bool) {
	if l.pos != LegendAuto || len(l.entries) == 0 {
		return false
	}
	p.Draw(draw.NewCanvas(&recorder.Canvas{}, w, h))
	if l.covered == 0 || !(l.dataHeight > 0) {
		return false
	}
	_, boxH := l.size()
	share := float64(boxH+2*vg.Points(legendInset)) / float64(l.dataHeight)
	if yFixed || share > legendMaxShare {
		return true
	}
	span := p.Y.Max - p.Y.Min
	p.Y.Max = p.Y.Min + span/(1-share)
	labelledEnds(&p.Y, 0)
	return false
}

// samples returns points along the recorded data, in canvas coordinates,
// about legendSampleStep points apart.
func (l *legendBox) samples(c draw.Canvas, p *plot.Plot) []vg.Point {
	trX, trY := p.Transforms(&c)
	var out []vg.Point
	walk := func(a, b vg.Point) {
		d := math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y))
		steps := max(1, int(d/float64(vg.Points(legendSampleStep))))
		for k := range steps + 1 {
			f := vg.Length(float64(k) / float64(steps))
			out = append(out, vg.Point{X: a.X + f*(b.X-a.X), Y: a.Y + f*(b.Y-a.Y)})
		}
	}
	for _, path := range l.paths {
		for i := range path {
			a := vg.Point{X: trX(path[i].X), Y: trY(path[i].Y)}
			if i == 0 {
				walk(a, a)
				continue
			}
			walk(vg.Point{X: trX(path[i-1].X), Y: trY(path[i-1].Y)}, a)
		}
	}
	for _, v := range l.hLevels {
		y := trY(v)
		walk(vg.Point{X: c.Min.X, Y: y}, vg.Point{X: c.Max.X, Y: y})
	}
	for _, v := range l.vLevels {
		x := trX(v)
		walk(vg.Point{X: x, Y: c.Min.Y}, vg.Point{X: x, Y: c.Max.Y})
	}
	return out
}

// closedRect returns the outline of r as a closed polyline.
func closedRect(r vg.Rectangle) []vg.Point {
	return []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min}
}
