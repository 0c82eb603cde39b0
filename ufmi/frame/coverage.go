package frame

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
)

// Coverage summarises interval estimates per group of the by columns: the
// share of rows whose interval [low, high] contains the truth ("coverage"),
// the mean of estimate − truth ("mean_bias"), the mean width
// ("mean_width"), and CountColumn. Non-finite values and an interval with
// low > high are an error.
func Coverage(df dataframe.DataFrame, by []string, estimate, truth, low, high string) (dataframe.DataFrame, error) {
	var cols [4][]float64
	for k, name := range []string{estimate, truth, low, high} {
		v, err := finiteColumn(df, name)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		cols[k] = v
	}
	est, tru, lo, hi := cols[0], cols[1], cols[2], cols[3]
	for r := range lo {
		if lo[r] > hi[r] {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: row %d: interval low %v is above high %v", r, lo[r], hi[r])
		}
	}
	return summarise(df, by, []string{"coverage", "mean_bias", "mean_width"}, func(rows []int) []float64 {
		var covered, bias, width float64
		for _, r := range rows {
			if lo[r] <= tru[r] && tru[r] <= hi[r] {
				covered++
			}
			bias += est[r] - tru[r]
			width += hi[r] - lo[r]
		}
		n := float64(len(rows))
		return []float64{covered / n, bias / n, width / n}
	})
}
