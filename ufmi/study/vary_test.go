package study

import "testing"

func TestVarySetsOneParameterPerCell(t *testing.T) {
	base := Cell{N: 1000, D: 2, Prior: 0.5, Mu: 1}
	cells, err := Vary(base, "d", []int{2, 5})
	if err != nil || len(cells) != 2 || cells[1] != (Cell{N: 1000, D: 5, Prior: 0.5, Mu: 1}) {
		t.Fatalf("Vary d: %v, %v", cells, err)
	}
	cells, err = Vary(base, "prior", []float64{0.1})
	if err != nil || cells[0].Prior != 0.1 || cells[0].N != 1000 {
		t.Fatalf("Vary prior: %v, %v", cells, err)
	}
	if _, err := Vary(base, "sigma", []float64{1}); err == nil {
		t.Error("an unknown parameter was accepted")
	}
	if _, err := Vary(base, "n", []int{}); err == nil {
		t.Error("no values was accepted")
	}
}
