package drosophila

import (
	"fmt"
	"slices"
)

// SelectFeatures returns the columns of x named in want, in that order,
// as a new matrix, together with their names. names labels the columns of
// x (as returned by Encode). An unknown or repeated name is an error.
func SelectFeatures(x [][]float64, names, want []string) ([][]float64, []string, error) {
	if len(want) == 0 {
		return nil, nil, fmt.Errorf("ufmi: no features selected")
	}
	idx := make([]int, len(want))
	for k, w := range want {
		j := slices.Index(names, w)
		if j < 0 {
			return nil, nil, fmt.Errorf("ufmi: unknown feature %q (have %v)", w, names)
		}
		if slices.Contains(want[:k], w) {
			return nil, nil, fmt.Errorf("ufmi: feature %q selected twice", w)
		}
		idx[k] = j
	}
	out := make([][]float64, len(x))
	for i, row := range x {
		if len(row) != len(names) {
			return nil, nil, fmt.Errorf("ufmi: row %d has %d values but there are %d feature names", i, len(row), len(names))
		}
		out[i] = make([]float64, len(idx))
		for k, j := range idx {
			out[i][k] = row[j]
		}
	}
	return out, slices.Clone(want), nil
}
