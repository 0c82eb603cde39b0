package ufmi

import "math/rand/v2"

// gaussianData draws n rows of d standard normal features from the PCG
// generator (seed, stream). After drawing each row it calls label, which
// returns the row's class and may shift the row or draw more numbers from
// rng; the draws interleave row by row, so each seed gives fixed data.
func gaussianData(n, d int, seed, stream uint64, label func(row []float64, rng *rand.Rand) int) (*Features, []int) {
	rng := rand.New(rand.NewPCG(seed, stream))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
		}
		y[i] = label(rows[i], rng)
	}
	x, _ := NewFeatures(rows)
	return x, y
}

// separatedData draws the paper's separated setting in d dimensions:
// class 0 ~ N((+1,0,...), I), class 1 ~ N((-1,0,...), I), prior 1/2.
func separatedData(n, d int, seed uint64) (*Features, []int) {
	return gaussianData(n, d, seed, 31, func(row []float64, rng *rand.Rand) int {
		if rng.IntN(2) == 1 {
			row[0]--
			return 1
		}
		row[0]++
		return 0
	})
}

// benchData draws n rows of d standard normal features whose label depends
// on the first two features, so trees grow to realistic depths.
func benchData(n, d int, seed uint64) (*Features, []int) {
	return gaussianData(n, d, seed, 1, func(row []float64, rng *rand.Rand) int {
		if row[0]+row[1]+rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
}

// repeat returns n copies of v.
func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}
