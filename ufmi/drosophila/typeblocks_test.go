package drosophila

import (
	"slices"
	"testing"
)

func TestTypeBlocksNamesEachBlockOnce(t *testing.T) {
	labels := []string{"K", "P", "K", "I", "P"}
	order := OrderByType(labels) // K K P P I: positions of 0, 2, 1, 4, 3
	ticks, breaks, err := TypeBlocks(labels, order)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"KC", "", "PN", "", "MBIN"}; !slices.Equal(ticks, want) {
		t.Errorf("ticks %q, want %q", ticks, want)
	}
	if want := []int{2, 4}; !slices.Equal(breaks, want) {
		t.Errorf("breaks %v, want %v", breaks, want)
	}
	// Unordered labels make a block per run: K P K gives three.
	ticks, breaks, _ = TypeBlocks(labels[:3], []int{0, 1, 2})
	if !slices.Equal(ticks, []string{"KC", "PN", "KC"}) || !slices.Equal(breaks, []int{1, 2}) {
		t.Errorf("identity order: ticks %q, breaks %v", ticks, breaks)
	}
}

func TestTypeBlocksBadInput(t *testing.T) {
	labels := []string{"K", "P", "X"}
	for _, c := range []struct {
		labels []string
		order  []int
		want   string
	}{
		{labels[:2], []int{0}, "ordering of 1 neurons for 2 labels"},
		{labels[:2], []int{0, 0}, "not a permutation"},
		{labels[:2], []int{0, 2}, "not a permutation"},
		{labels, []int{0, 1, 2}, `unknown cell label "X"`},
	} {
		_, _, err := TypeBlocks(c.labels, c.order)
		requireErrorContains(t, err, c.want)
	}
}
