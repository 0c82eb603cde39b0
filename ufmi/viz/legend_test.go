package viz

import (
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// legendAnchorFor places a one-entry legend over a single polyline and
// returns the anchor chosen.
func legendAnchorFor(t *testing.T, pos LegendPosition, pts plotter.XYs) legendAnchor {
	t.Helper()
	p := newStyledPlot("", "x", "y")
	line, err := plotter.NewLine(pts)
	if err != nil {
		t.Fatal(err)
	}
	p.Add(line)
	lb, err := newLegendBox(pos)
	if err != nil {
		t.Fatal(err)
	}
	lb.add("series", line)
	lb.avoidPath(pts)
	p.Add(lb)
	dc := p.DataCanvas(draw.New(vgimg.New(DefaultWidth, DefaultHeight)))
	a, _ := lb.anchor(dc, p)
	return a
}

func TestLegendAutoAvoidsData(t *testing.T) {
	rising := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
	if got, want := legendAnchorFor(t, LegendAuto, rising), (legendAnchor{0, 1}); got != want {
		t.Errorf("rising diagonal: legend at %v, want top left %v", got, want)
	}
	falling := plotter.XYs{{X: 0, Y: 1}, {X: 1, Y: 0}}
	if got, want := legendAnchorFor(t, LegendAuto, falling), (legendAnchor{1, 1}); got != want {
		t.Errorf("falling diagonal: legend at %v, want top right %v", got, want)
	}
	// A V shape touches the top corners and the bottom middle: the legend goes
	// to a bottom corner (right preferred on ties).
	vee := plotter.XYs{{X: 0, Y: 1}, {X: 0.5, Y: 0}, {X: 1, Y: 1}}
	if got, want := legendAnchorFor(t, LegendAuto, vee), (legendAnchor{1, 0}); got != want {
		t.Errorf("V shape: legend at %v, want bottom right %v", got, want)
	}
}

func TestLegendFixedPosition(t *testing.T) {
	rising := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
	if got, want := legendAnchorFor(t, BottomRight, rising), (legendAnchor{1, 0}); got != want {
		t.Errorf("BottomRight gave %v", got)
	}
	if _, err := newLegendBox(LegendPosition(-1)); err == nil {
		t.Error("negative legend position accepted")
	}
}

func TestLegendSkipsUnnamed(t *testing.T) {
	lb, err := newLegendBox(LegendAuto)
	if err != nil {
		t.Fatal(err)
	}
	lb.add("", refLine{})
	lb.add("truth", refLine{})
	if len(lb.entries) != 1 || lb.entries[0].name != "truth" {
		t.Errorf("entries = %+v, want only truth", lb.entries)
	}
}

// A method has the same style slot (colour, dashes, marker) in every
// figure, whatever the other series; other names take the free slots.
func TestSeriesSlotsFollowTheMethod(t *testing.T) {
	a := seriesSlots([]string{"KSG", "UF", "IRF"})
	b := seriesSlots([]string{"UF", "n = 500", "KSG", "n = 2000"})
	if a[0] != b[2] || a[1] != b[0] || a[0] != methodSlots["KSG"] || a[1] != methodSlots["UF"] {
		t.Errorf("KSG and UF slots %v and %v differ between figures", a, b)
	}
	seen := map[int]bool{}
	for _, s := range b {
		if seen[s] {
			t.Errorf("slots %v repeat a slot within one figure", b)
		}
		seen[s] = true
	}
	for name, s := range methodSlots {
		if s >= len(styleSeriesColors) {
			t.Errorf("%s has slot %d of %d colours", name, s, len(styleSeriesColors))
		}
	}
}

// Where every place of an automatic legend covers data (many crossing
// curves), the figure raises the top of its y axis so that the legend sits
// in a band above the data; a fixed y range is left alone.
func TestLegendMakesRoomAboveTheData(t *testing.T) {
	series := crossingSeries(5)
	spec := CurveSpec{Series: series}
	p, legend, err := curvesPlot(spec)
	if err != nil {
		t.Fatal(err)
	}
	top := p.Y.Max
	if placeLegend(p, legend, DefaultWidth, DefaultHeight, false) {
		t.Fatal("the legend was sent beside the figure; want a band above the data")
	}
	if !(p.Y.Max > top) {
		t.Fatalf("y axis top %v -> %v: no room made", top, p.Y.Max)
	}
	p.Draw(draw.New(vgimg.New(DefaultWidth, DefaultHeight)))
	if legend.covered != 0 {
		t.Errorf("after making room the legend still covers %d data samples", legend.covered)
	}
	fixed, fixedLegend, _ := curvesPlot(CurveSpec{Series: series, YMin: 0, YMax: 1})
	beside := placeLegend(fixed, fixedLegend, DefaultWidth, DefaultHeight, true)
	if fixed.Y.Max != 1 || !beside {
		t.Errorf("a fixed y range moved to %v (legend beside %v, want true)", fixed.Y.Max, beside)
	}
}
