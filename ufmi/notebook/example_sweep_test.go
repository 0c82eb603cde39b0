package notebook_test

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/notebook"
)

// sweepResults stands for a study's results: one row per estimate, with
// the exact value beside it (study.MISweep writes such frames).
func sweepResults() dataframe.DataFrame {
	df, err := frame.FromRecords([]string{"setting", "method", "n", "mi", "mi_true"}, [][]any{
		{"separated", "UF", 500, 0.32, 0.337}, {"separated", "UF", 2000, 0.335, 0.337},
		{"separated", "KSG", 500, 0.20, 0.337}, {"separated", "KSG", 2000, 0.26, 0.337},
		{"overlapping", "UF", 500, 0.004, 0}, {"overlapping", "KSG", 500, 0.01, 0},
	})
	if err != nil {
		panic(err)
	}
	return df
}

// One panel per setting, each method's mean against n with the truth; only
// the first panel carries the legend, and a method keeps its colour in all.
func ExampleSettingPanels() {
	specs, err := notebook.SettingPanels(sweepResults(), notebook.SweepPlot{X: "n", XLabel: "sample size n", Y: "mi", YLabel: "I(X;Y) (nats)"})
	if err != nil {
		panic(err)
	}
	for _, s := range specs {
		fmt.Printf("%s: %d methods, first named %q (style of %s), truth drawn %v\n",
			s.Title, len(s.Series), s.Series[0].Name, s.Series[0].Name+s.Series[0].Method, s.Truth != nil)
	}
	// Output:
	// separated: 2 methods, first named "UF" (style of UF), truth drawn true
	// overlapping: 2 methods, first named "" (style of UF), truth drawn true
}

// Reading numbers out of a sweep: a method's mean where columns match, the
// truth at one value of the swept column (the same in each of its rows),
// and a method's error along it.
func ExampleMeanWhere() {
	df := sweepResults()
	ksg, _ := notebook.MeanWhere(df, "mi", "method", "KSG", "setting", "separated", "n", "2000")
	truth, _ := notebook.MeanWhere(df, "mi_true", "n", "2000")
	ufError, _ := notebook.MethodError(df, "UF", "n", "mi")
	fmt.Printf("KSG at n = 2000: %.3f of %.3f; UF's mean absolute error at n = 500, 2000: %.4f, %.4f\n",
		ksg, truth, ufError[0], ufError[1])
	// Output: KSG at n = 2000: 0.260 of 0.337; UF's mean absolute error at n = 500, 2000: 0.0105, 0.0020
}
