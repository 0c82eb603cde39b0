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

// The default's trees on 500 rows have leaves of 3 structure rows, on 5,000
// rows of 9; with FixedLeaves, and in the 2026-11-25 preset, of at least 6,
// as the default's at 2,000 rows; with NoLeafGrowth (the 2026-11-30
// preset) of 3 on 500 rows and 6 on 5,000.
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
	stopping, err := ParseUFPreset("default-2026-11-30")
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
		{"default", 5000, DefaultUF(), 9},
		{"default-2026-11-30", 500, stopping, 3},
		{"default-2026-11-30", 5000, stopping, 6},
	} {
		if got := smallest(c.n, c.uf); got != c.want {
			t.Errorf("%s, n = %d: the smallest leaf has %d structure rows, want %d", c.name, c.n, got, c.want)
		}
	}
}
