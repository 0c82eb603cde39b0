package viz

import (
	"math"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
)

func TestLogTicksLabels(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (logTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	if got, want := labels(100, 1600), []string{"100", "200", "500", "1000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("labels on [100, 1600] = %v, want %v", got, want)
	}
	if got, want := labels(0.5, 20000), []string{"1", "10", "100", "1000", "10000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("labels on [0.5, 20000] = %v, want %v", got, want)
	}
	if n := len((logTicks{}).Ticks(100, 1000)); n != 10 {
		t.Errorf("[100, 1000] has %d ticks, want 10 (100, 200, ..., 900, 1000)", n)
	}
	if ticks := (logTicks{}).Ticks(0, 10); ticks != nil {
		t.Errorf("non-positive range gave ticks %v", ticks)
	}
}

func TestNiceTicks(t *testing.T) {
	labelled := func(lo, hi float64) (values []float64, labels []string) {
		for _, tk := range (niceTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				values = append(values, tk.Value)
				labels = append(labels, tk.Label)
			}
		}
		return values, labels
	}
	cases := []struct {
		lo, hi float64
		want   []string
	}{
		{-0.052, 0.012, []string{"-0.05", "-0.04", "-0.03", "-0.02", "-0.01", "0.00", "0.01"}},
		{0, 1, []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{3, 97, []string{"20", "40", "60", "80"}},
		{-2.5, 2.5, []string{"-2", "-1", "0", "1", "2"}},
		{1000, 9000, []string{"2000", "4000", "6000", "8000"}},
	}
	for _, c := range cases {
		values, labels := labelled(c.lo, c.hi)
		if !reflect.DeepEqual(labels, c.want) {
			t.Errorf("labels on [%v, %v] = %v, want %v", c.lo, c.hi, labels, c.want)
		}
		for _, v := range values {
			if v < c.lo || v > c.hi {
				t.Errorf("tick %v outside [%v, %v]", v, c.lo, c.hi)
			}
		}
	}
	if ticks := (niceTicks{}).Ticks(2, 2); len(ticks) != 1 || ticks[0].Value != 2 {
		t.Errorf("degenerate range gave %v", ticks)
	}
}

// Both ends of every automatic numeric axis carry a label: labelledEnds
// widens a range to the nearest labelled ticks, on linear and log axes,
// for ranges of many sizes and offsets.
func TestLabelledEnds(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		log    bool
	}{
		{250, 16000, true}, {100, 1600, true}, {3, 7, true}, {0.5, 20000, true}, {37, 41, true},
		{0.03, 0.47, false}, {-0.012, 0.0034, false}, {1, 1.0001, false}, {250, 16000, false}, {-3, 7.5, false},
	} {
		ax := plot.Axis{Min: c.lo, Max: c.hi}
		ax.Tick.Marker = niceTicks{}
		if c.log {
			ax.Tick.Marker = logTicks{}
		}
		labelledEnds(&ax, 0)
		if ax.Min > c.lo || ax.Max < c.hi {
			t.Errorf("[%v, %v] (log %v) became [%v, %v], which does not hold it", c.lo, c.hi, c.log, ax.Min, ax.Max)
		}
		if !endsLabelled(ax.Tick.Marker.Ticks(ax.Min, ax.Max), ax.Min, ax.Max) {
			t.Errorf("[%v, %v] (log %v) became [%v, %v], whose ends are not both labelled: %v", c.lo, c.hi, c.log, ax.Min, ax.Max, ax.Tick.Marker.Ticks(ax.Min, ax.Max))
		}
		if span, was := ax.Max-ax.Min, c.hi-c.lo; !c.log && span > 3*was {
			t.Errorf("[%v, %v] widened to [%v, %v]: more than three times its span", c.lo, c.hi, ax.Min, ax.Max)
		}
	}
}

// A curve figure's axes end on labels, the leftmost n of a sample-size
// sweep included.
func TestCurvesAxesEndOnLabels(t *testing.T) {
	p, err := CurvesPlot(CurveSpec{LogX: true, Series: []Series{{Name: "UF", X: []float64{250, 1000, 4000, 16000}, Y: []float64{0.31, 0.33, 0.335, 0.336}}}})
	if err != nil {
		t.Fatal(err)
	}
	for name, ax := range map[string]*plot.Axis{"x": &p.X, "y": &p.Y} {
		if !endsLabelled(ax.Tick.Marker.Ticks(ax.Min, ax.Max), ax.Min, ax.Max) {
			t.Errorf("%s axis [%v, %v]: ends not labelled", name, ax.Min, ax.Max)
		}
	}
	if p.X.Min != 200 || p.X.Max != 20000 {
		t.Errorf("x axis [%v, %v], want [200, 20000]", p.X.Min, p.X.Max)
	}
}

// An axis of values that respect 0 (or [0, 1]) is not widened to a
// labelled value beyond the bound: H(Y|X) never reads -0.1, a probability
// never 1.2. Within the bounds the ends stay labelled.
func TestLabelledEndsKeepBounds(t *testing.T) {
	const frac = 0.04
	for _, c := range []struct{ lo, hi float64 }{
		{0.01, 0.9}, {0, 0.97}, {0, 1}, {0.2, 1.3}, {-0.5, -0.02}, {-0.3, 0.9}, {0, 0.3},
		{0.0026, 0.0097}, {0.9, 0.999}, {0.02, 0.49}, {1.5, 2}, {-0.002, 0.005}, {0.05, 0.97},
	} {
		ax := plot.Axis{Min: c.lo, Max: c.hi}
		ax.Tick.Marker = niceTicks{}
		labelledEnds(&ax, frac)
		pad := frac * (c.hi - c.lo)
		if ax.Min > c.lo-pad+1e-12 || ax.Max < c.hi+pad-1e-12 {
			t.Errorf("[%v, %v] became [%v, %v], which does not hold it with its padding", c.lo, c.hi, ax.Min, ax.Max)
		}
		if c.lo >= 0 && ax.Min < min(0, c.lo-pad)-1e-12 {
			t.Errorf("[%v, %v] became [%v, %v]: below 0 beyond the padding", c.lo, c.hi, ax.Min, ax.Max)
		}
		if c.lo >= 0 && c.hi <= 1 && ax.Max > max(1, c.hi+pad)+1e-12 {
			t.Errorf("[%v, %v] became [%v, %v]: above 1 beyond the padding", c.lo, c.hi, ax.Min, ax.Max)
		}
		if c.hi <= 0 && ax.Max > max(0, c.hi+pad)+1e-12 {
			t.Errorf("[%v, %v] became [%v, %v]: above 0 beyond the padding", c.lo, c.hi, ax.Min, ax.Max)
		}
		ticks := ax.Tick.Marker.Ticks(ax.Min, ax.Max)
		if (ax.Min >= 0 || c.lo < 0) && (ax.Max <= 1 || c.hi > 1 || c.lo < 0) && !endsLabelled(ticks, ax.Min, ax.Max) {
			t.Errorf("[%v, %v] became [%v, %v], whose ends are not both labelled", c.lo, c.hi, ax.Min, ax.Max)
		}
	}
	// The cases the bound changes: [0, 1] was [-0.2, 1.2], [0.01, 0.9] reached -0.2.
	for _, c := range []struct{ lo, hi, wantMin, wantMax float64 }{{0, 1, -0.04, 1.04}, {0.01, 0.9, 0.01 - frac*0.89, 1}, {0.02, 0.49, 0, 0.6}} {
		ax := plot.Axis{Min: c.lo, Max: c.hi}
		ax.Tick.Marker = niceTicks{}
		labelledEnds(&ax, frac)
		if math.Abs(ax.Min-c.wantMin) > 1e-9 || math.Abs(ax.Max-c.wantMax) > 1e-9 {
			t.Errorf("[%v, %v] became [%v, %v], want [%v, %v]", c.lo, c.hi, ax.Min, ax.Max, c.wantMin, c.wantMax)
		}
	}
}
