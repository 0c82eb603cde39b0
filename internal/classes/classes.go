package classes

import (
	"fmt"
	"math"
)

// K checks that every code lies in 0..limit-1 and returns the number of
// classes K, the largest code + 1. Bounding the codes before anything is
// counted keeps a code such as math.MaxInt from overflowing and a code such
// as 1<<40 from allocating a count per class.
func K(y []int, limit int) (int, error) {
	k := 0
	for i, c := range y {
		if c < 0 || c >= limit {
			return 0, fmt.Errorf("ufmi: label of row %d is %d; class codes must lie in 0..%d (codes 0..K-1 with K at most the number of rows; EncodeIntLabels makes them)", i, c, limit-1)
		}
		k = max(k, c+1)
	}
	return k, nil
}

// Check validates the class codes of n rows and returns K: y must hold n
// codes in 0..n-1 (K classes need at least K rows) of at least two classes.
func Check(y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("ufmi: %d labels for %d feature rows", len(y), n)
	}
	return CheckWithin(y, n)
}

// CheckWithin validates codes in 0..limit-1, at least two classes present,
// and returns K (the largest code + 1). Subsets of checked labels (a
// training fold) use it with limit the full data's K.
func CheckWithin(y []int, limit int) (int, error) {
	k, err := K(y, limit)
	if err != nil {
		return 0, err
	}
	present := 0
	for _, c := range Counts(y, nil, k) {
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
