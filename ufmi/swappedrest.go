package ufmi

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// The swapped rest: a conditional MI I(Y; x_B | x_A) with one given column
// differences a fit on x_A alone and a fit on (x_A, x_B). A forest on one
// column splits that column in every tree, so a row's neighbours are the
// same from tree to tree and its posterior rests on few votes; the
// one-step's noise term, the second-order part of the log-loss's excess,
// then falls short, and the fit on x_A reads H(Y|x_A) higher than the fit
// on two columns would. The difference read high where x_B adds nothing:
// with 4 to 9 classes along x_A and x_B noise or a near copy of x_A, 13 to
// 30 of 40 intervals excluded the true 0 (docs/inference.md, "The swapped
// rest").
//
// So the fit on the given column is a fit on (x_A, x̃_B), where x̃_B is x_B
// moved between neighbours in x_A: the rows sorted by x_A (ties, and the
// rows of a level of a categorical x_A, in a random order) and their
// target cells moved in cycles of three consecutive rows (swapRun). The swaps look
// at x_A alone, never at Y or x_B, so x̃_B tells nothing about Y beyond
// x_A: the fit still estimates H(Y|x_A). And x̃_B keeps x_B's law given
// x_A up to the distance between neighbours, so where x_B adds nothing the
// two fits see columns of the same law and their biases cancel. Both fits
// take the same seed, so they grow alike and their difference varies less.

// SwapsRest reports whether a conditional MI of one given column with
// this UF fits the rest beside the target columns swapped between
// neighbours in the given column (the swapped rest): a one-step UF from
// the default of 2026-11-30, eighth, on (the preset "default-2026-11-30d",
// the older defaults and the plug-in, so the paper's presets, fit the
// given column alone). A subset table's rows never swap: they difference
// the subsets' own fits.
func (c UFConfig) SwapsRest() bool { return !c.plainRest && !c.PlugIn }

// swapsRest reports whether ConditionalMI fits the rest swapped: a UF that
// swaps (UFConfig.SwapsRest), one given column, no unlabeled rows (which
// have no neighbours to swap with).
func swapsRest(given []int, cfg EstimatorConfig) bool {
	return len(given) == 1 && (cfg.Method == "" || cfg.Method == MethodUF) &&
		cfg.UF.SwapsRest() && cfg.Unlabeled == nil
}

// neighbourSwaps returns the permutation that swaps the rows between
// neighbours in column values (categorical: rows of the same level are
// neighbours, numeric: rows adjacent in value; missing cells are a run of
// their own): from[i] is the row whose target cell row i takes. Ties and
// the order within a level are broken by rng. A run of one row keeps its
// own cell.
func neighbourSwaps(values []float64, categorical bool, rng *rand.Rand) []int {
	n := len(values)
	tie := rng.Perm(n)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// run is a row's stratum: its level, or whether it is missing.
	run := func(i int) float64 {
		switch {
		case categorical:
			return values[i]
		case math.IsNaN(values[i]):
			return 1
		}
		return 0
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := cmp.Compare(run(i), run(j)); c != 0 {
			return c
		}
		if !categorical && !math.IsNaN(values[i]) {
			if c := cmp.Compare(values[i], values[j]); c != 0 {
				return c
			}
		}
		return cmp.Compare(tie[i], tie[j])
	})
	from := make([]int, n)
	for i := range from {
		from[i] = i
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && cmp.Compare(run(order[hi]), run(order[lo])) == 0 {
			hi++
		}
		swapRun(order[lo:hi], from)
		lo = hi
	}
	return from
}

// swapRun moves the target cells of one run (rows in neighbour order) in
// cycles of three consecutive rows, each row taking the next one's cell
// and the third the first's; the last four or five rows of a run whose
// length three does not divide form one longer cycle, and a run of two
// swaps its rows. Not pairs: a row swapped with its partner lends the
// partner its own target, which places the partner, by the row's own
// label, in the row's leaves, where the partner votes its label (alike
// more often than not): the row's posterior leans to its own label. In a
// cycle of three or more, the row holding a row's target is not the row
// whose target it holds.
func swapRun(rows []int, from []int) {
	m := len(rows)
	if m < 2 {
		return
	}
	cycle := func(c []int) {
		for k, r := range c {
			from[r] = c[(k+1)%len(c)]
		}
	}
	if m == 2 {
		cycle(rows)
		return
	}
	last := 3 + m%3 // the last cycle: 3, 4 or 5 rows
	for k := 0; k+last < m; k += 3 {
		cycle(rows[k : k+3])
	}
	cycle(rows[m-last:])
}

// withSwappedTargets returns x with each target column's cells moved by
// from (row i takes row from[i]'s cell); the other columns are shared.
func withSwappedTargets(x *Features, target []int, from []int) *Features {
	out := *x
	out.cols = slices.Clone(x.cols)
	for _, j := range target {
		col := make([]float64, x.n)
		for i, r := range from {
			col[i] = x.cols[j][r]
		}
		out.cols[j] = col
	}
	return &out
}
