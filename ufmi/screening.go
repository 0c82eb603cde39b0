package ufmi

import (
	"fmt"
	"math"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// screenFeatures fits resolved cfg's pilot forest, run by rt, and returns
// feature-sampling weights from its honest importances. The pilot sees
// every row's label, so the forest's structure depends, through these d
// weights only, on rows that later vote: a mild departure from strict
// honesty, measured to pay off (bench/migrid). Where the importances are
// no larger than the same trees measure with the labels permuted
// (signalAboveNull), the weights are equal: on data without a signal the
// pilot would only pick the features that happen to follow this sample's
// labels, and the forest's rows would score their own labels through them
// (docs/inference.md, "Screening without a signal"). ScreenAlways keeps
// the pilot's weights whatever their importances.
func screenFeatures(x *Features, y []int, cfg UFConfig, rt Runtime) ([]float64, error) {
	pilot := pilotConfig(cfg)
	// The pilot streams: each tree adds its importances and is dropped.
	k, plan, err := honestPlan(x, y, pilot, rt, seeds.Pilot)
	if err != nil {
		return nil, err
	}
	imp := newScreeningImportance(x, y, k, cfg, rt.Seed)
	if err := streamForest(x, y, k, plan, func(_ int, ft *forestTree) { imp.add(ft) }); err != nil {
		return nil, err
	}
	return imp.featureWeights(cfg.PilotFloor), nil
}

// newScreeningImportance returns the importance sums of a screening pilot
// for cfg (labels y of k classes, forest seed seed): with the label
// permutations that featureWeights compares with, unless ScreenAlways.
// Every path that screens (screenFeatures, the refit test's refitter)
// starts here.
func newScreeningImportance(x *Features, y []int, k int, cfg UFConfig, seed uint64) *importance {
	nulls := screeningNullPermutations
	if cfg.ScreenAlways {
		nulls = 0
	}
	return newImportance(x, y, k).withNulls(nulls, seed)
}

// featureWeights returns the features' weights from the pilot's summed
// importances: by importance (importanceWeights, floor the pilot floor),
// or all equal where the importances show no signal above the label
// permutations' (signalAboveNull).
func (imp *importance) featureWeights(floor float64) []float64 {
	observed := imp.mean()
	if len(imp.nullSum) > 0 && !signalAboveNull(observed, imp.nullMeans()) {
		return importanceWeights(make([]float64, len(observed)), floor)
	}
	return importanceWeights(observed, floor)
}

// screeningNullPermutations is the number of label permutations whose
// importances the screening pilot's are compared with (signalAboveNull).
const screeningNullPermutations = 19

// signalAboveNull reports whether the pilot's importances imp show a
// signal: whether their largest, or the sum of their positive parts, is
// above the same statistic of every one of the importances nulls measured
// by the same trees with the labels permuted. With 19 permutations each
// statistic exceeds them all by chance one time in 20 when the labels do
// not depend on the features; the two together about one time in 10.
func signalAboveNull(imp []float64, nulls [][]float64) bool {
	largest, positive := importanceStatistics(imp)
	aboveLargest, abovePositive := true, true
	for _, null := range nulls {
		l, p := importanceStatistics(null)
		aboveLargest = aboveLargest && largest > l
		abovePositive = abovePositive && positive > p
	}
	return aboveLargest || abovePositive
}

// importanceStatistics returns the largest importance and the sum of the
// positive ones.
func importanceStatistics(imp []float64) (largest, positive float64) {
	largest = math.Inf(-1)
	for _, v := range imp {
		largest = math.Max(largest, v)
		positive += math.Max(v, 0)
	}
	return largest, positive
}

// screeningWeights returns the feature-sampling weights that the screening
// pilot of uf, run by rt (its progress counting the pilot's trees),
// measures and uf's forest draws features by, or nil when uf screens no
// features (NoScreening). GrowTreeBlock takes them.
func screeningWeights(x *Features, y []int, uf UFConfig, rt Runtime) ([]float64, error) {
	uf, err := uf.resolved()
	if err != nil || uf.NoScreening {
		return nil, err
	}
	return screenFeatures(x, y, uf, rt)
}

// pilotConfig returns the configuration of resolved cfg's pilot forest:
// PilotTrees axis-aligned trees examining all features, without weights
// or screening of their own (an oblique forest's pilot too: each of its
// splits then measures one feature).
func pilotConfig(cfg UFConfig) UFConfig {
	pilot := cfg
	pilot.Trees, pilot.NoScreening, pilot.PilotTrees, pilot.PilotFloor = cfg.PilotTrees, true, 0, 0
	pilot.Tree.MaxFeatures, pilot.Tree.FeatureWeights = tree.AllFeatures(), nil
	pilot.Tree.Oblique, pilot.Tree.ObliqueNonZeros = false, 0
	return pilot
}

// importanceWeights turns importances into feature-sampling weights: the
// positive part relative to the largest, plus floor so that every feature
// keeps some chance. When no importance is positive all weights are equal.
func importanceWeights(imp []float64, floor float64) []float64 {
	top := 0.0
	for _, v := range imp {
		top = math.Max(top, v)
	}
	w := make([]float64, len(imp))
	for j, v := range imp {
		w[j] = 1
		if top > 0 {
			w[j] = math.Max(v, 0)/top + floor
		}
	}
	return w
}

// HonestImportance returns, for each feature, how much the splits on it
// reduce impurity among the vote rows of an honest forest, averaged over
// trees and scaled per vote row.
//
// Impurity is the unbiased Gini sum S = (m² - Σ_k c_k²)/(m - 1) of a node's m
// vote rows with class counts c. A split of a feature that carries no
// information about Y reduces S by zero in expectation, whereas the plug-in
// Gini (the structure rows' view) rewards every split: so noise features
// score about zero, up or down, and informative ones score clearly above.
// An oblique split (tree.Config.Oblique) shares its reduction among its
// columns in proportion to the sizes of their weights.
func (f *Forest) HonestImportance() ([]float64, error) {
	if err := f.fitted(); err != nil {
		return nil, err
	}
	if !f.honest {
		return nil, fmt.Errorf("ufmi: honest importance needs an honest forest (FitUF)")
	}
	imp := importance{labels: f.labels, k: f.k, n: f.train.n, sum: make([]float64, f.d)}
	for t := range f.trees {
		imp.add(&f.trees[t])
	}
	return imp.mean(), nil
}

// importance sums honest importances over trees, one tree at a time, and
// optionally the importances the same trees measure with the labels
// permuted (withNulls).
type importance struct {
	labels []int32
	k, n   int
	sum    []float64
	trees  int
	// nullLabels are permutations of labels, nullSum their importances'
	// sums (one per permutation).
	nullLabels [][]int32
	nullSum    [][]float64
	counts     []float64 // scratch: class counts of the vote rows per node
	voters     []int     // scratch: a tree's vote rows
	rowNode    []int32   // scratch: the leaf node id of each of a tree's vote rows
	splits     []split   // scratch: a tree's splits, parents first
	byID       []split   // scratch: a tree's splits by node id
	index      []int     // scratch: a tree's node id → its place in byID
	leafNode   []int     // scratch: a tree's node id per leaf number
}

func newImportance(x *Features, y []int, k int) *importance {
	return &importance{labels: int32Labels(y), k: k, n: x.n, sum: make([]float64, x.d)}
}

// withNulls makes imp also sum the importances of count permutations of
// its labels (permutation i drawn from the stream (seed, ScreeningNull,
// i)), and returns it.
func (imp *importance) withNulls(count int, seed uint64) *importance {
	for i := range count {
		perm := slices.Clone(imp.labels)
		rng := seeds.Stream(seed, seeds.ScreeningNull, i)
		rng.Shuffle(len(perm), func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
		imp.nullLabels = append(imp.nullLabels, perm)
		imp.nullSum = append(imp.nullSum, make([]float64, len(imp.sum)))
	}
	return imp
}

// add adds the impurity drops of one tree's splits among its vote rows.
func (imp *importance) add(ft *forestTree) {
	imp.voters = imp.voters[:0]
	for i := 0; i < imp.n; i++ {
		if ft.vote.contains(i) {
			imp.voters = append(imp.voters, i)
		}
	}
	imp.addTree(ft.tree, imp.voters, ft.rowLeaf)
}

// addTree adds the impurity drops of tree t's splits among the vote rows
// given, with the labels and with each permutation of them, one at a time:
// each row is counted at its leaf, and a node's counts are its children's
// sum. rowLeaf holds every training row's leaf in t, as the tree grew (an
// honest forest keeps it).
func (imp *importance) addTree(t *tree.Tree, voters []int, rowLeaf []int32) {
	imp.trees++
	if len(voters) == 0 {
		return
	}
	k := imp.k
	splits, leafNode := imp.treeSplits(t)
	imp.counts = resize(imp.counts, t.Nodes()*k)
	counts := imp.counts
	rowNode := imp.rowNode[:0]
	for _, i := range voters {
		rowNode = append(rowNode, int32(leafNode[rowLeaf[i]]))
	}
	imp.rowNode = rowNode
	impurity := func(id int) float64 { return unbiasedGiniSum(counts[id*k : id*k+k]) }
	for set := range 1 + len(imp.nullLabels) {
		labels, sum := imp.labels, imp.sum
		if set > 0 {
			labels, sum = imp.nullLabels[set-1], imp.nullSum[set-1]
		}
		clear(counts)
		for r, i := range voters {
			counts[int(rowNode[r])*k+int(labels[i])]++
		}
		// Children before parents: the splits run parents first.
		for _, sp := range slices.Backward(splits) {
			parent, left, right := counts[sp.id*k:(sp.id+1)*k], counts[sp.left*k:], counts[sp.right*k:]
			for c := range parent {
				parent[c] = left[c] + right[c]
			}
		}
		for _, sp := range imp.byID {
			drop := impurity(sp.id) - impurity(sp.left) - impurity(sp.right)
			addDrop(sum, t, sp, drop/float64(len(voters)))
		}
	}
}

// split is an internal node of a tree: its node id, its children's and its
// feature (an oblique split's columns share its drop: addDrop).
type split struct {
	id, left, right, feature int
	oblique                  bool
}

// treeSplits returns tree t's splits with every parent before its
// children, and each leaf's node id by leaf number; imp.byID then holds
// the same splits by ascending node id, the order the importances add
// their drops in (imp's scratch, read from t once per tree).
func (imp *importance) treeSplits(t *tree.Tree) (splits []split, leafNode []int) {
	nodes := t.Nodes()
	leafNode = resize(imp.leafNode, t.Leaves())
	index := resize(imp.index, nodes) // node id → its place in byID, -1 at a leaf
	byID := imp.byID[:0]
	for id := range nodes {
		nd := t.Node(id)
		index[id] = -1
		if nd.Feature < 0 {
			leafNode[nd.Leaf] = id
			continue
		}
		index[id] = len(byID)
		byID = append(byID, split{id: id, left: nd.Left, right: nd.Right, feature: nd.Feature, oblique: nd.Oblique})
	}
	splits = imp.splits[:0]
	if index[0] >= 0 {
		splits = append(splits, byID[index[0]])
	}
	for next := 0; next < len(splits); next++ {
		for _, child := range [2]int{splits[next].left, splits[next].right} {
			if i := index[child]; i >= 0 {
				splits = append(splits, byID[i])
			}
		}
	}
	imp.splits, imp.byID, imp.index, imp.leafNode = splits, byID, index, leafNode
	return splits, leafNode
}

// addDrop adds split sp's impurity drop to the importance sums: all of it
// to its feature's, or an oblique split's shared by its columns in
// proportion to their weights' sizes.
func addDrop(sum []float64, t *tree.Tree, sp split, drop float64) {
	if !sp.oblique {
		sum[sp.feature] += drop
		return
	}
	cols, weights := t.Projection(sp.id)
	total := 0.0
	for _, w := range weights {
		total += math.Abs(w)
	}
	for c, j := range cols {
		sum[j] += drop * math.Abs(weights[c]) / total
	}
}

// mean returns the importances averaged over the trees added.
func (imp *importance) mean() []float64 { return imp.averaged(imp.sum) }

// nullMeans returns, per permutation of the labels, the importances
// averaged over the trees added.
func (imp *importance) nullMeans() [][]float64 {
	out := make([][]float64, len(imp.nullSum))
	for i, sum := range imp.nullSum {
		out[i] = imp.averaged(sum)
	}
	return out
}

func (imp *importance) averaged(sum []float64) []float64 {
	out := make([]float64, len(sum))
	for j, v := range sum {
		out[j] = v / float64(imp.trees)
	}
	return out
}

// unbiasedGiniSum is (m² - Σ c²)/(m - 1) for class counts c summing to m,
// and 0 when m < 2.
func unbiasedGiniSum(c []float64) float64 {
	m, sq := 0.0, 0.0
	for _, v := range c {
		m += v
		sq += v * v
	}
	if m < 2 {
		return 0
	}
	return (m*m - sq) / (m - 1)
}
