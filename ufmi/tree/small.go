package tree

import (
	"math"
	"math/bits"
	"slices"
)

// smallMax is the most rows of a subtree the small-node builder grows.
const smallMax = 64

// A fully grown tree spends most of its nodes on a few rows: the builder
// grows every subtree of at most smallMax rows (Gini, numeric features
// without missing values) without partitioning. The subtree's root notes,
// in every feature's order of its rows, each row's position, where the
// runs of equal values start and end, and the rows of each class; a node
// below it is a set of those rows, one 64-bit mask per feature (bit q: the
// row at position q of the feature's order is in the node). A scan scores
// only the rows that start a run and counts each side's classes by
// popcount (with few classes), and a split builds its children's masks
// from the rows of the smaller child alone. Every choice (features drawn,
// split, threshold, ties) is the partitioning builder's: the trees are the
// same.

// smallFeature holds a small subtree's rows in one feature's order.
type smallFeature struct {
	rank  []uint32        // value rank of the row at each position (the builder's buffer)
	class []uint16        // class of the row at each position (the builder's buffer)
	id    [smallMax]uint8 // the row's id: its position in feature 0's order
	// classes[c]: the positions of the rows of class c (up to smallClasses
	// classes).
	classes [smallClasses]uint64
	starts  uint64 // the positions whose value differs from the one before
	ends    uint64 // the positions whose value differs from the one after
	missing uint64 // the positions whose value is missing (the last ones)
	// categorical: the feature holds level codes, scanned by scanLevels.
	categorical bool
}

// smallClasses is the most classes for which a small scan counts each
// side's classes by popcount at each candidate split instead of moving
// rows one by one.
const smallClasses = 4

// smallRows is the small-node builder's state: per feature, the subtree's
// rows; the rows themselves in feature 0's order; masks per depth.
type smallRows struct {
	feat    []smallFeature
	rows    []int32 // the rows in feature 0's order (the builder's buffer)
	firstID []uint8 // by row: the id of its first copy in the subtree
	// pos[id*d+g]: the position of row id in feature g's order (d
	// features), a row's positions side by side for a split.
	pos   []uint8
	masks [][]uint64 // per depth: a node's masks, one per feature
	// gather holds a node's rows in one feature's order for a scan.
	gather struct {
		rank  [smallMax]uint32
		class [smallMax]uint16
	}
}

// smallOK reports whether the small-node builder can grow this data's
// subtrees: under Gini. A node's scan of a categorical feature, or of a
// numeric one with missing values among its rows, gathers the rows in
// order for the partitioning builder's scan (scanLevels, scanMissing).
func (b *Builder) smallOK() bool {
	return b.params.criterion == Gini
}

// masksFor returns the mask buffer of a node at this depth.
func (s *smallRows) masksFor(depth, d int) []uint64 {
	for len(s.masks) <= depth {
		s.masks = append(s.masks, make([]uint64, d))
	}
	return s.masks[depth]
}

// smallSubtree grows the subtree over the range [start, end) of
// buf[depth%2] (at most smallMax rows) as node does, and the rows outside
// the sample in others[depth%2][ostart:oend]; it returns the subtree's
// node id. The range stays as it is while the subtree grows.
func (b *Builder) smallSubtree(start, end, ostart, oend, depth int) int32 {
	s, rows, m := &b.small, &b.buf[depth&1], end-start
	d := len(rows.order)
	if len(s.feat) < d {
		s.feat = make([]smallFeature, d)
	}
	if len(s.firstID) < b.sorted.n {
		s.firstID = make([]uint8, b.sorted.n)
	}
	// Copies of a row (a bootstrap sample) are neighbours in every order:
	// the k-th copy in one order is the k-th in another.
	s.rows = rows.order[0][start:end]
	copies := false
	for q, r := range s.rows {
		if q > 0 && s.rows[q-1] == r {
			copies = true
			continue
		}
		s.firstID[r] = uint8(q)
	}
	masks := s.masksFor(depth, d)
	if len(s.pos) < smallMax*d {
		s.pos = make([]uint8, smallMax*d)
	}
	for g := range d {
		fe := &s.feat[g]
		order := rows.order[g][start:end]
		fe.rank, fe.class = rows.ranks[g][start:end], rows.classes[g][start:end]
		fe.classes, fe.starts = [smallClasses]uint64{}, 1
		prev, cls := fe.rank[0], fe.class[:len(order)]
		for q, r := range order {
			id := s.firstID[r]
			if copies && q > 0 && order[q-1] == r {
				id = fe.id[q-1] + 1
			}
			bit := uint64(1) << (uint(q) & (smallMax - 1))
			fe.id[q&(smallMax-1)] = id
			s.pos[int(id)*d+g] = uint8(q)
			fe.classes[cls[q]%smallClasses] |= bit
			var start uint64
			if rk := fe.rank[q]; rk != prev {
				start = bit
			}
			fe.starts |= start
			prev = fe.rank[q]
		}
		fe.ends = fe.starts>>1 | 1<<(m-1)
		masks[g] = 1<<m - 1
		// Missing values sort last.
		fe.missing, fe.categorical = masks[g]&^(1<<present(fe.rank[:m])-1), b.categorical[g]
	}
	return b.smallNode(ostart, oend, depth)
}

// smallNode grows the small subtree's node whose masks are at this depth
// (the rows outside the sample in others[depth%2][ostart:oend]) and
// returns its id. countsAt[depth] holds its class counts.
func (b *Builder) smallNode(ostart, oend, depth int) int32 {
	t, s := b.tree, &b.small
	id := t.addNode()
	t.depth = max(t.depth, depth)
	d := len(s.feat)
	mask, counts := s.masks[depth][:d], b.countsAt[depth]
	m := bits.OnesCount64(mask[0])
	if !b.leafNode(m, counts, depth) {
		if sp := b.chooseSplit(func(f int) *split { return b.scanSmall(&s.feat[f], mask[f], m, counts) }); sp != nil {
			b.smallSplit(id, *sp, mask, m, ostart, oend, depth)
			return id
		}
	}
	leaf := b.makeLeaf(id, counts, nil, b.others[depth&1][ostart:oend])
	if b.rowLeaf != nil {
		for w := mask[0]; w != 0; w &= w - 1 {
			b.rowLeaf[s.rows[bits.TrailingZeros64(w)]] = leaf
		}
	}
	return id
}

// smallSplit makes node id, a small node (masks mask, m rows), split sp
// (of a numeric feature without missing values in the node: its feature
// and position alone), and grows its children. It writes the node's
// fields one by one: a node copied whole just after its fields were
// written stalls.
func (b *Builder) smallSplit(id int32, sp split, mask []uint64, m, ostart, oend, depth int) {
	s, f := &b.small, sp.feature
	fe := &s.feat[f]
	nd := &b.tree.nodes[id]
	var leftF uint64
	var lo, hi uint32
	if sp.categorical {
		nd.feature, nd.missingLeft = int32(f), sp.missingLeft
		b.markLevels(f)
		for w := mask[f]; w != 0; w &= w - 1 {
			q := bits.TrailingZeros64(w) & (smallMax - 1)
			rk, left := fe.rank[q], sp.missingLeft
			if rk != missingRank {
				left = b.inLeft[rk]
			}
			if left {
				leftF |= 1 << q
			}
		}
		vals, _ := s.gatherRows(fe, mask[f]&^fe.missing)
		b.levelSet(f, vals, sp.missingLeft, nd)
	} else {
		if mask[f]&fe.missing == 0 {
			sp.plainSplit(m)
		}
		cut := cutAfter(mask[f], sp.pos)
		leftF = mask[f] & (1<<cut - 1)
		lo, hi = fe.rank[bits.Len64(leftF)-1], fe.rank[cut]
		if !sp.plain && sp.missingLeft {
			leftF |= mask[f] & fe.missing
		}
		nd.feature, nd.missingLeft = int32(f), sp.missingLeft
		nd.threshold = b.thresholdBetween(f, lo, hi)
	}
	// The left child's masks and class counts from the rows of the
	// smaller side; the right child's by difference.
	left, child := b.countsFor(depth+1), s.masksFor(depth+1, len(mask))
	clear(child)
	d := len(child)
	side := leftF
	if 2*sp.leftRows > m {
		side = mask[f] &^ leftF
	}
	for w := side; w != 0; w &= w - 1 {
		q := bits.TrailingZeros64(w) & (smallMax - 1)
		left[fe.class[q]]++
		id := int(fe.id[q])
		for g, p := range s.pos[id*d : id*d+d] {
			child[g] |= 1 << (p & (smallMax - 1))
		}
	}
	parent := b.countsAt[depth]
	if side != leftF {
		for g := range child {
			child[g] ^= mask[g]
		}
		for c := range left {
			left[c] = parent[c] - left[c]
		}
	}
	omid := ostart
	if oend > ostart {
		cut := -1 // found from the threshold (or a level set's routing)
		if sp.plain {
			cut = b.cutBetween(f, lo, hi, nd.threshold)
		}
		omid = b.partitionOthers(depth, nd, cut, ostart, oend)
	}
	l := b.smallNode(ostart, omid, depth+1)
	for g := range child {
		child[g] ^= mask[g]
	}
	for c := range left {
		left[c] = parent[c] - left[c]
	}
	r := b.smallNode(omid, oend, depth+1)
	nd = &b.tree.nodes[id]
	nd.left, nd.right = l, r
}

// scanSmall is scanGini over the rows of a small node in one feature's
// order (mask: their positions, m of them), for chooseSplit: nil for a
// feature constant in the node, else its split's position and score. With at most smallClasses classes, the candidate
// splits are the rows that start a run of equal values (but the first),
// and at each the rows before it, and those of each class, are counted in
// the mask: candidates come in scanGini's order with its sums, so the
// result is the same.
func (b *Builder) scanSmall(fe *smallFeature, mask uint64, m int, counts []int) *split {
	cuts := firstOfRuns(mask, fe.starts, fe.ends) & (mask - 1)
	if cuts == 0 {
		return nil
	}
	s := b.cur
	if len(counts) <= smallClasses {
		if fe.categorical {
			*s = b.scanSmallLevels(fe, mask, counts)
			return s
		}
		if mask&fe.missing != 0 {
			*s = b.scanSmallMissing(fe, mask, counts)
			return s
		}
	}
	if fe.categorical || mask&fe.missing != 0 {
		// Gathered in order for the partitioning builder's scan.
		vals, cls := b.small.gatherRows(fe, mask)
		if fe.categorical {
			*s = b.scanLevels(vals, cls, counts)
		} else {
			*s = b.scanMissing(vals, cls, counts)
		}
		return s
	}
	*s = split{pos: -1, score: -1}
	if len(counts) > smallClasses {
		// Gathered in order for scanGini.
		vals, cls := b.small.gatherRows(fe, mask)
		s.pos, s.score = b.scanGini(vals, cls, counts)
	} else if cuts &= b.enough(mask); cuts != 0 {
		var n [smallClasses]int
		for c, v := range counts {
			n[c] = v
		}
		cm, best := &fe.classes, smallBest{num: -1, den: 1, pos: -1}
		for ; cuts != 0; cuts &= cuts - 1 {
			before := mask & (cuts&-cuts - 1)
			l0, l1 := bits.OnesCount64(before&cm[0]), bits.OnesCount64(before&cm[1])
			l2, l3 := bits.OnesCount64(before&cm[2]), bits.OnesCount64(before&cm[3])
			r0, r1, r2, r3 := n[0]-l0, n[1]-l1, n[2]-l2, n[3]-l3
			nL := l0 + l1 + l2 + l3 // every row has one of the classes
			best = best.offer(l0*l0+l1*l1+l2*l2+l3*l3, r0*r0+r1*r1+r2*r2+r3*r3, nL, m-nL)
		}
		s.pos, s.score = best.pos, float64(best.num)/float64(best.den)
	}
	return s
}

// scanSmallMissing is scanMissing over the rows of a small node (mask)
// with at most smallClasses classes. Its candidates are the last rows of
// the runs of present values, in scanMissing's order; each side's class
// counts come by popcount. scanMissing's sums of term[c] = c² move by
// exact integers, so they equal the sums of squares here, and the scores
// are computed as there: the result is the same.
func (b *Builder) scanSmallMissing(fe *smallFeature, mask uint64, counts []int) split {
	present, missing := mask&^fe.missing, mask&fe.missing
	np, nm := bits.OnesCount64(present), bits.OnesCount64(missing)
	var n, miss [smallClasses]int
	for c, v := range counts {
		n[c] = v
	}
	cm := &fe.classes
	for c := range miss {
		miss[c] = bits.OnesCount64(missing & cm[c])
		n[c] -= miss[c] // present rows of class c
	}
	best := split{pos: -1, score: math.Inf(-1)}
	msl := b.params.minSamplesLeaf
	scale, offset := b.scale, b.offset
	// The first row of each run of present values but the first, then
	// past the last present row.
	cuts := firstOfRuns(present, fe.starts, fe.ends) & (present - 1)
	for {
		before := present
		if cuts != 0 {
			before &= cuts&-cuts - 1
		}
		var l, sl, slm, sr, srm int
		for c := range counts { // k <= smallClasses
			c &= smallClasses - 1
			lc := bits.OnesCount64(before & cm[c])
			rc, mc := n[c]-lc, miss[c]
			l += lc
			sl, slm, sr, srm = sl+lc*lc, slm+(lc+mc)*(lc+mc), sr+rc*rc, srm+(rc+mc)*(rc+mc)
		}
		sL, sLM, sR, sRM := float64(sl), float64(slm), float64(sr), float64(srm)
		nL, nR := l, np-l
		if nR >= msl && nL+nm >= msl {
			if v := sLM*scale[nL+nm] - offset[nL+nm] + sR*scale[nR] - offset[nR]; v > best.score {
				best.pos, best.score, best.missingLeft, best.leftRows = nL-1, v, true, nL+nm
			}
		}
		if nL >= msl && nR+nm >= msl {
			if v := sL*scale[nL] - offset[nL] + sRM*scale[nR+nm] - offset[nR+nm]; v > best.score {
				best.pos, best.score, best.missingLeft, best.leftRows = nL-1, v, false, nL
			}
		}
		if cuts == 0 {
			return best
		}
		cuts &= cuts - 1
	}
}

// scanSmallLevels is scanLevels over the rows of a small node (mask)
// with at most smallClasses classes: each level's rows are a run of the
// feature's order, and their class counts come by popcount.
func (b *Builder) scanSmallLevels(fe *smallFeature, mask uint64, counts []int) split {
	present, missing := mask&^fe.missing, mask&fe.missing
	k, cm := len(counts), &fe.classes
	b.clearLevels()
	for w := firstOfRuns(present, fe.starts, fe.ends); w != 0; {
		first := w & -w
		w &= w - 1
		run := present &^ (first - 1)
		if w != 0 {
			run &= w&-w - 1
		}
		base := len(b.levelClass)
		b.levelClass = slices.Grow(b.levelClass, k)[:base+k]
		for c := range b.levelClass[base:] {
			b.levelClass[base+c] = bits.OnesCount64(run & cm[c&(smallClasses-1)])
		}
		b.levelRank = append(b.levelRank, fe.rank[bits.TrailingZeros64(first)])
		b.levelSize = append(b.levelSize, bits.OnesCount64(run))
	}
	for c := range b.miss[:k] {
		b.miss[c] = bits.OnesCount64(missing & cm[c&(smallClasses-1)])
	}
	return b.chooseLevels(counts, bits.OnesCount64(present), bits.OnesCount64(missing))
}

// gatherRows writes the ranks and classes of the rows of mask, in the
// feature's order, to the gather buffer and returns them.
func (s *smallRows) gatherRows(fe *smallFeature, mask uint64) ([]uint32, []uint16) {
	g := &s.gather
	n := 0
	for w := mask; w != 0; w &= w - 1 {
		q := bits.TrailingZeros64(w)
		g.rank[n&(smallMax-1)], g.class[n&(smallMax-1)] = fe.rank[q], fe.class[q]
		n++
	}
	return g.rank[:n], g.class[:n]
}

// smallBest is giniBest in integers for a small node: its sums are
// exact in a float64, and so are its products (below 2^31 with at most
// smallMax rows), so it picks the same split, with the same score.
type smallBest struct{ num, den, pos int }

// offer is giniBest.offer.
func (g smallBest) offer(sumL, sumR, nL, nR int) smallBest {
	num, den := sumL*nR+sumR*nL, nL*nR
	if num*g.den > g.num*den {
		return smallBest{num, den, nL - 1}
	}
	return g
}

// enough returns the rows of mask that, as the first row right of a
// split, leave at least minSamplesLeaf rows on each side: all but the
// first minSamplesLeaf and the last minSamplesLeaf-1.
func (b *Builder) enough(mask uint64) uint64 {
	w := mask & (mask - 1)
	for range b.params.minSamplesLeaf - 1 {
		w &= w - 1
		w &^= 1 << (bits.Len64(w) - 1)
	}
	return w
}

// firstOfRuns returns the first bit of mask in each run of equal values:
// the runs start at the bits of starts and end at those of ends. The
// subtraction borrows, in a run whose start is not in mask, up to the
// run's first bit of mask, or its end when it has none.
func firstOfRuns(mask, starts, ends uint64) uint64 {
	x := mask | ends
	return x &^ (x - starts) & mask
}

// cutAfter returns the position in mask of the row after the first pos+1.
func cutAfter(mask uint64, pos int) int {
	for range pos + 1 {
		mask &= mask - 1
	}
	return bits.TrailingZeros64(mask)
}
