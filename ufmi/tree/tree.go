package tree

// Tree is a fitted classification tree that only partitions feature space:
// it maps a point to a leaf. What a leaf predicts is kept by the forest's
// voter, so one tree type serves RF, honest RF and UF.
//
// Nodes live in one flat array; node 0 is the root. An internal node sends x
// to its left child when x[feature] <= threshold, else to its right child.
type Tree struct {
	nodes   []treeNode
	nLeaves int
	depth   int
}

// treeNode is one node of a flat tree.
type treeNode struct {
	threshold   float64
	feature     int32 // split feature, -1 at a leaf
	left, right int32 // child node ids (internal nodes)
	leaf        int32 // leaf number (leaves), -1 for internal nodes
}

// Leaves is the number of leaves.
func (t *Tree) Leaves() int { return t.nLeaves }

// Nodes is the number of nodes, internal and leaves.
func (t *Tree) Nodes() int { return len(t.nodes) }

// Depth is the length of the longest root-to-leaf path (a lone root has depth 0).
func (t *Tree) Depth() int { return t.depth }

// Apply returns the leaf number (0..Leaves()-1) that x falls into.
func (t *Tree) Apply(x []float64) int {
	nd := &t.nodes[0]
	for nd.feature >= 0 {
		if x[nd.feature] <= nd.threshold {
			nd = &t.nodes[nd.left]
		} else {
			nd = &t.nodes[nd.right]
		}
	}
	return int(nd.leaf)
}

// LeafOf is Apply for row i of column-major data (cols[j][i] is feature j
// of row i), without copying the row.
func (t *Tree) LeafOf(cols [][]float64, i int) int32 {
	nodes := t.nodes
	nd := &nodes[0]
	for nd.feature >= 0 {
		// Branch-free: the path through a tree is unpredictable.
		var right int32
		if !(cols[nd.feature][i] <= nd.threshold) {
			right = 1
		}
		nd = &nodes[nd.left+right*(nd.right-nd.left)]
	}
	return nd.leaf
}

// Node is one node of a tree, as Node(id) reports it.
type Node struct {
	Feature     int     // split feature, -1 at a leaf
	Threshold   float64 // rows with x[Feature] <= Threshold go left
	Left, Right int     // child node ids (internal nodes)
	Leaf        int     // leaf number (leaves), -1 for internal nodes
}

// Node returns node id (0 is the root; ids run to Nodes()-1).
func (t *Tree) Node(id int) Node {
	nd := &t.nodes[id]
	return Node{Feature: int(nd.feature), Threshold: nd.threshold, Left: int(nd.left), Right: int(nd.right), Leaf: int(nd.leaf)}
}

// addNode appends a leaf-shaped node and returns its id.
func (t *Tree) addNode() int32 {
	t.nodes = append(t.nodes, treeNode{feature: -1, left: -1, right: -1, leaf: -1})
	return int32(len(t.nodes) - 1)
}
