package study

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

// toyNeurons is a vdf.csv-like table of 80 neurons, the four types in turn;
// claw, dist and age only for Kenyon cells, and a cluster that mostly
// follows the type.
func toyNeurons(t *testing.T) *drosophila.Neurons {
	t.Helper()
	types := []string{"KC", "MBIN", "MBON", "PN"}
	var b strings.Builder
	b.WriteString("v,type,claw,dist,age,cluster\n")
	for i := range 80 {
		ty := types[i%4]
		claw, dist, age := "NA", "NA", "NA"
		if ty == "KC" {
			claw, dist, age = fmt.Sprint(i%5), fmt.Sprint(100+3.5*float64(i)), []string{"young", "mature", "mature"}[i%3]
		}
		fmt.Fprintf(&b, "n%d,%s,%s,%s,%s,%d\n", i, ty, claw, dist, age, (i%4)*2+(i/4)%2+1)
	}
	n, err := drosophila.ReadNeurons(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDrosophilaIntervalsShareTheTablesEstimates(t *testing.T) {
	n := toyNeurons(t)
	uf := ufmi.PaperUF()
	uf.Trees = 20
	table, err := DrosophilaTable(n, drosophila.EncodingAuthors, uf, 2, 3, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ivs, err := DrosophilaIntervals(n, drosophila.EncodingAuthors, uf, 2, 3, 0.9, nil)
	if err != nil {
		t.Fatal(err)
	}
	keys, _ := frame.Strings(table, "features")
	names, _ := frame.Strings(ivs, "X_in")
	if len(keys) != 15 || !slices.Equal(names, keys) || keys[len(keys)-1] != "claw,dist,age,cluster" {
		t.Fatalf("subsets %q, table's %q; want the 15 subsets of the four features in the same order", names, keys)
	}
	for _, c := range [][2]string{{"mi_in", "I(Y;X_in)"}, {"cmi_out_given_in", "I(Y;X_out|X_in)"}} {
		want, _ := frame.Float64Column(table, c[0])
		got, _ := frame.Float64Column(ivs, c[1])
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Errorf("%s of %s: %v with intervals, %v in the table", c[1], keys[i], got[i], want[i])
			}
		}
	}
	mean, _ := frame.Float64Column(ivs, "I(Y;X_in)")
	low, _ := frame.Float64Column(ivs, "low")
	high, _ := frame.Float64Column(ivs, "high")
	for i := range mean {
		if !(low[i] <= mean[i] && mean[i] <= high[i] && low[i] < high[i]) {
			t.Errorf("%s: interval [%v, %v] around %v", names[i], low[i], high[i], mean[i])
		}
	}
	for _, bad := range []float64{0, 1, -0.5, math.NaN()} {
		if _, err := DrosophilaIntervals(n, drosophila.EncodingAuthors, uf, 1, 3, bad, nil); err == nil {
			t.Errorf("confidence %v accepted", bad)
		}
	}
}

func TestDrosophilaFeatureSample(t *testing.T) {
	n := toyNeurons(t)
	df, err := DrosophilaFeatureSample(n, drosophila.EncodingAuthors, 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"neuron", "type", "claw", "dist", "age", "cluster"}; !slices.Equal(df.Names(), want) {
		t.Errorf("columns %q, want %q", df.Names(), want)
	}
	neurons, _ := frame.Strings(df, "neuron")
	if want := []string{"n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7"}; !slices.Equal(neurons, want) {
		t.Errorf("neurons %q, want the first two of each type %q", neurons, want)
	}
	claw, _ := frame.Float64Column(df, "claw")
	if claw[4] != 4 || claw[1] != 0 {
		t.Errorf("claw %v: want KC n4's 4 and MBIN n1's missing claw encoded 0", claw)
	}
	if _, err := DrosophilaFeatureSample(n, drosophila.EncodingAuthors, 0); err == nil {
		t.Error("zero neurons per type accepted")
	}
}
