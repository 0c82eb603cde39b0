package ufmi

import (
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// Leaves follow the structure rows as the square root, the configured leaf
// at 1,000 of them, never below 2; leaves of 2 or fewer are kept.
func TestLeafForRows(t *testing.T) {
	for _, c := range []struct{ leaf, ns, want int }{
		{6, 1000, 6},  // 2,000 rows at the default's half
		{6, 2500, 9},  // 9.5 rounds to 9 (5,000 rows)
		{6, 5000, 13}, // 13.4 (10,000 rows)
		{6, 500000, 134},
		{6, 875, 6}, // 6·√0.875 = 5.6
		{6, 500, 4}, // 4.2
		{6, 250, 3}, // 3.0: n = 500
		{6, 100, 2}, // 1.9
		{6, 10, 2},  // never below 2
		{3, 250, 2}, // 1.5 rounds to 2
		{2, 50, 2},  // leaves of 2 or fewer are kept
		{1, 50, 1},  // fully grown: the paper's
		{20, 250, 10},
	} {
		if got := leafForRows(c.leaf, c.ns); got != c.want {
			t.Errorf("leaf %d on %d structure rows: %d, want %d", c.leaf, c.ns, got, c.want)
		}
	}
}

// smallestLeaf is the fewest structure rows in a leaf of forest f's trees,
// grown on x.
func smallestLeaf(f *Forest, x *Features) int {
	fewest := x.Rows()
	for tr := range f.Trees() {
		counts := map[int32]int{}
		for _, i := range f.IndexSets(tr).Structure {
			counts[f.Tree(tr).LeafOf(x.cols, i)]++
		}
		for _, c := range counts {
			fewest = min(fewest, c)
		}
	}
	return fewest
}

// The default's trees on 500 rows have leaves of 3 structure rows; with
// FixedLeaves, and in the 2026-11-25 preset, of at least 6, as the
// default's at 2,000 rows and at 5,000 (a plain estimate's leaves stop
// growing at 2,000 rows).
func TestDefaultLeavesFollowRows(t *testing.T) {
	smallest := func(n int, uf UFConfig) int {
		x, y := simFeatures(t, sim.MISimulation{Setting: sim.Separated, N: n, D: 2, Prior: 0.5, Mu: 1}, 3)
		uf.Trees = 10
		f, err := FitUF(x, y, uf, Runtime{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return smallestLeaf(f, x)
	}
	fixed := DefaultUF()
	fixed.FixedLeaves = true
	old, err := ParseUFPreset("default-2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		n    int
		uf   UFConfig
		want int
	}{
		{"default", 500, DefaultUF(), 3},
		{"fixed leaves", 500, fixed, 6},
		{"default-2026-11-25", 500, old, 6},
		{"default", 2000, DefaultUF(), 6},
		{"default", 5000, DefaultUF(), 6},
	} {
		if got := smallest(c.n, c.uf); got != c.want {
			t.Errorf("%s, n = %d: the smallest leaf has %d structure rows, want %d", c.name, c.n, got, c.want)
		}
	}
}

// The fits of a conditional MI keep the configured leaf on fewer than 1,000
// structure rows and grow it on more, on one feature or several; a plain
// estimate's shrink below on two or more features and stay above, as do a
// conditional MI's with PlainLeavesInDifferences (the 2026-11-30 preset).
func TestDifferenceLeaves(t *testing.T) {
	y := make([]int, 20000)
	for i := range y {
		y[i] = i % 2
	}
	plain := DefaultUF()
	difference := plain
	difference.inDifference = true
	before, err := ParseUFPreset("default-2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	before.inDifference = true
	fixed := difference
	fixed.FixedLeaves = true
	for _, c := range []struct {
		name  string
		uf    UFConfig
		ns, d int
		want  int
	}{
		{"plain", plain, 250, 2, 3},
		{"plain", plain, 250, 1, 6},
		{"plain", plain, 5000, 2, 6},
		{"plain", plain, 5000, 1, 6},
		{"difference", difference, 250, 2, 6},
		{"difference", difference, 250, 1, 6},
		{"difference", difference, 2500, 2, 9},
		{"difference", difference, 5000, 1, 13},
		{"default-2026-11-30 difference", before, 250, 2, 3},
		{"default-2026-11-30 difference", before, 250, 1, 6},
		{"default-2026-11-30 difference", before, 5000, 1, 6},
		{"fixed leaves difference", fixed, 5000, 2, 6},
		{"fixed leaves difference", fixed, 250, 2, 6},
	} {
		if got := c.uf.leafFor(y[:2*c.ns], 2, c.ns, c.d); got != c.want {
			t.Errorf("%s on %d structure rows, %d features: leaf %d, want %d", c.name, c.ns, c.d, got, c.want)
		}
	}
}
