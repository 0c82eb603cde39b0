package cc18

import (
	"fmt"
	"math"
	"sort"
)

// Preprocess turns the raw columns into numeric matrices for the training
// and test rows, as the paper does: a missing numeric value becomes the
// median of that column over the training rows, a missing category the
// most frequent training category (ties: the alphabetically first), and
// every categorical column is one-hot encoded over the categories seen in
// training (an unseen test category gets all zeros). Only training rows
// inform the statistics.
func Preprocess(d *Dataset, train, test []int) (xTrain, xTest [][]float64, err error) {
	if len(train) == 0 || len(test) == 0 {
		return nil, nil, fmt.Errorf("ufmi: dataset %d: empty training or test rows", d.ID)
	}
	xTrain, xTest = make([][]float64, len(train)), make([][]float64, len(test))
	for _, col := range d.Columns {
		if col.Kind == Numeric {
			med := trainingMedian(col.Num, train)
			fill := func(rows []int, out [][]float64) {
				for k, i := range rows {
					v := col.Num[i]
					if math.IsNaN(v) {
						v = med
					}
					out[k] = append(out[k], v)
				}
			}
			fill(train, xTrain)
			fill(test, xTest)
			continue
		}
		cats, mode := trainingCategories(col.Cat, train)
		index := map[string]int{}
		for c, name := range cats {
			index[name] = c
		}
		encode := func(rows []int, out [][]float64) {
			for k, i := range rows {
				v := col.Cat[i]
				if v == "" {
					v = mode
				}
				oneHot := make([]float64, len(cats))
				if c, ok := index[v]; ok {
					oneHot[c] = 1
				}
				out[k] = append(out[k], oneHot...)
			}
		}
		encode(train, xTrain)
		encode(test, xTest)
	}
	if len(xTrain[0]) == 0 {
		return nil, nil, fmt.Errorf("ufmi: dataset %d has no usable feature columns", d.ID)
	}
	return xTrain, xTest, nil
}

// trainingMedian is the median of the non-missing values at rows (0 when
// all are missing).
func trainingMedian(v []float64, rows []int) float64 {
	var vals []float64
	for _, i := range rows {
		if !math.IsNaN(v[i]) {
			vals = append(vals, v[i])
		}
	}
	if len(vals) == 0 {
		return 0
	}
	sort.Float64s(vals)
	m := len(vals) / 2
	if len(vals)%2 == 1 {
		return vals[m]
	}
	return (vals[m-1] + vals[m]) / 2
}

// trainingCategories returns the sorted categories seen at rows and the
// most frequent one.
func trainingCategories(v []string, rows []int) ([]string, string) {
	count := map[string]int{}
	for _, i := range rows {
		if v[i] != "" {
			count[v[i]]++
		}
	}
	cats := make([]string, 0, len(count))
	for c := range count {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	mode := ""
	for _, c := range cats {
		if mode == "" || count[c] > count[mode] {
			mode = c
		}
	}
	return cats, mode
}
