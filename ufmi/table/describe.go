package table

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// describedLevels is how many characters of a column's level names Describe
// shows before it cuts them.
const describedLevels = 40

// Describe shows how the table's columns were read, one row per column of X
// (the Given columns, then the Features): "column"; "kind" (numeric or
// categorical); "levels", the number of levels of a categorical column ("–"
// for a numeric one); "level names (first appearance)", cut after 40
// characters; and "missing", the column's missing cells.
func (d *Data) Describe() dataframe.DataFrame {
	x := d.X
	var names, kinds, counts, levels []string
	var missing []int
	for j := range x.Cols() {
		names = append(names, x.Name(j))
		kinds = append(kinds, x.Kind(j).String())
		count := "–"
		if x.Kind(j) == ufmi.Categorical {
			count = strconv.Itoa(len(x.Levels(j)))
		}
		counts = append(counts, count)
		levels = append(levels, cut(strings.Join(x.Levels(j), " "), describedLevels))
		missing = append(missing, x.Missing(j))
	}
	return dataframe.New(
		series.New(names, series.String, "column"),
		series.New(kinds, series.String, "kind"),
		series.New(counts, series.String, "levels"),
		series.New(levels, series.String, "level names (first appearance)"),
		series.New(missing, series.Int, "missing"),
	)
}

// cut keeps the first n characters of s, marking a cut with " …".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + " …"
}

// IncompleteRows counts the rows with at least one missing cell among the
// columns of X.
func (d *Data) IncompleteRows() int {
	count := 0
	for i := range d.X.Rows() {
		for j := range d.X.Cols() {
			if math.IsNaN(d.X.At(i, j)) {
				count++
				break
			}
		}
	}
	return count
}
