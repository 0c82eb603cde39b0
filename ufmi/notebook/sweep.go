package notebook

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// CachedRun returns the results cached under name (CachePath), or runs
// run with a progress line labelled name and caches what it returns: when
// there is no cache yet, or Recompute() is set. It panics on an error, as
// Must does. A study's Run method fits: CachedRun("mi_vs_n", sweep.Run).
func CachedRun(name string, run func(ufmi.Progress) (dataframe.DataFrame, error)) dataframe.DataFrame {
	return Must(frame.Cached(CachePath(name), Recompute(), func() (dataframe.DataFrame, error) {
		return run(Progress(name))
	}))
}

// SweepPlot says which columns of a sweep's results (one row per
// estimate, as study.MISweep returns) a figure draws.
type SweepPlot struct {
	// X is the swept column, XLabel its axis label; LogX a log scale.
	X, XLabel string
	LogX      bool
	// Y is the estimate column ("mi", "h_y_given_x"); the exact value is
	// read from Y + "_true". YLabel is its axis label.
	Y, YLabel string
	// Title is the figure's title (SettingPanels titles each panel by its
	// setting instead).
	Title string
}

// SweepPanel is one figure of a sweep: each method's mean estimate
// against X with a band of ± one standard deviation, and the truth.
func SweepPanel(df dataframe.DataFrame, p SweepPlot) (viz.CurveSpec, error) {
	curves, err := CurveSeries(df, p.X, "method", p.Y)
	if err != nil {
		return viz.CurveSpec{}, err
	}
	truth, err := TruthSeries(df, p.X, p.Y+"_true")
	if err != nil {
		return viz.CurveSpec{}, err
	}
	return viz.CurveSpec{Title: p.Title, XLabel: p.XLabel, YLabel: p.YLabel, Series: curves, Truth: truth, LogX: p.LogX}, nil
}

// SettingPanels draws a sweep over several simulation settings: one panel
// per setting, titled by it (Panels by the "setting" column).
func SettingPanels(df dataframe.DataFrame, p SweepPlot) ([]viz.CurveSpec, error) {
	return Panels(df, "setting", "%s", p)
}

// Panels draws one panel (SweepPanel) per value of column, in order of
// first appearance, titled by title with the value in place of its %s
// ("trunk, d = %s"). Only the first panel has a legend: a method has the
// same colour in every panel.
func Panels(df dataframe.DataFrame, column, title string, p SweepPlot) ([]viz.CurveSpec, error) {
	values, err := frame.Strings(df, column)
	if err != nil {
		return nil, err
	}
	// One style slot per method over every panel (viz.StyleSlots), so that
	// a method keeps its colour where another is absent.
	methods, err := frame.Strings(df, "method")
	if err != nil {
		return nil, err
	}
	var order []string
	for _, m := range methods {
		if !slices.Contains(order, m) {
			order = append(order, m)
		}
	}
	slotOf := map[string]int{}
	for i, slot := range viz.StyleSlots(order) {
		slotOf[order[i]] = slot
	}
	var specs []viz.CurveSpec
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] {
			continue
		}
		seen[v] = true
		sub := df.Subset(rowsWhere(values, v))
		p.Title = strings.Replace(title, "%s", v, 1) // not Sprintf: a title may hold other % signs
		spec, err := SweepPanel(sub, p)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", column, v, err)
		}
		for i := range spec.Series {
			spec.Series[i].Slot = slotOf[spec.Series[i].Name]
			if len(specs) > 0 {
				spec.Series[i].Method, spec.Series[i].Name = spec.Series[i].Name, ""
			}
		}
		specs = append(specs, spec)
	}
	return specs, nil
}

// rowsWhere returns the indices of values equal to v.
func rowsWhere(values []string, v string) []int {
	var rows []int
	for i, w := range values {
		if w == v {
			rows = append(rows, i)
		}
	}
	return rows
}

// ShowSweep shows a sweep's figure (SweepPanel) and, below it, each
// method's root mean squared error against the truth over the sweep.
func ShowSweep(df dataframe.DataFrame, p SweepPlot) {
	ShowPNG(viz.Curves(Must(SweepPanel(df, p))))
	rmse := Must(frame.RMSE(df, []string{"method"}, p.Y, p.Y+"_true"))
	ShowHTML(frame.HTML(rmse, frame.HTMLOptions{Caption: "Error over the sweep (nats)", Decimals: 4,
		Highlight: map[string]frame.Best{"rmse": frame.Lowest}}))
}

// MethodError returns one method's mean absolute error |y − truth| at each
// value of x, in increasing x; the truth is column y + "_true".
func MethodError(df dataframe.DataFrame, method, x, y string) ([]float64, error) {
	sub := df.Filter(dataframe.F{Colname: "method", Comparator: series.Eq, Comparando: method})
	if sub.Err != nil || sub.Nrow() == 0 {
		return nil, fmt.Errorf("ufmi: no rows of method %q", method)
	}
	xs, err := frame.Float64Column(sub, x)
	if err != nil {
		return nil, err
	}
	est, err := frame.Float64Column(sub, y)
	if err != nil {
		return nil, err
	}
	truth, err := frame.Float64Column(sub, y+"_true")
	if err != nil {
		return nil, err
	}
	sum, count := map[float64]float64{}, map[float64]float64{}
	for i, v := range xs {
		sum[v] += math.Abs(est[i] - truth[i])
		count[v]++
	}
	keys := make([]float64, 0, len(sum))
	for v := range sum {
		keys = append(keys, v)
	}
	sort.Float64s(keys)
	out := make([]float64, len(keys))
	for i, v := range keys {
		out[i] = sum[v] / count[v]
	}
	return out, nil
}

// MeanWhere returns the mean of column value over the rows matching every
// (column, text) pair of where, compared as text: MeanWhere(df, "mi",
// "method", "UF", "n", "2000"). No matching row, or a matching row whose
// value is missing (NaN), is an error.
func MeanWhere(df dataframe.DataFrame, value string, where ...string) (float64, error) {
	if len(where)%2 != 0 {
		return 0, fmt.Errorf("ufmi: MeanWhere needs (column, value) pairs, got %d strings", len(where))
	}
	vals, err := frame.Float64Column(df, value)
	if err != nil {
		return 0, err
	}
	keep := make([]bool, len(vals))
	for i := range keep {
		keep[i] = true
	}
	for k := 0; k < len(where); k += 2 {
		col, err := frame.Strings(df, where[k])
		if err != nil {
			return 0, err
		}
		for i, v := range col {
			keep[i] = keep[i] && v == where[k+1]
		}
	}
	sum, count := 0.0, 0
	for i, v := range vals {
		if !keep[i] {
			continue
		}
		if math.IsNaN(v) {
			return 0, fmt.Errorf("ufmi: column %q is missing (NaN) in row %d where %v: its mean would be NaN", value, i, where)
		}
		sum += v
		count++
	}
	if count == 0 {
		return 0, fmt.Errorf("ufmi: no row where %v", where)
	}
	return sum / float64(count), nil
}
