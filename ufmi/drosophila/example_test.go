package drosophila_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
)

// Fetch the four pinned files into data/drosophila (copied from
// $UFMI_MIRROR/drosophila when set, else downloaded; every SHA-256
// checked), then load the neuron table. Not run here: it needs the mirror
// or the network. It prints
//
//	213 neurons, 4 types
func ExampleFetch() {
	if err := drosophila.Fetch("", drosophila.FetchOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	n, err := drosophila.Load(drosophila.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	types := map[string]bool{}
	for _, t := range n.Types {
		types[t] = true
	}
	fmt.Printf("%d neurons, %d types\n", n.Len(), len(types))
}

// readSmall reads the six-neuron table of the package's tests, in the
// format of vdf.csv.
func readSmall() *drosophila.Neurons {
	f, err := os.Open("testdata/small_vdf.csv")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	n, err := drosophila.ReadNeurons(f)
	if err != nil {
		panic(err)
	}
	return n
}

// A table in the vdf.csv format, and its two encodings: the authors' (the
// paper's numbers; missing claw and dist become 0, a missing age -1) and
// the one with missing indicators.
func ExampleNeurons_Encode() {
	n := readSmall()
	fmt.Println(n.Len(), "neurons:", n.Types)
	for _, enc := range []drosophila.Encoding{drosophila.EncodingAuthors, drosophila.EncodingIndicators} {
		x, names, y, classes, err := n.Encode(enc)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: %v\n  PN row %v, y %v of %v\n", enc, names, x[2], y, classes)
	}
	// Output:
	// 6 neurons: [KC KC PN KC MBON MBIN]
	// authors: [claw dist age cluster]
	//   PN row [0 0 -1 6], y [0 0 1 0 2 3] of [KC PN MBON MBIN]
	// indicators: [claw dist age cluster claw_missing dist_missing age_missing]
	//   PN row [0 0 0 6 1 1 1], y [0 0 1 0 2 3] of [KC PN MBON MBIN]
}

// The columns that carry a subset of the base features, picked from the
// encoded matrix by name: the design matrix of one X_in of the paper's
// subset table.
func ExampleSelectFeatures() {
	x, names, _, _, err := readSmall().Encode(drosophila.EncodingIndicators)
	if err != nil {
		panic(err)
	}
	want, _ := drosophila.FeatureColumns(drosophila.EncodingIndicators, []string{"claw", "age"})
	sub, got, err := drosophila.SelectFeatures(x, names, want)
	if err != nil {
		panic(err)
	}
	fmt.Println(got)
	for _, row := range sub[:3] {
		fmt.Println(row)
	}
	// Output:
	// [claw claw_missing age age_missing]
	// [2 0 0 0]
	// [0 0 1 0]
	// [0 1 0 1]
}

// The adjacency matrix sorted by cell type for a heatmap: rows and
// columns of the same type side by side, in order of first appearance.
func ExampleOrderByType() {
	adjFile, _ := os.Open("testdata/small_adjacency.csv")
	defer adjFile.Close()
	labelFile, _ := os.Open("testdata/small_cell_labels.csv")
	defer labelFile.Close()
	adj, err := drosophila.ReadAdjacency(adjFile)
	if err != nil {
		panic(err)
	}
	labels, err := drosophila.ReadCellLabels(labelFile)
	if err != nil {
		panic(err)
	}
	perm := drosophila.OrderByType(labels)
	sorted, _ := drosophila.PermuteSquare(adj, perm)
	for k, i := range perm {
		kind, _ := drosophila.CellType(labels[i])
		fmt.Printf("%-4s %v\n", kind, sorted[k])
	}
	// Output:
	// KC   [0 0 3 1]
	// KC   [0 0 4 0]
	// PN   [2 5 0 0]
	// MBIN [7 1 0 0]
}

// The MI values the paper prints (its first rows), and a row of a table
// in the authors' mi_table.csv format (here a made-up one).
func ExamplePaperTable() {
	for _, r := range drosophila.PaperTable()[:3] {
		fmt.Printf("paper   %-10s I(Y;X_in) = %.3f, I(Y;X_out|X_in) = %.3f\n", strings.Join(r.InFeatures, ","), r.IYXIn, r.IYXOutGivenIn)
	}
	f, _ := os.Open("testdata/small_mi_table.csv")
	defer f.Close()
	rows, err := drosophila.ReadPublishedTable(f)
	if err != nil {
		panic(err)
	}
	r := rows[1]
	fmt.Printf("authors %-10s I(Y;X_in) = %.3f, I(Y;X_out|X_in) = %.3f\n", strings.Join(r.InFeatures, ","), r.IYXIn, r.IYXOutGivenIn)
	// Output:
	// paper   claw       I(Y;X_in) = 0.362, I(Y;X_out|X_in) = 0.827
	// paper   dist       I(Y;X_in) = 0.542, I(Y;X_out|X_in) = 0.647
	// paper   age        I(Y;X_in) = 0.692, I(Y;X_out|X_in) = 0.497
	// authors claw,dist  I(Y;X_in) = 0.500, I(Y;X_out|X_in) = 0.250
}

// The pinned upstream files: where each comes from and its hash.
func ExampleSources() {
	for _, s := range drosophila.Sources() {
		fmt.Printf("%-21s %s…\n", s.Name, s.SHA256[:12])
	}
	// Output:
	// vdf.csv               42ce0aeab247…
	// mi_table.csv          df55ce746f5c…
	// right_adjacency.csv   b9684d323e3f…
	// right_cell_labels.csv 80547ac9df6b…
}
