package tree

import (
	"math"
	"math/rand/v2"
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
	goLeft     []bool
	countsAt   [][]int // class counts per depth
	tree       *Tree
	leafCounts []float64 // class counts of the sample in each leaf, K per leaf
	rowLeaf    []int32   // when set, receives the leaf of every sample row
	inLeft     []bool    // by level rank: sent left by the categorical split being made
}

// NewBuilder returns a builder for the presorted data, class codes y
// (0..k-1, one per row, k at most MaxClasses) and resolved parameters.
func NewBuilder(sorted *Presort, y []int32, k int, params Params) *Builder {
	d := len(sorted.order)
	b := &Builder{k: k, sorted: sorted,
		splitter: splitter{params: params, categorical: sorted.categorical, features: make([]int, d),
			left: make([]int, k), right: make([]int, k), levelScratch: levelScratch{miss: make([]int, k)}},
		buf: [2]sortedRows{newSortedRows(d), newSortedRows(d)}, goLeft: make([]bool, sorted.n), y16: make([]uint16, len(y))}
	for i, c := range y {
		b.y16[i] = uint16(c)
	}
	return b
}

// Grow fits a tree on the sample where row i appears mult[i] times, drawing
// its feature orders from rng. It returns the tree and the sample's class
// counts per leaf (K per leaf). When rowLeaf is not nil, rowLeaf[i] receives
// the leaf of every sample row i.
func (b *Builder) Grow(mult []int32, rowLeaf []int32, rng *rand.Rand) (*Tree, []float64) {
	b.rng, b.rowLeaf = rng, rowLeaf
	for j := range b.features {
		b.features[j] = j
	}
	m := 0
	for _, c := range mult {
		m += int(c)
	}
	b.buf[0].resize(m)
	b.buf[1].resize(m)
	top := &b.buf[0]
	for j := range top.order {
		o, rk, cl := top.order[j], top.ranks[j], top.classes[j]
		rankOf := b.sorted.rank[j]
		w := 0
		for p, r := range b.sorted.order[j] {
			for c := mult[r]; c > 0; c-- {
				o[w], rk[w], cl[w] = r, rankOf[p], b.y16[r]
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
	if b.sorted.special {
		b.prepare(b.params.criterion, m, b.xlogx)
	}
	// A fully grown tree has at most 2m-1 nodes and m leaves: size once.
	b.tree = &Tree{nodes: make([]treeNode, 0, 2*m)}
	b.leafCounts = make([]float64, 0, m*b.k)
	b.node(0, m, 0)
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

// node grows the subtree over the range [start, end) of buf[depth%2] and
// returns its node id.
func (b *Builder) node(start, end, depth int) int32 {
	t := b.tree
	id := t.addNode()
	t.depth = max(t.depth, depth)
	rows := &b.buf[depth&1]
	counts := b.countsFor(depth)
	for _, c := range rows.classes[0][start:end] {
		counts[c]++
	}
	m := end - start
	if m < b.params.minSamplesSplit || depth >= b.params.maxDepth || isPure(counts, m) {
		b.makeLeaf(id, counts, rows.order[0][start:end])
		return id
	}
	sp, ok := b.bestSplit(rows, start, end, counts)
	if !ok {
		b.makeLeaf(id, counts, rows.order[0][start:end])
		return id
	}
	nd := treeNode{feature: int32(sp.feature), leaf: -1, set: -1, missingLeft: sp.missingLeft}
	copied := -1 // a feature whose left rows already come first
	if sp.plain {
		nd.threshold = b.threshold(rows, sp, start)
		for p, r := range rows.order[sp.feature][start:end] {
			b.goLeft[r] = p <= sp.pos
		}
		copied = sp.feature
	} else {
		b.markLeft(rows, sp, start, end, &nd)
	}
	b.partition(rows, &b.buf[(depth+1)&1], copied, start, end, sp.leftRows)
	mid := start + sp.leftRows
	nd.left = b.node(start, mid, depth+1)
	nd.right = b.node(mid, end, depth+1)
	t.nodes[id] = nd
	return id
}

// threshold is the value between the last present value sent left by a
// numeric split and the next, or +Inf when every present value goes left
// (and the missing ones right).
func (b *Builder) threshold(rows *sortedRows, sp split, start int) float64 {
	ranks, distinct := rows.ranks[sp.feature][start:], b.sorted.distinct[sp.feature]
	if ranks[sp.pos+1] == missingRank {
		return math.Inf(1)
	}
	lo, hi := distinct[ranks[sp.pos]], distinct[ranks[sp.pos+1]]
	threshold := lo + (hi-lo)/2
	if threshold >= hi || math.IsInf(threshold, 0) {
		threshold = lo
	}
	return threshold
}

// markLeft sets goLeft for the node's rows under a split whose left rows
// are not a prefix of its feature's order (missing values, or a set of
// levels), and completes the node: its threshold, or its level set.
func (b *Builder) markLeft(rows *sortedRows, sp split, start, end int, nd *treeNode) {
	f := sp.feature
	vals, order := rows.ranks[f][start:end], rows.order[f][start:end]
	np := present(vals)
	if !sp.categorical {
		nd.threshold = b.threshold(rows, sp, start)
		for p, r := range order {
			b.goLeft[r] = p <= sp.pos || (p >= np && sp.missingLeft)
		}
		return
	}
	distinct := b.sorted.distinct[f]
	if len(b.inLeft) < len(distinct) {
		b.inLeft = make([]bool, len(distinct))
	}
	for _, r := range b.bestLevels {
		b.inLeft[r] = true
	}
	for p, r := range order {
		b.goLeft[r] = sp.missingLeft
		if p < np {
			b.goLeft[r] = b.inLeft[vals[p]]
		}
	}
	// The level set covers every code seen at fit time; levels absent from
	// the node follow the missing values, and so, at prediction, do codes
	// beyond the set.
	off, bits := b.tree.addSet(int(distinct[len(distinct)-1])/64 + 1)
	if sp.missingLeft {
		for w := range bits {
			bits[w] = ^uint64(0)
		}
	}
	for p := 0; p < np; p++ {
		if p > 0 && vals[p] == vals[p-1] {
			continue
		}
		code := uint64(distinct[vals[p]])
		if b.inLeft[vals[p]] {
			bits[code>>6] |= 1 << (code & 63)
		} else {
			bits[code>>6] &^= 1 << (code & 63)
		}
	}
	for _, r := range b.bestLevels {
		b.inLeft[r] = false
	}
	nd.set, nd.threshold = off, categoricalThreshold
}

func isPure(counts []int, m int) bool {
	for _, c := range counts {
		if c == m {
			return true
		}
	}
	return false
}

// makeLeaf turns node id into a leaf holding the sample rows given.
func (b *Builder) makeLeaf(id int32, counts []int, rows []int32) {
	leaf := int32(b.tree.nLeaves)
	b.tree.nodes[id].leaf = leaf
	b.tree.nLeaves++
	if b.rowLeaf != nil {
		for _, r := range rows {
			b.rowLeaf[r] = leaf
		}
	}
	for _, c := range counts {
		b.leafCounts = append(b.leafCounts, float64(c))
	}
}

// partition copies the node's range of every feature array from src to
// dst, rows going left (goLeft, nLeft of them) first, then those going
// right, each side keeping its order. Feature copied, when not -1, already
// has its left rows first and is copied as it is.
func (b *Builder) partition(src, dst *sortedRows, copied, start, end, nLeft int) {
	for g := range src.order {
		a, v, c := src.order[g][start:end], src.ranks[g][start:end], src.classes[g][start:end]
		da, dv, dc := dst.order[g][start:end], dst.ranks[g][start:end], dst.classes[g][start:end]
		if g == copied {
			copy(da, a)
			copy(dv, v)
			copy(dc, c)
			continue
		}
		l, r := 0, nLeft
		for p, row := range a {
			if b.goLeft[row] {
				da[l], dv[l], dc[l] = row, v[p], c[p]
				l++
			} else {
				da[r], dv[r], dc[r] = row, v[p], c[p]
				r++
			}
		}
	}
}
