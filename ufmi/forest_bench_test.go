package ufmi

import (
	"fmt"
	"testing"
)

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

// BenchmarkGrowTree grows one fully grown tree (63.2% subsample, all
// features, leaves of one row) at 10,000 and 100,000 rows and reports the
// tree's work, the sum of the sizes of the nodes it split ("row-levels":
// every split scans and partitions each of its rows once per feature), and
// the time per row-level. Constant time per row-level means fit time grows
// exactly as the trees' work does, with no cache penalty at large n.
func BenchmarkGrowTree(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			x, y := benchData(n, 20, 1)
			f := newForest(x, y, 2, 1)
			params, err := TreeConfig{}.resolve(x.d)
			if err != nil {
				b.Fatal(err)
			}
			builder := newTreeBuilder(x, f.labels, 2, params, newPresort(x))
			mult := make([]int32, n)
			work, trees := 0, 0
			b.ResetTimer()
			for b.Loop() {
				rng := streamRNG(1, trees)
				clear(mult)
				drawSample(rng, mult, int(0.632*float64(n)), Subsample)
				tree, counts := builder.grow(mult, rng)
				work += rowLevels(tree, counts, 2)
				trees++
			}
			b.ReportMetric(float64(work)/float64(trees), "row-levels/tree")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(work), "ns/row-level")
		})
	}
}

// rowLevels is the sum over a tree's leaves of (sample rows in the leaf) ×
// (the leaf's depth), which equals the sum of the sizes of its split nodes.
func rowLevels(t *Tree, leafCounts []float64, k int) int {
	total := 0
	var walk func(id int32, depth int)
	walk = func(id int32, depth int) {
		nd := t.nodes[id]
		if nd.feature < 0 {
			rows := 0.0
			for _, c := range leafCounts[int(nd.leaf)*k : int(nd.leaf)*k+k] {
				rows += c
			}
			total += int(rows) * depth
			return
		}
		walk(nd.left, depth+1)
		walk(nd.right, depth+1)
	}
	walk(0, 0)
	return total
}
