package main

// The notes the commands print on stderr beside an estimate: where the
// data or the method make the number less than it seems, measured and
// named, never a silent change of the number.

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/stat"

	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

// dataNotes are the table package's notes on the data (table.DataNotes:
// classes of one or two rows, copied rows, a row-number column, sparse
// levels), each naming the file at path, for the uf method; nil for the
// others.
func dataNotes(method ufmi.Method, path string, labels *uftable.Labels, x *ufmi.Features) []string {
	if method != ufmi.MethodUF {
		return nil
	}
	notes := uftable.DataNotes(x, labels)
	for i, note := range notes {
		notes[i] = path + ": " + note
	}
	return notes
}

// fewRowsPerClass is the library's note on many classes with few rows per
// class (EstimatorConfig.FewRowsPerClassNote), as a list for printNotices.
func fewRowsPerClass(cfg ufmi.EstimatorConfig, k, n int) []string {
	if note := cfg.FewRowsPerClassNote(k, n); note != "" {
		return []string{note}
	}
	return nil
}

// manyClassConditional is the library's note on a conditional MI whose
// given columns are fitted alone (EstimatorConfig.SeparateFitsNote) with
// the command line's remedies: the conditional test, which holds its level
// there (-perm; tested says whether the run gives its p-value), and the
// preset label-draws, which takes most of the bias out.
func manyClassConditional(cfg ufmi.EstimatorConfig, k int, swapped, tested bool) []string {
	note := cfg.SeparateFitsNote(k, swapped)
	if note == "" {
		return nil
	}
	test := "add -perm 999 for the conditional test's p-value, which holds its level there"
	if tested {
		test = "the conditional test's p-value holds its level there"
	}
	return []string{fmt.Sprintf("%s; %s; -preset label-draws takes most of that bias out (+0.055 to -0.011 nats with 9 weak classes), at 1.2 to 1.25 times the cost", note, test)}
}

// aboveLogK returns a note when an estimate of a conditional entropy,
// H(Y|X) or H(Y|Z) (nil when absent), exceeds log K, the most any entropy
// of K classes can be, by more than a tenth of it (an estimate that far
// off comes from too few rows, or rows per class, for the forest's
// leaves: docs/inference.md, "At and near zero"), or lies below 0 by as
// much (a kNN estimator's, in some units).
func aboveLogK(method ufmi.Method, k int, hyGivenX float64, hyGivenZ *float64) []string {
	logK := math.Log(float64(k))
	cause := offCause(method)
	var notes []string
	for _, h := range []struct {
		name  string
		value *float64
	}{{"H(Y|X)", &hyGivenX}, {"H(Y|Z)", hyGivenZ}} {
		if h.name == "H(Y|X)" && hyGivenZ != nil {
			h.name = "H(Y|X,Z)" // as the output names it
		}
		switch {
		case h.value == nil:
		case *h.value > 1.1*logK:
			notes = append(notes, fmt.Sprintf("%s reads %.4f nats, %.2f above log %d = %.4f, the most it can be: "+
				"it is off by at least that much, and the estimate of the information with it (%s); "+
				"see docs/inference.md, \"At and near zero\"", h.name, *h.value, *h.value-logK, k, logK, cause))
		case *h.value < -0.1*logK:
			notes = append(notes, fmt.Sprintf("%s reads %.4f nats, below 0, the least it can be: it is off by at least that much, and the estimate of the information with it", h.name, *h.value))
		}
	}
	return notes
}

// offCause names what puts an estimate of method outside the range it can
// have: the forests' leaves on too few rows, or the kNN estimators' error.
func offCause(method ufmi.Method) string {
	if method.KNN() {
		return "the kNN estimator's error with these rows, in these units"
	}
	return "too few rows, or rows per class, for the forest's leaves"
}

// kNNUnits is the note for the kNN estimators that put the class code
// among the coordinates (KSG, Mixed-KSG): their distances weigh the
// features' units against the codes' spacing of 1.
func kNNUnits(method ufmi.Method) []string {
	if method != ufmi.MethodKSG && method != ufmi.MethodMixedKSG {
		return nil
	}
	return []string{fmt.Sprintf("%s treats the class code as a coordinate beside the features (as the paper's peers did), so its estimate depends on the features' units: "+
		"the same data in other units give another number; ross and uf do not (docs/reference.md, \"kNN estimators\")", method)}
}

// kNNOutsideRange returns a note when a kNN estimate (method ksg,
// mixed-ksg or ross; nil for the others) of an information, name, lies
// below 0 or above upper, what it can be at most (H(Y), or for a
// conditional MI the estimate of H(Y|Z), upperName), by enough to show in
// the four decimals printed. The kNN estimators are not bounded as the
// forests' are: a number outside the range is off by at least its
// distance to it, and is printed as it came.
func kNNOutsideRange(method ufmi.Method, name string, value float64, upperName string, upper float64) []string {
	const shown = 0.00005 // below this the printed value does not differ
	if !method.KNN() {
		return nil
	}
	switch {
	case value-upper >= shown:
		return []string{fmt.Sprintf("%s reads %.4f nats, %.4f above %s = %.4f, the most it can be: %s's estimate is off by at least that much "+
			"(kNN estimators are not bounded; with tied or discrete features, or features in units far from the class codes' spacing, they can be far off); uf is bounded", name, value, value-upper, upperName, upper, method)}
	case value <= -shown:
		return []string{fmt.Sprintf("%s reads %.4f nats, below 0, the least it can be: %s's estimate is off by at least that much "+
			"(kNN estimators are not bounded below: near independence they scatter about 0; far below it, suspect the features' units or ties)", name, value, method)}
	}
	return nil
}

// kNNTies returns a note when ksg or ross (which assume continuous
// features) meets rows that repeat another row's values exactly in one
// of the column sets of x it fits (sets: for mi all columns and the
// -given ones; for table each column): their nearest-neighbour
// distances of 0 break the estimator's counts. It names the set with the
// most tied rows. Mixed-KSG is built for such ties.
func kNNTies(method ufmi.Method, x *ufmi.Features, sets [][]int) []string {
	if method != ufmi.MethodKSG && method != ufmi.MethodRoss {
		return nil
	}
	tied, worst := 0, -1
	for s, cols := range sets {
		if t := tiedRows(x, cols); t > tied {
			tied, worst = t, s
		}
	}
	if tied == 0 {
		return nil
	}
	names := make([]string, len(sets[worst]))
	for i, j := range sets[worst] {
		names[i] = x.Name(j)
	}
	return []string{fmt.Sprintf("%s assumes continuous features, but %s of %d repeat another row's values exactly in the columns %s (discrete or rounded columns): "+
		"distances of 0 bias its estimate; mixed-ksg is built for such ties, and uf does not mind them", method, plural.Count(tied, "row"), x.Rows(), plural.FirstOf(names, 4, ", "))}
}

// tiedRows counts the rows of x whose values in the columns cols equal
// another row's (0 and -0 alike: their distance is 0).
func tiedRows(x *ufmi.Features, cols []int) int {
	seen := make(map[string]int, x.Rows())
	key := make([]byte, 0, 17*len(cols))
	for i := range x.Rows() {
		key = key[:0]
		for _, j := range cols {
			v := x.At(i, j)
			if v == 0 {
				v = 0 // -0 as 0
			}
			key = append(strconv.AppendUint(key, math.Float64bits(v), 16), ' ')
		}
		seen[string(key)]++
	}
	tied := 0
	for _, n := range seen {
		if n > 1 {
			tied += n
		}
	}
	return tied
}

// eachColumn lists the columns of x one by one, and all of them together
// (kNNTies' sets for table, whose subsets are single columns).
func eachColumn(x *ufmi.Features) [][]int {
	all := make([]int, x.Cols())
	sets := make([][]int, 0, x.Cols()+1)
	for j := range all {
		all[j] = j
		sets = append(sets, []int{j})
	}
	return append(sets, all)
}

// outsideMIRange returns a note naming the subsets of a table whose
// I(Y;X_in) or I(Y;X) lies outside what an MI with labels of entropy hy
// can be, [0, hy], by enough: for the forests the limits of mi's note on
// H(Y|X) (aboveLogK: H(Y|X) above 1.1 log K or below −0.1 log K), for
// the kNN estimators, which are not bounded, anything that shows in the
// four decimals printed (kNNOutsideRange).
func outsideMIRange(method ufmi.Method, k int, hy float64, rows []subsetJSON) []string {
	logK := math.Log(float64(k))
	low, high := hy-1.1*logK, hy+0.1*logK
	if method.KNN() {
		low, high = -0.00005, hy+0.00005
	}
	var off []string
	for _, r := range rows {
		for _, mi := range []float64{r.MIIn, r.MIAll} {
			if mi <= low || mi >= high {
				off = append(off, r.Features)
				break
			}
		}
	}
	if len(off) == 0 {
		return nil
	}
	verb := "have"
	if len(off) == 1 {
		verb = "has"
	}
	return []string{fmt.Sprintf("%s (X_in %s) %s an estimate of I(Y;X_in) or I(Y;X) outside [0, H(Y) = %.4f], the range of any MI with these labels: "+
		"they are off by at least their distance to it (%s); see docs/inference.md, \"At and near zero\"", plural.Count(len(off), "subset"), plural.FirstOf(off, 3, "; "), verb, hy, offCause(method))}
}

// percent writes a confidence level as a percentage for a label: 0.95 as
// 95%, with at most 10 significant digits, so that the float's last bits
// (0.9999999999 is 99.99999998999999 times 100) do not show.
func percent(level float64) string {
	p := strconv.FormatFloat(100*level, 'g', 10, 64)
	if p == "100" && level < 1 {
		p = strconv.FormatFloat(100*level, 'g', -1, 64) // not 100%: every digit
	}
	return p + "%"
}

// rfOOBInterval returns a note when an interval comes from the rf-oob
// method: it covers the estimate's variability, not the method's upward
// bias (docs/reference.md: 0.28 nats on pure noise, n = 1,000, 300
// trees), so it can exclude the true value, 0 among others.
func rfOOBInterval(method ufmi.Method, confidence float64) []string {
	if method != ufmi.MethodRFOOB || confidence == 0 {
		return nil
	}
	return []string{"rf-oob's interval covers the estimate's variability, not the method's upward bias (0.28 nats on pure noise with 1,000 rows and 300 trees, docs/reference.md), " +
		"so it can exclude the true value, 0 among others: use uf, whose interval is measured to cover (docs/inference.md, \"Coverage\")"}
}

// conditionalPairsNote returns a note when the conditional test formed no
// pairs of rows near in the -given columns (it cannot reject: p = 1) or
// fewer than a tenth of those its vote half could hold (little power). No
// pair forms either where the features are a function of the -given
// columns (a copy of one, a constant): the caliper is a tenth of the
// features' noise given them, and they have none; such features add
// nothing given those columns.
func conditionalPairsNote(pairs, rows int) []string {
	const cause = "more rows or fewer -given columns give more pairs; features that are a function of the -given columns (a copy of one, a constant) have no noise to swap, and add nothing given them"
	switch {
	case pairs == 0:
		return []string{"no two rows of the vote half are near enough in the -given columns to swap the features between, so the conditional test cannot reject (p = 1): " + cause}
	case fewPairs(pairs, rows):
		return []string{fmt.Sprintf("only %d pairs of rows of the vote half (of about %d it could hold) are near enough in the -given columns to swap the features between: the conditional test has little power and a large p-value says little (%s)", pairs, possiblePairs(rows), cause)}
	}
	return nil
}

// correlatedConditional returns a note for a conditional MI of the uf
// method whose fit on both column sets takes the target columns as they
// are (table's rows; mi -given with UFConfig.NoTargetResiduals) and whose
// splits are axis-aligned, when a numeric target column and a numeric
// given column (in a table, any two feature columns) have a rank
// correlation of at least correlatedColumns in magnitude (over the rows
// where both are present): where the class information lies in their
// contrast, the fit on both columns reads it low, and the interval misses
// (TestCorrelatedConditionalStudy: columns correlated 0.9 within each
// class, x_B without a class shift of its own, 0.65 and 0.75 of intervals
// covering at n = 500 and 1,000; mi -given's default 0.90 and 0.95).
func correlatedConditional(cfg ufmi.EstimatorConfig, x *ufmi.Features, given, target []int) []string {
	if cfg.Method != "" && cfg.Method != ufmi.MethodUF || cfg.UF.Tree.Oblique {
		return nil
	}
	best, pair := 0.0, [2]int{-1, -1}
	for _, t := range target {
		for _, g := range given {
			if t == g || x.Kind(t) != ufmi.Numeric || x.Kind(g) != ufmi.Numeric {
				continue
			}
			if r := rankCorrelation(x.Column(t), x.Column(g)); math.Abs(r) > math.Abs(best) {
				best, pair = r, [2]int{t, g}
			}
		}
	}
	if math.Abs(best) < correlatedColumns {
		return nil
	}
	return []string{fmt.Sprintf("columns %q and %q have rank correlation %.2f: where the class information lies in their contrast, the forest's axis-aligned splits read it low in the fit on both, and so a conditional MI of one given the other "+
		"(columns correlated 0.9 within each class, the target without a class shift of its own: bias -0.034 and 65%% of 95%% intervals covering at n = 500, -0.022 and 75%% at 1,000); "+
		"ufmi mi -given with the default preset takes such a target as its residual on the given column where that tells the classes apart better (-0.006 and 97%% at n = 1,000), as does -preset oblique follow a contrast (-0.004 and 97%%, at about 1.7 times the cost); see docs/inference.md, \"Reading the table\"", x.Name(pair[0]), x.Name(pair[1]), best)}
}

// correlatedColumns is the rank correlation from which correlatedConditional
// notes a target and a given column (the probe's 0.5 covered 0.89-0.95,
// its 0.9 0.52-0.79).
const correlatedColumns = 0.8

// rankCorrelation is Spearman's correlation of a and b over the rows where
// both are present (0 with fewer than 3 such rows or a constant column).
func rankCorrelation(a, b []float64) float64 {
	var pa, pb []float64
	for i := range a {
		if !math.IsNaN(a[i]) && !math.IsNaN(b[i]) {
			pa, pb = append(pa, a[i]), append(pb, b[i])
		}
	}
	if len(pa) < 3 {
		return 0
	}
	r := stat.Correlation(metrics.MidRanks(pa), metrics.MidRanks(pb), nil)
	if math.IsNaN(r) { // a constant column
		return 0
	}
	return r
}
