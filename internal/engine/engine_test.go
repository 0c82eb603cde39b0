package engine

import "testing"

func TestTreeBlockAdd(t *testing.T) {
	a := TreeBlock{Lo: 0, Hi: 2, Classes: 2, Sum: []float64{1, 0.5}, Votes: []int{2}, TreeEntropy: 0.25, TreeCount: 2}
	b := TreeBlock{Lo: 2, Hi: 3, Classes: 2, Sum: []float64{0.5, 0.5}, Votes: []int{1}, TreeEntropy: 0.5, TreeCount: 1}
	if err := a.Add(b); err != nil {
		t.Fatal(err)
	}
	if a.Hi != 3 || a.Sum[0] != 1.5 || a.Sum[1] != 1 || a.Votes[0] != 3 || a.TreeEntropy != 0.75 || a.TreeCount != 3 {
		t.Errorf("sum of blocks = %+v", a)
	}
	if err := a.Add(b); err == nil {
		t.Error("a block that does not follow was added")
	}
	c := TreeBlock{Lo: 3, Hi: 4, Classes: 3, Sum: []float64{1, 0, 0}, Votes: []int{1}}
	if err := a.Add(c); err == nil {
		t.Error("a block of other data was added")
	}
}
