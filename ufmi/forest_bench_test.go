package ufmi

import (
	"math/rand/v2"
	"testing"
)

// benchData draws n rows of d standard normal features whose label depends
// on the first two features, so trees grow to realistic depths.
func benchData(n, d int, seed uint64) (*Features, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
		}
		if rows[i][0]+rows[i][1]+rng.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	x, _ := NewFeatures(rows)
	return x, y
}

func BenchmarkFitRF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitRF(x, y, ForestConfig{Trees: 300, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFitUF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitUF(x, y, PaperUF()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPredictRF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	f, err := FitRF(x, y, ForestConfig{Trees: 300, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.PredictProba(x, 0); err != nil {
			b.Fatal(err)
		}
	}
}
