package table_test

import (
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/table"
)

// Text cells as a CSV file holds them: numbers become numeric columns,
// words categorical ones (levels in order of first appearance), "NA" and
// empty cells missing ones; the target's classes are its texts, sorted.
func ExampleFromRecords() {
	header := []string{"age", "ward", "label"}
	rows := [][]string{
		{"56", "south", "healthy"},
		{"51", "north", "sick"},
		{"NA", "east", "sick"},
		{"45", "", "healthy"},
	}
	d, err := table.FromRecords(header, rows, table.Spec{Target: "label"})
	if err != nil {
		panic(err)
	}
	x := d.X
	for j := range x.Cols() {
		fmt.Printf("%s: kind %v, levels %v, %d missing\n", x.Name(j), x.Kind(j), x.Levels(j), x.Missing(j))
	}
	fmt.Println("classes", d.Labels.Classes, "codes", d.Labels.Codes)
	// Output:
	// age: kind numeric, levels [], 1 missing
	// ward: kind categorical, levels [south north east], 1 missing
	// classes [healthy sick] codes [0 1 1 0]
}

// A CSV file read and converted in one step, then estimated from: the
// Data's MI is table.MI without re-reading the file.
func ExampleReadCSV() {
	d, err := table.ReadCSV("testdata/patients.csv", table.Spec{Target: "label", Features: []string{"dose", "ward"}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d rows; features %v, categorical %v\n", d.X.Rows(), d.Features, d.Categorical())
	res, err := d.MI(ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(label; dose, ward) = %.2f nats\n", res.MI)
	// Output:
	// 800 rows; features [dose ward], categorical [ward]
	// I(label; dose, ward) = 0.33 nats
}

// Posteriors of new rows by column name: the model is fitted on train's
// columns and predicts test's, whose categorical levels are matched by
// name (an unseen level counts as missing).
func ExamplePosterior() {
	df := frameOfDoseAndColour(false)
	train := df.Subset(seq(0, 1500))
	test := df.Subset(seq(1500, 1503))
	uf := models.UF("UF", ufmi.UFConfig{Trees: 100})
	res, err := table.Posterior(train, test, table.Spec{Target: "label"}, uf, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println("classes", res.Classes, "from", res.Features)
	for i, p := range res.Proba {
		fmt.Printf("row %d (dose %.2f): P(sick) = %.2f\n", 1500+i, test.Col("dose").Elem(i).Float(), p[1])
	}
	// Output:
	// classes [healthy sick] from [dose colour]
	// row 1500 (dose 2.11): P(sick) = 0.92
	// row 1501 (dose -1.18): P(sick) = 0.04
	// row 1502 (dose 3.38): P(sick) = 0.99
}

// seq lists lo..hi-1.
func seq(lo, hi int) []int {
	out := make([]int, 0, hi-lo)
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// Class labels to codes 0..K-1: strings in sorted order, integers in
// increasing order; an empty string is a missing target, an error.
func ExampleEncodeStringLabels() {
	l, _ := table.EncodeStringLabels([]string{"sick", "healthy", "sick"})
	fmt.Println(l.Classes, l.Codes, l.K())
	n, _ := table.EncodeIntLabels([]int{10, -1, 10, 3})
	fmt.Println(n.Classes, n.Codes)
	_, err := table.EncodeStringLabels([]string{"sick", ""})
	fmt.Println(err != nil)
	// Output:
	// [healthy sick] [1 0 1] 2
	// [-1 3 10] [2 0 2 1]
	// true
}

// The one CSV reader: a header, then rows of text cells (gzip'd files and
// old line endings are read alike).
func ExampleReadRecords() {
	header, rows, err := table.ReadRecords("testdata/patients.csv")
	if err != nil {
		panic(err)
	}
	fmt.Println(header, len(rows), "rows; first:", rows[0])
	// Output: [age dose ward label] 800 rows; first: [56 -1.334 south healthy]
}

// MI of a CSV file by column name, with its 95% interval; Spec.Drop
// leaves a column out of the default features.
func ExampleMICSV() {
	spec := table.Spec{Target: "label", Drop: []string{"age"}}
	res, err := table.MICSV("testdata/patients.csv", spec, ufmi.EstimatorConfig{Confidence: 0.95, Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(label; %v) = %.2f nats, 95%% CI [%.2f, %.2f]\n", res.Features, res.MI, res.CI.Low, res.CI.High)
	// Output: I(label; [dose ward]) = 0.33 nats, 95% CI [0.29, 0.37]
}

// A gota DataFrame converted by column name: string columns are
// categorical, numbers numeric unless Options.Categorical names them
// (integer codes, say); the features come after the Given columns.
func ExampleFromDataFrame() {
	df := dataframe.New(
		series.New([]string{"a", "b", "a", "b"}, series.String, "label"),
		series.New([]float64{0.5, 1.5, 0.7, math.NaN()}, series.Float, "dose"),
		series.New([]int{3, 1, 3, 2}, series.Int, "ward"),
	)
	spec := table.Spec{Target: "label", Features: []string{"ward"}, Given: []string{"dose"}, Options: table.Options{Categorical: []string{"ward"}}}
	d, err := table.FromDataFrame(df, spec)
	if err != nil {
		panic(err)
	}
	for j := range d.X.Cols() {
		fmt.Printf("%s: %v, levels %v, %d missing\n", d.X.Name(j), d.X.Kind(j), d.X.Levels(j), d.X.Missing(j))
	}
	fmt.Println("given", d.GivenColumns(), "features", d.FeatureColumns(), "classes", d.Labels.Classes)
	// Output:
	// dose: numeric, levels [], 1 missing
	// ward: categorical, levels [3 1 2], 0 missing
	// given [0] features [1] classes [a b]
}
