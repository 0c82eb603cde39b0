package classes

import (
	"fmt"
	"math"
)

// Check validates class codes against n rows and returns K (the largest
// code + 1). It rejects mismatched lengths, negative codes and fewer than
// two classes present.
func Check(y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("ufmi: %d labels for %d feature rows", len(y), n)
	}
	k := 0
	for i, c := range y {
		if c < 0 {
			return 0, fmt.Errorf("ufmi: label of row %d is %d; class codes must be 0..K-1 (use EncodeIntLabels)", i, c)
		}
		if c+1 > k {
			k = c + 1
		}
	}
	counts := Counts(y, nil, k)
	present := 0
	for _, c := range counts {
		if c > 0 {
			present++
		}
	}
	if present < 2 {
		return 0, fmt.Errorf("ufmi: labels hold a single class; at least two classes are needed")
	}
	return k, nil
}

// Counts counts codes 0..k-1 over the given rows (all rows when idx is nil).
func Counts(y []int, idx []int, k int) []int {
	c := make([]int, k)
	if idx == nil {
		for _, v := range y {
			c[v]++
		}
		return c
	}
	for _, i := range idx {
		c[y[i]]++
	}
	return c
}

// Entropy returns the Shannon entropy -sum p log p of a distribution, in
// nats. Zero entries contribute nothing.
func Entropy(p []float64) float64 {
	h := 0.0
	for _, v := range p {
		if v > 0 {
			h -= v * math.Log(v)
		}
	}
	return h
}
