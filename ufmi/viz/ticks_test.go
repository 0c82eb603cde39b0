package viz

import (
	"reflect"
	"testing"
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
