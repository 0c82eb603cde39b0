package frame

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// CountColumn is the name of the column holding the number of rows of each
// group in the output of MeanSD and RMSE.
const CountColumn = "count"

// rowGroups is a partition of a frame's rows by the values of some columns.
type rowGroups struct {
	rows  [][]int // rows of each group, in frame order
	first []int   // first row of each group
}

// groupBy partitions df's rows by the values of the by columns, groups in
// the order of their first row. With no by columns all rows form one group.
func groupBy(df dataframe.DataFrame, by []string) (rowGroups, error) {
	keys := make([][]string, len(by))
	for k, name := range by {
		s, err := column(df, name)
		if err != nil {
			return rowGroups{}, err
		}
		keys[k] = cellTexts(s)
	}
	var g rowGroups
	index := map[string]int{}
	var key strings.Builder
	for r := range df.Nrow() {
		key.Reset()
		for k := range by {
			// A length prefix keeps ("a_b", "c") and ("a", "b_c") apart.
			fmt.Fprintf(&key, "%d:%s;", len(keys[k][r]), keys[k][r])
		}
		i, ok := index[key.String()]
		if !ok {
			i = len(g.rows)
			index[key.String()] = i
			g.rows = append(g.rows, nil)
			g.first = append(g.first, r)
		}
		g.rows[i] = append(g.rows[i], r)
	}
	return g, nil
}

// summarise groups df by the by columns and returns a frame with the by
// columns (one row per group, original types) followed by the columns that
// stat computes from each group's rows, and CountColumn.
func summarise(df dataframe.DataFrame, by []string, outNames []string, stat func(rows []int) []float64) (dataframe.DataFrame, error) {
	if err := frameErr(df); err != nil {
		return dataframe.DataFrame{}, err
	}
	if df.Nrow() == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: cannot summarise a frame without rows")
	}
	if err := checkNames(append(append(append([]string{}, by...), outNames...), CountColumn)); err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("%w (choose other group or value columns)", err)
	}
	g, err := groupBy(df, by)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	cols := make([]series.Series, 0, len(by)+len(outNames)+1)
	for _, name := range by {
		cols = append(cols, df.Col(name).Subset(g.first))
	}
	stats := make([][]float64, len(outNames))
	counts := make([]int, len(g.rows))
	for i, rows := range g.rows {
		for k, v := range stat(rows) {
			stats[k] = append(stats[k], v)
		}
		counts[i] = len(rows)
	}
	for k, name := range outNames {
		cols = append(cols, series.New(stats[k], series.Float, name))
	}
	cols = append(cols, series.New(counts, series.Int, CountColumn))
	return newFrame(cols)
}

// finiteColumn returns a numeric column, or an error naming the first row
// whose value is NaN or infinite.
func finiteColumn(df dataframe.DataFrame, name string) ([]float64, error) {
	v, err := Float64Column(df, name)
	if err != nil {
		return nil, err
	}
	for r, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("ufmi: frame: column %q row %d is %v; remove or fix such rows before summarising", name, r, x)
		}
	}
	return v, nil
}

// MeanSD summarises the value column per group of the by columns: one row
// per group (in order of first appearance) with the by columns, value_mean,
// value_sd (sample standard deviation, n-1 in the denominator; NaN for a
// group of one row) and CountColumn. Non-finite values are an error.
func MeanSD(df dataframe.DataFrame, by []string, value string) (dataframe.DataFrame, error) {
	v, err := finiteColumn(df, value)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return summarise(df, by, []string{value + "_mean", value + "_sd"}, func(rows []int) []float64 {
		mean, sd := meanSD(v, rows)
		return []float64{mean, sd}
	})
}

// meanSD returns the mean and the sample standard deviation of v at rows,
// computed in two passes for accuracy.
func meanSD(v []float64, rows []int) (mean, sd float64) {
	for _, r := range rows {
		mean += v[r]
	}
	mean /= float64(len(rows))
	if len(rows) < 2 {
		return mean, math.NaN()
	}
	var ss float64
	for _, r := range rows {
		d := v[r] - mean
		ss += d * d
	}
	return mean, math.Sqrt(ss / float64(len(rows)-1))
}

// RMSE summarises the root mean squared error of the estimate column against
// the truth column per group of the by columns: one row per group with the
// by columns, "rmse", "bias" (mean of estimate - truth) and CountColumn.
// Non-finite values are an error.
func RMSE(df dataframe.DataFrame, by []string, estimate, truth string) (dataframe.DataFrame, error) {
	est, err := finiteColumn(df, estimate)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	tru, err := finiteColumn(df, truth)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return summarise(df, by, []string{"rmse", "bias"}, func(rows []int) []float64 {
		var sq, sum float64
		for _, r := range rows {
			d := est[r] - tru[r]
			sq += d * d
			sum += d
		}
		n := float64(len(rows))
		return []float64{math.Sqrt(sq / n), sum / n}
	})
}
