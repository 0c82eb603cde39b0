package main

import (
	"strings"
	"testing"
)

// Each rule of belowReason on a table the first preset misses by 0.1 nats
// (5 SE): ObliqueUF at the bound, closing part of the gap, or neither with
// the forest's own bound lower still; and no reason within 2 SE.
func TestBelowReason(t *testing.T) {
	row := func(est, se, own, obl, oblSE float64) result {
		return result{name: "t", bound: 1, estimates: []float64{est, obl}, se: []float64{se, oblSE}, own: []float64{own, 0}}
	}
	for _, c := range []struct {
		r    result
		want string
	}{
		{row(0.9, 0.02, 0.85, 0.97, 0.02), "reaches the bound (0.970)"},
		{row(0.9, 0.02, 0.85, 0.93, 0.01), "closes 30% of the gap"},
		{row(0.9, 0.02, 0.85, 0.91, 0.01), "own cross-fitted bound is lower still"},
		{row(0.9, 0.02, 0.95, 0.91, 0.01), "no reason measured"},
		{row(0.97, 0.02, 0.85, 0.91, 0.01), ""},
	} {
		got := belowReason(c.r, 0, 1)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("estimate %.2f, ObliqueUF %.2f, own bound %.2f: reason %q, want %q", c.r.estimates[0], c.r.estimates[1], c.r.own[0], got, c.want)
		}
	}
}
