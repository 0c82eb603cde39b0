package table

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// PredictionNotices returns a notice for each column of the rows to predict
// (test, read with the training features' kinds) whose cells the forest
// routes without evidence from the training rows (train): levels the
// training rows never had, and missing cells in a column every training
// row holds. A tree sends such a cell to the larger side of each split on
// the column (as a missing value), so the row's posterior is that side's,
// however confident, not the class frequencies. Where every row to predict
// holds an unseen level, the column's values are likely written otherwise
// than in training (1/0 against "true"/"false").
func PredictionNotices(train, test *ufmi.Features) []string {
	var notes []string
	for j := range test.Cols() {
		if j >= train.Cols() {
			continue
		}
		if note := unseenLevels(train, test, j); note != "" {
			notes = append(notes, note)
		}
		if !slices.ContainsFunc(train.Column(j), math.IsNaN) {
			if rows := countNaN(test.Column(j)); rows > 0 {
				notes = append(notes, fmt.Sprintf("column %q: %s to predict %s a value there, which no training row does; the forest sends such a cell to the larger side of each split on the column, so the posterior is that side's, not the class frequencies",
					test.Name(j), plural.Count(rows, "row"), verb(rows, "lacks", "lack")))
			}
		}
	}
	return notes
}

// unseenLevels is the notice of column j when it is categorical in both
// and test holds levels train never had ("" otherwise).
func unseenLevels(train, test *ufmi.Features, j int) string {
	if test.Kind(j) != ufmi.Categorical || train.Kind(j) != ufmi.Categorical {
		return ""
	}
	known := make(map[string]bool, len(train.Levels(j)))
	for _, l := range train.Levels(j) {
		known[l] = true
	}
	rows, present, first := 0, 0, ""
	levels := test.Levels(j)
	for _, v := range test.Column(j) {
		if math.IsNaN(v) {
			continue
		}
		present++
		if int(v) >= len(levels) || known[levels[int(v)]] {
			continue
		}
		if rows == 0 {
			first = levels[int(v)]
		}
		rows++
	}
	if rows == 0 {
		return ""
	}
	note := fmt.Sprintf("column %q: %s to predict %s a level the training rows never had (the first: %q); the forest routes such a cell as it routes a missing one",
		test.Name(j), plural.Count(rows, "row"), verb(rows, "holds", "hold"), first)
	if rows == present {
		note += fmt.Sprintf(", and no row to predict holds a training level (%s): are the values written as in training?", levelList(train.Levels(j)))
	}
	return note
}

// levelList names up to three levels, then how many more.
func levelList(levels []string) string {
	shown := levels[:min(len(levels), 3)]
	quoted := make([]string, len(shown))
	for i, l := range shown {
		quoted[i] = fmt.Sprintf("%q", l)
	}
	list := strings.Join(quoted, ", ")
	if more := len(levels) - len(shown); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return list
}

// countNaN is how many values of v are NaN.
func countNaN(v []float64) int {
	count := 0
	for _, x := range v {
		if math.IsNaN(x) {
			count++
		}
	}
	return count
}

// verb is one for a count of 1, many otherwise.
func verb(count int, one, many string) string {
	if count == 1 {
		return one
	}
	return many
}
