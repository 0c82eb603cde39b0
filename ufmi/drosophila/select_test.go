package drosophila

import (
	"slices"
	"testing"
)

func TestSelectFeatures(t *testing.T) {
	x := [][]float64{{1, 2, 3, 4}, {5, 6, 7, 8}}
	names := []string{"claw", "dist", "age", "cluster"}
	got, gotNames, err := SelectFeatures(x, names, []string{"cluster", "claw"})
	if err != nil {
		t.Fatal(err)
	}
	if !equalMatrix(got, [][]float64{{4, 1}, {8, 5}}) || !slices.Equal(gotNames, []string{"cluster", "claw"}) {
		t.Errorf("got %v %q", got, gotNames)
	}
	got[0][0] = 99
	if x[0][3] != 4 {
		t.Error("SelectFeatures shares memory with its input")
	}

	_, _, err = SelectFeatures(x, names, []string{"claw", "age_missing"})
	requireErrorContains(t, err, `unknown feature "age_missing"`)
	_, _, err = SelectFeatures(x, names, []string{"age", "age"})
	requireErrorContains(t, err, `"age" selected twice`)
	_, _, err = SelectFeatures(x, names, nil)
	requireErrorContains(t, err, "no features")
	_, _, err = SelectFeatures([][]float64{{1, 2, 3, 4}, {5, 6}}, names, []string{"dist"})
	requireErrorContains(t, err, "row 1 has 2 values")
}

func TestSelectFeaturesWithFeatureColumns(t *testing.T) {
	x, names, _, _, err := readFixtureNeurons(t).Encode(EncodingIndicators)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := FeatureColumns(EncodingIndicators, []string{"claw"})
	if err != nil {
		t.Fatal(err)
	}
	sub, _, err := SelectFeatures(x, names, cols)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{2, 0}, {0, 0}, {0, 1}, {1, 0}, {0, 1}, {0, 1}}
	if !equalMatrix(sub, want) {
		t.Errorf("claw with indicator = %v, want %v", sub, want)
	}
}
