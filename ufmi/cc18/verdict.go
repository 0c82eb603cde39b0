package cc18

import (
	"fmt"
	"slices"
)

// Pair reads one cell of the table: the median over datasets of row's
// score minus col's, and the one-sided Wilcoxon p-value for "row's score is
// lower". Two different learners of the table are needed.
func (p Pairwise) Pair(row, col string) (median, pValue float64, err error) {
	r, c := slices.Index(p.Learners, row), slices.Index(p.Learners, col)
	switch {
	case r < 0 || c < 0:
		return 0, 0, fmt.Errorf("ufmi: the %s table compares %v, not both %q and %q", p.Metric, p.Learners, row, col)
	case r == c:
		return 0, 0, fmt.Errorf("ufmi: %q against itself is not a cell of the %s table", row, p.Metric)
	}
	return p.Median[r][c], p.PValue[r][c], nil
}

// Dominant returns the learner whose median difference is below zero
// against every other learner (its row of the table is all negative): the
// best on this metric, dataset by dataset. ok is false when no learner is.
func (p Pairwise) Dominant() (learner string, ok bool) {
	for r, name := range p.Learners {
		below := true
		for c := range p.Learners {
			if c != r && !(p.Median[r][c] < 0) {
				below = false
			}
		}
		if below && len(p.Learners) > 1 {
			return name, true
		}
	}
	return "", false
}
