package ufmi

import "math/rand/v2"

// streamRNG returns the generator of stream i under seed: tree i of a forest,
// permutation i of a test, fold i of a calibration. Streams depend only on
// (seed, i), so results never depend on how work is spread over goroutines.
func streamRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15^uint64(i+1)*0xBF58476D1CE4E5B9))
}
