package ufmi

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
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
// rest"). Beside a categorical x_A, whose forest rests each row on its
// level's votes, the fit on x_A alone read H(Y|x_A) low against the fit on
// both with few levels and high with 9 classes over 50 levels (17 of 40
// intervals excluding 0).
//
// So the fit on the given column is a fit on (x_A, x̃_B), where x̃_B is
// x_B moved between neighbours in x_A: the rows sorted by x_A (ties in a
// random order, missing cells a run of their own; for a categorical x_A
// each level is a run, its rows in a random order) and their target cells
// moved in cycles of three consecutive rows of a run (swapRun). The swaps
// look at x_A alone, never at Y or x_B, so x̃_B tells nothing about Y
// beyond x_A: the fit still estimates H(Y|x_A). And x̃_B keeps x_B's law
// given x_A up to the distance between neighbours, so where x_B adds
// nothing the two fits see columns of the same law and their biases
// cancel. Both fits take the same seed, so they grow alike and their
// difference varies less. A categorical x_A whose levels are sparse (fewer
// than levelRowsToSwap rows in the level of the median row) keeps the rest
// fitted alone: there cycles within a level read an informative target low
// (docs/inference.md, "The swapped rest").
//
// Several given columns swap within the joint levels of their categorical
// columns, and along the numeric given column that largely predicts the
// target (restSwapOrder): a categorical x_A beside numeric given columns of
// noise read the same few-votes excess as alone (9 classes: +0.017, 15 of
// 60 intervals excluding 0; swapped, −0.003 and 4), and a target copying
// one of two numeric given columns read high as well (26 of 100 excluding
// 0; swapped along it, 4). Several numeric given columns none of which
// predicts the target keep the rest fitted alone: rows are rarely
// neighbours in all of them, and a rest of two numeric columns did not
// read the few-votes excess.

// levelRowsToSwap is the least number of rows in the level of a categorical
// given column's median row for the rest to be swapped within its levels:
// with x_A of noise levels beside a strong target the swapped rest read
// the conditional MI 0.008, 0.007, 0.005 and 0.003 lower than the rest
// fitted alone at 3, 5, 7 and 10 rows per level (n = 1,000), and alike at
// 33.
const levelRowsToSwap = 10

// SwapsRest reports whether a conditional MI of x's target columns given
// the columns given, labels y, with this UF, fits the rest beside the
// target columns swapped between neighbours in the given columns (the
// swapped rest; restSwapOrder says where): one given column, numeric or
// categorical with levels of at least levelRowsToSwap rows (the median
// row's); several given columns of which some are categorical, whose joint
// levels hold that many rows, or of which a numeric one largely predicts a
// numeric target column (closestGivenColumn); and a one-step UF from the
// default of 2026-11-30, eighth, on (the preset "default-2026-11-30d", the
// older defaults and the plug-in, so the paper's presets, fit the given
// columns alone; the preset "default-2026-12-01" swaps beside one numeric
// column only, and "default-2026-12-01b" beside one given column only). A
// subset table's rows never swap: they difference the subsets' own fits.
func (c UFConfig) SwapsRest(x *Features, y []int, given, target []int) bool {
	_, ok := c.restSwap(x, y, given, target)
	return ok
}

// restSwap is SwapsRest with the order the swapped rest takes
// (restSwapOrder), so that ConditionalMI works it out once.
func (c UFConfig) restSwap(x *Features, y []int, given, target []int) (swapOrder, bool) {
	if len(given) == 0 || c.plainRest || c.PlugIn {
		return swapOrder{}, false
	}
	for _, j := range append(append([]int(nil), given...), target...) {
		if !x.hasCol(j) {
			return swapOrder{}, false
		}
	}
	if c.numericSwapOnly && (len(given) > 1 || x.Kind(given[0]) == Categorical) || len(given) > 1 && c.oneGivenSwapOnly {
		return swapOrder{}, false
	}
	return restSwapOrder(x, y, given, target)
}

// swapOrder is how the swapped rest orders its rows (neighbourSwaps): runs
// holds a code per row, the rows of one code a run (a missing code a run of
// its own; nil: one run), and along is the column that orders the rows of a
// run, the rows missing it a run of their own (nil: an order drawn at
// random).
type swapOrder struct {
	runs, along []float64
}

// restSwapOrder returns how the swapped rest of a conditional MI of x's
// target columns given the given ones (labels y) orders its rows, and
// whether it swaps at all. One numeric given column orders them along it,
// and one categorical column runs its levels where the median row's level
// holds at least levelRowsToSwap rows. Several given columns run the joint
// levels of their categorical ones where those hold that many rows
// (jointLevels), and order the rows along the numeric given column that
// largely predicts a numeric target (closestGivenColumn); they swap where
// either applies. Several numeric columns of which none predicts a target
// keep the rest fitted alone: rows are rarely neighbours in all of them,
// and a rest of two numeric columns did not read the few-votes excess.
func restSwapOrder(x *Features, y []int, given, target []int) (swapOrder, bool) {
	if len(given) == 1 {
		g := x.cols[given[0]]
		if x.Kind(given[0]) == Categorical {
			return swapOrder{runs: g}, medianLevelRows(g) >= levelRowsToSwap
		}
		return swapOrder{along: g}, true
	}
	var o swapOrder
	if joint, ok := jointLevels(x, given); ok && medianLevelRows(joint) >= levelRowsToSwap {
		o.runs = joint
	}
	o.along = closestGivenColumn(x, y, given, target)
	return o, o.runs != nil || o.along != nil
}

// jointLevels returns the joint levels of the given columns' categorical
// ones, a code per combination of their levels (a missing cell a level of
// its own), and whether any given column is categorical.
func jointLevels(x *Features, given []int) (joint []float64, categorical bool) {
	joint = make([]float64, x.n)
	for _, j := range given {
		if x.Kind(j) != Categorical {
			continue
		}
		categorical = true
		code := map[[2]float64]float64{}
		for i, v := range x.cols[j] {
			if math.IsNaN(v) {
				v = -1 // level codes are 0, 1, ...
			}
			key := [2]float64{joint[i], v}
			c, ok := code[key]
			if !ok {
				c = float64(len(code))
				code[key] = c
			}
			joint[i] = c
		}
	}
	return joint, categorical
}

// closestGivenColumn returns the numeric given column whose normal scores
// explain the largest share of a numeric target column's within the
// classes of y (scoreFit, as the target residuals choose their column),
// where that share is at least targetResidualShare; nil where none does,
// or where y are not labels of x's rows. A target that (nearly) copies a
// given column beside a second given column read high with the rest
// fitted alone: the fit with the copy examines the informative direction
// at more of its nodes (docs/inference.md, "Several given columns").
func closestGivenColumn(x *Features, y []int, given, target []int) []float64 {
	k, err := classes.Check(y, x.n)
	if err != nil {
		return nil
	}
	numeric, scores := numericScores(x, given)
	best, at := 0.0, -1
	for _, t := range target {
		if x.Kind(t) != Numeric || len(scores) == 0 {
			continue
		}
		if r2, _, a := closestScoreFit(x, normalScoresOf(x.cols[t]), t, numeric, scores, y, k); a >= 0 && r2 > best {
			best, at = r2, numeric[a]
		}
	}
	if at < 0 || best < targetResidualShare {
		return nil
	}
	return x.cols[at]
}

// swapsRest reports whether ConditionalMI fits the rest swapped, and in
// what order: a UF that swaps there (UFConfig.SwapsRest), without unlabeled
// rows (which have no neighbours to swap with).
func swapsRest(x *Features, y []int, given, target []int, cfg EstimatorConfig) (swapOrder, bool) {
	if (cfg.Method != "" && cfg.Method != MethodUF) || cfg.Unlabeled != nil {
		return swapOrder{}, false
	}
	return cfg.UF.restSwap(x, y, given, target)
}

// neighbourSwaps returns the permutation that moves the target cells
// between rows adjacent in o's order (swapRun): from[i] is the row whose
// target cell row i takes. Rows are sorted by their run (missing codes
// last), then along o.along (missing values last), ties and the order
// where o.along is nil broken by rng; a run is the rows of one code that
// are all present or all missing along o.along.
func neighbourSwaps(o swapOrder, rng *rand.Rand) []int {
	n := len(o.runs)
	if o.runs == nil {
		n = len(o.along)
	}
	tie := rng.Perm(n)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// byValue orders two rows by v: present values first, in increasing
	// order; then the missing ones (0 with v nil).
	byValue := func(v []float64, i, j int) int {
		if v == nil {
			return 0
		}
		mi, mj := math.IsNaN(v[i]), math.IsNaN(v[j])
		switch {
		case mi != mj && mi:
			return 1
		case mi != mj:
			return -1
		case !mi:
			return cmp.Compare(v[i], v[j])
		}
		return 0
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := byValue(o.runs, i, j); c != 0 {
			return c
		}
		if c := byValue(o.along, i, j); c != 0 {
			return c
		}
		return cmp.Compare(tie[i], tie[j])
	})
	from := make([]int, n)
	for i := range from {
		from[i] = i
	}
	// sameRun reports whether two rows, adjacent in order, share a run.
	sameRun := func(i, j int) bool {
		if o.runs != nil && byValue(o.runs, i, j) != 0 {
			return false
		}
		return o.along == nil || math.IsNaN(o.along[i]) == math.IsNaN(o.along[j])
	}
	for start := 0; start < n; {
		end := start + 1
		for end < n && sameRun(order[start], order[end]) {
			end++
		}
		swapRun(order[start:end], from)
		start = end
	}
	return from
}

// medianLevelRows is the number of rows in the level of a categorical
// column's median row, rows ordered by the size of their level (the
// missing cells counting as a level); 0 without rows.
func medianLevelRows(codes []float64) int {
	if len(codes) == 0 {
		return 0
	}
	count := map[float64]int{}
	missing := 0
	for _, v := range codes {
		if math.IsNaN(v) {
			missing++
		} else {
			count[v]++
		}
	}
	sizes := make([]int, 0, len(codes))
	for _, v := range codes {
		if math.IsNaN(v) {
			sizes = append(sizes, missing)
		} else {
			sizes = append(sizes, count[v])
		}
	}
	slices.Sort(sizes)
	return sizes[len(sizes)/2]
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
