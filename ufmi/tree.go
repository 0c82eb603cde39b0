package ufmi

// Tree is a fitted classification tree that only partitions feature space:
// it maps a point to a leaf. What a leaf predicts is kept by the forest's
// voter, so one tree type serves RF, honest RF and UF.
//
// Nodes live in flat arrays. Node 0 is the root. An internal node sends x to
// left[node] when x[feature[node]] <= threshold[node], else to right[node].
type Tree struct {
	feature   []int32 // split feature, -1 at a leaf
	threshold []float64
	left      []int32
	right     []int32
	leaf      []int32 // leaf number of a leaf node, -1 for internal nodes
	nLeaves   int
	depth     int
}

// Leaves is the number of leaves.
func (t *Tree) Leaves() int { return t.nLeaves }

// Nodes is the number of nodes, internal and leaves.
func (t *Tree) Nodes() int { return len(t.feature) }

// Depth is the length of the longest root-to-leaf path (a lone root has depth 0).
func (t *Tree) Depth() int { return t.depth }

// Apply returns the leaf number (0..Leaves()-1) that x falls into.
func (t *Tree) Apply(x []float64) int {
	n := int32(0)
	for t.feature[n] >= 0 {
		if x[t.feature[n]] <= t.threshold[n] {
			n = t.left[n]
		} else {
			n = t.right[n]
		}
	}
	return int(t.leaf[n])
}

// applyRow is Apply for row i of f without copying the row.
func (t *Tree) applyRow(f *Features, i int) int32 {
	n := int32(0)
	for {
		ft := t.feature[n]
		if ft < 0 {
			return t.leaf[n]
		}
		if f.cols[ft][i] <= t.threshold[n] {
			n = t.left[n]
		} else {
			n = t.right[n]
		}
	}
}

// addNode appends a node and returns its id.
func (t *Tree) addNode() int32 {
	t.feature = append(t.feature, -1)
	t.threshold = append(t.threshold, 0)
	t.left = append(t.left, -1)
	t.right = append(t.right, -1)
	t.leaf = append(t.leaf, -1)
	return int32(len(t.feature) - 1)
}
