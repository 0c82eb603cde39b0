package study_test

import (
	"fmt"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/study"
)

// printColumns prints the named columns of df, one row per line, floats
// with three decimals.
func printColumns(df dataframe.DataFrame, names ...string) {
	fmt.Println(strings.Join(names, " "))
	for i := range df.Nrow() {
		printRow(df, i, names)
	}
}

// printRow prints row i of the named columns of df.
func printRow(df dataframe.DataFrame, i int, names []string) {
	cells := make([]string, len(names))
	for j, name := range names {
		e := df.Col(name).Elem(i)
		if e.Type() == "float" {
			cells[j] = fmt.Sprintf("%.3f", e.Float())
		} else {
			cells[j] = e.String()
		}
	}
	fmt.Println(strings.Join(cells, " "))
}

// A sweep of the MI settings: every estimator on the same data of each
// setting, cell and repetition, one row per estimate beside the truth.
// The notebooks summarise such frames with frame.MeanSD and frame.RMSE.
func ExampleMISweep_Run() {
	sweep := study.MISweep{
		Settings:   []sim.MISetting{sim.Separated, sim.ThreeClass},
		Cells:      []study.Cell{{N: 1000, D: 4, Prior: 0.5}},
		Estimators: []models.Model{models.UF("UF", ufmi.UFConfig{Trees: 50}), models.KNN("KSG", ufmi.MethodKSG, 5)},
		Reps:       1,
		Seed:       1,
	}
	df, err := sweep.Run(nil)
	if err != nil {
		panic(err)
	}
	printColumns(df, "setting", "method", "mi", "mi_true")
	// Output:
	// setting method mi mi_true
	// separated UF 0.305 0.337
	// separated KSG 0.278 0.337
	// three_class UF 0.296 0.307
	// three_class KSG 0.244 0.307
}

// The trunk: the same information spread over more coordinates. At
// d = 20 the forest finds four fifths of it (its local-linear fit follows
// the discriminant; without it, about half), KSG none.
func ExampleTrunkSweep_Run() {
	sweep := study.TrunkSweep{
		Cells:      []study.Cell{{N: 1000, D: 2, Prior: 0.5}, {N: 1000, D: 20, Prior: 0.5}},
		Estimators: []models.Model{models.UF("UF", ufmi.UFConfig{Trees: 50}), models.KNN("KSG", ufmi.MethodKSG, 5)},
		Reps:       1,
		Seed:       1,
	}
	df, err := sweep.Run(nil)
	if err != nil {
		panic(err)
	}
	printColumns(df, "d", "method", "mi", "mi_true")
	// Output:
	// d method mi mi_true
	// 2 UF 0.316 0.337
	// 2 KSG 0.328 0.337
	// 20 UF 0.270 0.337
	// 20 KSG 0.002 0.337
}

// Posterior accuracy on the steep simulation: the mean Hellinger distance
// of each forest's posteriors to the true ones over an evaluation grid,
// for a gentle and a steep posterior.
func ExampleSteepSweep_Run() {
	ms, err := models.Select(models.Posterior(50, models.ExperimentUF()), "RF", "UF")
	if err != nil {
		panic(err)
	}
	sweep := study.SteepSweep{Alphas: []float64{2, 16}, D: 2, N: 1000, Models: ms, Reps: 1, Grid: 10, NoiseDraws: 1, Seed: 1}
	df, err := sweep.Run(nil)
	if err != nil {
		panic(err)
	}
	printColumns(df, "alpha", "method", "hellinger")
	// Output:
	// alpha method hellinger
	// 2.000 RF 0.135
	// 2.000 UF 0.052
	// 16.000 RF 0.106
	// 16.000 UF 0.076
}

// The data of the paper's first figure: posteriors of fresh points,
// ranked by their true posterior. Near the shared component (true
// posterior about 1/2) RF's posteriors scatter towards 0 and 1 while UF's
// stay near the truth. Five of the 300 ranks per method:
func ExampleSharedComponentCurve() {
	ms, _ := models.Select(models.Posterior(50, models.ExperimentUF()), "RF", "UF")
	const points = 300
	df, err := study.SharedComponentCurve(1000, points, ms, 1, nil)
	if err != nil {
		panic(err)
	}
	names := []string{"rank", "method", "truth", "posterior"}
	fmt.Println(strings.Join(names, " "))
	for m := range ms {
		for _, rank := range []int{0, 120, 150, 180, points - 1} {
			printRow(df, m*points+rank, names)
		}
	}
	// Output:
	// rank method truth posterior
	// 0 RF 0.000 0.000
	// 120 RF 0.500 0.640
	// 150 RF 0.500 0.700
	// 180 RF 0.500 0.920
	// 299 RF 1.000 1.000
	// 0 UF 0.000 0.005
	// 120 UF 0.500 0.531
	// 150 UF 0.500 0.529
	// 180 UF 0.500 0.654
	// 299 UF 1.000 0.992
}

// The data of the paper's posterior heatmaps: the true P(Y=1|x) and each
// model's estimate at every point of a grid over (x1, x2).
func ExampleSteepPosteriorGrid() {
	ms, _ := models.Select(models.Posterior(50, models.ExperimentUF()), "UF")
	steep := sim.SteepSimulation{N: 1000, D: 2, Alpha: 8}
	df, err := study.SteepPosteriorGrid(steep, ms, 3, 1, 1)
	if err != nil {
		panic(err)
	}
	printColumns(df, "x1", "x2", "truth", "estimate")
	// Output:
	// x1 x2 truth estimate
	// 0.000 0.000 0.000 0.015
	// 0.000 0.500 0.009 0.041
	// 0.000 1.000 0.018 0.038
	// 0.500 0.000 0.009 0.013
	// 0.500 0.500 0.250 0.248
	// 0.500 1.000 0.491 0.388
	// 1.000 0.000 0.018 0.169
	// 1.000 0.500 0.491 0.452
	// 1.000 1.000 0.964 0.864
}

// The paper's feature-subset table on the connectome, beside the paper's
// printed values and the authors' mi_table.csv (one fit of the paper's
// UF per subset here; the notebook averages repeats). Not run here: it
// needs the data (drosophila.Fetch, or UFMI_MIRROR). It prints
//
//	features mi_in paper_mi_in
//	claw 0.362 0.362
//	dist 0.537 0.542
//	age 0.691 0.692
//	cluster 1.100 1.102
func ExampleDrosophilaTable() {
	neurons, err := drosophila.Load(drosophila.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	published, _ := drosophila.LoadPublishedTable(drosophila.LoadOptions{})
	df, err := study.DrosophilaTable(neurons, drosophila.EncodingAuthors, ufmi.PaperUF(), 1, 1, published, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	printColumns(df.Subset([]int{0, 1, 3, 7}), "features", "mi_in", "paper_mi_in") // the single features
}

// The reference grid's cells, on which bench/migrid measures the MI
// estimators of every setting, and the RMSE of estimates per setting.
func ExampleReferenceGrid() {
	cells := study.ReferenceGrid()
	fmt.Println(len(cells), "cells; first", cells[0], "last", cells[len(cells)-1])
	ests := []study.GridEstimate{
		{Setting: sim.Separated, MI: 0.33, TrueMI: 0.337},
		{Setting: sim.Separated, MI: 0.35, TrueMI: 0.337},
		{Setting: sim.Overlapping, MI: 0.01, TrueMI: 0},
	}
	rmse := study.GridRMSE(ests)
	fmt.Printf("RMSE separated %.4f, overlapping %.4f\n", rmse["separated"], rmse["overlapping"])
	// Output:
	// 14 cells; first {2000 2 0.1} last {5000 10 0.5}
	// RMSE separated 0.0104, overlapping 0.0100
}

// The reference grid run by one UF configuration (bench/migrid compares
// candidates this way): every setting × cell × repetition, each estimate
// passed to emit, then the RMSE per setting. Not run as a test: its 56
// estimates take a few seconds even with 10 trees. It prints
//
//	56 estimates; RMSE separated 0.032, scaled 0.071
func ExampleRunGrid() {
	var ests []study.GridEstimate
	err := study.RunGrid(ufmi.UFConfig{Trees: 10}, 1, nil, func(e study.GridEstimate) { ests = append(ests, e) })
	if err != nil {
		panic(err)
	}
	rmse := study.GridRMSE(ests)
	fmt.Printf("%d estimates; RMSE separated %.3f, scaled %.3f\n", len(ests), rmse["separated"], rmse["scaled"])
}

// The cells of a sweep that varies one parameter of a base cell: here the
// sample size, for a figure of the estimates against n.
func ExampleVary() {
	cells, err := study.Vary(study.Cell{N: 1000, D: 2, Prior: 0.5}, "n", []int{250, 1000, 4000})
	if err != nil {
		panic(err)
	}
	fmt.Println(cells)
	_, err = study.Vary(study.Cell{N: 1000, D: 2, Prior: 0.5}, "rows", []int{250})
	fmt.Println(err != nil)
	// Output:
	// [{250 2 0.5 0} {1000 2 0.5 0} {4000 2 0.5 0}]
	// true
}

// The trunk study of notebook 04 at a small size: every method in each
// (d, n) cell, with UF on the rotated trunk, where the information lies
// along the first axis, beside it.
func ExampleTrunkComparison_Run() {
	c := study.TrunkComparison{Ds: []int{2, 10}, Ns: []int{500}, Trees: 30, Reps: 1, Seed: 1}
	df, err := c.Run(nil)
	if err != nil {
		panic(err)
	}
	printColumns(df, "d", "method", "mi", "mi_true")
	// Output:
	// d method mi mi_true
	// 2 UF 0.325 0.337
	// 2 UF (oblique) 0.325 0.337
	// 2 IRF 0.190 0.337
	// 2 KSG 0.360 0.337
	// 10 UF 0.268 0.337
	// 10 UF (oblique) 0.293 0.337
	// 10 IRF 0.120 0.337
	// 10 KSG 0.002 0.337
	// 2 UF (rotated) 0.333 0.337
	// 10 UF (rotated) 0.410 0.337
}
