package viz

import (
	"bytes"
	"math"
	"testing"
)

func stripSpec() StripSpec {
	return StripSpec{
		Title:  "UF minus RF, per dataset",
		YLabel: "difference in H(Y|X) error",
		Categories: []NamedValues{
			{Name: "n = 100", Values: []float64{-0.05, -0.02, 0.01, -0.03, -0.04, -0.01}},
			{Name: "n = 1000", Values: []float64{-0.02, -0.01, 0.00, -0.015}},
			{Name: "n = 10000", Values: []float64{0.001, -0.004, -0.002}},
		},
		Seed: 42,
	}
}

func TestStripPlotPNG(t *testing.T) {
	b, err := StripPlot(stripSpec())
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestStripPlotSeeded(t *testing.T) {
	a, err := StripPlot(stripSpec())
	if err != nil {
		t.Fatal(err)
	}
	b, err := StripPlot(stripSpec())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("same seed gave different images")
	}
	spec := stripSpec()
	spec.Seed = 43
	c, err := StripPlot(spec)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) {
		t.Fatal("different seeds gave identical images: no jitter?")
	}
}

func TestMedian(t *testing.T) {
	values := []float64{3, 1, 2}
	if m := median(values); m != 2 {
		t.Errorf("median(3, 1, 2) = %v, want 2", m)
	}
	if values[0] != 3 {
		t.Error("median reordered its input")
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median(4, 1, 3, 2) = %v, want 2.5", m)
	}
}

func TestStripPlotErrors(t *testing.T) {
	spec := stripSpec()
	spec.Categories[1].Values[2] = math.NaN()
	_, err := StripPlot(spec)
	wantErrContaining(t, err, `category "n = 1000"`, "Values[2] is NaN")

	spec = stripSpec()
	spec.Categories[2].Values = nil
	_, err = StripPlot(spec)
	wantErrContaining(t, err, `category "n = 10000"`, "no values")

	spec = stripSpec()
	spec.Categories = nil
	_, err = StripPlot(spec)
	wantErrContaining(t, err, "at least one category")

	spec = stripSpec()
	spec.Jitter = 0.7
	_, err = StripPlot(spec)
	wantErrContaining(t, err, "jitter")
}
