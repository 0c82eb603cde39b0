package knn

import "testing"

// BenchmarkKSG times KSG at the benchmark target: n = 10,000 rows of the
// separated setting with d = 20 features (21 coordinates with the label).
func BenchmarkKSG(b *testing.B) {
	x, y := knnGaussianData(b, 1, 10000, 20, []float64{.5, .5}, knnSeparatedMeans)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := KSG(x, y, Config{}, 0, 0); err != nil {
			b.Fatal(err)
		}
	}
}
