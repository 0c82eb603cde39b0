package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// ConditionalEntropy estimates H(Y|X_cols) with the configured method, using
// only the given columns of x (all columns when cols is nil).
func ConditionalEntropy(x *Features, y []int, cols []int, cfg EstimatorConfig) (Estimate, error) {
	xs := x
	if cols != nil {
		var err error
		if xs, err = x.SelectCols(cols); err != nil {
			return Estimate{}, err
		}
	}
	return EstimateMI(xs, y, cfg)
}

// CMIEstimate is an estimate of I(Y; X_B | X_A) = H(Y|X_A) - H(Y|X_A, X_B), in nats.
type CMIEstimate struct {
	HYGivenA  float64 // H(Y|X_A); H(Y) when A is empty
	HYGivenAB float64 // H(Y|X_A, X_B)
	CMI       float64
	CI        Interval // confidence interval for CMI when EstimatorConfig.Confidence > 0
}

// ConditionalMI estimates I(Y; X_target | X_given) from two fits with the
// same seed. With no given columns it is I(Y; X_target). Its interval
// differences the two fits' per-row contributions (see Interval).
func ConditionalMI(x *Features, y []int, given, target []int, cfg EstimatorConfig) (CMIEstimate, error) {
	if len(target) == 0 {
		return CMIEstimate{}, fmt.Errorf("ufmi: conditional MI needs at least one target column")
	}
	for _, g := range given {
		for _, t := range target {
			if g == t {
				return CMIEstimate{}, fmt.Errorf("ufmi: column %d is both given and a target", g)
			}
		}
	}
	both, err := ConditionalEntropy(x, y, append(append([]int(nil), given...), target...), cfg)
	if err != nil {
		return CMIEstimate{}, err
	}
	res := CMIEstimate{HYGivenA: both.HY, HYGivenAB: both.HYGivenX}
	if len(given) > 0 {
		a, err := ConditionalEntropy(x, y, given, cfg)
		if err != nil {
			return CMIEstimate{}, err
		}
		res.HYGivenA = a.HYGivenX
		if both.parts != nil {
			both.parts = both.parts.minus(a.parts)
		}
	}
	res.CMI = res.HYGivenA - res.HYGivenAB
	if both.parts != nil {
		res.CI = both.parts.interval(res.CMI, cfg.Confidence)
	}
	return res, nil
}

// SubsetRow is one row of the paper's feature-subset table: for the subset
// X_in of the chosen feature groups, I(Y;X_in), I(Y;X_out|X_in) and I(Y;X),
// each the mean over repeated fits with its standard deviation.
type SubsetRow struct {
	Groups                     []int // indices of the groups in X_in, increasing
	Columns                    []int // the columns of x those groups hold
	MIIn, CMIOutGivenIn, MIAll float64
	SDMIIn, SDCMI, SDMIAll     float64
	// Confidence intervals of the three means when
	// EstimatorConfig.Confidence > 0: the repeats' per-row contributions
	// and tree-group estimates are averaged (see Interval).
	CIMIIn, CICMI, CIMIAll Interval
}

// Singletons makes one feature group per column.
func Singletons(cols []int) [][]int {
	groups := make([][]int, len(cols))
	for i, c := range cols {
		groups[i] = []int{c}
	}
	return groups
}

// SubsetTable fills the feature-subset table for every non-empty subset of
// the feature groups (a group is one feature held in one or more columns,
// e.g. a value and its missing-value indicator), in bit-mask order (group 0
// is bit 1, group 1 bit 2, ...), the full set last. Each repeat r refits
// every subset with the seed Derive(cfg.Seed, repetition, r), so all subsets
// of a repeat share their seed. progress, when set, counts forest fits.
func SubsetTable(x *Features, y []int, groups [][]int, repeats int, cfg EstimatorConfig, progress Progress) ([]SubsetRow, error) {
	m := len(groups)
	if m == 0 || m > 16 {
		return nil, fmt.Errorf("ufmi: the subset table needs 1 to 16 feature groups, got %d", m)
	}
	for g, cols := range groups {
		if len(cols) == 0 {
			return nil, fmt.Errorf("ufmi: feature group %d has no columns", g)
		}
	}
	if repeats < 1 {
		return nil, fmt.Errorf("ufmi: repeats %d must be at least 1", repeats)
	}
	full := 1<<m - 1
	done, total := 0, repeats*full
	// fits returns H(Y|X_mask) of every repeat.
	fits := func(mask int) ([]Estimate, error) {
		_, cols := subsetMembers(groups, mask)
		ests := make([]Estimate, repeats)
		for r := range ests {
			c := cfg
			c.Seed, c.Progress = seeds.Derive(cfg.Seed, seeds.Repetition, r), nil
			est, err := ConditionalEntropy(x, y, cols, c)
			if err != nil {
				return nil, err
			}
			ests[r] = est
			done++
			if progress != nil {
				progress(done, total)
			}
		}
		return ests, nil
	}
	// The full set first: every subset's conditional MI is measured against it.
	all, err := fits(full)
	if err != nil {
		return nil, err
	}
	rows := make([]SubsetRow, 0, full)
	for mask := 1; mask <= full; mask++ {
		sub := all
		if mask != full {
			if sub, err = fits(mask); err != nil {
				return nil, err
			}
		}
		rows = append(rows, subsetRow(groups, mask, sub, all, cfg.Confidence))
	}
	return rows, nil
}

// subsetRow summarises the repeats' fits of X_mask (sub) and of all groups.
func subsetRow(groups [][]int, mask int, sub, all []Estimate, level float64) SubsetRow {
	in, cmi, mi := make([]float64, len(sub)), make([]float64, len(sub)), make([]float64, len(sub))
	for r := range sub {
		hy := sub[r].HY
		in[r] = hy - sub[r].HYGivenX
		cmi[r] = sub[r].HYGivenX - all[r].HYGivenX
		mi[r] = hy - all[r].HYGivenX
	}
	var row SubsetRow
	row.Groups, row.Columns = subsetMembers(groups, mask)
	row.MIIn, row.SDMIIn = meanSD(in)
	row.CMIOutGivenIn, row.SDCMI = meanSD(cmi)
	row.MIAll, row.SDMIAll = meanSD(mi)
	if level > 0 {
		pin, pall := meanParts(sub), meanParts(all)
		row.CIMIIn = pin.interval(row.MIIn, level)
		row.CICMI = pall.minus(pin).interval(row.CMIOutGivenIn, level)
		row.CIMIAll = pall.interval(row.MIAll, level)
	}
	return row
}

// meanParts averages the interval parts of repeated fits row by row and
// group by group: the mean of R fits has 1/R of one fit's Monte Carlo
// variance, and so does the mean of their group estimates.
func meanParts(ests []Estimate) *intervalParts {
	first := ests[0].parts
	out := &intervalParts{phi: make([]float64, len(first.phi)), groups: make([]float64, len(first.groups))}
	r := float64(len(ests))
	for _, e := range ests {
		for i, v := range e.parts.phi {
			out.phi[i] += v / r
		}
		for g, v := range e.parts.groups {
			out.groups[g] += v / r
		}
	}
	return out
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
