package ufmi

import (
	"math"
	"slices"
	"testing"
)

// A tree's posterior of a vote row where a class of 1-2 rows has no other
// vote (outOfSample.add's fill) sums to 1 and is the same whatever the
// row's own label: here row 0 votes in a one-leaf tree beside three rows of
// class 0 and three of class 1, and the only other row of class 2 grows the
// tree. Labelled 0 or 2, its posterior is (0.5, 0.5, 0) of the other votes
// scaled by 1/1.2 with class 2 at its frequency among the other rows plus
// one of each class, 2/10, scaled likewise. With two other rows of class 2
// (a class of 3 rows if row 0 is of it) class 2 takes no fill, whatever
// row 0's label: the rule counts the other rows only. Row 0 out of sample
// gets the same.
func TestClassFillIsAPosteriorFreeOfTheRowsLabel(t *testing.T) {
	const k = 3
	posteriorOf := func(own, others2 int, out bool) []float64 {
		y := []int{own, 0, 0, 0, 1, 1, 1}
		for range others2 {
			y = append(y, 2)
		}
		n := len(y)
		o := newOutOfSample(y, k, false, false, 5)
		if o.width != k {
			t.Fatalf("width %d, want every class's sums (%d)", o.width, k)
		}
		structure, vote := newRowSet(n), newRowSet(n)
		for i := range n {
			if out && i == 0 {
				continue // an evaluation row: the leaf's posterior scores it
			}
			if i < 7 {
				vote.add(i)
			} else {
				structure.add(i)
			}
		}
		o.add(votingTree{leaves: 1, posterior: []float64{0.4, 0.4, 0.2}, leaf: make([]int32, n), structure: structure, vote: vote}, nil)
		return slices.Clone(o.sum[:k])
	}
	for _, c := range []struct {
		others2 int
		want    []float64
	}{
		{1, []float64{0.5 / 1.2, 0.5 / 1.2, 0.2 / 1.2}},
		{2, []float64{0.5, 0.5, 0}},
	} {
		for _, own := range []int{0, 2} {
			checkPosterior(t, posteriorOf(own, c.others2, false), c.want, own, c.others2)
		}
	}
	// Row 0 out of sample, scored by the leaf's posterior, which gives the
	// absent class 2 mass of its own (as Kappa or a uniform empty leaf
	// would): the present classes' shares are taken to sum to 1 first.
	checkPosterior(t, posteriorOf(0, 1, true), []float64{0.5 / 1.2, 0.5 / 1.2, 0.2 / 1.2}, 0, 1)
}

// checkPosterior compares a row's posterior from one tree with want and
// checks that it sums to 1.
func checkPosterior(t *testing.T, got, want []float64, own, others2 int) {
	t.Helper()
	total := 0.0
	for c := range got {
		total += got[c]
		if math.Abs(got[c]-want[c]) > 1e-12 {
			t.Errorf("row 0 labelled %d, %d other rows of class 2: posterior %v, want %v", own, others2, got, want)
			break
		}
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("row 0 labelled %d, %d other rows of class 2: posterior sums to %v", own, others2, total)
	}
}
