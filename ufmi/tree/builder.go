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
	goLeft     []uint8  // 1 when the row goes left in the split being made
	countsAt   [][]int  // class counts per depth
	tree       *Tree
	leafCounts []float64 // class counts of the sample in each leaf, K per leaf
	rowLeaf    []int32   // when set, receives the leaf of every sample row
	inLeft     []bool    // by level rank: sent left by the categorical split being made
	scratch    bool      // Grow reuses tree and leafCounts (see Scratch)
	everyRow   bool      // rowLeaf receives the leaf of every row (see LeafOfEveryRow)
	// others[depth%2] holds the rows outside the sample, each node's in a
	// range of its own, when everyRow is set.
	others   [2][]int32
	small    smallRows // the small-node builder's (small.go)
	useSmall bool      // grow subtrees of at most smallMax rows with it
	noSmall  bool      // never use the small-node builder (tests compare)
	// inheritAt[depth] is the projection (Tree.proj set) of the nearest
	// oblique ancestor of the node being grown at that depth, or -1.
	inheritAt []int32
}

// NewBuilder returns a builder for the presorted data, class codes y
// (0..k-1, one per row, k at most MaxClasses) and resolved parameters.
func NewBuilder(sorted *Presort, y []int32, k int, params Params) *Builder {
	d := len(sorted.order)
	b := &Builder{k: k, sorted: sorted,
		splitter: splitter{params: params, categorical: sorted.categorical, features: make([]int, d),
			left: make([]int, k), right: make([]int, k), levelScratch: levelScratch{miss: make([]int, k)}},
		buf: [2]sortedRows{newSortedRows(d), newSortedRows(d)}, goLeft: make([]uint8, sorted.n), y16: make([]uint16, len(y))}
	for i, c := range y {
		b.y16[i] = uint16(c)
	}
	return b
}

// Relabel gives the builder new class codes (k classes, one per row of the
// presorted data) and parameters, keeping its buffers: refits on permuted
// labels of the same features then allocate almost nothing.
func (b *Builder) Relabel(y []int32, k int, params Params) {
	b.params = params
	if k != b.k {
		b.k, b.countsAt = k, nil
		b.left, b.right, b.levelScratch = make([]int, k), make([]int, k), levelScratch{miss: make([]int, k)}
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
// down the tree beside the sample, by the tree's routing rules, at less cost
// than Tree.LeafOf row by row.
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
		b.fill(top, j, mult, most, m)
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
	// A tree whose leaves hold at least minSamplesLeaf of the m rows has
	// at most m/minSamplesLeaf leaves and one node fewer than twice that:
	// size once (allocated memory is zeroed, so not m leaves' worth).
	// Appends would grow the slices past a bound that failed.
	leaves := m/b.params.minSamplesLeaf + 1
	if b.scratch && b.tree != nil && cap(b.tree.nodes) >= 2*leaves && cap(b.leafCounts) >= leaves*b.k {
		*b.tree = Tree{nodes: b.tree.nodes[:0], sets: b.tree.sets[:0], proj: b.tree.proj[:0]}
		b.leafCounts = b.leafCounts[:0]
	} else {
		b.tree = &Tree{nodes: make([]treeNode, 0, 2*leaves)}
		b.leafCounts = make([]float64, 0, leaves*b.k)
	}
	b.useSmall = b.smallOK() && !b.noSmall && !b.params.oblique
	counts := b.countsFor(0)
	b.setInherited(0, noProjection)
	for _, c := range top.classes[0] {
		counts[c]++
	}
	b.node(0, m, 0, outside, 0)
	return b.tree, b.leafCounts
}

// fill writes the sample's rows in feature j's order to the root's
// arrays, with their ranks and classes; m rows, at most most copies of
// one.
func (b *Builder) fill(top *sortedRows, j int, mult []int32, most int32, m int) {
	o, rk, cl := top.order[j][:m+1], top.ranks[j][:m+1], top.classes[j][:m+1]
	order, rankOf, y := b.sorted.order[j], b.sorted.rank[j], b.y16
	rankOf = rankOf[:len(order)]
	w := 0
	if most <= 1 {
		// A subsample: write every row, keep it by advancing w (the
		// arrays have room for one more row).
		for p, r := range order {
			o[w], rk[w], cl[w] = r, rankOf[p], y[r]
			w += int(mult[r])
		}
		return
	}
	for p, r := range order {
		for c := mult[r]; c > 0; c-- {
			o[w], rk[w], cl[w] = r, rankOf[p], y[r]
			w++
		}
	}
}

// setInherited records the projection the nodes at depth inherit (see
// meanProjection): a Tree.proj set, or -1.
func (b *Builder) setInherited(depth int, set int32) {
	for len(b.inheritAt) <= depth {
		b.inheritAt = append(b.inheritAt, noProjection)
	}
	b.inheritAt[depth] = set
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
	// A leaf needs only its rows (after a split into two leaves, the
	// other features' arrays are not written).
	if b.useSmall && end-start <= smallMax && !b.leafNode(end-start, b.countsAt[depth], depth) {
		return b.smallSubtree(start, end, ostart, oend, depth)
	}
	t := b.tree
	id := t.addNode()
	t.depth = max(t.depth, depth)
	rows := &b.buf[depth&1]
	counts := b.countsAt[depth]
	m := end - start
	if b.leafNode(m, counts, depth) {
		b.makeLeaf(id, counts, rows.order[0][start:end], b.others[depth&1][ostart:oend])
		return id
	}
	b.inherited = b.inheritAt[depth]
	best := b.bestSplit(rows, start, end, counts)
	if best == nil {
		b.makeLeaf(id, counts, rows.order[0][start:end], b.others[depth&1][ostart:oend])
		return id
	}
	sp := *best
	nd := treeNode{feature: int32(sp.feature), leaf: -1, set: -1, missingLeft: sp.missingLeft}
	mid := start + sp.leftRows
	// The left child's class counts; the right child's by difference once
	// the left subtree is done (it leaves countsAt[depth+1] as it found it).
	left := b.countsFor(depth + 1)
	next := &b.buf[(depth+1)&1]
	if sp.plain {
		nd.threshold = b.threshold(rows, sp, start)
		f := sp.feature
		for p, r := range rows.order[f][start:end] {
			b.goLeft[r] = 0
			if p <= sp.pos {
				b.goLeft[r] = 1
			}
		}
		// Count the smaller side, subtract.
		cls := rows.classes[f][start:end]
		if 2*sp.leftRows <= m {
			for _, c := range cls[:sp.leftRows] {
				left[c]++
			}
		} else {
			for _, c := range cls[sp.leftRows:] {
				left[c]++
			}
			for c := range left {
				left[c] = counts[c] - left[c]
			}
		}
		if b.leafNode(sp.leftRows, left, depth+1) && b.rightLeaf(m-sp.leftRows, counts, left, depth+1) {
			// Two leaves need only their rows: the split feature's order
			// has them, left rows first.
			copy(next.order[0][start:end], rows.order[f][start:end])
		} else {
			b.partition(rows, next, f, start, end, sp.leftRows)
		}
	} else {
		if sp.oblique {
			b.markOblique(rows, sp, start, end, &nd)
		} else {
			b.markLeft(rows, sp, start, end, &nd)
		}
		for p, r := range rows.order[0][start:end] {
			left[rows.classes[0][p+start]] += int(b.goLeft[r])
		}
		b.partition(rows, next, -1, start, end, sp.leftRows)
	}
	omid := ostart
	if oend > ostart {
		cut := -1
		if sp.plain {
			ranks := rows.ranks[sp.feature][start:]
			cut = b.cutBetween(sp.feature, ranks[sp.pos], ranks[sp.pos+1], nd.threshold)
		}
		omid = b.partitionOthers(depth, &nd, cut, ostart, oend)
	}
	if nd.oblique() {
		b.setInherited(depth+1, nd.set)
	} else {
		b.setInherited(depth+1, b.inheritAt[depth])
	}
	nd.left = b.node(start, mid, ostart, omid, depth+1)
	for c := range left {
		left[c] = counts[c] - left[c]
	}
	nd.right = b.node(mid, end, omid, oend, depth+1)
	t.nodes[id] = nd
	return id
}

// leafNode reports whether a node of m rows with these class counts at this
// depth is a leaf.
func (b *Builder) leafNode(m int, counts []int, depth int) bool {
	return m < b.params.minSamplesSplit || depth >= b.params.maxDepth || isPure(counts, m)
}

// rightLeaf is leafNode for a right child, whose counts are the parent's
// minus the left child's.
func (b *Builder) rightLeaf(m int, parent, left []int, depth int) bool {
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

// partitionOthers copies the rows outside the sample of others[depth%2]
// [start, end) to the next depth's buffer, those node nd sends left first,
// and returns where the right ones start. Rows are routed as Tree.LeafOf
// routes them: at a numeric split by rank (ranks below cut, the first
// whose value the threshold sends right, go left; missing values to their
// side), at a categorical split by the value read back from the rank.
func (b *Builder) partitionOthers(depth int, nd *treeNode, cut, start, end int) int {
	src, dst := b.others[depth&1][start:end], b.others[(depth+1)&1][start:end]
	f := nd.feature
	rankOf, distinct := b.sorted.rowRank[f], b.sorted.distinct[f]
	l, r := 0, len(dst)-1
	if nd.oblique() {
		threshold, terms := b.tree.projection(nd)
		for _, row := range src {
			if obliqueGoesLeft(b.rowZ(terms, row), threshold, nd.missingLeft) {
				dst[l] = row
				l++
			} else {
				dst[r] = row
				r--
			}
		}
		return start + l
	}
	if nd.set >= 0 {
		for _, row := range src {
			v := math.NaN()
			if rk := rankOf[row]; rk != missingRank {
				v = distinct[rk]
			}
			left := 0
			if b.tree.goesLeft(nd, v) {
				left = 1
			}
			to := r ^ ((l ^ r) & -left)
			dst[to] = row
			l += left
			r -= 1 - left
		}
		return start + l
	}
	// Ranks 0..cut-1 hold the values at most the threshold (cut -1: not
	// yet known).
	if cut < 0 {
		cut = sort.Search(len(distinct), func(i int) bool { return distinct[i] > nd.threshold })
	}
	below := uint32(cut)
	missingLeft := 0
	if nd.missingLeft {
		missingLeft = 1
	}
	for _, row := range src {
		rk := rankOf[row]
		left := 0
		if rk < below {
			left = 1
		}
		if rk == missingRank {
			left = missingLeft
		}
		to := r ^ ((l ^ r) & -left)
		dst[to] = row
		l += left
		r -= 1 - left
	}
	return start + l
}

// threshold is the value between the last present value sent left by a
// numeric split and the next, or +Inf when every present value goes left
// (and the missing ones right).
func (b *Builder) threshold(rows *sortedRows, sp split, start int) float64 {
	ranks := rows.ranks[sp.feature][start:]
	return b.thresholdBetween(sp.feature, ranks[sp.pos], ranks[sp.pos+1])
}

// thresholdBetween is the threshold of a numeric split of feature f whose
// last row left has value rank lo and first row right rank hi.
func (b *Builder) thresholdBetween(f int, lo, hi uint32) float64 {
	if hi == missingRank {
		return math.Inf(1)
	}
	distinct := b.sorted.distinct[f]
	return midpoint(distinct[lo], distinct[hi])
}

// midpoint is the threshold between consecutive distinct values lo < hi:
// halfway, taken as lo/2 + hi/2 where hi - lo overflows (values more than
// the largest float64 apart), and lo where it rounds to hi. Rows that no
// sample row of the node lies between then go the same way whatever the
// unit: with lo when halfway had overflowed, a left-out row between the
// two values went left however near hi it lay.
func midpoint(lo, hi float64) float64 {
	t := lo + (hi-lo)/2
	if math.IsInf(t, 0) {
		t = lo/2 + hi/2
	}
	if !(t < hi) {
		return lo
	}
	return t
}

// cutBetween is the cut partitionOthers takes for a numeric split of
// feature f at this threshold, its last row left of rank lo and first row
// right of rank hi: ranks up to lo go left and from hi right; between them
// (values no sample row of the node holds) the threshold decides.
func (b *Builder) cutBetween(f int, lo, hi uint32, threshold float64) int {
	distinct := b.sorted.distinct[f]
	l, h := int(lo), int(hi)
	return l + 1 + sort.Search(h-l-1, func(i int) bool { return distinct[l+1+i] > threshold })
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
			b.goLeft[r] = 0
			if p <= sp.pos || (p >= np && sp.missingLeft) {
				b.goLeft[r] = 1
			}
		}
		return
	}
	b.markLevels(f)
	for p, r := range order {
		left := sp.missingLeft
		if p < np {
			left = b.inLeft[vals[p]]
		}
		b.goLeft[r] = 0
		if left {
			b.goLeft[r] = 1
		}
	}
	b.levelSet(f, vals[:np], sp.missingLeft, nd)
}

// markLevels marks in inLeft the level ranks of feature f the best split
// sends left (bestLevels).
func (b *Builder) markLevels(f int) {
	distinct := b.sorted.distinct[f]
	if len(b.inLeft) < len(distinct) {
		b.inLeft = make([]bool, len(distinct))
	}
	for _, r := range b.bestLevels {
		b.inLeft[r] = true
	}
}

// levelSet completes node nd, the categorical split of feature f whose
// left levels inLeft marks, in a node whose present ranks of f are vals
// (in order): its level set. It clears inLeft.
func (b *Builder) levelSet(f int, vals []uint32, missingLeft bool, nd *treeNode) {
	distinct := b.sorted.distinct[f]
	// The level set covers every code seen at fit time; levels absent from
	// the node follow the missing values, and so, at prediction, do codes
	// beyond the set.
	off, bits := b.tree.addSet(int(distinct[len(distinct)-1])/64 + 1)
	if missingLeft {
		for w := range bits {
			bits[w] = ^uint64(0)
		}
	}
	for p := range vals {
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

// makeLeaf turns node id into a leaf holding the sample rows given and the
// rows outside the sample that reach it, and returns its leaf number.
func (b *Builder) makeLeaf(id int32, counts []int, rows, others []int32) int32 {
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
	return leaf
}

// partition copies the node's range of every feature array from src to
// dst, rows going left (goLeft, nLeft of them) first, then those going
// right, each side keeping its order. Feature copied, when not -1, already
// has its left rows first and is copied as it is.
func (b *Builder) partition(src, dst *sortedRows, copied, start, end, nLeft int) {
	goLeft := b.goLeft // read once: the loop's stores could alias b
	for g := range src.order {
		a, v, c := src.order[g][start:end], src.ranks[g][start:end], src.classes[g][start:end]
		da, dv, dc := dst.order[g][start:end], dst.ranks[g][start:end], dst.classes[g][start:end]
		if g == copied {
			copy(da, a)
			copy(dv, v)
			copy(dc, c)
			continue
		}
		// Without branches: to is l for a row going left, else r.
		l, r := 0, nLeft
		for p, row := range a {
			left := int(goLeft[row])
			to := r ^ ((l ^ r) & -left)
			da[to], dv[to], dc[to] = row, v[p], c[p]
			l += left
			r += 1 - left
		}
	}
}
