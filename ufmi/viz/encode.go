package viz

import (
	"bytes"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Format selects the encoding of a figure.
type Format int

const (
	// PNG is a raster image at 96 dots per inch (the default).
	PNG Format = iota
	// SVG is a vector image; it names the Liberation fonts instead of
	// embedding them, which keeps it small (a viewer without them substitutes
	// a similar font).
	SVG
)

// String returns "png" or "svg".
func (f Format) String() string {
	switch f {
	case PNG:
		return "png"
	case SVG:
		return "svg"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ToPNG encodes a plot as a PNG image of size w x h.
func ToPNG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return encodePlot(p, w, h, PNG)
}

// ToSVG encodes a plot as an SVG image of size w x h.
func ToSVG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return encodePlot(p, w, h, SVG)
}

// encodePlot checks p and draws it alone on a canvas of the given format.
func encodePlot(p *plot.Plot, w, h vg.Length, format Format) ([]byte, error) {
	if p == nil {
		return nil, fmt.Errorf("ufmi: viz: nil plot")
	}
	return encodeFigure(format, w, h, p.Draw)
}

// encodeFigure runs paint on a fresh canvas of size w x h and returns the
// encoded bytes. A panic inside gonum/plot (which the package's input checks
// should prevent) is returned as an error instead of crashing the notebook.
func encodeFigure(format Format, w, h vg.Length, paint func(draw.Canvas)) (out []byte, err error) {
	if !(w > 0 && h > 0) {
		return nil, fmt.Errorf("ufmi: viz: figure size must be positive, got %v x %v", w, h)
	}
	if err := checkFigureArea(format, w, h); err != nil {
		return nil, err
	}
	defer recoverDrawing(&err) // out is set only on return
	var buf bytes.Buffer
	switch format {
	case PNG:
		c := vgimg.New(w, h)
		paint(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("ufmi: viz: encoding png: %w", err)
		}
	case SVG:
		c := vgsvg.NewWith(vgsvg.UseWH(w, h))
		paint(draw.New(c))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("ufmi: viz: encoding svg: %w", err)
		}
	default:
		return nil, fmt.Errorf("ufmi: viz: unknown format %v (want PNG or SVG)", format)
	}
	return buf.Bytes(), nil
}

// MaxFigureSide is the longest side a figure may have (200 inches; a PNG
// of that side at 96 dots per inch is 19,200 pixels).
const MaxFigureSide = 200 * vg.Inch

// maxPNGPixels caps a PNG's pixels (4 bytes each while it is drawn: 400 MB).
const maxPNGPixels = 100_000_000

// checkFigureArea refuses a figure too large to draw in memory, before its
// canvas is allocated.
func checkFigureArea(format Format, w, h vg.Length) error {
	if w > MaxFigureSide || h > MaxFigureSide {
		return fmt.Errorf("ufmi: viz: figure of %.0f x %.0f points is larger than %.0f points (200 inches) on a side", float64(w), float64(h), float64(MaxFigureSide))
	}
	if format == PNG {
		px := (float64(w) / float64(vg.Inch) * vgimg.DefaultDPI) * (float64(h) / float64(vg.Inch) * vgimg.DefaultDPI)
		if px > maxPNGPixels {
			return fmt.Errorf("ufmi: viz: a PNG of %.0f x %.0f points would have %.0f million pixels, more than %d million; draw it smaller or as SVG", float64(w), float64(h), px/1e6, maxPNGPixels/1_000_000)
		}
	}
	return nil
}

// figureSize resolves a spec's Width and Height: zero means the default and a
// negative value is an error.
func figureSize(w, h, defW, defH vg.Length) (vg.Length, vg.Length, error) {
	if !(w >= 0 && h >= 0) {
		return 0, 0, fmt.Errorf("ufmi: viz: figure size must not be negative, got %v x %v", w, h)
	}
	if w == 0 {
		w = defW
	}
	if h == 0 {
		h = defH
	}
	// Checked here, before anything is laid out at that size (a legend's
	// placement samples the width: 1e9 points ran for minutes).
	if w > MaxFigureSide || h > MaxFigureSide {
		return 0, 0, fmt.Errorf("ufmi: viz: figure of %.0f x %.0f points is larger than %.0f points (200 inches) on a side", float64(w), float64(h), float64(MaxFigureSide))
	}
	return w, h, nil
}
