package cc18

import (
	"math"
	"strings"
	"testing"
)

// handTable is a pairwise table of three learners where B is below both
// others on every cell of its row.
func handTable() Pairwise {
	nan := math.NaN()
	return Pairwise{Metric: ECE, Learners: []string{"A", "B", "C"},
		Median: [][]float64{{nan, 0.02, -0.01}, {-0.02, nan, -0.03}, {0.01, 0.03, nan}},
		PValue: [][]float64{{nan, 0.9, 0.2}, {0.04, nan, 0.01}, {0.8, 0.99, nan}}}
}

func TestPairReadsOneCell(t *testing.T) {
	tab := handTable()
	m, p, err := tab.Pair("B", "C")
	if err != nil || m != -0.03 || p != 0.01 {
		t.Errorf("Pair(B, C) = %v, %v, %v; want -0.03, 0.01", m, p, err)
	}
	if m, p, _ := tab.Pair("C", "A"); m != 0.01 || p != 0.8 {
		t.Errorf("Pair(C, A) = %v, %v; want 0.01, 0.8 (row first)", m, p)
	}
	for _, bad := range [][2]string{{"A", "A"}, {"A", "UF"}, {"", "B"}} {
		if _, _, err := tab.Pair(bad[0], bad[1]); err == nil || !strings.HasPrefix(err.Error(), "ufmi: ") {
			t.Errorf("Pair(%q, %q): error %v, want a ufmi error", bad[0], bad[1], err)
		}
	}
}

func TestDominantIsTheAllNegativeRow(t *testing.T) {
	tab := handTable()
	if l, ok := tab.Dominant(); !ok || l != "B" {
		t.Errorf("Dominant = %q, %v; want B", l, ok)
	}
	tab.Median[1][0] = 0 // a tie with A: B no longer below everyone
	if l, ok := tab.Dominant(); ok {
		t.Errorf("no row is all negative, got %q", l)
	}
	tab.Median[1][0] = math.NaN() // every difference zero gives no verdict either
	if l, ok := tab.Dominant(); ok {
		t.Errorf("a NaN cell is not below zero, got %q", l)
	}
}
