package notebook_test

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/notebook"
)

// An exercise's check cell: the student's answer is written in the cell
// (here a short computation), the expected value computed by the notebook
// from what it showed, never typed in. Outside a notebook the verdict is
// printed; in one it is shown as Markdown. A wrong answer says "✗ not yet"
// with the expected value, and fails the cell under the notebook runner
// (UFMI_EXERCISES_MUST_PASS=1).
func ExampleCheckNumber() {
	hy, hyGivenX := math.Log(2), 0.356 // computed by earlier cells
	answer := 0.69 - 0.36              // the student's I(X;Y), read off the outputs
	notebook.CheckNumber("1", answer, hy-hyGivenX, 0.01)
	// Output: **Exercise 1: ✓ correct**: your answer 0.33.
}

// A choice among named options, and a yes/no answer, each against what
// the notebook's numbers say.
func ExampleCheckChoice() {
	estimates := map[string]float64{"UF": 0.33, "KSG": 0.002} // at d = 20, truth 0.337
	closest := "UF"
	if math.Abs(estimates["KSG"]-0.337) < math.Abs(estimates["UF"]-0.337) {
		closest = "KSG"
	}
	notebook.CheckChoice("2a", "UF", closest)
	notebook.CheckTrue("2b", true, estimates["KSG"] < 0.337/2)
	// Output:
	// **Exercise 2a: ✓ correct**: your answer "UF".
	// **Exercise 2b: ✓ correct**: your answer true.
}

// A notebook's sizes: small by default, the paper's with UFMI_FULL=1
// (make notebooks FULL=1); cached results are named after the mode.
func ExamplePick() {
	n := notebook.Pick(1000, 20000)
	fmt.Println(n, notebook.CachePath("mi_sweep"))
	// Output: 1000 ../data/sim/mi_sweep_small.csv
}

// A result and the seconds it took; an error panics, failing the cell.
func ExampleTimed() {
	sum, seconds := notebook.Timed(func() (int, error) {
		time.Sleep(time.Millisecond)
		return 2 + 2, nil
	})
	fmt.Println(sum, seconds > 0)
	// Output: 4 true
}

// MustData fails a cell whose data cannot be downloaded with a message
// the notebook runner reports as a skip, not a failure.
func ExampleMustData() {
	defer func() { fmt.Println(recover()) }()
	offline := &url.Error{Op: "Get", URL: "https://www.openml.org/api/v1/json/data/1489", Err: errors.New("no route to host")}
	notebook.MustData(0, offline)
	// Output: ufmi notebook: data unavailable: Get "https://www.openml.org/api/v1/json/data/1489": no route to host
}

// Long-format results (one row per estimate) into figure series: one
// curve per method, the mean over repetitions at each n with a band of ±
// one standard deviation, and the truth under them; ready for viz.Curves.
func ExampleCurveSeries() {
	df, err := frame.FromRecords([]string{"n", "method", "mi", "mi_true"}, [][]any{
		{100, "UF", 0.30, 0.337}, {100, "UF", 0.34, 0.337}, {1000, "UF", 0.33, 0.337}, {1000, "UF", 0.34, 0.337},
		{100, "KSG", 0.25, 0.337}, {100, "KSG", 0.27, 0.337}, {1000, "KSG", 0.31, 0.337}, {1000, "KSG", 0.33, 0.337},
	})
	if err != nil {
		panic(err)
	}
	series, err := notebook.CurveSeries(df, "n", "method", "mi")
	if err != nil {
		panic(err)
	}
	for _, s := range series {
		fmt.Printf("%s: x %v, mean %.3f, band [%.3f, %.3f] at n = 100\n", s.Name, s.X, s.Y, s.Lo[0], s.Hi[0])
	}
	truth, _ := notebook.TruthSeries(df, "n", "mi_true")
	fmt.Println("truth", truth.X, truth.Y)
	// Output:
	// UF: x [100 1000], mean [0.320 0.335], band [0.292, 0.348] at n = 100
	// KSG: x [100 1000], mean [0.260 0.320], band [0.246, 0.274] at n = 100
	// truth [100 1000] [0.337 0.337]
}

// Display helpers for a GoNB cell: Markdown with numbers computed by the
// cell (never typed into the text), HTML tables, PNG figures. Each waits
// until GoNB has taken its output. Outside a notebook they show nothing,
// so this example prints nothing.
func ExampleShowMarkdown() {
	mi, truth := 0.326, 0.337
	notebook.ShowMarkdown(fmt.Sprintf("The forest finds **%.3f** nats of the true %.3f.", mi, truth))
	df, _ := frame.FromRecords([]string{"method", "mi"}, [][]any{{"UF", mi}})
	notebook.ShowHTML(frame.HTML(df, frame.HTMLOptions{Caption: "I(X;Y)"}))
	// Output:
}

// A live progress line for a long cell: pass it as the Runtime's Progress
// of an estimate, a test or a sweep. In a notebook it shows "label: done/
// total, elapsed, remaining" and leaves the final line in the saved
// notebook; outside one it shows nothing, so this example prints nothing.
func ExampleProgress() {
	rows := make([][]float64, 200)
	y := make([]int, len(rows))
	for i := range rows {
		y[i] = i % 2
		rows[i] = []float64{float64(i%2) + 0.01*float64(i)}
	}
	x := notebook.Must(ufmi.NewFeatures(rows))
	cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 20}, Runtime: ufmi.Runtime{Seed: 1, Progress: notebook.Progress("UF trees")}}
	notebook.Must(ufmi.EstimateMI(x, y, cfg))
	// Output:
}

// Figures and numbers from a sweep's results (one row per estimate, as
// study.MISweep returns): one panel of each method's mean against n with
// the truth, and single numbers for the text and the exercises.
func ExampleSweepPanel() {
	df, err := frame.FromRecords([]string{"n", "method", "mi", "mi_true"}, [][]any{
		{100, "UF", 0.30, 0.337}, {100, "UF", 0.34, 0.337}, {1000, "UF", 0.33, 0.337},
		{100, "KSG", 0.25, 0.337}, {100, "KSG", 0.27, 0.337}, {1000, "KSG", 0.31, 0.337},
	})
	if err != nil {
		panic(err)
	}
	spec, err := notebook.SweepPanel(df, notebook.SweepPlot{X: "n", XLabel: "n", LogX: true, Y: "mi", YLabel: "I(X;Y) (nats)"})
	if err != nil {
		panic(err)
	}
	for _, s := range spec.Series {
		fmt.Printf("%s: %v\n", s.Name, s.Y)
	}
	uf, _ := notebook.MeanWhere(df, "mi", "method", "UF", "n", "100")
	errs, _ := notebook.MethodError(df, "KSG", "n", "mi")
	fmt.Printf("UF at n = 100: %.2f; KSG's error at n = 100, 1000: %.3f\n", uf, errs)
	// Output:
	// UF: [0.32 0.33]
	// KSG: [0.26 0.31]
	// UF at n = 100: 0.32; KSG's error at n = 100, 1000: [0.077 0.027]
}
