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

// figureSize resolves a spec's Width and Height: zero means the default and a
// negative value is an error.
func figureSize(w, h, defW, defH vg.Length) (vg.Length, vg.Length, error) {
	if w < 0 || h < 0 {
		return 0, 0, fmt.Errorf("ufmi: viz: figure size must not be negative, got %v x %v", w, h)
	}
	if w == 0 {
		w = defW
	}
	if h == 0 {
		h = defH
	}
	return w, h, nil
}
