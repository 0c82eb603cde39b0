package viz

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Grid draws panels as small multiples, cols per row, filled row by row,
// with aligned data areas. Each panel is DefaultPanelWidth x
// DefaultPanelHeight unless the panels set a size, in which case the largest
// one is used for all tiles. The panels must agree on Format, which is the
// format of the result.
func Grid(panels []CurveSpec, cols int) (figure []byte, err error) {
	defer recoverDrawing(&err)
	if len(panels) == 0 {
		return nil, fmt.Errorf("ufmi: viz: grid needs at least one panel")
	}
	if cols < 1 {
		return nil, fmt.Errorf("ufmi: viz: grid needs at least one column, got cols = %d", cols)
	}
	cols = min(cols, len(panels))
	rows := (len(panels) + cols - 1) / cols
	format := panels[0].Format
	var tileW, tileH vg.Length
	plots := make([][]*plot.Plot, rows)
	var legends []*legendBox
	covered := false
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
	}
	for i, spec := range panels {
		if spec.Format != format {
			return nil, fmt.Errorf("ufmi: viz: grid panel %d has format %v but panel 0 has %v", i, spec.Format, format)
		}
		w, h, err := figureSize(spec.Width, spec.Height, DefaultPanelWidth, DefaultPanelHeight)
		if err != nil {
			return nil, fmt.Errorf("ufmi: viz: grid panel %d: %w", i, withoutPrefix(err))
		}
		tileW, tileH = max(tileW, w), max(tileH, h)
		p, legend, err := curvesPlot(spec)
		if err != nil {
			return nil, fmt.Errorf("ufmi: viz: grid panel %d (%q): %w", i, spec.Title, withoutPrefix(err))
		}
		covered = placeLegend(p, legend, w, h, spec.YMin != spec.YMax) || covered
		legends = append(legends, legend)
		plots[i/cols][i%cols] = p
	}
	tiles := draw.Tiles{
		Rows: rows, Cols: cols,
		PadX: vg.Points(8), PadY: vg.Points(8),
		PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(4),
	}
	paint := func(c draw.Canvas) {
		canvases := plot.Align(plots, tiles, c)
		for r := range plots {
			for k, p := range plots[r] {
				if p != nil {
					p.Draw(canvases[r][k])
				}
			}
		}
	}
	if !covered {
		return encodeFigure(format, vg.Length(cols)*tileW, vg.Length(rows)*tileH, paint)
	}
	// A panel's legend covers its data: the panels' legends become one,
	// beside the grid, its width added to the figure's.
	shared := mergedLegend(legends)
	for _, l := range legends {
		l.hidden = true
	}
	lw, _ := shared.size()
	width := vg.Length(cols)*tileW + lw + 2*vg.Points(legendGap)
	return encodeFigure(format, width, vg.Length(rows)*tileH, func(c draw.Canvas) { drawBeside(c, shared, paint) })
}
