package ufmi

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// presort holds, for every feature, the row indices sorted by that feature's
// value (ties by row index). It is computed once per fit and shared, read
// only, by every tree: a tree then filters it by its own sample in O(n·d)
// instead of sorting again.
type presort [][]int32

func newPresort(f *Features) presort {
	p := make(presort, f.d)
	for j := range p {
		col := f.cols[j]
		idx := make([]int32, f.n)
		for i := range idx {
			idx[i] = int32(i)
		}
		slices.SortFunc(idx, func(a, b int32) int {
			if c := cmp.Compare(col[a], col[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		p[j] = idx
	}
	return p
}

// treeBuilder grows one tree at a time; each worker owns one and reuses its
// buffers from tree to tree.
//
// The node being split owns the same range [start, end) of every per-feature
// array order[j], each range sorted by feature j. Splitting a node stably
// partitions every range into left rows then right rows, so children stay
// sorted and no node ever sorts.
type treeBuilder struct {
	x      *Features
	y      []int32
	k      int
	params treeParams
	sorted presort

	order      [][]int32   // per feature, the tree's sample rows (with multiplicity)
	values     [][]float64 // values[j][p] = x[order[j][p], j], kept beside order for sequential scans
	classes    [][]int32   // classes[j][p] = y[order[j][p]]
	scratch    []int32
	scratchV   []float64
	scratchC   []int32
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

func newTreeBuilder(x *Features, y []int32, k int, params treeParams, sorted presort) *treeBuilder {
	b := &treeBuilder{x: x, y: y, k: k, params: params, sorted: sorted,
		order: make([][]int32, x.d), values: make([][]float64, x.d), classes: make([][]int32, x.d), goLeft: make([]bool, x.n), features: make([]int, x.d),
		left: make([]int, k), right: make([]int, k)}
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
	for j := range b.order {
		o, v, cl := b.order[j][:0], b.values[j][:0], b.classes[j][:0]
		col := b.x.cols[j]
		for _, r := range b.sorted[j] {
			for c := mult[r]; c > 0; c-- {
				o = append(o, r)
				v = append(v, col[r])
				cl = append(cl, b.y[r])
			}
		}
		b.order[j], b.values[j], b.classes[j] = o, v, cl
	}
	if cap(b.scratch) < m {
		b.scratch = make([]int32, m)
		b.scratchV = make([]float64, m)
		b.scratchC = make([]int32, m)
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

// node grows the subtree over order[*][start:end] and returns its node id.
func (b *treeBuilder) node(start, end, depth int) int32 {
	t := b.tree
	id := t.addNode()
	t.depth = max(t.depth, depth)
	counts := b.countsFor(depth)
	for _, c := range b.classes[0][start:end] {
		counts[c]++
	}
	m := end - start
	if m < b.params.minSamplesSplit || depth >= b.params.maxDepth || isPure(counts, m) {
		b.makeLeaf(id, counts, start, end)
		return id
	}
	feature, pos, ok := b.bestSplit(start, end, counts)
	if !ok {
		b.makeLeaf(id, counts, start, end)
		return id
	}
	vals := b.values[feature][start:end]
	lo, hi := vals[pos], vals[pos+1]
	threshold := lo + (hi-lo)/2
	if threshold >= hi || math.IsInf(threshold, 0) {
		threshold = lo
	}
	b.partition(feature, start, end, pos)
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

func (b *treeBuilder) makeLeaf(id int32, counts []int, start, end int) {
	leaf := int32(b.tree.nLeaves)
	b.tree.nodes[id].leaf = leaf
	b.tree.nLeaves++
	if b.rowLeaf != nil {
		for _, r := range b.order[0][start:end] {
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
func (b *treeBuilder) bestSplit(start, end int, counts []int) (feature, pos int, ok bool) {
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
		vals, cls := b.values[f][start:end], b.classes[f][start:end]
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
// weight: features of weight zero are never examined.
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
	positive := 0
	for _, v := range w {
		if v > 0 {
			positive++
		}
	}
	return positive
}

// scanGini returns the split position maximising sum_k L_k²/n_L + sum_k R_k²/n_R,
// which is equivalent to minimising the weighted CriterionGini impurity of the children.
func (b *treeBuilder) scanGini(vals []float64, cls []int32, counts []int) (int, float64) {
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
func (b *treeBuilder) scanEntropy(vals []float64, cls []int32, counts []int) (int, float64) {
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

// partition splits the node's range of every feature array into the rows
// going left (the first pos+1 rows in feature's order) then those going
// right, keeping each side's order.
func (b *treeBuilder) partition(feature, start, end, pos int) {
	rows := b.order[feature][start:end]
	for p, r := range rows {
		b.goLeft[r] = p <= pos
	}
	for g := range b.order {
		if g == feature {
			continue
		}
		a, v, c := b.order[g][start:end], b.values[g][start:end], b.classes[g][start:end]
		w, t := 0, 0
		for p, r := range a {
			if b.goLeft[r] {
				a[w], v[w], c[w] = r, v[p], c[p]
				w++
			} else {
				b.scratch[t], b.scratchV[t], b.scratchC[t] = r, v[p], c[p]
				t++
			}
		}
		copy(a[w:], b.scratch[:t])
		copy(v[w:], b.scratchV[:t])
		copy(c[w:], b.scratchC[:t])
	}
}
