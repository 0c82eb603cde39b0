package viz

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// refLine is a plotter drawing a horizontal (or vertical) line across the
// whole data area at Value. It widens the plot's range only along its own
// axis, so it works on log axes and whatever the other axis spans.
type refLine struct {
	Value    float64
	Vertical bool
	draw.LineStyle
}

// Plot implements plot.Plotter.
func (l refLine) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	if l.Vertical {
		x := trX(l.Value)
		c.StrokeLine2(l.LineStyle, x, c.Min.Y, x, c.Max.Y)
		return
	}
	y := trY(l.Value)
	c.StrokeLine2(l.LineStyle, c.Min.X, y, c.Max.X, y)
}

// DataRange implements plot.DataRanger; the infinite bounds leave the other
// axis untouched.
func (l refLine) DataRange() (xmin, xmax, ymin, ymax float64) {
	inf := math.Inf(1)
	if l.Vertical {
		return l.Value, l.Value, inf, -inf
	}
	return inf, -inf, l.Value, l.Value
}

// Thumbnail implements plot.Thumbnailer for the legend.
func (l refLine) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(l.LineStyle, c.Min.X, y, c.Max.X, y)
}
