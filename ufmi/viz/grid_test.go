package viz

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// hellingerPanel is a Hellinger-versus-alpha panel for one sample size.
func hellingerPanel(n int) CurveSpec {
	alpha := []float64{0.1, 0.2, 0.3, 0.4, 0.5}
	return CurveSpec{
		Title: fmt.Sprintf("n = %d", n), XLabel: "alpha", YLabel: "Hellinger",
		Series: []Series{
			{Name: "UF", X: alpha, Y: []float64{0.10, 0.08, 0.07, 0.07, 0.06}},
			{Name: "RF", X: alpha, Y: []float64{0.20, 0.17, 0.15, 0.15, 0.14}},
		},
		Truth: TruthLevel(0),
	}
}

func TestGridPNG(t *testing.T) {
	panels := []CurveSpec{hellingerPanel(1), hellingerPanel(2), hellingerPanel(3)}
	for i := range panels {
		panels[i].Legend = TopRight // in the panel, so that the figure is its tiles
	}
	b, err := Grid(panels, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Three panels in two columns: a 2 x 2 tiling of default panels.
	img := decodeFigure(t, b, px(2*9), px(2*6.5))
	// The empty fourth tile (bottom right) stays white.
	bd := img.Bounds()
	quarter := 0
	for y := bd.Max.Y/2 + 5; y < bd.Max.Y; y++ {
		for x := bd.Max.X/2 + 5; x < bd.Max.X; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 < 250 || g>>8 < 250 || b>>8 < 250 {
				quarter++
			}
		}
	}
	if quarter != 0 {
		t.Errorf("empty tile has %d non-white pixels", quarter)
	}
}

func TestGridColsLargerThanPanels(t *testing.T) {
	// Legends in a fixed corner: the figure is exactly its two tiles.
	a, c := hellingerPanel(1), hellingerPanel(2)
	a.Legend, c.Legend = TopRight, TopRight
	b, err := Grid([]CurveSpec{a, c}, 5)
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, px(2*9), px(6.5))
}

func TestGridErrors(t *testing.T) {
	if _, err := Grid(nil, 2); err == nil {
		t.Error("no panels: no error")
	}
	if _, err := Grid([]CurveSpec{hellingerPanel(1)}, 0); err == nil {
		t.Error("cols = 0: no error")
	}
	bad := hellingerPanel(2)
	bad.Series[1].Y[3] = math.NaN()
	_, err := Grid([]CurveSpec{hellingerPanel(1), bad}, 2)
	wantErrContaining(t, err, "grid panel 1", `series "RF"`, "Y[3] is NaN")
	if strings.Count(err.Error(), "ufmi: viz:") != 1 {
		t.Errorf("prefix repeated in %q", err)
	}
	svg := hellingerPanel(2)
	svg.Format = SVG
	_, err = Grid([]CurveSpec{hellingerPanel(1), svg}, 2)
	wantErrContaining(t, err, "format")
}

// When a panel's automatic legend covers its data wherever it goes (eight
// crossing curves, a legend taller than the room above them), the panels'
// legends become one beside the grid: the figure widens by it.
func TestGridSharedLegendBeside(t *testing.T) {
	panel := CurveSpec{Series: crossingSeries(8)}
	p, legend, err := curvesPlot(panel)
	if err != nil {
		t.Fatal(err)
	}
	if !placeLegend(p, legend, DefaultPanelWidth, DefaultPanelHeight, false) {
		t.Fatal("the crossing curves left room for the legend: the test needs a legend that covers data")
	}
	b, err := Grid([]CurveSpec{panel, panel}, 2)
	if err != nil {
		t.Fatal(err)
	}
	lw, _ := mergedLegend([]*legendBox{legend}).size()
	decodeFigure(t, b, px(2*9+float64((lw+2*vg.Points(legendGap))/vg.Centimeter)), px(6.5))
}
