package drosophila

import (
	"math"
	"slices"
	"testing"
)

// equalMatrix compares two row-major matrices exactly.
func equalMatrix(a, b [][]float64) bool {
	return slices.EqualFunc(a, b, func(x, y []float64) bool { return slices.Equal(x, y) })
}

func TestEncodeAuthorsFixture(t *testing.T) {
	x, names, y, classes, err := readFixtureNeurons(t).Encode(EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{
		{2, 337.63801, 0, 1},
		{0, 0, 1, 4},
		{0, 0, -1, 6},
		{1, 1291.20357, 0, 2},
		{0, 0, -1, 7},
		{0, 0, -1, 5},
	}
	if !equalMatrix(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
	if !slices.Equal(names, []string{"claw", "dist", "age", "cluster"}) {
		t.Errorf("names = %q", names)
	}
	if !slices.Equal(y, []int{0, 0, 1, 0, 2, 3}) || !slices.Equal(classes, []string{"KC", "PN", "MBON", "MBIN"}) {
		t.Errorf("y = %v, classes = %q; want codes by first appearance", y, classes)
	}
}

func TestEncodeIndicatorsFixture(t *testing.T) {
	x, names, y, classes, err := readFixtureNeurons(t).Encode(EncodingIndicators)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{
		{2, 337.63801, 0, 1, 0, 0, 0},
		{0, 0, 1, 4, 0, 0, 0},
		{0, 0, 0, 6, 1, 1, 1},
		{1, 1291.20357, 0, 2, 0, 0, 0},
		{0, 0, 0, 7, 1, 1, 1},
		{0, 0, 0, 5, 1, 1, 1},
	}
	if !equalMatrix(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
	wantNames := []string{"claw", "dist", "age", "cluster", "claw_missing", "dist_missing", "age_missing"}
	if !slices.Equal(names, wantNames) {
		t.Errorf("names = %q", names)
	}
	if !slices.Equal(y, []int{0, 0, 1, 0, 2, 3}) || !slices.Equal(classes, []string{"KC", "PN", "MBON", "MBIN"}) {
		t.Errorf("y = %v, classes = %q", y, classes)
	}
}

func TestEncodeIndicatorsKeepsDistinctMissingPatterns(t *testing.T) {
	nan := math.NaN()
	n := &Neurons{
		Names:   []string{"a", "b", "c"},
		Types:   []string{"KC", "KC", "PN"},
		Claw:    []float64{nan, 3, 0},
		Dist:    []float64{10, nan, 0},
		Age:     []string{"young", "mature", ""},
		Cluster: []float64{1, 2, 3},
	}
	x, _, _, _, err := n.Encode(EncodingIndicators)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{
		{0, 10, 0, 1, 1, 0, 0}, // age codes by first appearance: young 0, mature 1
		{3, 0, 1, 2, 0, 1, 0},
		{0, 0, 0, 3, 0, 0, 1},
	}
	if !equalMatrix(x, want) {
		t.Errorf("x = %v, want %v", x, want)
	}
	xa, _, _, _, err := n.Encode(EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	wantAuthors := [][]float64{{0, 10, 0, 1}, {3, 0, 1, 2}, {0, 0, -1, 3}}
	if !equalMatrix(xa, wantAuthors) {
		t.Errorf("authors x = %v, want %v", xa, wantAuthors)
	}
}

func TestEncodeMissingCluster(t *testing.T) {
	n := readFixtureNeurons(t)
	n.Cluster[4] = math.NaN()
	x, _, _, _, err := n.Encode(EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	if x[4][3] != 0 {
		t.Errorf("authors encoding: missing cluster became %v, want 0", x[4][3])
	}
	_, _, _, _, err = n.Encode(EncodingIndicators)
	requireErrorContains(t, err, "cluster", "MBON1 left")
}

func TestEncodeRejectsBadInput(t *testing.T) {
	n := readFixtureNeurons(t)
	_, _, _, _, err := n.Encode(Encoding(7))
	requireErrorContains(t, err, "unknown encoding")

	n.Age = n.Age[:5]
	_, _, _, _, err = n.Encode(EncodingAuthors)
	requireErrorContains(t, err, "Age has 5 entries")

	_, _, _, _, err = (&Neurons{}).Encode(EncodingAuthors)
	requireErrorContains(t, err, "no neurons")

	m := readFixtureNeurons(t)
	m.Types[1] = ""
	_, _, _, _, err = m.Encode(EncodingAuthors)
	requireErrorContains(t, err, "neuron 1 has no cell type")
}

func TestFeatureColumns(t *testing.T) {
	got, err := FeatureColumns(EncodingIndicators, []string{"cluster", "claw", "age"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"cluster", "claw", "claw_missing", "age", "age_missing"}; !slices.Equal(got, want) {
		t.Errorf("indicators: %q, want %q", got, want)
	}
	got, err = FeatureColumns(EncodingAuthors, []string{"dist", "cluster"})
	if err != nil || !slices.Equal(got, []string{"dist", "cluster"}) {
		t.Errorf("authors: %q, %v", got, err)
	}
	_, err = FeatureColumns(EncodingAuthors, []string{"claws"})
	requireErrorContains(t, err, `"claws"`)
	_, err = FeatureColumns(Encoding(-1), []string{"claw"})
	requireErrorContains(t, err, "unknown encoding")
	if !slices.Equal(BaseFeatures(), []string{"claw", "dist", "age", "cluster"}) {
		t.Errorf("BaseFeatures() = %q", BaseFeatures())
	}
}

func TestEncodingString(t *testing.T) {
	if EncodingAuthors.String() != "authors" || EncodingIndicators.String() != "indicators" || Encoding(9).String() != "Encoding(9)" {
		t.Errorf("names: %s %s %s", EncodingAuthors, EncodingIndicators, Encoding(9))
	}
}
