package tree

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/internal/synth"
)

// codes32 copies class codes into the builder's int32 form.
func codes32(y []int) []int32 {
	out := make([]int32, len(y))
	for i, c := range y {
		out[i] = int32(c)
	}
	return out
}

func TestWeightedFeatureDrawFrequencies(t *testing.T) {
	t.Parallel()
	rows, y := synth.Separated(50, 3, 1)
	params, err := Config{MaxFeatures: FeatureCount(1), FeatureWeights: []float64{1, 3, 0}}.Resolve(3)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder(NewPresort(synth.Columns(rows), nil), codes32(y), 2, params)
	b.rng = rand.New(rand.NewPCG(4, 4))
	const draws = 40000
	first := make([]int, 3)
	for range draws {
		if got := b.weightedOrder(); got != 2 {
			t.Fatalf("weightedOrder reports %d drawable features, want 2", got)
		}
		first[b.features[0]]++
	}
	// P(first = feature 0) = 1/4, feature 1: 3/4, feature 2 (weight 0): never.
	if p := float64(first[0]) / draws; math.Abs(p-0.25) > 0.01 || first[2] != 0 {
		t.Errorf("first draws %v: want about 1/4 for feature 0 and none for feature 2", first)
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
			rows, y := synth.Bench(n, 20, 1)
			params, err := Config{}.Resolve(20)
			if err != nil {
				b.Fatal(err)
			}
			builder := NewBuilder(NewPresort(synth.Columns(rows), nil), codes32(y), 2, params)
			b.ResetTimer()
			growSubsampleTrees(b, builder, n)
		})
	}
}

// growSubsampleTrees grows one tree per benchmark iteration on a subsample
// of 63.2% of the n rows and reports the work per tree in row-levels and
// the time per row-level.
func growSubsampleTrees(b *testing.B, builder *Builder, n int) {
	mult := make([]int32, n)
	work, trees := 0, 0
	for b.Loop() {
		rng := seeds.Stream(1, seeds.Tree, trees)
		clear(mult)
		for _, i := range rng.Perm(n)[:int(0.632*float64(n))] {
			mult[i] = 1
		}
		tree, counts := builder.Grow(mult, nil, rng)
		work += rowLevels(tree, counts, 2)
		trees++
	}
	b.ReportMetric(float64(work)/float64(trees), "row-levels/tree")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(work), "ns/row-level")
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

// BenchmarkGrowTreeKinds grows the trees of BenchmarkGrowTree at n =
// 10,000 on the same data in four forms: numeric (continuous values);
// binned, every feature cut into 16 bins, as numbers; categorical, the same
// bins as 16 levels; and missing, the continuous values with 10% of the
// cells missing at random; and the numeric form by oblique trees. It reports the time per tree and per row-level,
// so that the categorical and missing-aware scans can be compared with the
// numeric one on the same work.
func BenchmarkGrowTreeKinds(b *testing.B) {
	const n, d = 10000, 20
	rows, y := synth.Bench(n, d, 1)
	cols := synth.Columns(rows)
	binned, missing := make([][]float64, d), make([][]float64, d)
	rng := rand.New(rand.NewPCG(2, 2))
	for j, col := range cols {
		binned[j], missing[j] = make([]float64, n), slices.Clone(col)
		for i, v := range col {
			binned[j][i] = math.Min(15, math.Max(0, math.Floor(4*v+8)))
			if rng.Float64() < 0.1 {
				missing[j][i] = math.NaN()
			}
		}
	}
	all := make([]bool, d)
	for j := range all {
		all[j] = true
	}
	for _, c := range []struct {
		name        string
		cols        [][]float64
		categorical []bool
		oblique     bool
	}{{"numeric", cols, nil, false}, {"binned", binned, nil, false}, {"categorical", binned, all, false}, {"missing", missing, nil, false},
		{"oblique", cols, nil, true}} {
		b.Run(c.name, func(b *testing.B) {
			params, err := Config{Oblique: c.oblique}.Resolve(d)
			if err != nil {
				b.Fatal(err)
			}
			builder := NewBuilder(NewPresort(c.cols, c.categorical), codes32(y), 2, params)
			growSubsampleTrees(b, builder, n)
		})
	}
}

// A builder reused through Scratch, LeafOfEveryRow and Relabel grows the
// trees fresh builders grow, and gives every row, in the sample or not, the
// leaf LeafOf finds: on coarse numeric values (rows outside a node's sample
// often fall between its split values), and on numeric and categorical
// columns with missing cells.
func TestReusedBuilderGrowsTheSameTrees(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	const n, k = 400, 3
	coarse, yCoarse := smallColumns(rng, n, 3, k)
	mixed, cat, yMixed := mixedColumns(rng, n, 4, 5, 0.15)
	for _, data := range []struct {
		cols [][]float64
		cat  []bool
		y    []int
		k    int
	}{{coarse, nil, yCoarse, k}, {mixed, cat, yMixed, 2}} {
		d := len(data.cols)
		sorted := NewPresort(data.cols, data.cat)
		for _, cfg := range []Config{{}, {Criterion: Entropy}, {MinSamplesLeaf: 3, MaxFeatures: FeatureCount(2)}} {
			params, err := cfg.Resolve(d)
			if err != nil {
				t.Fatal(err)
			}
			reused := NewBuilder(sorted, codes32(data.y), data.k, params)
			reused.Scratch()
			reused.LeafOfEveryRow()
			for trial := range 6 {
				labels := data.y
				if trial%2 == 1 { // another labelling of the same features
					labels = make([]int, n)
					for i := range labels {
						labels[i] = rng.IntN(data.k)
					}
				}
				reused.Relabel(codes32(labels), data.k, params)
				mult := make([]int32, n)
				for range n / 2 {
					mult[rng.IntN(n)]++ // a bootstrap: some rows twice
				}
				if trial >= 3 {
					clear(mult)
					for _, i := range rng.Perm(n)[:n/2] {
						mult[i] = 1 // a subsample
					}
				}
				fresh := NewBuilder(sorted, codes32(labels), data.k, params)
				want, wantCounts := fresh.Grow(mult, make([]int32, n), seeds.Stream(9, seeds.Tree, trial))
				rowLeaf := make([]int32, n)
				got, gotCounts := reused.Grow(mult, rowLeaf, seeds.Stream(9, seeds.Tree, trial))
				if got.Nodes() != want.Nodes() || fmt.Sprint(gotCounts) != fmt.Sprint(wantCounts) {
					t.Fatalf("%+v trial %d: %d nodes, want %d", cfg, trial, got.Nodes(), want.Nodes())
				}
				for id := range want.Nodes() {
					g, w := got.Node(id), want.Node(id)
					if fmt.Sprint(g) != fmt.Sprint(w) || !slices.Equal(got.LeftLevels(id), want.LeftLevels(id)) {
						t.Fatalf("%+v trial %d: node %d is %+v, want %+v", cfg, trial, id, g, w)
					}
				}
				for i := range n {
					if l := want.LeafOf(data.cols, i); rowLeaf[i] != l {
						t.Fatalf("%+v trial %d: row %d (multiplicity %d) in leaf %d, LeafOf says %d", cfg, trial, i, mult[i], rowLeaf[i], l)
					}
				}
			}
		}
	}
}

// The small-node builder grows the trees the partitioning builder grows,
// with the same leaf for every row: on numeric and categorical columns
// with missing cells, with few classes (popcount scans) and more
// (gathered scans), bootstraps and subsamples.
func TestSmallNodesGrowTheSameTrees(t *testing.T) {
	t.Parallel()
	const n = 300
	for _, miss := range []float64{0, 0.3} {
		rng := rand.New(rand.NewPCG(7, 7)) // both kinds of columns
		cols, cat, y2 := mixedColumns(rng, n, 5, 4, miss)
		sorted := NewPresort(cols, cat)
		for _, k := range []int{2, 3, 4, 6} {
			y := y2
			if k > 2 {
				y = make([]int, n)
				for i := range y {
					y[i] = (y2[i] + rng.IntN(k)) % k
				}
			}
			for _, cfg := range []Config{{}, {MinSamplesLeaf: 3, MaxFeatures: FeatureCount(2)}, {MinSamplesLeaf: 2, MaxFeatures: FeatureCount(5)}} {
				params, err := cfg.Resolve(len(cols))
				if err != nil {
					t.Fatal(err)
				}
				for trial := range 4 {
					mult := make([]int32, n)
					if trial%2 == 0 {
						for range n {
							mult[rng.IntN(n)]++
						}
					} else {
						for _, i := range rng.Perm(n)[:n/2] {
							mult[i] = 1
						}
					}
					grow := func(small bool) (*Tree, []float64, []int32) {
						b := NewBuilder(sorted, codes32(y), k, params)
						b.noSmall = !small
						b.LeafOfEveryRow()
						rowLeaf := make([]int32, n)
						tree, counts := b.Grow(mult, rowLeaf, seeds.Stream(11, seeds.Tree, trial))
						return tree, counts, rowLeaf
					}
					want, wantCounts, wantLeaf := grow(false)
					got, gotCounts, gotLeaf := grow(true)
					if got.Nodes() != want.Nodes() || !slices.Equal(gotCounts, wantCounts) || !slices.Equal(gotLeaf, wantLeaf) {
						t.Fatalf("miss %v k %d %+v trial %d: %d nodes, want %d (or other counts or leaves)", miss, k, cfg, trial, got.Nodes(), want.Nodes())
					}
					for id := range want.Nodes() {
						g, w := got.Node(id), want.Node(id)
						if fmt.Sprint(g) != fmt.Sprint(w) || !slices.Equal(got.LeftLevels(id), want.LeftLevels(id)) {
							t.Fatalf("miss %v k %d %+v trial %d: node %d is %+v, want %+v", miss, k, cfg, trial, id, g, w)
						}
					}
				}
			}
		}
	}
}

// A split between values more than the largest float64 apart is taken
// halfway (lo/2 + hi/2), as at any other unit, not at the lower value, which
// sent every row between the two values left however near the upper one.
func TestThresholdBetweenFarApartValues(t *testing.T) {
	t.Parallel()
	for _, scale := range []float64{1, 1e300, 1.7e308} {
		x := []float64{-1 * scale, -0.9 * scale, -0.8 * scale, 0.8 * scale, 0.9 * scale, 1 * scale}
		y := []int{0, 0, 0, 1, 1, 1}
		tree, _ := growStump(t, [][]float64{x}, nil, y)
		if root := tree.Node(0); root.Threshold != 0 {
			t.Errorf("scale %g: threshold %g, want 0, halfway between %g and %g", scale, root.Threshold, x[2], x[3])
		}
		if got := midpoint(0.5*scale, scale); !(got > 0.5*scale && got < scale) {
			t.Errorf("scale %g: midpoint(%g, %g) = %g, want strictly between", scale, 0.5*scale, scale, got)
		}
	}
	if got := midpoint(1, math.Nextafter(1, 2)); got != 1 {
		t.Errorf("midpoint of adjacent floats = %v, want the lower one", got)
	}
}
