package viz

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/plot/vg"
)

// nullSample is a seeded normal sample standing in for permutation statistics.
func nullSample(n int) []float64 {
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]float64, n)
	for i := range out {
		out[i] = 0.02 * rng.NormFloat64()
	}
	return out
}

func TestHistogramPNG(t *testing.T) {
	b, err := Histogram(nullSample(200), 0.11, HistogramSpec{Title: "Permutation test", XLabel: "I(X;Y) (nats)"})
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestHistogramObservedLineIsDrawn(t *testing.T) {
	red := func(r, g, b uint32) bool { return r > 170 && g < 60 && b < 60 }
	for _, observed := range []float64{0.0, 0.2} { // inside and far outside the null
		b, err := Histogram(nullSample(200), observed, HistogramSpec{})
		if err != nil {
			t.Fatal(err)
		}
		img := decodeFigure(t, b, defaultPx[0], defaultPx[1])
		// A 2 pt (about 2.7 px) line over most of a ~300 px tall data area.
		if n := countPixels(img, red); n < 400 {
			t.Errorf("observed = %v: only %d red pixels", observed, n)
		}
	}
}

func TestHistogramConstantNull(t *testing.T) {
	b, err := Histogram([]float64{0, 0, 0, 0}, 0.3, HistogramSpec{})
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestHistogramErrors(t *testing.T) {
	_, err := Histogram(nil, 1, HistogramSpec{})
	wantErrContaining(t, err, "no null values")
	_, err = Histogram([]float64{1, math.NaN()}, 1, HistogramSpec{})
	wantErrContaining(t, err, "histogram", "values[1] is NaN")
	_, err = Histogram([]float64{1, 2}, math.Inf(1), HistogramSpec{})
	wantErrContaining(t, err, "histogram", "observed[0] is +Inf")
	_, err = Histogram([]float64{1, 2}, 1, HistogramSpec{Bins: -1})
	wantErrContaining(t, err, "bin count")
	_, err = Histogram([]float64{1, 2}, 1, HistogramSpec{Bins: 100_000_000})
	wantErrContaining(t, err, "bin count 100000000: want 1..10000")
	// A figure too wide is refused before anything is laid out (a legend's
	// placement at 1e9 points ran for minutes), and a NaN size too.
	for _, w := range []vg.Length{1e9, vg.Length(math.NaN())} {
		_, err = Curves(CurveSpec{Width: w, Series: []Series{{Name: "UF", X: []float64{1, 2}, Y: []float64{1, 2}}}})
		if err == nil {
			t.Errorf("width %v accepted", w)
		}
	}
}

func TestEqualWidthBins(t *testing.T) {
	bins := equalWidthBins([]float64{0, 0.1, 0.5, 0.99, 1, 1}, 4, 3)
	want := []float64{2, 0, 1, 3}
	for i, b := range bins {
		if b.Weight != want[i] {
			t.Errorf("bin %d [%v, %v) has %v values, want %v", i, b.Min, b.Max, b.Weight, want[i])
		}
		if math.Abs(b.Max-b.Min-0.25) > 1e-12 {
			t.Errorf("bin %d has width %v, want 0.25", i, b.Max-b.Min)
		}
	}
	single := equalWidthBins([]float64{2, 2, 2}, 10, 4)
	if len(single) != 1 || single[0].Weight != 3 || single[0].Min != 1.95 || single[0].Max != 2.05 {
		t.Errorf("constant values gave %+v, want one bin [1.95, 2.05] of weight 3", single)
	}
}
