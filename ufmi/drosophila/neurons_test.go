package drosophila

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readFixtureNeurons parses testdata/small_vdf.csv.
func readFixtureNeurons(t *testing.T) *Neurons {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "small_vdf.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, err := ReadNeurons(f)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// equalWithNaN compares float slices, treating NaN as equal to NaN.
func equalWithNaN(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return x == y || (math.IsNaN(x) && math.IsNaN(y)) })
}

func TestReadNeuronsFixture(t *testing.T) {
	n := readFixtureNeurons(t)
	nan := math.NaN()
	wantNames := []string{"KC1 #101", "KC2 young #102", "PN1 (A1/2)", "KC3 #103", "MBON1 left", "MBIN1 right"}
	if !slices.Equal(n.Names, wantNames) {
		t.Errorf("Names = %q", n.Names)
	}
	if want := []string{"KC", "KC", "PN", "KC", "MBON", "MBIN"}; !slices.Equal(n.Types, want) {
		t.Errorf("Types = %q", n.Types)
	}
	if want := []float64{2, 0, nan, 1, nan, nan}; !equalWithNaN(n.Claw, want) {
		t.Errorf("Claw = %v, want %v", n.Claw, want)
	}
	if want := []float64{337.63801, 0, nan, 1291.20357, nan, nan}; !equalWithNaN(n.Dist, want) {
		t.Errorf("Dist = %v, want %v", n.Dist, want)
	}
	if want := []string{"mature", "young", "", "mature", "", ""}; !slices.Equal(n.Age, want) {
		t.Errorf("Age = %q", n.Age)
	}
	if want := []float64{1, 4, 6, 2, 7, 5}; !equalWithNaN(n.Cluster, want) {
		t.Errorf("Cluster = %v", n.Cluster)
	}
}

func TestReadNeuronsAcceptsEmptyCellsAndColumnOrder(t *testing.T) {
	n, err := ReadNeurons(strings.NewReader("cluster,type,v,age,dist,claw,extra\n3,KC,a,young,5.5,2,x\n4,PN,b,,,,y\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !equalWithNaN(n.Claw, []float64{2, math.NaN()}) || !equalWithNaN(n.Dist, []float64{5.5, math.NaN()}) ||
		!slices.Equal(n.Age, []string{"young", ""}) || !equalWithNaN(n.Cluster, []float64{3, 4}) {
		t.Errorf("parsed %+v", n)
	}
}

func TestReadNeuronsErrors(t *testing.T) {
	const header = "v,type,claw,dist,age,cluster\n"
	cases := map[string]struct{ input, mention string }{
		"empty":          {"", "empty"},
		"header only":    {header, "no neurons"},
		"missing column": {"v,type,claw,dist,age\na,KC,1,2,young\n", `"cluster"`},
		"repeated":       {"v,type,claw,dist,age,cluster,v\na,KC,1,2,young,1,b\n", `"v" twice`},
		"not a number":   {header + "a,KC,two,2,young,1\n", "line 2, column claw"},
		"infinite":       {header + "a,KC,1,Inf,young,1\n", "column dist"},
		"missing type":   {header + "a,KC,1,2,young,1\nb,NA,1,2,young,1\n", "line 3: cell type is missing"},
		"short row":      {header + "a,KC,1,2,young\n", "neuron table"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ReadNeurons(strings.NewReader(c.input))
			requireErrorContains(t, err, c.mention)
		})
	}
}
