package tree

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// obliqueData draws n rows of d columns, column by column: continuous or
// coarse (ties) numeric columns and, when withCat, some categorical ones;
// each column misses its cells at a rate of its own, up to missRate (some
// columns miss none). The k classes depend on a linear combination of the
// numeric columns plus noise.
func obliqueData(rng *rand.Rand, n, d, k int, withCat bool, missRate float64) ([][]float64, []bool, []int) {
	cols, cat := make([][]float64, d), make([]bool, d)
	coef, miss := make([]float64, d), make([]float64, d)
	for j := range cols {
		cols[j] = make([]float64, n)
		cat[j] = withCat && rng.IntN(4) == 0
		coef[j] = rng.NormFloat64()
		if rng.IntN(2) == 0 {
			miss[j] = missRate * rng.Float64()
		}
	}
	y := make([]int, n)
	for i := range y {
		score := 0.5 * rng.NormFloat64()
		for j := range cols {
			v := rng.NormFloat64()
			switch {
			case cat[j]:
				v = float64(rng.IntN(5))
				score += 0.3 * math.Sin(3*v)
			case j%3 == 2:
				v = math.Round(2 * v) // ties
				score += coef[j] * v / 2
			default:
				score += coef[j] * v
			}
			if rng.Float64() < miss[j] {
				v = math.NaN()
			}
			cols[j][i] = v
		}
		y[i] = int(math.Floor(float64(k) * (math.Tanh(score/2) + 1) / 2))
		y[i] = min(y[i], k-1)
	}
	return cols, cat, y
}

// row returns row i of column-major data.
func row(cols [][]float64, i int) []float64 {
	x := make([]float64, len(cols))
	for j, c := range cols {
		x[j] = c[i]
	}
	return x
}

// Oblique trees partition: every row, in the sample or not, reaches one
// leaf, the same by the builder's rowLeaf, LeafOf, Apply and a walk by
// ChildOf; each leaf's class counts are those of the sample rows it holds;
// oblique splits hold distinct numeric columns weighted ±1. On random data
// of 1-20 numeric columns, some categorical, some cells missing, under
// both criteria and several leaf sizes, projection sizes, weights,
// bootstraps and subsamples.
func TestObliqueTreesPartition(t *testing.T) {
	t.Parallel()
	obliqueNodes, trees := 0, 0
	for seed := range 120 { // seeds 60 and up: MeanDifferences
		rng := rand.New(rand.NewPCG(uint64(seed), 17))
		d := 1 + rng.IntN(20)
		n := 50 + rng.IntN(400)
		k := 2 + rng.IntN(2)
		cols, cat, y := obliqueData(rng, n, d, k, seed%3 != 0, []float64{0, 0.1, 0.3}[seed%3])
		// Classes must run 0..k-1 for the counts below; k is only a bound.
		cfg := Config{Oblique: true, Criterion: Criterion(seed % 2), MinSamplesLeaf: 1 + rng.IntN(4),
			MaxFeatures: FeatureCount(1 + rng.IntN(d)), ObliqueNonZeros: []float64{0, 1, 2, 2.7, 5, 100}[seed%6],
			ObliqueDirections: ObliqueDirections(seed / 60)}
		if seed%5 == 4 {
			cfg.FeatureWeights = make([]float64, d)
			for j := range cfg.FeatureWeights {
				cfg.FeatureWeights[j] = float64(rng.IntN(3))
			}
			cfg.FeatureWeights[rng.IntN(d)] = 1
		}
		params, err := cfg.Resolve(d)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(NewPresort(cols, cat), codes32(y), k, params)
		b.LeafOfEveryRow()
		for trial := range 3 {
			mult := make([]int32, n)
			if trial == 1 {
				for _, i := range rng.Perm(n)[:n/2] {
					mult[i] = 1
				}
			} else {
				for range n {
					mult[rng.IntN(n)]++
				}
			}
			rowLeaf := make([]int32, n)
			tree, counts := b.Grow(mult, rowLeaf, seeds.Stream(uint64(seed), seeds.Tree, trial))
			trees++
			name := fmt.Sprintf("seed %d (d %d, %+v) trial %d", seed, d, cfg, trial)
			leafCounts := make([]float64, tree.Leaves()*k)
			for i := range n {
				leaf := tree.LeafOf(cols, i)
				if leaf != rowLeaf[i] || tree.Apply(row(cols, i)) != int(leaf) {
					t.Fatalf("%s: row %d (multiplicity %d): rowLeaf %d, LeafOf %d, Apply %d", name, i, mult[i], rowLeaf[i], leaf, tree.Apply(row(cols, i)))
				}
				id := 0
				for tree.Node(id).Feature >= 0 {
					id = tree.ChildOf(id, cols, i)
				}
				if tree.Node(id).Leaf != int(leaf) {
					t.Fatalf("%s: row %d: ChildOf walks to leaf %d, LeafOf says %d", name, i, tree.Node(id).Leaf, leaf)
				}
				leafCounts[int(leaf)*k+y[i]] += float64(mult[i])
			}
			if !slices.Equal(leafCounts, counts) {
				t.Fatalf("%s: leaf class counts %v, the rows routed there hold %v", name, counts, leafCounts)
			}
			for id := range tree.Nodes() {
				nd := tree.Node(id)
				features, weights := tree.Projection(id)
				if !nd.Oblique {
					if features != nil {
						t.Fatalf("%s: node %d is not oblique but has a projection", name, id)
					}
					continue
				}
				obliqueNodes++
				if len(features) < 2 || features[0] != nd.Feature || nd.Categorical || math.IsNaN(nd.Threshold) {
					t.Fatalf("%s: oblique node %d %+v with projection %v %v", name, id, nd, features, weights)
				}
				seen := map[int]bool{}
				for c, j := range features {
					badWeight := math.Abs(weights[c]) != 1
					if cfg.ObliqueDirections == MeanDifferences {
						badWeight = weights[c] == 0 || math.IsNaN(weights[c]) || math.IsInf(weights[c], 0)
					}
					if cat[j] || seen[j] || badWeight || (cfg.FeatureWeights != nil && cfg.FeatureWeights[j] == 0) {
						t.Fatalf("%s: oblique node %d: projection %v %v", name, id, features, weights)
					}
					seen[j] = true
				}
			}
		}
	}
	t.Logf("%d oblique nodes in %d trees", obliqueNodes, trees)
	if obliqueNodes < 5*trees {
		t.Errorf("%d oblique splits in %d trees: the test hardly tests them", obliqueNodes, trees)
	}
}

// The same seed grows the same oblique tree, whether the builder is fresh
// or reused (Scratch, another tree grown in between).
func TestObliqueTreesAreReproducible(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	const n, d = 300, 8
	cols, cat, y := obliqueData(rng, n, d, 2, true, 0.1)
	params, err := Config{Oblique: true, MaxFeatures: FeatureCount(3)}.Resolve(d)
	if err != nil {
		t.Fatal(err)
	}
	sorted := NewPresort(cols, cat)
	mult := make([]int32, n)
	for range n {
		mult[rng.IntN(n)]++
	}
	dump := func(tr *Tree) string {
		s := ""
		for id := range tr.Nodes() {
			f, w := tr.Projection(id)
			s += fmt.Sprint(tr.Node(id), tr.LeftLevels(id), f, w, "\n")
		}
		return s
	}
	fresh, _ := NewBuilder(sorted, codes32(y), 2, params).Grow(mult, nil, seeds.Stream(5, seeds.Tree, 1))
	want := dump(fresh)
	reused := NewBuilder(sorted, codes32(y), 2, params)
	reused.Scratch()
	reused.Grow(mult, nil, seeds.Stream(5, seeds.Tree, 0))
	got, _ := reused.Grow(mult, nil, seeds.Stream(5, seeds.Tree, 1))
	if dump(got) != want {
		t.Errorf("a reused builder grew another tree:\n%s\nwant\n%s", dump(got), want)
	}
}

func TestObliqueConfigResolve(t *testing.T) {
	t.Parallel()
	for _, nz := range []float64{-1, 0.5, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := (Config{Oblique: true, ObliqueNonZeros: nz}).Resolve(3); err == nil {
			t.Errorf("non-zeros %v accepted", nz)
		}
	}
	for _, c := range []struct {
		nz, want float64
		bytes    int // a header and at most ceil(nz) terms, at most d = 3
	}{{0, DefaultObliqueNonZeros, 48}, {1, 1, 32}, {2.5, 2.5, 64}, {1e9, 1e9, 64}} {
		p, err := (Config{Oblique: true, ObliqueNonZeros: c.nz}).Resolve(3)
		if err != nil || !p.oblique || p.nonZeros != c.want || p.SplitBytes() != c.bytes {
			t.Errorf("non-zeros %v: %+v, %v, split bytes %d", c.nz, p, err, p.SplitBytes())
		}
	}
	if _, err := (Config{Oblique: true, ObliqueDirections: 3}).Resolve(3); err == nil {
		t.Error("unknown oblique directions accepted")
	}
	if p, err := (Config{Oblique: true, ObliqueDirections: MeanDifferences}).Resolve(3); err != nil || p.SplitBytes() != 64 {
		t.Errorf("mean differences: %+v, %v: want split bytes 64 (dense)", p, err)
	}
	if p, _ := (Config{ObliqueNonZeros: 3}).Resolve(3); p.oblique || p.SplitBytes() != 0 {
		t.Errorf("axis-aligned trees: %+v, split bytes %d", p, p.SplitBytes())
	}
}

// On 2-D data whose classes are separated by the line x1 + x2 = 0, an
// oblique tree reaches a pure partition of its rows with far fewer leaves
// than an axis-aligned one.
func TestObliqueTreesFitARotatedBoundaryWithFewerLeaves(t *testing.T) {
	t.Parallel()
	const n = 2000
	rng := rand.New(rand.NewPCG(8, 8))
	cols, y := rotatedBoundary(rng, n)
	sorted := NewPresort(cols, nil)
	mult := make([]int32, n)
	for i := range mult {
		mult[i] = 1
	}
	leaves := func(oblique bool) float64 {
		params, err := Config{Oblique: oblique, ObliqueNonZeros: 2}.Resolve(2)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(sorted, codes32(y), 2, params)
		total := 0
		for tr := range 10 {
			tree, counts := b.Grow(mult, nil, seeds.Stream(1, seeds.Tree, tr))
			for l := range tree.Leaves() {
				if counts[2*l] > 0 && counts[2*l+1] > 0 {
					t.Fatalf("oblique %v: leaf %d is not pure: %v", oblique, l, counts[2*l:2*l+2])
				}
			}
			total += tree.Leaves()
		}
		return float64(total) / 10
	}
	axis, oblique := leaves(false), leaves(true)
	t.Logf("mean leaves: axis-aligned %.1f, oblique %.1f", axis, oblique)
	if oblique > axis/3 {
		t.Errorf("oblique trees have %.1f leaves, axis-aligned ones %.1f: want at most a third", oblique, axis)
	}
}

// Child, which takes one value, refuses an oblique split; ChildOf routes
// any node as Child does at the others.
func TestChildAtObliqueSplits(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(6, 6))
	const n, d = 300, 5
	cols, cat, y := obliqueData(rng, n, d, 2, true, 0.1)
	params, err := Config{Oblique: true, ObliqueNonZeros: 2}.Resolve(d)
	if err != nil {
		t.Fatal(err)
	}
	mult := make([]int32, n)
	for i := range mult {
		mult[i] = 1
	}
	tree, _ := NewBuilder(NewPresort(cols, cat), codes32(y), 2, params).Grow(mult, nil, seeds.Stream(2, seeds.Tree, 0))
	oblique := 0
	for id := range tree.Nodes() {
		nd := tree.Node(id)
		if nd.Feature < 0 {
			continue
		}
		if !nd.Oblique {
			for i := range n {
				if tree.Child(id, cols[nd.Feature][i]) != tree.ChildOf(id, cols, i) {
					t.Fatalf("node %d, row %d: Child and ChildOf disagree", id, i)
				}
			}
			continue
		}
		oblique++
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Child at oblique node %d did not panic", id)
				}
			}()
			tree.Child(id, cols[nd.Feature][0])
		}()
	}
	if oblique == 0 {
		t.Fatal("no oblique split")
	}
}

// sortZ orders projections as floats do, on short and long inputs with
// many equal values, signed zeros, huge and tiny magnitudes; so does the
// heapsort behind it.
func TestSortZ(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(10, 10))
	specials := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1), 1, -1}
	for trial := range 300 {
		n := rng.IntN(600)
		zs, entries := make([]float64, n), make([]zEntry, n)
		for i := range zs {
			switch rng.IntN(4) {
			case 0:
				zs[i] = specials[rng.IntN(len(specials))]
			case 1:
				zs[i] = float64(rng.IntN(5) - 2)
			default:
				zs[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
			}
			entries[i] = zEntry{key: zKey(zs[i]), class: uint16(i % 7)}
		}
		var got []zEntry
		if trial%5 == 0 {
			got = slices.Clone(entries)
			heapSortZ(got)
		} else {
			got = sortZ(slices.Clone(entries), make([]zEntry, n))
		}
		slices.Sort(zs)
		classes := map[[2]uint64]int{} // (key, class) pairs kept
		for _, e := range entries {
			classes[[2]uint64{e.key, uint64(e.class)}]++
		}
		for i, e := range got {
			if z := keyZ(e.key); z != zs[i] || (z == 0 && math.Signbit(z)) {
				t.Fatalf("trial %d (n %d): position %d holds %v, want %v (zero as +0)", trial, n, i, z, zs[i])
			}
			classes[[2]uint64{e.key, uint64(e.class)}]--
		}
		for k, v := range classes {
			if v != 0 {
				t.Fatalf("trial %d: entry %v lost or duplicated", trial, k)
			}
		}
	}
}

// On 2-D data whose classes are separated by the line x1 + x2 = 0, the
// root of a MeanDifferences tree splits along (1, 1) (the classes' mean
// difference) near the boundary: its children are nearly pure. Trees grown
// again with the same seed, by a reused builder, are the same.
func TestMeanDifferencesFindTheRotatedBoundary(t *testing.T) {
	t.Parallel()
	const n = 2000
	rng := rand.New(rand.NewPCG(8, 8))
	cols, y := rotatedBoundary(rng, n)
	sorted := NewPresort(cols, nil)
	mult := make([]int32, n)
	for range n {
		mult[rng.IntN(n)]++
	}
	params, err := Config{Oblique: true, ObliqueDirections: MeanDifferences}.Resolve(2)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder(sorted, codes32(y), 2, params)
	reused := NewBuilder(sorted, codes32(y), 2, params)
	reused.Scratch()
	for tr := range 5 {
		tree, _ := b.Grow(mult, nil, seeds.Stream(1, seeds.Tree, tr))
		root := tree.Node(0)
		features, weights := tree.Projection(0)
		if !root.Oblique || len(features) != 2 {
			t.Fatalf("tree %d: root %+v, projection %v %v: want an oblique split on both columns", tr, root, features, weights)
		}
		w := [2]float64{}
		for c, j := range features {
			w[j] = weights[c]
		}
		if cos := (w[0] + w[1]) / math.Sqrt(2*(w[0]*w[0]+w[1]*w[1])); cos < 0.99 {
			t.Errorf("tree %d: direction %v, cosine %.4f with (1, 1)", tr, w, cos)
		}
		wrong, total := 0, 0
		for i := range n {
			left := w[0]*cols[0][i]+w[1]*cols[1][i] <= root.Threshold
			if left == (y[i] == 1) {
				wrong += int(mult[i])
			}
			total += int(mult[i])
		}
		if tr == 0 {
			t.Logf("direction %v, threshold %.4f, %d of %d rows misrouted", w, root.Threshold, wrong, total)
		}
		if float64(wrong) > 0.02*float64(total) {
			t.Errorf("tree %d: the root misroutes %d of %d rows", tr, wrong, total)
		}
		again, _ := reused.Grow(mult, nil, seeds.Stream(1, seeds.Tree, tr))
		if a, b := treeText(tree), treeText(again); a != b {
			t.Fatalf("tree %d: a reused builder grew another tree:\n%s\nwant\n%s", tr, b, a)
		}
	}
}

// treeText spells a tree's nodes and projections.
func treeText(tr *Tree) string {
	s := ""
	for id := range tr.Nodes() {
		f, w := tr.Projection(id)
		s += fmt.Sprint(tr.Node(id), tr.LeftLevels(id), f, w, "\n")
	}
	return s
}

// rotatedBoundary draws n rows of two N(0, 1) columns labelled 1 above the
// line x1 + x2 = 0, 0 below it.
func rotatedBoundary(rng *rand.Rand, n int) ([][]float64, []int) {
	cols := [][]float64{make([]float64, n), make([]float64, n)}
	y := make([]int, n)
	for i := range y {
		cols[0][i], cols[1][i] = rng.NormFloat64(), rng.NormFloat64()
		if cols[0][i]+cols[1][i] > 0 {
			y[i] = 1
		}
	}
	return cols, y
}

// meanTree grows one MeanDifferences tree on columns cols and labels y
// (two classes), every row once.
func meanTree(t *testing.T, cols [][]float64, y []int, seed uint64) *Tree {
	t.Helper()
	return directionTree(t, cols, y, seed, MeanDifferences)
}

// directionTree grows one oblique tree whose directions follow rule on
// columns cols and labels y (two classes), every row once.
func directionTree(t *testing.T, cols [][]float64, y []int, seed uint64, rule ObliqueDirections) *Tree {
	t.Helper()
	params, err := Config{Oblique: true, ObliqueDirections: rule}.Resolve(len(cols))
	if err != nil {
		t.Fatal(err)
	}
	mult := make([]int32, len(y))
	for i := range mult {
		mult[i] = 1
	}
	b := NewBuilder(NewPresort(cols, nil), codes32(y), 2, params)
	tree, _ := b.Grow(mult, nil, seeds.Stream(seed, seeds.Tree, 0))
	return tree
}

// On two Gaussian classes N(±μ, I) in 10 dimensions, the posterior depends
// on μ·x alone: below the first splits, a node's class means differ along
// its ancestor's direction only, so most oblique nodes reuse the direction
// of their nearest oblique ancestor instead of a noisier one of their own.
func TestMeanDifferenceNodesInheritTheirAncestorsDirection(t *testing.T) {
	t.Parallel()
	const n, d = 2000, 10
	rng := rand.New(rand.NewPCG(4, 4))
	cols, y := make([][]float64, d), make([]int, n)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	for i := range y {
		y[i] = rng.IntN(2)
		for j := range cols {
			cols[j][i] = rng.NormFloat64() + float64(2*y[i]-1)*0.3/math.Sqrt(float64(j+1))
		}
	}
	tree := meanTree(t, cols, y, 1)
	parent := map[int]int{}
	for id := range tree.Nodes() {
		if nd := tree.Node(id); nd.Feature >= 0 {
			parent[nd.Left], parent[nd.Right] = id, id
		}
	}
	oblique, inherited := 0, 0
	for id := range tree.Nodes() {
		if !tree.Node(id).Oblique || id == 0 {
			continue
		}
		oblique++
		f, w := tree.Projection(id)
		for a, ok := parent[id]; ok; a, ok = parent[a] {
			if tree.Node(a).Oblique {
				fa, wa := tree.Projection(a)
				if slices.Equal(f, fa) && slices.Equal(w, wa) {
					inherited++
				}
				break
			}
		}
	}
	t.Logf("%d of %d oblique nodes below the root reuse their ancestor's direction", inherited, oblique)
	if oblique < 20 || 2*inherited < oblique {
		t.Errorf("%d of %d oblique nodes below the root reuse their ancestor's direction: want at least half of at least 20", inherited, oblique)
	}
}

// On XOR data (the class is the sign of x1·x2) the class means do not
// differ: the root of a MeanDifferences tree is axis-aligned, where a
// direction from noise would be an arbitrary cut, and the tree still
// separates the classes (its leaves' majority labels fit the rows).
func TestMeanDifferencesLeaveXORToAxisAlignedSplits(t *testing.T) {
	t.Parallel()
	const n = 2000
	rng := rand.New(rand.NewPCG(5, 5))
	cols, y := [][]float64{make([]float64, n), make([]float64, n)}, make([]int, n)
	for i := range y {
		cols[0][i], cols[1][i] = rng.NormFloat64(), rng.NormFloat64()
		if cols[0][i]*cols[1][i] > 0 {
			y[i] = 1
		}
	}
	for seed := range uint64(5) {
		tree := meanTree(t, cols, y, seed)
		if root := tree.Node(0); root.Oblique {
			f, w := tree.Projection(0)
			t.Errorf("seed %d: the root splits on the projection %v %v: want an axis-aligned split", seed, f, w)
		}
		votes := make([][2]int, tree.Leaves())
		for i := range y {
			votes[tree.LeafOf(cols, i)][y[i]]++
		}
		wrong := 0
		for _, v := range votes {
			wrong += min(v[0], v[1])
		}
		if wrong > n/20 {
			t.Errorf("seed %d: %d of %d rows against their leaf's majority", seed, wrong, n)
		}
	}
}
