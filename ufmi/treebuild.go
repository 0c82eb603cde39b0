package ufmi

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// presort holds, for every feature, the row indices sorted by that
// feature's value (ties by row index), each position's dense value rank, and
// the distinct values in increasing order. It is computed once per fit and
// shared, read only, by every tree: a tree then filters it by its own sample
// in O(n·d) instead of sorting again. Trees work on ranks (4 bytes, exact
// for comparisons) and turn them back into values only for thresholds.
type presort struct {
	order    [][]int32   // order[j][p]: the row at position p in feature j's order
	rank     [][]uint32  // rank[j][p]: dense rank of that row's value of feature j
	distinct [][]float64 // distinct[j][r]: the feature's value of rank r
}

func newPresort(f *Features) presort {
	p := presort{order: make([][]int32, f.d), rank: make([][]uint32, f.d), distinct: make([][]float64, f.d)}
	type entry struct {
		v   float64
		row int32
	}
	entries := make([]entry, f.n)
	for j := range p.order {
		col := f.cols[j]
		for i := range entries {
			entries[i] = entry{col[i], int32(i)}
		}
		slices.SortFunc(entries, func(a, b entry) int {
			if c := cmp.Compare(a.v, b.v); c != 0 {
				return c
			}
			return cmp.Compare(a.row, b.row)
		})
		order, rank := make([]int32, f.n), make([]uint32, f.n)
		var distinct []float64
		for i, e := range entries {
			if i == 0 || e.v != entries[i-1].v {
				distinct = append(distinct, e.v)
			}
			order[i], rank[i] = e.row, uint32(len(distinct)-1)
		}
		p.order[j], p.rank[j], p.distinct[j] = order, rank, distinct
	}
	return p
}

// treeBuilder grows one tree at a time; each worker owns one and reuses its
// buffers from tree to tree.
//
// The node being split owns the same range [start, end) of every per-feature
// array, each range sorted by feature j. Splitting a node stably partitions
// every range into left rows then right rows, so children stay sorted and no
// node ever sorts. The arrays are double-buffered: a node at depth t reads
// buf[t%2] and writes its children's rows into buf[(t+1)%2], so a
// partition reads and writes each entry once.
type treeBuilder struct {
	k      int
	params treeParams
	sorted presort

	buf        [2]sortedRows
	y16        []uint16 // class codes, compact
	goLeft     []bool
	features   []int
	countsAt   [][]int // class counts per depth
	left       []int
	right      []int
	xlogx      []float64
	tree       *Tree
	leafCounts []float64 // class counts of the sample in each leaf, K per leaf
	rowLeaf    []int32   // when set, receives the leaf of every sample row
	drawKey    []float64 // per feature, its key in a weighted draw
	rng        *rand.Rand
}

// sortedRows holds, per feature j, the tree's sample rows (with
// multiplicity) in feature j's order, with their value ranks and classes
// beside them for sequential scans.
type sortedRows struct {
	order   [][]int32
	ranks   [][]uint32 // ranks[j][p]: value rank of row order[j][p]
	classes [][]uint16 // classes[j][p] = y[order[j][p]]
}

func newSortedRows(d int) sortedRows {
	return sortedRows{order: make([][]int32, d), ranks: make([][]uint32, d), classes: make([][]uint16, d)}
}

// resize gives every feature's arrays length m, reusing their storage.
func (s *sortedRows) resize(m int) {
	for j := range s.order {
		if cap(s.order[j]) < m {
			s.order[j], s.ranks[j], s.classes[j] = make([]int32, m), make([]uint32, m), make([]uint16, m)
		}
		s.order[j], s.ranks[j], s.classes[j] = s.order[j][:m], s.ranks[j][:m], s.classes[j][:m]
	}
}

func newTreeBuilder(x *Features, y []int32, k int, params treeParams, sorted presort) *treeBuilder {
	b := &treeBuilder{k: k, params: params, sorted: sorted,
		buf: [2]sortedRows{newSortedRows(x.d), newSortedRows(x.d)}, goLeft: make([]bool, x.n), features: make([]int, x.d),
		left: make([]int, k), right: make([]int, k), y16: make([]uint16, len(y))}
	for i, c := range y {
		b.y16[i] = uint16(c)
	}
	return b
}

// grow fits a tree on the sample where row i appears mult[i] times.
// It returns the tree and the sample's class counts per leaf.
func (b *treeBuilder) grow(mult []int32, rng *rand.Rand) (*Tree, []float64) {
	b.rng = rng
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
	if b.params.criterion == CriterionEntropy && len(b.xlogx) < m+1 {
		b.xlogx = make([]float64, m+1)
		for i := 1; i <= m; i++ {
			b.xlogx[i] = float64(i) * math.Log(float64(i))
		}
	}
	// A fully grown tree has at most 2m-1 nodes and m leaves: size once.
	b.tree = &Tree{nodes: make([]treeNode, 0, 2*m)}
	b.leafCounts = make([]float64, 0, m*b.k)
	b.node(0, m, 0)
	return b.tree, b.leafCounts
}

// countsFor returns a zeroed class-count buffer for a node at this depth.
func (b *treeBuilder) countsFor(depth int) []int {
	for len(b.countsAt) <= depth {
		b.countsAt = append(b.countsAt, make([]int, b.k))
	}
	c := b.countsAt[depth]
	clear(c)
	return c
}

// node grows the subtree over the range [start, end) of buf[depth%2] and
// returns its node id.
func (b *treeBuilder) node(start, end, depth int) int32 {
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
	feature, pos, ok := b.bestSplit(rows, start, end, counts)
	if !ok {
		b.makeLeaf(id, counts, rows.order[0][start:end])
		return id
	}
	ranks, distinct := rows.ranks[feature][start:end], b.sorted.distinct[feature]
	lo, hi := distinct[ranks[pos]], distinct[ranks[pos+1]]
	threshold := lo + (hi-lo)/2
	if threshold >= hi || math.IsInf(threshold, 0) {
		threshold = lo
	}
	b.partition(rows, &b.buf[(depth+1)&1], feature, start, end, pos)
	mid := start + pos + 1
	l := b.node(start, mid, depth+1)
	r := b.node(mid, end, depth+1)
	t.nodes[id] = treeNode{threshold: threshold, feature: int32(feature), left: l, right: r, leaf: -1}
	return id
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
func (b *treeBuilder) makeLeaf(id int32, counts []int, rows []int32) {
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

// bestSplit examines features in a fresh random order until mtry
// non-constant ones have been scanned (as scikit-learn does), and returns the
// feature and the position in its sorted range after which the node splits.
func (b *treeBuilder) bestSplit(rows *sortedRows, start, end int, counts []int) (feature, pos int, ok bool) {
	d := len(b.features)
	if b.params.weights != nil {
		d = b.weightedOrder()
	}
	best := math.Inf(-1)
	visited := 0
	for i := 0; i < d && visited < b.params.mtry; i++ {
		if b.params.weights == nil {
			j := i + b.rng.IntN(d-i)
			b.features[i], b.features[j] = b.features[j], b.features[i]
		}
		f := b.features[i]
		vals, cls := rows.ranks[f][start:end], rows.classes[f][start:end]
		if vals[0] == vals[len(vals)-1] {
			continue
		}
		visited++
		var p int
		var score float64
		if b.params.criterion == CriterionGini {
			p, score = b.scanGini(vals, cls, counts)
		} else {
			p, score = b.scanEntropy(vals, cls, counts)
		}
		if p >= 0 && score > best {
			best, feature, pos, ok = score, f, p, true
		}
	}
	return feature, pos, ok
}

// weightedOrder puts the features in the order of a weighted draw without
// replacement (each feature's key is log(u)/w, largest first, which draws
// with probability proportional to w) and returns how many have a positive
// weight, which come first: features of weight zero are never examined.
func (b *treeBuilder) weightedOrder() int {
	w := b.params.weights
	if b.drawKey == nil {
		b.drawKey = make([]float64, len(w))
	}
	for j := range b.features {
		b.features[j] = j
		b.drawKey[j] = math.Inf(-1)
		if w[j] > 0 {
			b.drawKey[j] = math.Log(b.rng.Float64()) / w[j]
		}
	}
	key := b.drawKey
	slices.SortFunc(b.features, func(a, c int) int { return cmp.Compare(key[c], key[a]) })
	return b.params.drawable
}

// scanGini returns the split position maximising sum_k L_k²/n_L + sum_k R_k²/n_R,
// which is equivalent to minimising the weighted CriterionGini impurity of the children.
func (b *treeBuilder) scanGini(vals []uint32, cls []uint16, counts []int) (int, float64) {
	left, right := b.left, b.right
	clear(left)
	copy(right, counts)
	sumL, sumR := 0, 0
	for _, c := range counts {
		sumR += c * c
	}
	m := len(vals)
	msl := b.params.minSamplesLeaf
	// The score sumL/nL + sumR/nR is kept as a fraction num/den and compared
	// by cross-multiplication, which avoids two divisions per position.
	bestPos, bestNum, bestDen := -1, -1.0, 1.0
	for p := 0; p < m-1; p++ {
		c := cls[p]
		sumL += 2*left[c] + 1
		left[c]++
		sumR -= 2*right[c] - 1
		right[c]--
		nL := p + 1
		if nL < msl {
			continue
		}
		if m-nL < msl {
			break
		}
		if vals[p] == vals[p+1] {
			continue
		}
		nR := m - nL
		num := float64(sumL)*float64(nR) + float64(sumR)*float64(nL)
		den := float64(nL) * float64(nR)
		if num*bestDen > bestNum*den {
			bestNum, bestDen, bestPos = num, den, p
		}
	}
	return bestPos, bestNum / bestDen
}

// scanEntropy returns the split position maximising
// sum_k L_k log L_k + sum_k R_k log R_k - n_L log n_L - n_R log n_R,
// which is minus the children's entropy times the node size.
func (b *treeBuilder) scanEntropy(vals []uint32, cls []uint16, counts []int) (int, float64) {
	left, right := b.left, b.right
	clear(left)
	copy(right, counts)
	xl := b.xlogx
	sumL, sumR := 0.0, 0.0
	for _, c := range counts {
		sumR += xl[c]
	}
	m := len(vals)
	msl := b.params.minSamplesLeaf
	bestPos, best := -1, math.Inf(-1)
	for p := 0; p < m-1; p++ {
		c := cls[p]
		sumL += xl[left[c]+1] - xl[left[c]]
		left[c]++
		sumR += xl[right[c]-1] - xl[right[c]]
		right[c]--
		nL := p + 1
		if nL < msl {
			continue
		}
		if m-nL < msl {
			break
		}
		if vals[p] == vals[p+1] {
			continue
		}
		if s := sumL + sumR - xl[nL] - xl[m-nL]; s > best {
			best, bestPos = s, p
		}
	}
	return bestPos, best
}

// partition copies the node's range of every feature array from src to
// dst, rows going left (the first pos+1 rows in feature's order) first, then
// those going right, each side keeping its order.
func (b *treeBuilder) partition(src, dst *sortedRows, feature, start, end, pos int) {
	for p, r := range src.order[feature][start:end] {
		b.goLeft[r] = p <= pos
	}
	mid := pos + 1
	for g := range src.order {
		a, v, c := src.order[g][start:end], src.ranks[g][start:end], src.classes[g][start:end]
		da, dv, dc := dst.order[g][start:end], dst.ranks[g][start:end], dst.classes[g][start:end]
		if g == feature {
			copy(da, a)
			copy(dv, v)
			copy(dc, c)
			continue
		}
		l, r := 0, mid
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
