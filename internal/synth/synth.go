package synth

import (
	"math"
	"math/rand/v2"
)

// Gaussian draws n rows of d standard normal features from the PCG
// generator (seed, stream). After drawing each row it calls label, which
// returns the row's class and may shift the row or draw more numbers from
// rng; the draws interleave row by row, so each seed gives fixed data.
func Gaussian(n, d int, seed, stream uint64, label func(row []float64, rng *rand.Rand) int) ([][]float64, []int) {
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
	return rows, y
}

// Separated draws the paper's separated setting in d dimensions:
// class 0 ~ N((+1,0,...), I), class 1 ~ N((-1,0,...), I), prior 1/2.
func Separated(n, d int, seed uint64) ([][]float64, []int) {
	return Gaussian(n, d, seed, 31, func(row []float64, rng *rand.Rand) int {
		if rng.IntN(2) == 1 {
			row[0]--
			return 1
		}
		row[0]++
		return 0
	})
}

// Bench draws n rows of d standard normal features whose label depends on
// the first two features plus noise, so trees grow to realistic depths.
func Bench(n, d int, seed uint64) ([][]float64, []int) {
	return Gaussian(n, d, seed, 1, func(row []float64, rng *rand.Rand) int {
		if row[0]+row[1]+rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
}

// Columns turns rows into columns: out[j][i] = rows[i][j].
func Columns(rows [][]float64) [][]float64 {
	if len(rows) == 0 {
		return nil
	}
	out := make([][]float64, len(rows[0]))
	for j := range out {
		out[j] = make([]float64, len(rows))
		for i, r := range rows {
			out[j][i] = r[j]
		}
	}
	return out
}

// Poisson draws a count of mean m from rng by Knuth's product of uniforms
// (its cost grows with m; the counts drawn here have small means).
func Poisson(rng *rand.Rand, m float64) int {
	k, p := 0, math.Exp(-m)
	for u := rng.Float64(); u > p; u *= rng.Float64() {
		k++
	}
	return k
}
