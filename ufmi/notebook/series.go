package notebook

import (
	"fmt"
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// CurveSeries turns long-format results (one row per estimate) into one
// curve per method: the mean of value at each x, with a band of ± one
// standard deviation over repetitions. Methods keep their first-appearance
// order; points are sorted by x.
func CurveSeries(df dataframe.DataFrame, x, method, value string) ([]viz.Series, error) {
	sum, err := frame.MeanSD(df, []string{method, x}, value)
	if err != nil {
		return nil, err
	}
	names, err := frame.Strings(sum, method)
	if err != nil {
		return nil, err
	}
	xs, err := frame.Float64Column(sum, x)
	if err != nil {
		return nil, err
	}
	means, _ := frame.Float64Column(sum, value+"_mean")
	sds, _ := frame.Float64Column(sum, value+"_sd")
	var order []string
	rows := map[string][]int{}
	for r, n := range names {
		if _, ok := rows[n]; !ok {
			order = append(order, n)
		}
		rows[n] = append(rows[n], r)
	}
	out := make([]viz.Series, 0, len(order))
	for _, n := range order {
		rs := rows[n]
		sort.Slice(rs, func(a, b int) bool { return xs[rs[a]] < xs[rs[b]] })
		s := viz.Series{Name: n}
		for _, r := range rs {
			sd := sds[r]
			if sd != sd { // a single repetition has no spread
				sd = 0
			}
			s.X = append(s.X, xs[r])
			s.Y = append(s.Y, means[r])
			s.Lo = append(s.Lo, means[r]-sd)
			s.Hi = append(s.Hi, means[r]+sd)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("ufmi: no rows to plot")
	}
	return out, nil
}

// TruthSeries returns the truth column against x (one value per distinct x,
// sorted), for drawing the exact truth under the estimates.
func TruthSeries(df dataframe.DataFrame, x, truth string) (*viz.Truth, error) {
	xs, err := frame.Float64Column(df, x)
	if err != nil {
		return nil, err
	}
	ts, err := frame.Float64Column(df, truth)
	if err != nil {
		return nil, err
	}
	byX := map[float64]float64{}
	for i, v := range xs {
		if old, ok := byX[v]; ok && math.Abs(old-ts[i]) > 1e-9*max(1, math.Abs(old)) {
			return nil, fmt.Errorf("ufmi: column %q holds two truths where %s = %v (%v and %v): one curve needs one setting (Panels draws one per setting)", truth, x, v, old, ts[i])
		}
		byX[v] = ts[i]
	}
	var keys []float64
	for k := range byX {
		keys = append(keys, k)
	}
	sort.Float64s(keys)
	vals := make([]float64, len(keys))
	for i, k := range keys {
		vals[i] = byX[k]
	}
	return viz.TruthCurve(keys, vals), nil
}
