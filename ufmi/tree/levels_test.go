package tree

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/classes"
)

// mixedColumns draws n rows of d features, each numeric (values 0..5) or
// categorical (codes 0..levels-1) and missing with probability missRate,
// and two classes that depend on every feature.
func mixedColumns(rng *rand.Rand, n, d, levels int, missRate float64) ([][]float64, []bool, []int) {
	cols := make([][]float64, d)
	cat := make([]bool, d)
	for j := range cols {
		cols[j] = make([]float64, n)
		cat[j] = rng.IntN(2) == 0
	}
	y := make([]int, n)
	for i := range y {
		score := rng.NormFloat64()
		for j := range cols {
			v := float64(rng.IntN(6))
			if cat[j] {
				v = float64(rng.IntN(levels))
				score += math.Sin(3 * v) // no order in the codes
			} else {
				score += v / 3
			}
			if rng.Float64() < missRate {
				v = math.NaN()
				score += 1
			}
			cols[j][i] = v
		}
		if score > 1.5 {
			y[i] = 1
		}
	}
	return cols, cat, y
}

// bruteMixedSplit tries every threshold (numeric) or every set of present
// levels (categorical) of every feature, with missing values sent left and
// right, and returns the smallest children impurity.
func bruteMixedSplit(x [][]float64, cat []bool, y []int, k int, c Criterion, minLeaf int) float64 {
	best := math.Inf(1)
	try := func(goLeft func(v float64) bool, col []float64) {
		for _, missLeft := range []bool{false, true} {
			left, right := make([]int, k), make([]int, k)
			nl, nr := 0, 0
			for i, v := range col {
				l := missLeft
				if !math.IsNaN(v) {
					l = goLeft(v)
				}
				if l {
					left[y[i]]++
					nl++
				} else {
					right[y[i]]++
					nr++
				}
			}
			if nl >= minLeaf && nr >= minLeaf {
				best = math.Min(best, impurity(left, c)+impurity(right, c))
			}
		}
	}
	for j, col := range x {
		if !cat[j] {
			for _, thr := range col {
				if !math.IsNaN(thr) {
					try(func(v float64) bool { return v <= thr }, col)
				}
			}
			continue
		}
		maxCode := 0
		for _, v := range col {
			if !math.IsNaN(v) {
				maxCode = max(maxCode, int(v))
			}
		}
		for set := 1; set < 1<<(maxCode+1); set++ {
			try(func(v float64) bool { return set&(1<<int(v)) != 0 }, col)
		}
	}
	return best
}

// TestRootSplitWithLevelsAndMissingEqualsBruteForce checks, for two
// classes, that the ordered-levels scan and the missing-value scan find
// the best split among all level subsets, thresholds and missing sides.
func TestRootSplitWithLevelsAndMissingEqualsBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 11))
	for trial := 0; trial < 300; trial++ {
		n, d := 6+rng.IntN(40), 1+rng.IntN(3)
		x, cat, y := mixedColumns(rng, n, d, 2+rng.IntN(5), []float64{0, 0.15, 0.4}[trial%3])
		if _, err := classes.CheckWithin(y, n); err != nil {
			continue
		}
		crit := Criterion(trial % 2)
		minLeaf := 1 + rng.IntN(3)
		params, err := Config{Criterion: crit, MaxDepth: 1, MinSamplesLeaf: minLeaf}.Resolve(d)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(NewPresort(x, cat), codes32(y), 2, params)
		mult := make([]int32, n)
		for i := range mult {
			mult[i] = 1
		}
		rowLeaf := make([]int32, n)
		tree, _ := b.Grow(mult, rowLeaf, rand.New(rand.NewPCG(uint64(trial), 1)))
		want := bruteMixedSplit(x, cat, y, 2, crit, minLeaf)
		counts := classes.Counts(y, nil, 2)
		if tree.Nodes() == 1 {
			if !math.IsInf(want, 1) && want < impurity(counts, crit)-1e-9 {
				t.Fatalf("trial %d: no split, but brute force improves %v to %v", trial, impurity(counts, crit), want)
			}
			continue
		}
		root := tree.Node(0)
		left, right := make([]int, 2), make([]int, 2)
		for i := 0; i < n; i++ {
			child := tree.Child(0, x[root.Feature][i])
			if child == root.Left {
				left[y[i]]++
			} else {
				right[y[i]]++
			}
			// The builder's partition and the routing rule agree.
			if leaf := tree.LeafOf(x, i); leaf != rowLeaf[i] {
				t.Fatalf("trial %d: row %d grown into leaf %d, routed to %d", trial, i, rowLeaf[i], leaf)
			}
		}
		if got := impurity(left, crit) + impurity(right, crit); math.Abs(got-want) > 1e-9 {
			t.Fatalf("trial %d (%v, min leaf %d, categorical %v): split impurity %v, brute force %v", trial, crit, minLeaf, cat, got, want)
		}
	}
}
