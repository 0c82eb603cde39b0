package frame_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

// A notebook's long computation cached as a CSV file: the first call
// computes and writes it, the next reads it back without computing.
func ExampleCached() {
	dir, err := os.MkdirTemp("", "ufmi-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "sweep_small.csv")
	compute := func() (dataframe.DataFrame, error) {
		fmt.Println("computing")
		return frame.FromRecords([]string{"n", "mi"}, [][]any{{100, 0.31}, {1000, 0.336}})
	}
	for range 2 {
		df, err := frame.Cached(path, false, compute)
		if err != nil {
			panic(err)
		}
		mi, _ := frame.Float64Column(df, "mi")
		fmt.Println(df.Nrow(), "rows, mi", mi)
	}
	// Output:
	// computing
	// 2 rows, mi [0.31 0.336]
	// 2 rows, mi [0.31 0.336]
}

// A frame from float columns, read back as slices; a column of the wrong
// length is an error naming it.
func ExampleFromColumns() {
	df, err := frame.FromColumns([]string{"n", "estimate"}, []float64{100, 1000}, []float64{0.31, 0.336})
	if err != nil {
		panic(err)
	}
	est, _ := frame.Float64Column(df, "estimate")
	text, _ := frame.Strings(df, "n")
	fmt.Println(est, text)
	_, err = frame.FromColumns([]string{"n", "estimate"}, []float64{100, 1000}, []float64{0.31})
	fmt.Println(err)
	// Output:
	// [0.31 0.336] [100 1000]
	// ufmi: frame: column "estimate" has 1 values but column "n" has 2
}

// The error of repeated estimates against the truth per group: root mean
// squared error, bias and the number of rows.
func ExampleRMSE() {
	df, err := frame.FromRecords([]string{"method", "estimate", "truth"}, [][]any{
		{"UF", 0.32, 0.337}, {"UF", 0.35, 0.337}, {"KSG", 0.20, 0.337}, {"KSG", 0.24, 0.337},
	})
	if err != nil {
		panic(err)
	}
	summary, err := frame.RMSE(df, []string{"method"}, "estimate", "truth")
	if err != nil {
		panic(err)
	}
	for _, row := range summary.Records() {
		fmt.Println(strings.Join(row, "\t"))
	}
	// Output:
	// method	rmse	bias	count
	// UF	0.015133	-0.002000	2
	// KSG	0.118697	-0.117000	2
}

// WriteCSV keeps every digit of a float (gota's own writer keeps six),
// so a table read back with ReadCSV holds the same numbers.
func ExampleWriteCSV() {
	dir, err := os.MkdirTemp("", "ufmi-csv")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "table.csv")
	df, _ := frame.FromColumns([]string{"third"}, []float64{1.0 / 3})
	if err := frame.WriteCSV(df, path); err != nil {
		panic(err)
	}
	back, err := frame.ReadCSV(path)
	if err != nil {
		panic(err)
	}
	v, _ := frame.Float64Column(back, "third")
	fmt.Println(v[0] == 1.0/3, v[0])
	// Output: true 0.3333333333333333
}

// Interval estimates summarised per group: how often the interval holds
// the truth, the mean bias and the mean width.
func ExampleCoverage() {
	df, err := frame.FromRecords([]string{"n", "mi", "truth", "low", "high"}, [][]any{
		{500, 0.30, 0.337, 0.26, 0.34}, {500, 0.36, 0.337, 0.32, 0.40}, {500, 0.28, 0.337, 0.24, 0.32},
		{2000, 0.33, 0.337, 0.31, 0.35}, {2000, 0.34, 0.337, 0.32, 0.36},
	})
	if err != nil {
		panic(err)
	}
	summary, err := frame.Coverage(df, []string{"n"}, "mi", "truth", "low", "high")
	if err != nil {
		panic(err)
	}
	for _, row := range summary.Records() {
		fmt.Println(strings.Join(row, "\t"))
	}
	// Output:
	// n	coverage	mean_bias	mean_width	count
	// 500	0.666667	-0.023667	0.080000	3
	// 2000	1.000000	-0.002000	0.040000	2
}
