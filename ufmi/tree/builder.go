package tree

import (
	"math"
	"math/rand/v2"
	"sort"
)

// MaxClasses is the most classes a tree handles (class codes are stored as
// uint16 while growing).
const MaxClasses = 1 << 16

// Builder grows one tree at a time; each worker owns one and reuses its
// buffers from tree to tree.
//
// The node being split owns the same range [start, end) of every per-feature
// array, each range sorted by feature j. Splitting a node stably partitions
// every range into left rows then right rows, so children stay sorted and no
// node ever sorts. The arrays are double-buffered: a node at depth t reads
// buf[t%2] and writes its children's rows into buf[(t+1)%2], so a
// partition reads and writes each entry once.
type Builder struct {
	splitter // chooses each node's split (split.go); holds params and rng
	k        int
	sorted   *Presort

	buf        [2]sortedRows
	y16        []uint16 // class codes, compact
	goLeft     []uint8  // 1 when the row goes left in the current partition
	countsAt   [][]int  // class counts per depth
	tree       *Tree
	leafCounts []float64 // class counts of the sample in each leaf, K per leaf
	rowLeaf    []int32   // when set, receives the leaf of every sample row
	scratch    bool      // Grow reuses tree and leafCounts (see Scratch)
	everyRow   bool      // rowLeaf receives the leaf of every row (see LeafOfEveryRow)
	// others[depth%2] holds the rows outside the sample, each node's in a
	// range of its own, when everyRow is set.
	others [2][]int32
}

// NewBuilder returns a builder for the presorted data, class codes y
// (0..k-1, one per row, k at most MaxClasses) and resolved parameters.
func NewBuilder(sorted *Presort, y []int32, k int, params Params) *Builder {
	d := len(sorted.order)
	b := &Builder{k: k, sorted: sorted,
		splitter: splitter{params: params, features: make([]int, d), left: make([]int, k), right: make([]int, k)},
		buf:      [2]sortedRows{newSortedRows(d), newSortedRows(d)}, goLeft: make([]uint8, sorted.n), y16: make([]uint16, len(y))}
	for i, c := range y {
		b.y16[i] = uint16(c)
	}
	return b
}

// Relabel gives the builder new class codes (k classes, one per row of the
// presorted data) and parameters, keeping its buffers: refits on permuted
// labels of the same features then allocate nothing.
func (b *Builder) Relabel(y []int32, k int, params Params) {
	b.k, b.params = k, params
	if len(b.left) != k {
		b.left, b.right, b.countsAt = make([]int, k), make([]int, k), nil
	}
	for i, c := range y {
		b.y16[i] = uint16(c)
	}
}

// Scratch makes every later Grow reuse one tree and one count buffer: each
// tree Grow returns is then valid only until the next Grow. For callers
// that read each tree once and keep none.
func (b *Builder) Scratch() { b.scratch = true }

// LeafOfEveryRow makes every later Grow fill rowLeaf for every row of the
// data, in the sample or not: the rows outside the sample follow the splits
// down the tree beside the sample (by value rank, which sends every row
// where the threshold sends it) at less cost than Tree.LeafOf row by row.
func (b *Builder) LeafOfEveryRow() { b.everyRow = true }

// Grow fits a tree on the sample where row i appears mult[i] times, drawing
// its feature orders from rng. It returns the tree and the sample's class
// counts per leaf (K per leaf). When rowLeaf is not nil, rowLeaf[i] receives
// the leaf of every sample row i (of every row after LeafOfEveryRow).
func (b *Builder) Grow(mult []int32, rowLeaf []int32, rng *rand.Rand) (*Tree, []float64) {
	b.rng, b.rowLeaf = rng, rowLeaf
	for j := range b.features {
		b.features[j] = j
	}
	// m and the largest multiplicity; with everyRow, the rows outside the
	// sample go to others[0][:outside].
	m, most, outside := 0, int32(0), 0
	if b.everyRow && rowLeaf != nil {
		if len(b.others[0]) < len(mult) {
			b.others = [2][]int32{make([]int32, len(mult)), make([]int32, len(mult))}
		}
		others := b.others[0][:len(mult)]
		for r, c := range mult {
			m += int(c)
			most = max(most, c)
			others[outside] = int32(r)
			if c == 0 {
				outside++
			}
		}
	} else {
		for _, c := range mult {
			m += int(c)
			most = max(most, c)
		}
	}
	b.buf[0].resize(m)
	b.buf[1].resize(m)
	top := &b.buf[0]
	for j := range top.order {
		o, key := top.order[j], top.keys[j]
		rank := b.sorted.rank[j]
		w := 0
		if most <= 1 {
			// A subsample: write every row, keep it by advancing w (the
			// arrays have room for one more row).
			o, key = o[:m+1], key[:m+1]
			for p, r := range b.sorted.order[j] {
				o[w], key[w] = r, uint64(rank[p])<<16|uint64(b.y16[r])
				w += int(mult[r])
			}
			continue
		}
		for p, r := range b.sorted.order[j] {
			for c := mult[r]; c > 0; c-- {
				o[w], key[w] = r, uint64(rank[p])<<16|uint64(b.y16[r])
				w++
			}
		}
	}
	if b.params.criterion == Entropy && len(b.xlogx) < m+1 {
		b.xlogx = make([]float64, m+1)
		for i := 1; i <= m; i++ {
			b.xlogx[i] = float64(i) * math.Log(float64(i))
		}
	}
	// A fully grown tree has at most 2m-1 nodes and m leaves: size once.
	if b.scratch && b.tree != nil && cap(b.tree.nodes) >= 2*m && cap(b.leafCounts) >= m*b.k {
		*b.tree = Tree{nodes: b.tree.nodes[:0]}
		b.leafCounts = b.leafCounts[:0]
	} else {
		b.tree = &Tree{nodes: make([]treeNode, 0, 2*m)}
		b.leafCounts = make([]float64, 0, m*b.k)
	}
	counts := b.countsFor(0)
	for _, key := range top.keys[0] {
		counts[classOf(key)]++
	}
	b.node(0, m, 0, outside, 0)
	return b.tree, b.leafCounts
}

// countsFor returns a zeroed class-count buffer for a node at this depth.
func (b *Builder) countsFor(depth int) []int {
	for len(b.countsAt) <= depth {
		b.countsAt = append(b.countsAt, make([]int, b.k))
	}
	c := b.countsAt[depth]
	clear(c)
	return c
}

// node grows the subtree over the range [start, end) of buf[depth%2], and
// the rows outside the sample in others[depth%2][ostart:oend], and returns
// its node id. countsAt[depth] holds the range's class counts.
func (b *Builder) node(start, end, ostart, oend, depth int) int32 {
	t := b.tree
	id := t.addNode()
	t.depth = max(t.depth, depth)
	rows := &b.buf[depth&1]
	counts := b.countsAt[depth]
	m := end - start
	if b.leafChild(m, counts, depth) {
		b.makeLeaf(id, counts, rows.order[0][start:end], b.others[depth&1][ostart:oend])
		return id
	}
	feature, pos, ok := b.bestSplit(rows, start, end, counts)
	if !ok {
		b.makeLeaf(id, counts, rows.order[0][start:end], b.others[depth&1][ostart:oend])
		return id
	}
	keys, distinct := rows.keys[feature][start:end], b.sorted.distinct[feature]
	rlo, rhi := rankOf(keys[pos]), rankOf(keys[pos+1])
	lo, hi := distinct[rlo], distinct[rhi]
	threshold := lo + (hi-lo)/2
	if threshold >= hi || math.IsInf(threshold, 0) {
		threshold = lo
	}
	mid := start + pos + 1
	// The left child's class counts, from the smaller side; the right
	// child's by difference once the left subtree is done (it leaves
	// countsAt[depth+1] as it found it).
	left := b.countsFor(depth + 1)
	if 2*(pos+1) <= m {
		for _, key := range keys[:pos+1] {
			left[classOf(key)]++
		}
	} else {
		for _, key := range keys[pos+1:] {
			left[classOf(key)]++
		}
		for c := range left {
			left[c] = counts[c] - left[c]
		}
	}
	next := &b.buf[(depth+1)&1]
	if b.leafChild(pos+1, left, depth+1) && b.rightLeafChild(m-pos-1, counts, left, depth+1) {
		// Two leaves need only their rows: the split feature's order has
		// them, left rows first.
		copy(next.order[0][start:end], rows.order[feature][start:end])
	} else {
		b.partition(rows, next, feature, start, end, pos)
	}
	omid := ostart
	if oend > ostart {
		// Rows outside the sample may hold values between lo and hi: cut
		// at the last rank whose value the threshold sends left.
		cut := rlo + uint32(sort.Search(int(rhi-rlo), func(r int) bool {
			return distinct[int(rlo)+r+1] > threshold
		}))
		omid = b.partitionOthers(depth, feature, cut, ostart, oend)
	}
	l := b.node(start, mid, ostart, omid, depth+1)
	for c := range left {
		left[c] = counts[c] - left[c]
	}
	r := b.node(mid, end, omid, oend, depth+1)
	t.nodes[id] = treeNode{threshold: threshold, feature: int32(feature), left: l, right: r, leaf: -1}
	return id
}

// partitionOthers copies the rows outside the sample of others[depth%2]
// [start, end) to the next depth's buffer, those of feature rank at most
// rank (left of the threshold) first, and returns where the right ones
// start.
func (b *Builder) partitionOthers(depth, feature int, rank uint32, start, end int) int {
	src, dst := b.others[depth&1][start:end], b.others[(depth+1)&1][start:end]
	rankOf := b.sorted.rowRank[feature]
	l, r := 0, len(dst)-1
	for _, row := range src {
		left := 0
		if rankOf[row] <= rank {
			left = 1
		}
		to := r ^ ((l ^ r) & -left)
		dst[to] = row
		l += left
		r -= 1 - left
	}
	return start + l
}

// leafChild reports whether a child of m rows with these class counts at
// this depth will be a leaf (node's first test).
func (b *Builder) leafChild(m int, counts []int, depth int) bool {
	return m < b.params.minSamplesSplit || depth >= b.params.maxDepth || isPure(counts, m)
}

// rightLeafChild is leafChild for the right child, whose counts are the
// parent's minus the left child's.
func (b *Builder) rightLeafChild(m int, parent, left []int, depth int) bool {
	if m < b.params.minSamplesSplit || depth >= b.params.maxDepth {
		return true
	}
	for c, v := range parent {
		if v-left[c] == m {
			return true
		}
	}
	return false
}

func isPure(counts []int, m int) bool {
	for _, c := range counts {
		if c == m {
			return true
		}
	}
	return false
}

// makeLeaf turns node id into a leaf holding the sample rows given and the
// rows outside the sample that reach it.
func (b *Builder) makeLeaf(id int32, counts []int, rows, others []int32) {
	leaf := int32(b.tree.nLeaves)
	b.tree.nodes[id].leaf = leaf
	b.tree.nLeaves++
	if b.rowLeaf != nil {
		for _, r := range rows {
			b.rowLeaf[r] = leaf
		}
		for _, r := range others {
			b.rowLeaf[r] = leaf
		}
	}
	for _, c := range counts {
		b.leafCounts = append(b.leafCounts, float64(c))
	}
}

// partition copies the node's range of every feature array from src to
// dst, rows going left (the first pos+1 rows in feature's order) first, then
// those going right, each side keeping its order.
func (b *Builder) partition(src, dst *sortedRows, feature, start, end, pos int) {
	for p, r := range src.order[feature][start:end] {
		b.goLeft[r] = 0
		if p <= pos {
			b.goLeft[r] = 1
		}
	}
	mid := pos + 1
	for g := range src.order {
		a, v := src.order[g][start:end], src.keys[g][start:end]
		da, dv := dst.order[g][start:end], dst.keys[g][start:end]
		if g == feature {
			copy(da, a)
			copy(dv, v)
			continue
		}
		// Without branches: to is l for a row going left, else r.
		l, r := 0, mid
		for p, row := range a {
			left := int(b.goLeft[row])
			to := r ^ ((l ^ r) & -left)
			da[to], dv[to] = row, v[p]
			l += left
			r += 1 - left
		}
	}
}
