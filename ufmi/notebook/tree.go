package notebook

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// TreeVotes is an honest forest's trees seen through its training data:
// for every tree, the structure and vote rows that reach each node and
// each leaf's posterior, from the forest's public API (Tree, IndexSets)
// and the rows routed down each tree. It serves the first lecture: draw
// one tree (Diagram), follow one point through the trees (Path,
// Posterior, MeanPosterior).
type TreeVotes struct {
	forest *ufmi.Forest
	x      *ufmi.Features
	k      int
	trees  []treeVoteCounts
}

// treeVoteCounts holds one tree's counts, by node id.
type treeVoteCounts struct {
	structure, vote []int
	voteClasses     [][]float64 // per node: vote rows of each class
	leafPosterior   [][]float64 // per leaf number
}

// treeVotesCheckRows is how many training rows CountTreeVotes checks
// against the forest's own posterior.
const treeVotesCheckRows = 64

// CountTreeVotes routes the training rows x (labels y, those the forest
// was fitted on) down every tree of an honest forest. A leaf's posterior
// is the class fractions of the vote rows that reach it, and of the
// tree's vote set when none does: ufmi's default leaf rule (no kappa
// correction, empty leaves predicting the vote set's class frequencies).
// It returns an error when the forest is nil or not honest, when x and y
// do not match it, or when the leaves so computed do not average to the
// forest's PredictProba on the first training rows (a forest fitted with
// another leaf rule).
func CountTreeVotes(forest *ufmi.Forest, x *ufmi.Features, y []int) (*TreeVotes, error) {
	if forest == nil || x == nil {
		return nil, fmt.Errorf("ufmi notebook: tree votes need a fitted forest and its training rows")
	}
	if x.Rows() != len(y) {
		return nil, fmt.Errorf("ufmi notebook: tree votes: %d rows but %d labels", x.Rows(), len(y))
	}
	v := &TreeVotes{forest: forest, x: x, k: forest.Classes()}
	// The forest's own posteriors first: they also check that x has the
	// forest's columns.
	rows := make([][]float64, min(treeVotesCheckRows, x.Rows()))
	for i := range rows {
		rows[i] = x.Row(i, nil)
	}
	want, err := forest.PredictProbaRows(rows, 0)
	if err != nil {
		return nil, fmt.Errorf("ufmi notebook: tree votes: %w", err)
	}
	cols := make([][]float64, x.Cols())
	for j := range cols {
		cols[j] = x.Column(j)
	}
	for t := range forest.Trees() {
		counts, err := v.countTree(t, cols, y)
		if err != nil {
			return nil, err
		}
		v.trees = append(v.trees, counts)
	}
	if err := v.checkAgainst(rows, want); err != nil {
		return nil, err
	}
	return v, nil
}

// countTree routes tree t's structure and vote rows from the root to
// their leaves, counting them at every node.
func (v *TreeVotes) countTree(t int, cols [][]float64, y []int) (treeVoteCounts, error) {
	tr, sets := v.forest.Tree(t), v.forest.IndexSets(t)
	if sets.Vote == nil {
		return treeVoteCounts{}, fmt.Errorf("ufmi notebook: tree %d has no vote rows: not an honest forest (fit it with ufmi.FitUF)", t)
	}
	c := treeVoteCounts{
		structure: make([]int, tr.Nodes()), vote: make([]int, tr.Nodes()),
		voteClasses: make([][]float64, tr.Nodes()), leafPosterior: make([][]float64, tr.Leaves()),
	}
	for id := range c.voteClasses {
		c.voteClasses[id] = make([]float64, v.k)
	}
	for _, set := range [][]int{sets.Structure, sets.Vote} {
		for _, i := range set {
			if i >= len(y) || y[i] < 0 || y[i] >= v.k {
				return treeVoteCounts{}, fmt.Errorf("ufmi notebook: tree %d uses row %d, which x and y (%d rows, %d classes) do not match", t, i, len(y), v.k)
			}
		}
	}
	for _, i := range sets.Structure {
		for id := 0; ; id = tr.ChildOf(id, cols, i) {
			c.structure[id]++
			if tr.Node(id).Leaf >= 0 {
				break
			}
		}
	}
	setClasses := make([]float64, v.k)
	for _, i := range sets.Vote {
		setClasses[y[i]]++
		for id := 0; ; id = tr.ChildOf(id, cols, i) {
			c.vote[id]++
			c.voteClasses[id][y[i]]++
			if tr.Node(id).Leaf >= 0 {
				break
			}
		}
	}
	for id := range tr.Nodes() {
		if leaf := tr.Node(id).Leaf; leaf >= 0 {
			counts := c.voteClasses[id]
			if c.vote[id] == 0 {
				counts = setClasses
			}
			c.leafPosterior[leaf] = fractions(counts)
		}
	}
	return c, nil
}

// fractions divides counts by their sum.
func fractions(counts []float64) []float64 {
	sum := 0.0
	for _, c := range counts {
		sum += c
	}
	out := make([]float64, len(counts))
	for i, c := range counts {
		out[i] = c / sum
	}
	return out
}

// checkAgainst compares the mean leaf posterior over the trees at rows
// with the forest's own posteriors there, want.
func (v *TreeVotes) checkAgainst(rows, want [][]float64) error {
	for i, row := range rows {
		got, err := v.MeanPosterior(row, len(v.trees))
		if err != nil {
			return err
		}
		for c := range got {
			if math.Abs(got[c]-want[i][c]) > 1e-9 {
				return fmt.Errorf("ufmi notebook: tree votes: row %d's mean leaf posterior %v differs from the forest's %v: was the forest fitted with a kappa correction or another empty-leaf policy?", i, got, want[i])
			}
		}
	}
	return nil
}

// checkTree fails unless t is a tree of the forest.
func (v *TreeVotes) checkTree(t int) error {
	if t < 0 || t >= len(v.trees) {
		return fmt.Errorf("ufmi notebook: tree %d is not in 0..%d", t, len(v.trees)-1)
	}
	return nil
}

// checkPoint fails unless point has one value per feature.
func (v *TreeVotes) checkPoint(point []float64) error {
	if len(point) != v.x.Cols() {
		return fmt.Errorf("ufmi notebook: a point of %d values for a forest of %d features", len(point), v.x.Cols())
	}
	// As the forest's own predictions check rows: a categorical feature
	// holds a level code of the training column, any feature NaN when
	// missing, never ±Inf.
	for j, value := range point {
		if math.IsInf(value, 0) {
			return fmt.Errorf("ufmi notebook: feature %d of the point is %v; only NaN (missing) and finite numbers are allowed", j, value)
		}
		if levels := len(v.x.Levels(j)); v.x.Kind(j) == ufmi.Categorical && !math.IsNaN(value) &&
			(value != math.Trunc(value) || value < 0 || value >= float64(levels)) {
			return fmt.Errorf("ufmi notebook: feature %d of the point is %v, which is no level code of the categorical column (integers 0..%d, NaN for missing)", j, value, levels-1)
		}
	}
	return nil
}

// Posterior is tree t's posterior at point: the posterior of the leaf the
// point falls into.
func (v *TreeVotes) Posterior(t int, point []float64) ([]float64, error) {
	if err := v.checkTree(t); err != nil {
		return nil, err
	}
	if err := v.checkPoint(point); err != nil {
		return nil, err
	}
	return append([]float64(nil), v.trees[t].leafPosterior[v.forest.Tree(t).Apply(point)]...), nil
}

// MeanPosterior is the mean of the first trees trees' posteriors at point;
// over all trees it is the forest's posterior (PredictProba).
func (v *TreeVotes) MeanPosterior(point []float64, trees int) ([]float64, error) {
	if trees < 1 || trees > len(v.trees) {
		return nil, fmt.Errorf("ufmi notebook: mean posterior of %d trees, not in 1..%d", trees, len(v.trees))
	}
	mean := make([]float64, v.k)
	for t := range trees {
		p, err := v.Posterior(t, point)
		if err != nil {
			return nil, err
		}
		for c := range mean {
			mean[c] += p[c] / float64(trees)
		}
	}
	return mean, nil
}

// Path lists the node ids from tree t's root to the leaf point falls
// into (for TreeSpec.Highlight).
func (v *TreeVotes) Path(t int, point []float64) ([]int, error) {
	if err := v.checkTree(t); err != nil {
		return nil, err
	}
	if err := v.checkPoint(point); err != nil {
		return nil, err
	}
	tr := v.forest.Tree(t)
	cols := make([][]float64, len(point))
	for j, value := range point {
		cols[j] = []float64{value}
	}
	path := []int{0}
	for tr.Node(path[len(path)-1]).Leaf < 0 {
		path = append(path, tr.ChildOf(path[len(path)-1], cols, 0))
	}
	return path, nil
}

// Diagram returns tree t's nodes for viz.TreeDiagram, indexed by node id:
// each split written out, each node's structure and vote rows, each
// leaf's posterior (and, at internal nodes, their vote rows' class
// fractions, which a depth-limited drawing shows for a cut subtree).
func (v *TreeVotes) Diagram(t int) ([]viz.TreeNode, error) {
	if err := v.checkTree(t); err != nil {
		return nil, err
	}
	tr, c := v.forest.Tree(t), v.trees[t]
	nodes := make([]viz.TreeNode, tr.Nodes())
	for id := range nodes {
		nd := tr.Node(id)
		n := viz.TreeNode{Structure: c.structure[id], Vote: c.vote[id]}
		if nd.Leaf >= 0 {
			n.Label = fmt.Sprintf("leaf %d", nd.Leaf)
			n.Posterior = c.leafPosterior[nd.Leaf]
		} else {
			n.Split, n.Left, n.Right = v.splitText(t, id), nd.Left, nd.Right
			if c.vote[id] > 0 {
				n.Posterior = fractions(c.voteClasses[id])
			}
		}
		nodes[id] = n
	}
	return nodes, nil
}

// splitText writes internal node id of tree t as a rule: "x1 ≤ 0.42",
// "x3 in {a, b}" (the PNG font has no ∈) or "0.71·x1 − 0.71·x2 ≤ 0.1" (columns numbered from 1
// when unnamed).
func (v *TreeVotes) splitText(t, id int) string {
	tr := v.forest.Tree(t)
	nd := tr.Node(id)
	switch {
	case nd.Oblique:
		features, weights := tr.Projection(id)
		var b strings.Builder
		for i, j := range features {
			w := weights[i]
			switch {
			case i > 0 && w < 0:
				b.WriteString(" − ")
			case i > 0:
				b.WriteString(" + ")
			case w < 0:
				b.WriteString("−")
			}
			b.WriteString(strconv.FormatFloat(math.Abs(w), 'g', 2, 64) + "·" + v.featureName(j))
		}
		return fmt.Sprintf("%s ≤ %.3g", b.String(), nd.Threshold)
	case nd.Categorical:
		// The set also holds the codes of levels no training row showed
		// when the node sends missing values left: only known levels are
		// written.
		var levels []string
		known := v.x.Levels(nd.Feature)
		for _, code := range tr.LeftLevels(id) {
			if code < len(known) {
				levels = append(levels, known[code])
			}
		}
		return fmt.Sprintf("%s in {%s}", v.featureName(nd.Feature), strings.Join(levels, ", "))
	}
	return fmt.Sprintf("%s ≤ %.3g", v.featureName(nd.Feature), nd.Threshold)
}

// featureName is column j's name, or x1, x2, ... when unnamed.
func (v *TreeVotes) featureName(j int) string {
	if name := v.x.Name(j); name != "" {
		return name
	}
	return fmt.Sprintf("x%d", j+1)
}
