package ufmi

import (
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/internal/synth"
)

// features wraps rows drawn by a generator into Features.
func features(rows [][]float64, y []int) (*Features, []int) {
	x, err := NewFeatures(rows)
	if err != nil {
		panic(err)
	}
	return x, y
}

// gaussianData is synth.Gaussian as Features.
func gaussianData(n, d int, seed, stream uint64, label func(row []float64, rng *rand.Rand) int) (*Features, []int) {
	return features(synth.Gaussian(n, d, seed, stream, label))
}

// separatedData is synth.Separated as Features.
func separatedData(n, d int, seed uint64) (*Features, []int) {
	return features(synth.Separated(n, d, seed))
}

// benchData is synth.Bench as Features.
func benchData(n, d int, seed uint64) (*Features, []int) { return features(synth.Bench(n, d, seed)) }

// repeat returns n copies of v.
func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}
