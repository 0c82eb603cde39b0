package tree

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/internal/synth"
)

// smallColumns draws n rows of d features with few distinct values (so
// ties are common), column by column, and k classes that depend on the
// first feature.
func smallColumns(rng *rand.Rand, n, d, k int) ([][]float64, []int) {
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	y := make([]int, n)
	for i := range y {
		for j := range cols {
			cols[j][i] = float64(rng.IntN(6))
		}
		y[i] = (int(cols[0][i]) + rng.IntN(3)) % k
	}
	return cols, y
}

// impurity is the node-size-weighted impurity of a set of class counts.
func impurity(counts []int, c Criterion) float64 {
	n := 0
	for _, v := range counts {
		n += v
	}
	if n == 0 {
		return 0
	}
	h := 0.0
	for _, v := range counts {
		p := float64(v) / float64(n)
		if c == Gini {
			h += p * (1 - p)
		} else if v > 0 {
			h -= p * math.Log(p)
		}
	}
	return float64(n) * h
}

// bruteBestSplit tries every feature and every threshold between distinct
// values and returns the smallest children impurity.
func bruteBestSplit(x [][]float64, y []int, k int, c Criterion, minLeaf int) float64 {
	best := math.Inf(1)
	for j := range x {
		for i := range x[j] {
			thr := x[j][i]
			left, right := make([]int, k), make([]int, k)
			nl, nr := 0, 0
			for r := range x[j] {
				if x[j][r] <= thr {
					left[y[r]]++
					nl++
				} else {
					right[y[r]]++
					nr++
				}
			}
			if nl < minLeaf || nr < minLeaf {
				continue
			}
			best = math.Min(best, impurity(left, c)+impurity(right, c))
		}
	}
	return best
}

func TestRootSplitEqualsBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 200; trial++ {
		n, d, k := 5+rng.IntN(40), 1+rng.IntN(4), 2+rng.IntN(3)
		x, y := smallColumns(rng, n, d, k)
		if _, err := classes.CheckWithin(y, n); err != nil {
			continue
		}
		crit := Criterion(trial % 2)
		minLeaf := 1 + rng.IntN(3)
		params, err := Config{Criterion: crit, MaxDepth: 1, MinSamplesLeaf: minLeaf}.Resolve(d)
		if err != nil {
			t.Fatal(err)
		}
		kk := 0
		for _, v := range y {
			kk = max(kk, v+1)
		}
		y32 := make([]int32, n)
		for i, v := range y {
			y32[i] = int32(v)
		}
		b := NewBuilder(NewPresort(x, nil), y32, kk, params)
		mult := make([]int32, n)
		for i := range mult {
			mult[i] = 1
		}
		tree, _ := b.Grow(mult, nil, rand.New(rand.NewPCG(uint64(trial), 1)))
		want := bruteBestSplit(x, y, kk, crit, minLeaf)
		counts := classes.Counts(y, nil, kk)
		if tree.Nodes() == 1 {
			if !math.IsInf(want, 1) && impurity(counts, crit) > 1e-12 {
				t.Fatalf("trial %d: tree made no split but brute force found one of impurity %v", trial, want)
			}
			continue
		}
		root := tree.Node(0)
		f, thr := root.Feature, root.Threshold
		left, right := make([]int, kk), make([]int, kk)
		for i := 0; i < n; i++ {
			if x[f][i] <= thr {
				left[y[i]]++
			} else {
				right[y[i]]++
			}
		}
		got := impurity(left, crit) + impurity(right, crit)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("trial %d (%v, min leaf %d): split impurity %v, brute force %v", trial, crit, minLeaf, got, want)
		}
	}
}

func TestMaxFeaturesResolve(t *testing.T) {
	t.Parallel()
	cases := []struct {
		m    MaxFeatures
		d    int
		want int
	}{
		{AllFeatures(), 20, 20}, {SqrtFeatures(), 20, 4}, {Log2Features(), 20, 4},
		{FeatureCount(3), 20, 3}, {FeatureCount(30), 20, 20}, {FeatureFraction(0.33), 20, 6},
		{FeatureFraction(0.01), 20, 1}, {SqrtFeatures().AtLeast(2), 2, 2}, {SqrtFeatures().AtLeast(2), 20, 4},
		{FeatureCount(1).AtLeast(5), 3, 3},
	}
	for _, c := range cases {
		got, err := c.m.resolve(c.d)
		if err != nil || got != c.want {
			t.Errorf("%v of %d: got %d (%v), want %d", c.m, c.d, got, err, c.want)
		}
	}
	for _, s := range []string{"0", "-1", "1.5", "abc"} {
		if _, err := ParseMaxFeatures(s); err == nil {
			t.Errorf("ParseMaxFeatures(%q) accepted", s)
		}
	}
}

// BenchmarkRouting routes every row of the training data (10,000 rows, 20
// numeric features) down one fully grown tree, by LeafOf (column-major)
// and by Apply (a row); LeafOf/oblique down an oblique tree.
func BenchmarkRouting(b *testing.B) {
	const n, d = 10000, 20
	rows, y := synth.Bench(n, d, 1)
	cols := synth.Columns(rows)
	mult := make([]int32, n)
	for i := range mult {
		mult[i] = 1
	}
	grow := func(cfg Config) *Tree {
		params, err := cfg.Resolve(d)
		if err != nil {
			b.Fatal(err)
		}
		tree, _ := NewBuilder(NewPresort(cols, nil), codes32(y), 2, params).Grow(mult, nil, seeds.Stream(1, seeds.Tree, 0))
		return tree
	}
	tree, oblique := grow(Config{}), grow(Config{Oblique: true})
	b.Run("LeafOf/oblique", func(b *testing.B) {
		sum := int32(0)
		for b.Loop() {
			for i := range n {
				sum += oblique.LeafOf(cols, i)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	})
	b.Run("LeafOf", func(b *testing.B) {
		sum := int32(0)
		for b.Loop() {
			for i := range n {
				sum += tree.LeafOf(cols, i)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	})
	b.Run("Apply", func(b *testing.B) {
		sum := 0
		for b.Loop() {
			for _, r := range rows {
				sum += tree.Apply(r)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	})
}
