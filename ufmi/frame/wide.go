package frame

import (
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Wide spreads the value column of a long frame into one column per value
// of the across column: one row per group of the by columns (in order of
// first appearance, with the by columns' original types), then a float
// column named after each value of across (in order of first appearance)
// holding the mean of value over the rows of that group and that value,
// NaN where there are none. With one row per (group, across) cell, as
// after MeanSD, it is a plain pivot: a table of methods side by side.
// Non-finite values and repeated output names are an error.
func Wide(df dataframe.DataFrame, by []string, across, value string) (dataframe.DataFrame, error) {
	v, err := finiteColumn(df, value)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	acrossCol, err := column(df, across)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	names := cellTexts(acrossCol)
	if len(by) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: Wide needs at least one by column, the rows' key (the table has a row per group of them)")
	}
	if err := checkNames(by); err != nil {
		return dataframe.DataFrame{}, err
	}
	g, err := groupBy(df, by)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	var order []string
	slot := map[string]int{}
	for _, name := range names {
		if _, ok := slot[name]; !ok {
			slot[name] = len(order)
			order = append(order, name)
		}
	}
	if err := checkNames(append(append([]string{}, by...), order...)); err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("%w (a value of %q repeats a by column's name)", err, across)
	}
	sums := make([][]float64, len(order))
	counts := make([][]int, len(order))
	for k := range order {
		sums[k], counts[k] = make([]float64, len(g.rows)), make([]int, len(g.rows))
	}
	for i, rows := range g.rows {
		for _, r := range rows {
			k := slot[names[r]]
			sums[k][i] += v[r]
			counts[k][i]++
		}
	}
	cols := make([]series.Series, 0, len(by)+len(order))
	for _, name := range by {
		cols = append(cols, df.Col(name).Subset(g.first))
	}
	for k, name := range order {
		mean := make([]float64, len(g.rows))
		for i := range mean {
			mean[i] = math.NaN()
			if counts[k][i] > 0 {
				mean[i] = sums[k][i] / float64(counts[k][i])
			}
		}
		cols = append(cols, series.New(mean, series.Float, name))
	}
	return newFrame(cols)
}
