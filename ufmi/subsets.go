package ufmi

import (
	"fmt"
	"math"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// conditionalEntropy estimates H(Y|X_cols) for a fit whose difference with
// another is a conditional MI or a subset table's row (columnsEntropy, its
// leaves kept on fewer rows and grown on more, whatever its number of
// features: UFConfig.PlainLeavesInDifferences).
func conditionalEntropy(x *Features, y []int, cols []int, cfg EstimatorConfig) (Estimate, error) {
	cfg.UF.inDifference = true
	return columnsEntropy(x, y, cols, cfg)
}

// columnsEntropy estimates H(Y|X_cols) with the configured method, using
// only the given columns of x (all columns when cols is nil). A column listed
// twice is an error: it would weigh that feature twice.
func columnsEntropy(x *Features, y []int, cols []int, cfg EstimatorConfig) (Estimate, error) {
	// The fits whose difference is a conditional MI do not choose their
	// leaves, one feature or more: a fit on one feature choosing larger
	// leaves loses the bias the fit on more features shares with it, and
	// with 4 or more classes the difference then reads high
	// (TestConditionalMIKeepsConfiguredLeaves; docs/inference.md, "Leaves
	// chosen by the log-loss"); they share one leaf rule instead
	// (conditionalEntropy). A conditional MI without given columns, one
	// such fit on its own, has never chosen either.
	cfg.UF.NoLeafSelection = true
	if x.Rows() == 0 {
		return Estimate{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	if cols == nil {
		return estimateMI(x, y, cfg, false)
	}
	if err := distinctColumns(cols); err != nil {
		return Estimate{}, err
	}
	xs, err := x.SelectCols(cols)
	if err != nil {
		return Estimate{}, err
	}
	if cfg.Unlabeled != nil {
		// The unlabeled rows join this fit's average with its columns.
		if cfg.Unlabeled.Cols() != x.Cols() {
			return Estimate{}, fmt.Errorf("ufmi: unlabeled rows have %d columns, the features %d: give them every column of the features, in order", cfg.Unlabeled.Cols(), x.Cols())
		}
		if cfg.Unlabeled, err = cfg.Unlabeled.SelectCols(cols); err != nil {
			return Estimate{}, err
		}
	}
	return estimateMI(xs, y, cfg, false)
}

// errNoConditionalBound refuses EstimatorConfig.LowerBound where it would
// be ignored: the bound is on I(X;Y) of one fit (EstimateMI).
var errNoConditionalBound = fmt.Errorf("ufmi: LowerBound is a bound on I(X;Y) from one fit (EstimateMI); conditional MI and the subset table have none")

// CMIEstimate is an estimate of I(Y; X_B | X_A) = H(Y|X_A) - H(Y|X_A, X_B), in nats.
type CMIEstimate struct {
	// HYGivenA is H(Y|X_A), H(Y) when A is empty. Where RestSwapped, it is
	// read beside the swapped target to share the fit on both's bias, not
	// as the best estimate of H(Y|X_A) alone (estimate on X_A for that).
	HYGivenA  float64
	HYGivenAB float64 // H(Y|X_A, X_B)
	CMI       float64
	CI        Interval // confidence interval for CMI when EstimatorConfig.Confidence > 0
	// RestSwapped is true when HYGivenA was fitted beside the target
	// columns swapped between rows close in the given columns (neighbours
	// along a numeric one, within the levels of categorical ones: the
	// swapped rest, UFConfig.SwapsRest), false when it was fitted on X_A
	// alone.
	RestSwapped bool
	// (No Notes, unlike Estimate, so that a CMIEstimate stays comparable:
	// EstimatorConfig.FewRowsPerClassNote gives the many-class note.)
}

// ConditionalMI estimates I(Y; X_target | X_given) from two fits with the
// same seed. With no given columns it is I(Y; X_target). Its interval
// differences the two fits' per-row contributions (see Interval). Both fits
// share their leaves (UFConfig.GrowsDifferenceLeaves). With one given
// column, numeric or categorical of levels of 10 or more rows, or several
// with categorical ones whose joint levels hold that many rows, a UF's
// one-step fits the rest on the given columns beside the target columns
// swapped between neighbours in the given column, or within the levels
// (the swapped rest, swappedrest.go; UFConfig.SwapsRest), which still
// estimates H(Y|X_given) and shares the fit on both's columns, so that
// where the target adds nothing the two fits' biases cancel: with 3 to 9
// classes along the given column and a target of noise 0 to 3 of 40
// intervals exclude 0, where the given column fitted alone read up to
// +0.05 nats (docs/inference.md, "The swapped rest"). With several numeric
// given columns the fits' biases need not cancel with 3 or more classes,
// and ConditionalPermutationTest, which holds its level there, is the test
// of a zero. A UF with axis-aligned
// splits fits X_given and X_target with
// each numeric target column that its closest numeric given column largely
// predicts, and whose residual tells the classes apart better, replaced by
// that residual (UFConfig.NoTargetResiduals), which keeps the conditional MI
// and lets the forest follow a contrast of correlated columns.
// cfg.Progress counts the two fits' steps as one run.
func ConditionalMI(x *Features, y []int, given, target []int, cfg EstimatorConfig) (CMIEstimate, error) {
	if x.Rows() == 0 {
		return CMIEstimate{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	if len(target) == 0 {
		return CMIEstimate{}, fmt.Errorf("ufmi: conditional MI needs at least one target column")
	}
	if cfg.LowerBound {
		return CMIEstimate{}, errNoConditionalBound
	}
	for _, g := range given {
		for _, t := range target {
			if g == t {
				return CMIEstimate{}, fmt.Errorf("ufmi: column %d is both given and a target", g)
			}
		}
	}
	cols := append(append([]int(nil), given...), target...)
	for _, j := range cols {
		if !x.hasCol(j) {
			return CMIEstimate{}, fmt.Errorf("ufmi: column %d out of range [0, %d)", j, x.Cols())
		}
	}
	first, second := cfg, cfg
	if report := cfg.Progress; report != nil && len(given) > 0 {
		// The two fits count as one run: the first's steps as half of
		// twice its total, the second's after them.
		firstTotal := 0
		first.Progress = func(done, total int) { firstTotal = total; report(done, 2*total) }
		second.Progress = func(done, total int) { report(firstTotal+done, firstTotal+total) }
	}
	// Without given columns there is one fit and no difference.
	fitAll := conditionalEntropy
	if len(given) == 0 {
		fitAll = columnsEntropy
	}
	xBoth := x
	if targetResiduals(given, cfg) {
		// Bad labels are left to the fits to report.
		if k, err := classes.Check(y, x.Rows()); err == nil {
			xBoth = withTargetResiduals(x, y, k, given, target, cfg.UF)
		}
	}
	both, err := fitAll(xBoth, y, cols, first)
	if err != nil {
		return CMIEstimate{}, err
	}
	var a *Estimate
	swapped := false
	if len(given) > 0 {
		xRest, restCols := x, given
		var order swapOrder
		if order, swapped = swapsRest(x, y, given, target, cfg); swapped {
			// The rest as (x_A, x̃_B), x_B moved between neighbours in
			// x_A (swappedrest.go): the same columns as the fit on both.
			from := neighbourSwaps(order, seeds.Stream(cfg.Seed, seeds.RestSwap, 0))
			xRest, restCols = withSwappedTargets(xBoth, target, from), cols
		}
		fit, err := conditionalEntropy(xRest, y, restCols, second)
		if err != nil {
			return CMIEstimate{}, err
		}
		a = &fit
	}
	res, err := cmiFrom(both, a, cfg.Confidence)
	if err != nil {
		return CMIEstimate{}, err
	}
	res.RestSwapped = swapped
	return res, nil
}

// cmiFrom is the conditional MI H(Y|X_A) - H(Y|X_A, X_B) from the fit on
// all columns (both) and the fit on the given ones (a; nil without given
// columns, H(Y|X_A) is then H(Y)), with the interval of the difference of
// their per-row contributions at level when both carries them.
func cmiFrom(both Estimate, a *Estimate, level float64) (CMIEstimate, error) {
	hGivenA := both.HY
	if a != nil {
		hGivenA = a.HYGivenX
	}
	res := CMIEstimate{HYGivenA: hGivenA, HYGivenAB: both.HYGivenX, CMI: hGivenA - both.HYGivenX}
	if both.parts == nil {
		return res, nil
	}
	parts := both.parts
	if a != nil {
		parts = parts.minus(a.parts)
	}
	se, err := parts.errors()
	if err != nil {
		return CMIEstimate{}, err
	}
	res.CI = se.at(res.CMI, level)
	return res, nil
}

// SubsetRow is one row of the paper's feature-subset table: for the subset
// X_in of the chosen feature groups, I(Y;X_in), I(Y;X_out|X_in) and I(Y;X),
// each summarised over the repeated fits. Every fit of the table is a side
// of a difference and takes its leaf rule (UFConfig.PlainLeavesInDifferences),
// so MIIn and MIAll can differ from EstimateMI on the same columns: below
// 2,000 rows on two or more features, and above 2,000 rows.
type SubsetRow struct {
	Groups        []int   // indices of the groups in X_in, increasing
	Columns       []int   // the columns of x those groups hold
	MIIn          Summary // I(Y; X_in)
	CMIOutGivenIn Summary // I(Y; X_out | X_in)
	MIAll         Summary // I(Y; X)
}

// Summary is one quantity of the subset table over its repeated fits: the
// mean, the standard deviation across repeats (0 for one repeat) and, when
// EstimatorConfig.Confidence > 0, the confidence interval of the mean (the
// repeats' per-row contributions and tree-group estimates averaged; see
// Interval).
type Summary struct {
	Mean, SD float64
	CI       Interval
}

// SubsetTable fills the feature-subset table for every non-empty subset of
// the feature groups (a group is one feature held in one or more columns,
// e.g. a value and its missing-value indicator), in bit-mask order (group 0
// is bit 1, group 1 bit 2, ...), the full set last. Each repeat r refits
// every subset with the seed Derive(cfg.Seed, repetition, r), so all subsets
// of a repeat share their seed; repeats must be in 1..10,000, and the
// groups must not share a column. cfg.Progress, when set, counts the
// estimates (each fit runs without progress, with cfg's workers).
// With cfg.Confidence the rows carry intervals; the full set is then
// fitted first, so that one subset's per-row contributions are held at a
// time.
func SubsetTable(x *Features, y []int, groups [][]int, repeats int, cfg EstimatorConfig) ([]SubsetRow, error) {
	if err := checkSubsetGroups(groups, repeats); err != nil {
		return nil, err
	}
	if cfg.LowerBound {
		return nil, errNoConditionalBound
	}
	full := 1<<len(groups) - 1
	// h[r][mask] is H(Y | X_mask) for repeat r.
	h := make([][]float64, repeats)
	for r := range h {
		h[r] = make([]float64, full+1)
	}
	hy := 0.0
	done, total := 0, repeats*full
	fit := func(r, mask int) (*intervalParts, error) {
		c := cfg
		c.Runtime = cfg.child(seeds.Repetition, r)
		_, cols := subsetMembers(groups, mask)
		est, err := conditionalEntropy(x, y, cols, c)
		if err != nil {
			return nil, err
		}
		h[r][mask], hy = est.HYGivenX, est.HY
		done++
		cfg.report(done, total)
		return est.parts, nil
	}
	if cfg.Confidence == 0 {
		for r := range h {
			for mask := 1; mask <= full; mask++ {
				if _, err := fit(r, mask); err != nil {
					return nil, err
				}
			}
		}
		return subsetTableFrom(groups, hy, h), nil
	}
	// fits returns the repeats' parts of subset mask, averaged.
	fits := func(mask int) (*intervalParts, error) {
		parts := make([]*intervalParts, repeats)
		for r := range parts {
			var err error
			if parts[r], err = fit(r, mask); err != nil {
				return nil, err
			}
		}
		return meanParts(parts), nil
	}
	all, err := fits(full)
	if err != nil {
		return nil, err
	}
	seIn, seCMI := make([]Interval, full+1), make([]Interval, full+1)
	if seIn[full], err = all.errors(); err != nil {
		return nil, err
	}
	for mask := 1; mask < full; mask++ {
		in, err := fits(mask)
		if err != nil {
			return nil, err
		}
		if seIn[mask], err = in.errors(); err != nil {
			return nil, err
		}
		if seCMI[mask], err = all.minus(in).errors(); err != nil {
			return nil, err
		}
	}
	rows := subsetTableFrom(groups, hy, h)
	for i := range rows {
		r, mask := &rows[i], i+1
		r.MIIn.CI = seIn[mask].at(r.MIIn.Mean, cfg.Confidence)
		r.CMIOutGivenIn.CI = seCMI[mask].at(r.CMIOutGivenIn.Mean, cfg.Confidence)
		r.MIAll.CI = seIn[full].at(r.MIAll.Mean, cfg.Confidence)
	}
	return rows, nil
}

// maxSubsetGroups is the most feature groups a subset table takes: it has
// a row for each of their 2^m - 1 subsets (cmd/ufmi's tableColumns says
// the same for the command line).
const maxSubsetGroups = 16

// checkSubsetGroups checks the groups and repeats of a subset table: 1 to
// maxSubsetGroups groups of at least one column, no column in two groups,
// repeats in 1..10,000.
func checkSubsetGroups(groups [][]int, repeats int) error {
	m := len(groups)
	if m == 0 || m > maxSubsetGroups {
		return fmt.Errorf("ufmi: the subset table takes 1 to %d feature groups (a column or a set of columns each; one row per subset of them), got %d", maxSubsetGroups, m)
	}
	var all []int
	for g, cols := range groups {
		if len(cols) == 0 {
			return fmt.Errorf("ufmi: feature group %d has no columns", g)
		}
		all = append(all, cols...)
	}
	if err := distinctColumns(all); err != nil {
		return err
	}
	if repeats < 1 || repeats > limits.Repeats {
		return fmt.Errorf("ufmi: repeats %d must be in 1..%d", repeats, limits.Repeats)
	}
	return nil
}

// subsetTableFrom assembles the subset table from H(Y) and h[r][mask] =
// H(Y | X_mask) of repeat r (mask 1..2^groups - 1, bit b for group b; the
// seed of repeat r is Derive(seed, repetition, r)), as SubsetTable does.
func subsetTableFrom(groups [][]int, hy float64, h [][]float64) []SubsetRow {
	full := 1<<len(groups) - 1
	repeats := len(h)
	rows := make([]SubsetRow, 0, full)
	for mask := 1; mask <= full; mask++ {
		in, cmi, all := make([]float64, repeats), make([]float64, repeats), make([]float64, repeats)
		for r := range h {
			in[r] = hy - h[r][mask]
			cmi[r] = h[r][mask] - h[r][full]
			all[r] = hy - h[r][full]
		}
		var row SubsetRow
		row.Groups, row.Columns = subsetMembers(groups, mask)
		row.MIIn.Mean, row.MIIn.SD = meanSD(in)
		row.CMIOutGivenIn.Mean, row.CMIOutGivenIn.SD = meanSD(cmi)
		row.MIAll.Mean, row.MIAll.SD = meanSD(all)
		rows = append(rows, row)
	}
	return rows
}

// distinctColumns rejects a column listed twice.
func distinctColumns(cols []int) error {
	for i, c := range cols {
		if slices.Contains(cols[:i], c) {
			return fmt.Errorf("ufmi: column %d is selected twice; list each column once", c)
		}
	}
	return nil
}

// subsetMembers lists the groups whose bits are set in mask and their columns.
func subsetMembers(groups [][]int, mask int) (members, cols []int) {
	for b, g := range groups {
		if mask&(1<<b) != 0 {
			members = append(members, b)
			cols = append(cols, g...)
		}
	}
	return members, cols
}

// meanSD returns the mean and the sample standard deviation (0 for one value).
func meanSD(v []float64) (mean, sd float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	for _, x := range v {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(v)-1))
}
