package drosophila_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
)

// mirrorNeurons loads the real neuron table from $UFMI_MIRROR/drosophila,
// skipping the test when no mirror is present.
func mirrorNeurons(t *testing.T) *drosophila.Neurons {
	t.Helper()
	dir := mirror.Dir(t, "drosophila")
	n, err := drosophila.Load(drosophila.LoadOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// subsetTable computes the feature-subset table with the given UF preset,
// averaged over seeds 1..5.
func subsetTable(t *testing.T, n *drosophila.Neurons, uf ufmi.UFConfig) []ufmi.SubsetRow {
	t.Helper()
	rows, _, y, _, err := n.Encode(drosophila.EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	table, err := ufmi.SubsetTable(x, y, [][]int{{0}, {1}, {2}, {3}}, 5, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func columnsKey(cols []int) string {
	names := drosophila.BaseFeatures()
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = names[c]
	}
	return strings.Join(parts, ",")
}

// The paper preset (mean of 5 seeds) reproduces the paper's printed table
// to 0.02 nats, and its qualitative findings hold.
func TestPaperPresetReproducesPaperTable(t *testing.T) {
	table := subsetTable(t, mirrorNeurons(t), ufmi.PaperUF())
	ours := map[string]ufmi.SubsetRow{}
	for _, r := range table {
		ours[columnsKey(r.Columns)] = r
	}
	for _, p := range drosophila.PaperTable() {
		key := strings.Join(p.InFeatures, ",")
		r, ok := ours[key]
		if !ok {
			t.Fatalf("no row for %s", key)
		}
		if math.Abs(r.MIIn.Mean-p.IYXIn) > 0.02 || math.Abs(r.CMIOutGivenIn.Mean-p.IYXOutGivenIn) > 0.02 {
			t.Errorf("%s: I(Y;X_in) %.3f (paper %.3f), I(Y;X_out|X_in) %.3f (paper %.3f)",
				key, r.MIIn.Mean, p.IYXIn, r.CMIOutGivenIn.Mean, p.IYXOutGivenIn)
		}
	}
	if !(ours["claw"].MIIn.Mean < ours["dist"].MIIn.Mean && ours["dist"].MIIn.Mean < ours["age"].MIIn.Mean && ours["age"].MIIn.Mean < ours["cluster"].MIIn.Mean) {
		t.Errorf("I(Y;X_in) should order claw < dist < age < cluster")
	}
	if c := ours["age,cluster"].CMIOutGivenIn.Mean; math.Abs(c) > 0.01 {
		t.Errorf("{age, cluster} should be sufficient: I(Y;X_out|X_in) = %.4f", c)
	}
}

// The authors preset reproduces the authors' published mi_table.csv to 0.02.
func TestAuthorsPresetReproducesAuthorsTable(t *testing.T) {
	n := mirrorNeurons(t)
	published, err := drosophila.LoadPublishedTable(drosophila.LoadOptions{Dir: mirror.Dir(t, "drosophila")})
	if err != nil {
		t.Fatal(err)
	}
	table := subsetTable(t, n, ufmi.AuthorsUF())
	ours := map[string]ufmi.SubsetRow{}
	for _, r := range table {
		ours[columnsKey(r.Columns)] = r
	}
	for _, p := range published {
		key := strings.Join(p.InFeatures, ",")
		r := ours[key]
		if math.Abs(r.MIIn.Mean-p.IYXIn) > 0.02 || math.Abs(r.CMIOutGivenIn.Mean-p.IYXOutGivenIn) > 0.02 {
			t.Errorf("%s: I(Y;X_in) %.3f (authors %.3f), I(Y;X_out|X_in) %.3f (authors %.3f)",
				key, r.MIIn.Mean, p.IYXIn, r.CMIOutGivenIn.Mean, p.IYXOutGivenIn)
		}
	}
	if all := ours["claw,dist,age,cluster"].MIIn.Mean; math.Abs(all-published[0].IXY) > 0.02 {
		t.Errorf("I(Y;X) %.3f, authors %.3f", all, published[0].IXY)
	}
}

// The paper's permutation test: 1000 label permutations, each refitting the
// forest, give p <= 0.001 for I(Y; claw, dist, age, cluster).
func TestPermutationTestOnConnectome(t *testing.T) {
	if testing.Short() {
		t.Skip("1000 refitted forests")
	}
	n := mirrorNeurons(t)
	rows, _, y, _, err := n.Encode(drosophila.EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := ufmi.NewFeatures(rows)
	res, err := ufmi.PermutationTest(x, y, ufmi.MIStatistic(ufmi.EstimatorConfig{UF: ufmi.PaperUF()}),
		ufmi.PermutationConfig{Permutations: 1000, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.PValue > 0.001 {
		t.Errorf("p = %v (observed %.3f, null max %.3f)", res.PValue, res.Observed, maxOf(res.Null))
	}
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
