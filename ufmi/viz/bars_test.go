package viz

import (
	"math"
	"strings"
	"testing"
)

func TestBarChartPNG(t *testing.T) {
	b, err := BarChart(BarSpec{Title: "I(feature; Y)", YLabel: "nats",
		Bars: []NamedValue{{"A1", 0.01}, {"A9", 0.4}, {"A15", -0.005}}})
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestBarChartRejectsBadValues(t *testing.T) {
	if _, err := BarChart(BarSpec{}); err == nil || !strings.Contains(err.Error(), "at least one bar") {
		t.Errorf("no bars: %v", err)
	}
	_, err := BarChart(BarSpec{Bars: []NamedValue{{"ok", 1}, {"bad", math.NaN()}}})
	if err == nil || !strings.Contains(err.Error(), `"bad"`) {
		t.Errorf("NaN bar: %v", err)
	}
}
