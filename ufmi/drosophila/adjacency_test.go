package drosophila

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadAdjacencyAndLabelsFixture(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "small_adjacency.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	adj, err := ReadAdjacency(f)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0, 3, 0, 1}, {2, 0, 5, 0}, {0, 4, 0, 0}, {7, 0, 1, 0}}
	if !equalMatrix(adj, want) {
		t.Errorf("adj = %v, want %v", adj, want)
	}
	g, err := os.Open(filepath.Join("testdata", "small_cell_labels.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	labels, err := ReadCellLabels(g)
	if err != nil || !slices.Equal(labels, []string{"K", "P", "K", "I"}) {
		t.Errorf("labels = %q, err %v", labels, err)
	}

	perm := OrderByType(labels)
	if !slices.Equal(perm, []int{0, 2, 1, 3}) {
		t.Fatalf("OrderByType = %v, want [0 2 1 3]", perm)
	}
	sorted, err := PermuteSquare(adj, perm)
	if err != nil {
		t.Fatal(err)
	}
	// Brute force: entry (a,b) of the sorted matrix is the synapse count
	// between the neurons now at positions a and b.
	wantSorted := [][]float64{{0, 0, 3, 1}, {0, 0, 4, 0}, {2, 5, 0, 0}, {7, 1, 0, 0}}
	if !equalMatrix(sorted, wantSorted) {
		t.Errorf("sorted = %v, want %v", sorted, wantSorted)
	}
}

func TestOrderByTypeIsStableGrouping(t *testing.T) {
	got := OrderByType([]string{"P", "K", "P", "O", "K", "O", "P"})
	if want := []int{0, 2, 6, 1, 4, 3, 5}; !slices.Equal(got, want) {
		t.Errorf("OrderByType = %v, want %v", got, want)
	}
	if got := OrderByType(nil); len(got) != 0 {
		t.Errorf("OrderByType(nil) = %v", got)
	}
}

func TestPermuteSquareRejectsBadPermutations(t *testing.T) {
	adj := [][]float64{{0, 1}, {2, 0}}
	for _, perm := range [][]int{{0}, {0, 0}, {0, 2}, {-1, 1}} {
		_, err := PermuteSquare(adj, perm)
		requireErrorContains(t, err, "permutation")
	}
	_, err := PermuteSquare([][]float64{{0, 1}, {2}}, []int{1, 0})
	requireErrorContains(t, err, "square")
}

func TestReadAdjacencyErrors(t *testing.T) {
	cases := map[string]struct{ input, mention string }{
		"empty":      {"\n\n", "empty"},
		"not square": {"0 1\n1 0\n1 1\n", "square"},
		"ragged":     {"0 1 2\n1 0\n2 2 0\n", "row 2 has 2 values"},
		"negative":   {"0 -1\n1 0\n", "line 1, column 2"},
		"not number": {"0 1\nx 0\n", "line 2, column 1"},
		"nan":        {"0 NaN\n1 0\n", "line 1, column 2"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ReadAdjacency(strings.NewReader(c.input))
			requireErrorContains(t, err, c.mention)
		})
	}
}

func TestReadCellLabelsErrors(t *testing.T) {
	_, err := ReadCellLabels(strings.NewReader("K\n\nP\n"))
	requireErrorContains(t, err, "line 2 is blank")
	_, err = ReadCellLabels(strings.NewReader(""))
	requireErrorContains(t, err, "empty")
	got, err := ReadCellLabels(strings.NewReader(" K \nP\n\n"))
	if err != nil || !slices.Equal(got, []string{"K", "P"}) {
		t.Errorf("trailing blank line: %q, %v", got, err)
	}
}

func TestCellType(t *testing.T) {
	for label, want := range map[string]string{"K": "KC", "I": "MBIN", "O": "MBON", "P": "PN"} {
		if got, err := CellType(label); err != nil || got != want {
			t.Errorf("CellType(%q) = %q, %v; want %q", label, got, err, want)
		}
	}
	_, err := CellType("k")
	requireErrorContains(t, err, `"k"`)
}
