package viz

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// estimateSpec is a small estimate-versus-n figure with two methods.
func estimateSpec() CurveSpec {
	n := []float64{100, 200, 400, 800, 1600}
	return CurveSpec{
		Title:  "Conditional entropy estimate vs sample size",
		XLabel: "sample size n",
		YLabel: "H(Y|X) (nats)",
		Series: []Series{
			{Name: "UF", X: n, Y: []float64{0.40, 0.45, 0.48, 0.50, 0.51},
				Lo: []float64{0.35, 0.41, 0.45, 0.48, 0.50}, Hi: []float64{0.45, 0.49, 0.51, 0.52, 0.52}},
			{Name: "KSG", X: n, Y: []float64{0.20, 0.28, 0.33, 0.38, 0.41}},
		},
		LogX: true,
	}
}

func TestCurvesPNG(t *testing.T) {
	spec := estimateSpec()
	spec.Truth = TruthLevel(0.52)
	b, err := Curves(spec)
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestCurvesCustomSize(t *testing.T) {
	spec := estimateSpec()
	spec.Width, spec.Height = 10*vg.Centimeter, 5*vg.Centimeter
	b, err := Curves(spec)
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, px(10), px(5))
}

// renderDecoded draws spec and decodes the PNG.
func renderDecoded(t *testing.T, spec CurveSpec) image.Image {
	t.Helper()
	b, err := Curves(spec)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestCurvesTruthIsDrawn(t *testing.T) {
	spec := estimateSpec()
	// Fix the y range so that adding the truth cannot move the axes: every
	// changed pixel then comes from the truth line and its legend entry.
	spec.YMin, spec.YMax = 0, 0.7
	without := renderDecoded(t, spec)
	for name, truth := range map[string]*Truth{
		"level": TruthLevel(0.6),
		"curve": TruthCurve([]float64{100, 1600}, []float64{0.6, 0.6}),
	} {
		t.Run(name, func(t *testing.T) {
			spec.Truth = truth
			with := renderDecoded(t, spec)
			// A dashed line across about half of a ~500 px data area, plus
			// the "truth" legend text, changes well over 150 pixels.
			if d := differingPixels(without, with); d < 150 {
				t.Fatalf("truth changed only %d pixels", d)
			}
			black := countPixels(with, isBlackish) - countPixels(without, isBlackish)
			if black < 100 {
				t.Fatalf("truth added only %d dark pixels; want a black line", black)
			}
		})
	}
}

func TestCurvesBandIsDrawn(t *testing.T) {
	spec := estimateSpec()
	spec.YMin, spec.YMax = 0, 0.7
	with := renderDecoded(t, spec)
	spec.Series[0].Lo, spec.Series[0].Hi = nil, nil
	without := renderDecoded(t, spec)
	if d := differingPixels(without, with); d < 200 {
		t.Fatalf("band changed only %d pixels", d)
	}
}

func TestCurvesSVG(t *testing.T) {
	spec := estimateSpec()
	spec.Truth = TruthLevel(0.52)
	spec.Format = SVG
	b, err := Curves(spec)
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b)
	for _, want := range []string{spec.Title, "UF", "KSG", "truth", "sample size n"} {
		if !slices.Contains(texts, want) {
			t.Errorf("SVG has no text %q; texts: %q", want, texts)
		}
	}
}

func TestCurvesErrors(t *testing.T) {
	cases := []struct {
		name      string
		edit      func(*CurveSpec)
		fragments []string
	}{
		{"no series", func(s *CurveSpec) { s.Series = nil }, []string{"at least one series"}},
		{"empty series", func(s *CurveSpec) { s.Series[1].X, s.Series[1].Y = nil, nil }, []string{`series "KSG"`, "no points"}},
		{"length mismatch", func(s *CurveSpec) { s.Series[1].Y = s.Series[1].Y[:3] }, []string{`series "KSG"`, "len(Y) = 3"}},
		{"NaN y", func(s *CurveSpec) { s.Series[1].Y[2] = math.NaN() }, []string{`series "KSG"`, "Y[2] is NaN"}},
		{"Inf x", func(s *CurveSpec) { s.Series[0].X = []float64{1, 2, math.Inf(1), 4, 5} }, []string{`series "UF"`, "X[2] is +Inf"}},
		{"NaN band", func(s *CurveSpec) { s.Series[0].Hi[4] = math.NaN() }, []string{`series "UF"`, "Hi[4] is NaN"}},
		{"half band", func(s *CurveSpec) { s.Series[0].Hi = nil }, []string{`series "UF"`, "len(Hi) = 0"}},
		{"inverted band", func(s *CurveSpec) { s.Series[0].Lo[1] = 0.9 }, []string{`series "UF"`, "Lo[1]"}},
		{"unnamed series", func(s *CurveSpec) { s.Series[1].Name = ""; s.Series[1].Y[0] = math.NaN() }, []string{"series 1", "Y[0] is NaN"}},
		{"log of zero", func(s *CurveSpec) { s.Series[1].X = []float64{0, 1, 2, 3, 4} }, []string{`series "KSG"`, "X[0] = 0", "log axis"}},
		{"NaN truth level", func(s *CurveSpec) { s.Truth = TruthLevel(math.NaN()) }, []string{"truth", "Level[0] is NaN"}},
		{"NaN truth curve", func(s *CurveSpec) { s.Truth = TruthCurve([]float64{100, 200}, []float64{1, math.NaN()}) }, []string{"truth", "Y[1] is NaN"}},
		{"bad y range", func(s *CurveSpec) { s.YMin, s.YMax = 1, 0 }, []string{"y range"}},
		{"negative size", func(s *CurveSpec) { s.Width = -1 }, []string{"size"}},
		{"bad format", func(s *CurveSpec) { s.Format = Format(7) }, []string{"format"}},
		{"bad legend", func(s *CurveSpec) { s.Legend = LegendPosition(9) }, []string{"legend"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := estimateSpec()
			c.edit(&spec)
			b, err := Curves(spec)
			wantErrContaining(t, err, c.fragments...)
			if b != nil {
				t.Fatalf("got %d bytes with an error", len(b))
			}
		})
	}
}

func TestToPNGAndSVGRejectNilPlot(t *testing.T) {
	if _, err := ToPNG(nil, DefaultWidth, DefaultHeight); err == nil {
		t.Fatal("ToPNG(nil) gave no error")
	}
	if _, err := ToSVG(nil, DefaultWidth, DefaultHeight); err == nil {
		t.Fatal("ToSVG(nil) gave no error")
	}
}

func TestToPNGOfCurvesPlot(t *testing.T) {
	p, err := CurvesPlot(estimateSpec())
	if err != nil {
		t.Fatal(err)
	}
	p.Title.Text = "adjusted by the caller"
	b, err := ToPNG(p, 12*vg.Centimeter, 8*vg.Centimeter)
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, px(12), px(8))
}

// Inputs a probe found panicking return errors or draw: a log x axis of one
// value at or below 1 (x = 1 would be widened to 0) draws a decade either
// side; values spanning more than a float64 holds are an error naming them.
func TestExtremeInputsDrawOrFail(t *testing.T) {
	for _, x := range [][]float64{{1}, {0.5}, {1, 1}} {
		spec := CurveSpec{LogX: true, Series: []Series{{Name: "a", X: x, Y: make([]float64, len(x))}}}
		if _, err := Curves(spec); err != nil {
			t.Errorf("log x %v: %v", x, err)
		}
		if _, err := Grid([]CurveSpec{spec}, 1); err != nil {
			t.Errorf("grid, log x %v: %v", x, err)
		}
	}
	wide := []float64{-1e308, 1e308}
	if _, err := Histogram(wide, 0, HistogramSpec{}); err == nil || !strings.Contains(err.Error(), "a range wider than a float64 holds") {
		t.Errorf("histogram of %v: %v", wide, err)
	}
	if _, err := Histogram([]float64{-1e308}, 1e308, HistogramSpec{}); err == nil || !strings.Contains(err.Error(), "values and observed span") {
		t.Errorf("histogram with a far observed value: %v", err)
	}
	if _, err := Heatmap([][]float64{wide}, HeatmapSpec{}); err == nil || !strings.Contains(err.Error(), "heatmap values span") {
		t.Errorf("heatmap of %v: %v", wide, err)
	}
	if _, err := Heatmap([][]float64{{1e308, 0.9e308}}, HeatmapSpec{Diverging: true}); err == nil || !strings.Contains(err.Error(), "heatmap values span") {
		t.Errorf("a diverging heatmap's scale about 0 over 1e308: %v", err) // -1e308..1e308
	}
	if _, err := Curves(CurveSpec{Series: []Series{{Name: "a", X: []float64{0, 1}, Y: wide}}}); err == nil || !strings.Contains(err.Error(), "span") {
		t.Errorf("curve of y %v: %v", wide, err)
	}
}
