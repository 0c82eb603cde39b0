package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// screenFeatures fits resolved cfg's pilot forest, run by rt, and returns
// feature-sampling weights from its honest importances. The pilot sees
// every row's label, so the forest's structure depends, through these d
// weights only, on rows that later vote: a mild departure from strict
// honesty, measured to pay off (bench/migrid).
func screenFeatures(x *Features, y []int, cfg UFConfig, rt Runtime) ([]float64, error) {
	pilot := pilotConfig(cfg)
	// The pilot streams: each tree adds its importances and is dropped.
	k, plan, err := honestPlan(x, y, pilot, rt, seeds.Pilot)
	if err != nil {
		return nil, err
	}
	imp := newImportance(x, y, k)
	if err := streamForest(x, y, k, plan, func(_ int, ft *forestTree) { imp.add(ft) }); err != nil {
		return nil, err
	}
	return importanceWeights(imp.mean(), cfg.PilotFloor), nil
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
	if !f.honest {
		return nil, fmt.Errorf("ufmi: honest importance needs an honest forest (FitUF)")
	}
	imp := importance{cols: f.train.cols, labels: f.labels, k: f.k, n: f.train.n, sum: make([]float64, f.d)}
	for t := range f.trees {
		imp.add(&f.trees[t])
	}
	return imp.mean(), nil
}

// importance sums honest importances over trees, one tree at a time.
type importance struct {
	cols   [][]float64
	labels []int32
	k, n   int
	sum    []float64
	trees  int
	counts []float64 // scratch: class counts of the vote rows per node
	voters []int     // scratch: a tree's vote rows
}

func newImportance(x *Features, y []int, k int) *importance {
	return &importance{cols: x.cols, labels: int32Labels(y), k: k, n: x.n, sum: make([]float64, x.d)}
}

// add adds the impurity drops of one tree's splits among its vote rows.
func (imp *importance) add(ft *forestTree) {
	imp.voters = imp.voters[:0]
	for i := 0; i < imp.n; i++ {
		if ft.vote.contains(i) {
			imp.voters = append(imp.voters, i)
		}
	}
	imp.addTree(ft.tree, imp.voters)
}

// addTree adds the impurity drops of tree t's splits among the vote rows
// given.
func (imp *importance) addTree(t *tree.Tree, voters []int) {
	imp.trees++
	k := imp.k
	nodes := t.Nodes()
	if size := nodes * k; cap(imp.counts) < size {
		imp.counts = make([]float64, size)
	} else {
		imp.counts = imp.counts[:size]
		clear(imp.counts)
	}
	counts := imp.counts
	for _, i := range voters {
		c := int(imp.labels[i])
		id := 0
		for {
			counts[id*k+c]++
			if t.Node(id).Feature < 0 {
				break
			}
			id = t.ChildOf(id, imp.cols, i)
		}
	}
	if len(voters) == 0 {
		return
	}
	impurity := func(id int) float64 { return unbiasedGiniSum(counts[id*k : id*k+k]) }
	for id := range nodes {
		nd := t.Node(id)
		if nd.Feature < 0 {
			continue
		}
		drop := impurity(id) - impurity(nd.Left) - impurity(nd.Right)
		if !nd.Oblique {
			imp.sum[nd.Feature] += drop / float64(len(voters))
			continue
		}
		// An oblique split's drop is shared by its columns in proportion
		// to their weights' sizes.
		cols, weights := t.Projection(id)
		total := 0.0
		for _, w := range weights {
			total += math.Abs(w)
		}
		for c, j := range cols {
			imp.sum[j] += drop * math.Abs(weights[c]) / total / float64(len(voters))
		}
	}
}

// mean returns the importances averaged over the trees added.
func (imp *importance) mean() []float64 {
	out := make([]float64, len(imp.sum))
	for j, v := range imp.sum {
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
