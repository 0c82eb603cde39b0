package ufmi

import (
	"testing"
)

func BenchmarkFitRF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitRF(x, y, ForestConfig{Trees: 300}, Runtime{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFitUF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitUF(x, y, PaperUF(), Runtime{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPredictRF(b *testing.B) {
	x, y := benchData(10000, 20, 1)
	f, err := FitRF(x, y, ForestConfig{Trees: 300}, Runtime{Seed: 1})
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
