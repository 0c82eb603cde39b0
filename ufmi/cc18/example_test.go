package cc18_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/ufmi-dev/ufmi/ufmi/cc18"
)

// A dataset of the suite from the data mirror ($UFMI_MIRROR/cc18), else
// the download cache, else OpenML (LoadOptions{Offline: true} forbids the
// download). Not run here: it needs the mirror or the network. It prints
//
//	phoneme: 5404 rows, 5 columns, classes [1 2]
func ExampleLoad() {
	d, err := cc18.Load(1489, cc18.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d rows, %d columns, classes %v\n", d.Name, d.Rows(), len(d.Columns), d.Classes)
}

// The sweep of the study over datasets of the mirror, resumable from a
// results folder; its scores feed PairwiseTable. Not run here: it needs
// the mirror and takes minutes.
func ExampleSweep() {
	s := cc18.QuickSettings()
	scores, err := cc18.Sweep(cc18.SweepOptions{
		IDs:        cc18.Available(cc18.LoadOptions{}),
		Learners:   cc18.Forests(s),
		MaxRows:    s.MaxRows,
		Seed:       1,
		ResultsDir: "out/cc18",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	table, err := cc18.PairwiseTable(scores, cc18.KappaLoss, []string{"RF", "IRF", "SigRF", "UF"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(table.Cells(0.05))
}

// A dense ARFF file, the format OpenML serves: numeric, nominal and string
// attributes (the last two categorical), '?' for a missing value, the last
// attribute the target.
func ExampleParseARFF() {
	f, err := os.Open("testdata/small.arff")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	d, err := cc18.ParseARFF(f, 7, "")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q: %d rows, classes %v, y %v\n", d.Name, d.Rows(), d.Classes, d.Y)
	for _, c := range d.Columns {
		if c.Kind == cc18.Numeric {
			fmt.Printf("%q numeric: %v\n", c.Name, c.Num)
		} else {
			fmt.Printf("%q categorical: %q\n", c.Name, c.Cat)
		}
	}
	// Output:
	// "tiny set": 4 rows, classes [no yes], y [1 0 1 0]
	// "width" numeric: [1.5 NaN 3 4.25]
	// "colour name" categorical: ["red" "dark blue" "" "green"]
	// "note" categorical: ["a, b" "c" "plain" "it's"]
}

// The paper's preprocessing of a fold: medians and modes of the training
// rows fill missing cells (width 2.25; colour "dark blue", first of the
// tied), categorical columns become one-hot columns of the training
// categories (colour: dark blue, red; note: three), and a test category
// unseen in training is all zeros.
func ExamplePreprocess() {
	f, err := os.Open("testdata/small.arff")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	d, _ := cc18.ParseARFF(f, 7, "")
	train, test, err := cc18.Preprocess(d, []int{0, 1, 2}, []int{3})
	if err != nil {
		panic(err)
	}
	fmt.Println("train", train)
	fmt.Println("test ", test)
	// Output:
	// train [[1.5 0 1 1 0 0] [2.25 1 0 0 1 0] [3 1 0 0 0 1]]
	// test  [[4.25 0 0 0 0 0]]
}

// twoGaussians is a made-up dataset of n rows: two numeric columns, the
// first shifted by ±1 with the class.
func twoGaussians(id, n int) *cc18.Dataset {
	rng := rand.New(rand.NewPCG(uint64(id), 1))
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		y[i] = rng.IntN(2)
		a[i] = rng.NormFloat64() + 2*float64(y[i]) - 1
		b[i] = rng.NormFloat64()
	}
	return &cc18.Dataset{ID: id, Name: "two Gaussians", Classes: []string{"p", "q"}, Y: y,
		Columns: []cc18.Column{{Name: "a", Kind: cc18.Numeric, Num: a}, {Name: "b", Kind: cc18.Numeric, Num: b}}}
}

// Cross-validated scores of the study's four forests on one dataset (here
// a made-up one, as any Dataset may be): stratified folds, each learner
// fitted on the training folds and scored on the test fold.
func ExampleEvaluate() {
	learners := cc18.Forests(cc18.Settings{Trees: 20, MaxFeatures: 1})
	scores, err := cc18.Evaluate(twoGaussians(1, 300), learners, 3, 5, 1)
	if err != nil {
		panic(err)
	}
	kappa, _ := cc18.DatasetMeans(scores, cc18.KappaLoss)
	ece, _ := cc18.DatasetMeans(scores, cc18.ECE)
	for _, m := range learners {
		fmt.Printf("%-5s kappa %.3f, ECE %.3f\n", m.Name, -kappa[m.Name][1], ece[m.Name][1])
	}
	// Output:
	// RF    kappa 0.630, ECE 0.059
	// IRF   kappa 0.690, ECE 0.066
	// SigRF kappa 0.683, ECE 0.103
	// UF    kappa 0.691, ECE 0.058
}

// The paper's pairwise table: the median over datasets of the row
// learner's score minus the column learner's, an asterisk where the
// one-sided Wilcoxon test says the row's is lower (p < 0.05).
func ExamplePairwiseTable() {
	var scores []cc18.FoldScore
	for d := range 8 {
		base := 0.01 * float64(d)
		scores = append(scores,
			cc18.FoldScore{Dataset: d, Learner: "RF", ECE: base + 0.03},
			cc18.FoldScore{Dataset: d, Learner: "UF", ECE: base + 0.01 + 0.001*float64(d%3)})
	}
	table, err := cc18.PairwiseTable(scores, cc18.ECE, []string{"RF", "UF"})
	if err != nil {
		panic(err)
	}
	header, rows := table.Cells(0.05)
	fmt.Printf("%d datasets\n%q\n", table.Datasets, header)
	for _, r := range rows {
		fmt.Printf("%q\n", r)
	}
	// Output:
	// 8 datasets
	// ["ece" "RF" "UF"]
	// ["RF" "" "0.019 (1.000)"]
	// ["UF" "-0.019* (0.004)" ""]
}

// The suite's entries by OpenML dataset id.
func ExampleLookup() {
	info, ok := cc18.Lookup(1489)
	fmt.Println(ok, info.Name, info.Instances, "rows,", info.Features, "features,", info.Classes, "classes")
	_, ok = cc18.Lookup(1)
	fmt.Println(ok, len(cc18.Suite), "datasets in the suite")
	// Output:
	// true phoneme 5404 rows, 5 features, 2 classes
	// false 72 datasets in the suite
}

// The study's forests at the quick sizes: RF and UF with the trees of the
// settings, the calibrated forests with a fifth of them in each of 5 folds.
func ExampleForests() {
	s := cc18.QuickSettings()
	fmt.Printf("quick: %d trees, %.2f of the features per split, at most %d rows\n", s.Trees, s.MaxFeatures, s.MaxRows)
	for _, m := range cc18.Forests(s) {
		fmt.Printf("%-5s method %-8s UF trees %2d, forest trees %2d\n", m.Name, m.Estimator.Method, m.Estimator.UF.Trees, m.Estimator.Forest.Trees)
	}
	// Output:
	// quick: 50 trees, 0.33 of the features per split, at most 3000 rows
	// RF    method rf-split UF trees  0, forest trees 50
	// IRF   method irf      UF trees  0, forest trees 10
	// SigRF method sigrf    UF trees  0, forest trees 10
	// UF    method uf       UF trees 50, forest trees  0
}
