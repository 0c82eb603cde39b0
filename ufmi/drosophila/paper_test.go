package drosophila

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestPaperTableIsConsistent(t *testing.T) {
	rows := PaperTable()
	if len(rows) != 11 {
		t.Fatalf("%d rows, want the 10 printed rows plus all four features", len(rows))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		key := strings.Join(r.InFeatures, ",")
		if seen[key] {
			t.Errorf("subset %s appears twice", key)
		}
		seen[key] = true
		// Canonical order claw, dist, age, cluster.
		last := -1
		for _, f := range r.InFeatures {
			k := slices.Index(baseFeatures, f)
			if k <= last {
				t.Errorf("subset %s is not in the order claw, dist, age, cluster", key)
			}
			last = k
		}
		// Chain rule I(Y;X_in) + I(Y;X_out|X_in) = I(Y;X), up to the
		// rounding of three printed 3-decimal numbers.
		if d := math.Abs(r.IYXIn + r.IYXOutGivenIn - r.IYX); d > 0.0015 {
			t.Errorf("subset %s breaks the chain rule by %.4f", key, d)
		}
		if r.IYX != 1.189 {
			t.Errorf("subset %s: I(Y;X) = %v, the paper prints 1.189", key, r.IYX)
		}
	}
	if rows[0].IYXIn != 0.362 || rows[3].IYXIn != 1.102 || rows[5].IYXIn != 1.121 {
		t.Errorf("printed values changed: claw %v, cluster %v, dist+cluster %v", rows[0].IYXIn, rows[3].IYXIn, rows[5].IYXIn)
	}
	rows[0].InFeatures[0] = "changed"
	if PaperTable()[0].InFeatures[0] != "claw" {
		t.Error("PaperTable shares memory between calls")
	}
}
