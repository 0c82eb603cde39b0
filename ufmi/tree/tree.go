package tree

import (
	"math"
	"slices"
	"unsafe"
)

// Tree is a fitted classification tree that only partitions feature space:
// it maps a point to a leaf. What a leaf predicts is kept by the forest's
// voter, so one tree type serves RF, honest RF and UF.
//
// Nodes live in one flat array; node 0 is the root. Routing rules, applied
// alike by Apply, LeafOf and Child (and so by every caller):
//   - numeric split: x goes left when x[feature] <= threshold, right when
//     it is greater;
//   - categorical split: x goes left when its level code is in the node's
//     level set, right otherwise;
//   - oblique split (Config.Oblique): x goes left when its projection
//     z = Σ_c w_c·x[c] over the node's columns c is <= threshold, right
//     when it is greater;
//   - a missing value (NaN) goes to the side the node learned for missing
//     values (MissingLeft). A level the node did not see among its training
//     rows, including a level unseen at fit time, goes the same way, and so
//     does a row missing any of an oblique split's columns.
//
// A node learns its missing side from its missing training rows (the side
// that gave the better split); a node without missing training rows (every
// oblique split) sends missing values to its larger child (left on ties).
type Tree struct {
	nodes   []treeNode
	sets    []uint64   // level sets of categorical splits: a length word, then the bits
	proj    []projTerm // projections of oblique splits: a header, then the terms
	nLeaves int
	depth   int
}

// treeNode is one node of a flat tree. A categorical or oblique split has
// a NaN threshold, so that both numeric comparisons fail and routing falls
// through to the level set or the projection: an axis-aligned numeric
// split routes as if oblique splits did not exist.
type treeNode struct {
	threshold float64
	feature   int32 // split feature, -1 at a leaf (an oblique split: its projection's first column)
	left      int32 // child node ids (internal nodes)
	right     int32
	leaf      int32 // leaf number (leaves), -1 for internal nodes
	// set is, at a categorical split, the offset of its level set in
	// Tree.sets; at an oblique split -2-offset of its projection in
	// Tree.proj; else -1.
	set         int32
	missingLeft bool // missing values and unseen levels go left
}

// projTerm is one column of an oblique split's projection and its weight.
// A projection starts with a header: col holds its number of terms, w the
// split's threshold on z.
type projTerm struct {
	col int32
	w   float64
}

// oblique reports whether nd is an oblique split.
func (nd *treeNode) oblique() bool { return nd.set < -1 }

// projection returns the threshold and the terms of oblique split nd.
func (t *Tree) projection(nd *treeNode) (float64, []projTerm) {
	off := int(-2 - nd.set)
	h := t.proj[off]
	return h.w, t.proj[off+1 : off+1+int(h.col)]
}

// project is z = Σ w·x over the terms, in their order, x[c] given by at:
// the one formula of the builder and of routing (the explicit conversion
// forbids fusing the multiply and add, so both round alike). A missing
// value makes z NaN.
func project(terms []projTerm, at func(col int32) float64) float64 {
	z := 0.0
	for _, tm := range terms {
		z += float64(tm.w * at(tm.col))
	}
	return z
}

// obliqueSide returns the child of oblique split nd that projection z
// goes to (NaN: the missing side).
func obliqueSide(nd *treeNode, z, threshold float64) int32 {
	if obliqueGoesLeft(z, threshold, nd.missingLeft) {
		return nd.left
	}
	return nd.right
}

// NodeBytes is the memory one node of a Tree takes (for memory estimates).
const NodeBytes = int(unsafe.Sizeof(treeNode{}))

// Leaves is the number of leaves.
func (t *Tree) Leaves() int { return t.nLeaves }

// Nodes is the number of nodes, internal and leaves.
func (t *Tree) Nodes() int { return len(t.nodes) }

// Depth is the length of the longest root-to-leaf path (a lone root has depth 0).
func (t *Tree) Depth() int { return t.depth }

// Apply returns the leaf number (0..Leaves()-1) that x falls into. x must
// hold every feature the tree was grown on: a shorter row panics, as
// indexing does (the forests check their input; this is their inner loop).
func (t *Tree) Apply(x []float64) int {
	nd := &t.nodes[0]
	for nd.feature >= 0 {
		v := x[nd.feature]
		var next int32
		switch {
		case v <= nd.threshold:
			next = nd.left
		case v > nd.threshold:
			next = nd.right
		case nd.oblique():
			next = t.obliqueRow(nd, x)
		default:
			next = t.otherChild(nd, v)
		}
		nd = &t.nodes[next]
	}
	return int(nd.leaf)
}

// LeafOf is Apply for row i of column-major data (cols[j][i] is feature j
// of row i), without copying the row.
func (t *Tree) LeafOf(cols [][]float64, i int) int32 {
	nd := &t.nodes[0]
	for nd.feature >= 0 {
		v := cols[nd.feature][i]
		var next int32
		switch {
		case v <= nd.threshold:
			next = nd.left
		case v > nd.threshold:
			next = nd.right
		case nd.oblique():
			next = t.obliqueCols(nd, cols, i)
		default:
			next = t.otherChild(nd, v)
		}
		nd = &t.nodes[next]
	}
	return nd.leaf
}

// ChildOf returns the child of internal node id that row i of
// column-major data (cols[j][i] is feature j of row i) goes to, by the
// rules of LeafOf: any node, oblique ones included.
func (t *Tree) ChildOf(id int, cols [][]float64, i int) int {
	nd := &t.nodes[id]
	if nd.oblique() {
		return int(t.obliqueCols(nd, cols, i))
	}
	return int(t.child(nd, cols[nd.feature][i]))
}

// Child returns the child of internal node id that a row whose split
// feature has value v goes to (v is a level code at a categorical split,
// NaN when missing). An oblique split depends on several of the row's
// values: Child panics there; ChildOf routes at any node.
func (t *Tree) Child(id int, v float64) int {
	nd := &t.nodes[id]
	if nd.oblique() {
		panic("tree: Child at an oblique split, which needs the row (use ChildOf)")
	}
	return int(t.child(nd, v))
}

// child routes value v at internal node nd, not an oblique split. The
// numeric comparisons come first, so a numeric split with a present value
// costs what it always did.
func (t *Tree) child(nd *treeNode, v float64) int32 {
	if v <= nd.threshold {
		return nd.left
	}
	if v > nd.threshold {
		return nd.right
	}
	return t.otherChild(nd, v)
}

// obliqueRow routes row x at oblique split nd.
func (t *Tree) obliqueRow(nd *treeNode, x []float64) int32 {
	threshold, terms := t.projection(nd)
	return obliqueSide(nd, project(terms, func(c int32) float64 { return x[c] }), threshold)
}

// obliqueCols routes row i of column-major data at oblique split nd.
func (t *Tree) obliqueCols(nd *treeNode, cols [][]float64, i int) int32 {
	threshold, terms := t.projection(nd)
	return obliqueSide(nd, project(terms, func(c int32) float64 { return cols[c][i] }), threshold)
}

// goesLeft reports whether internal node nd sends value v left: child's
// rule, for a node not yet in the tree's node array.
func (t *Tree) goesLeft(nd *treeNode, v float64) bool {
	if v <= nd.threshold {
		return true
	}
	if v > nd.threshold {
		return false
	}
	if nd.set >= 0 && v >= 0 {
		if left, seen := t.levelGoesLeft(nd.set, v); seen {
			return left
		}
	}
	return nd.missingLeft
}

// otherChild routes a missing value, or any value at a categorical split.
func (t *Tree) otherChild(nd *treeNode, v float64) int32 {
	if nd.set >= 0 && v >= 0 {
		if left, seen := t.levelGoesLeft(nd.set, v); seen {
			if left {
				return nd.left
			}
			return nd.right
		}
	}
	if nd.missingLeft {
		return nd.left
	}
	return nd.right
}

// levelGoesLeft looks level code v up in the level set at offset off; seen
// is false for a code beyond the set (a level unseen at fit time).
func (t *Tree) levelGoesLeft(off int32, v float64) (left, seen bool) {
	words := t.sets[off]
	code := uint64(v)
	if float64(code) != v || code>>6 >= words {
		return false, false
	}
	return t.sets[int(off)+1+int(code>>6)]&(1<<(code&63)) != 0, true
}

// Node is one node of a tree, as Node(id) reports it.
type Node struct {
	Feature int // split feature, -1 at a leaf; an oblique split's first column
	// Threshold: at a numeric split rows with x[Feature] <= Threshold go
	// left, at an oblique split rows whose projection is <= Threshold; NaN
	// at a categorical split.
	Threshold   float64
	Categorical bool // a categorical split: LeftLevels(id) lists the level codes sent left
	Oblique     bool // an oblique split: Projection(id) lists its columns and weights
	MissingLeft bool // missing values (and levels the node did not see) go left
	Left, Right int  // child node ids (internal nodes)
	Leaf        int  // leaf number (leaves), -1 for internal nodes
}

// Node returns node id (0 is the root; ids run to Nodes()-1). To route a
// row, use ChildOf (or Child at a node that is not oblique), which applies
// the tree's rules for missing values and levels. An id outside
// 0..Nodes()-1 panics, as indexing does, here and in the accessors below.
func (t *Tree) Node(id int) Node {
	nd := &t.nodes[id]
	n := Node{Feature: int(nd.feature), Threshold: nd.threshold, Categorical: nd.set >= 0, MissingLeft: nd.missingLeft,
		Left: int(nd.left), Right: int(nd.right), Leaf: int(nd.leaf)}
	if nd.oblique() {
		n.Oblique = true
		n.Threshold, _ = t.projection(nd)
	}
	return n
}

// Projection lists the columns of an oblique split and their weights, in
// the order the projection sums them (nil for other nodes).
func (t *Tree) Projection(id int) (features []int, weights []float64) {
	nd := &t.nodes[id]
	if nd.feature < 0 || !nd.oblique() {
		return nil, nil
	}
	_, terms := t.projection(nd)
	for _, tm := range terms {
		features, weights = append(features, int(tm.col)), append(weights, tm.w)
	}
	return features, weights
}

// LeftLevels lists, increasing, the level codes that a categorical split
// sends left, including levels the node did not see when it sends missing
// values left (nil for other nodes).
func (t *Tree) LeftLevels(id int) []int {
	nd := &t.nodes[id]
	if nd.feature < 0 || nd.set < 0 {
		return nil
	}
	var out []int
	words := int(t.sets[nd.set])
	for w := range words {
		for b := range 64 {
			if t.sets[int(nd.set)+1+w]&(1<<b) != 0 {
				out = append(out, w*64+b)
			}
		}
	}
	return out
}

// addNode appends a leaf-shaped node and returns its id.
func (t *Tree) addNode() int32 {
	t.nodes = append(t.nodes, treeNode{feature: -1, left: -1, right: -1, leaf: -1, set: -1})
	return int32(len(t.nodes) - 1)
}

// addSet appends a level set of the given number of 64-bit words and
// returns its offset and bits.
func (t *Tree) addSet(words int) (int32, []uint64) {
	off := len(t.sets)
	t.sets = slices.Grow(t.sets, 1+words)[:off+1+words]
	t.sets[off] = uint64(words)
	bits := t.sets[off+1:]
	clear(bits)
	return int32(off), bits
}

// addProjection appends the projection of an oblique split with this
// threshold and these terms and returns the node's set field for it.
func (t *Tree) addProjection(threshold float64, terms []projTerm) int32 {
	off := len(t.proj)
	t.proj = append(t.proj, projTerm{col: int32(len(terms)), w: threshold})
	t.proj = append(t.proj, terms...)
	return int32(-2 - off)
}

// categoricalThreshold is the threshold of a categorical (or oblique) split.
var categoricalThreshold = math.NaN()
