package tree

import (
	"cmp"
	"math"
	"slices"
)

// maxLevelOrders is how many level orders a categorical scan tries when
// there are more than two classes.
const maxLevelOrders = 4

// levelScratch holds the buffers of the categorical scan.
type levelScratch struct {
	miss        []int    // class counts of the node's missing rows
	levelRank   []uint32 // ranks of the levels present in the node, increasing
	levelSize   []int    // rows of each present level
	levelClass  []int    // class counts of each present level, K per level
	levelOrder  []int    // an order of the present levels (indices into levelRank)
	orderBy     []int    // the classes whose proportions order the levels
	levelsFound []uint32 // ranks sent left by the last categorical scan
	bestLevels  []uint32 // ranks sent left by the best split so far
	// scannedOrders holds the level orders a scan has tried, side by side.
	scannedOrders []int
}

// scanLevels scans a categorical feature. The levels present in the node
// are ordered by the proportion of one class among their rows, and every
// prefix of that order is a candidate set of levels sent left. With two
// classes, ordering by the proportion of class 1 finds the best of all
// 2^(L-1)-1 partitions of the levels, for Gini and entropy alike (Breiman
// et al. 1984, Theorem 4.5; Ripley 1996). With more classes, where no such
// order is exact, the orders by the proportion of each of the node's (at
// most maxLevelOrders) most frequent classes are tried, a heuristic. Ties
// in an order keep levels in code order, that is in their order of first
// appearance in the data, never by name. Missing rows are sent left and
// right as in scanMissing; one more candidate sends every present level
// left and the missing rows right. The levels of the result are left in
// levelsFound.
func (b *splitter) scanLevels(vals []uint32, cls []uint16, counts []int) split {
	k := len(counts)
	np := present(vals)
	nm := len(vals) - np
	b.clearLevels()
	for p := 0; p < np; {
		base := len(b.levelClass)
		b.levelClass = slices.Grow(b.levelClass, k)[:base+k]
		clear(b.levelClass[base:])
		q := p
		for ; q < np && vals[q] == vals[p]; q++ {
			b.levelClass[base+int(cls[q])]++
		}
		b.levelRank = append(b.levelRank, vals[p])
		b.levelSize = append(b.levelSize, q-p)
		p = q
	}
	clear(b.miss)
	for _, c := range cls[np:] {
		b.miss[c]++
	}
	return b.chooseLevels(counts, np, nm)
}

// clearLevels empties the level statistics of the categorical scan.
func (b *splitter) clearLevels() {
	b.levelRank, b.levelSize, b.levelClass = b.levelRank[:0], b.levelSize[:0], b.levelClass[:0]
}

// chooseLevels is scanLevels once the node's levels (levelRank, levelSize,
// levelClass) and its missing rows' class counts (miss) are known: np
// present and nm missing rows. An order of the levels already scanned is
// not scanned again: it gives the same split, which could not win.
func (b *splitter) chooseLevels(counts []int, np, nm int) split {
	k := len(counts)
	best := split{pos: -1, score: math.Inf(-1), categorical: true}
	bestClass, lastClass := -1, -1
	scanned := b.scannedOrders[:0]
	for _, c := range b.orderClasses(counts) {
		order := b.orderLevels(c, k)
		lastClass = c
		if orderIn(scanned, order) {
			continue
		}
		scanned = append(scanned, order...)
		s := b.scanLevelOrder(order, counts, np, nm)
		if s.pos >= 0 && s.score > best.score {
			best, bestClass = s, c
		}
	}
	b.scannedOrders = scanned
	if bestClass < 0 {
		return best
	}
	if nm == 0 {
		// No missing training row: missing values and unseen levels go to
		// the larger child.
		best.missingLeft = 2*best.leftRows >= np
	}
	order := b.levelOrder
	if bestClass != lastClass {
		order = b.orderLevels(bestClass, k)
	}
	b.levelsFound = b.levelsFound[:0]
	for _, i := range order[:best.pos+1] {
		b.levelsFound = append(b.levelsFound, b.levelRank[i])
	}
	return best
}

// orderIn reports whether orders, orders of len(order) levels side by
// side, hold order.
func orderIn(orders, order []int) bool {
	for i := 0; i < len(orders); i += len(order) {
		if slices.Equal(orders[i:i+len(order)], order) {
			return true
		}
	}
	return false
}

// orderClasses returns the classes whose proportions order the levels:
// class 1 with two classes, else the node's most frequent classes (ties by
// class code), at most maxLevelOrders.
func (b *splitter) orderClasses(counts []int) []int {
	b.orderBy = b.orderBy[:0]
	if len(counts) == 2 {
		b.orderBy = append(b.orderBy, 1)
		return b.orderBy
	}
	// The first maxLevelOrders of a stable sort by decreasing count, by
	// insertion.
	top := b.orderBy
	for c, v := range counts {
		if v == 0 || len(top) == maxLevelOrders && counts[top[maxLevelOrders-1]] >= v {
			continue
		}
		if len(top) < maxLevelOrders {
			top = append(top, c)
		}
		j := len(top) - 1
		for ; j > 0 && counts[top[j-1]] < v; j-- {
			top[j] = top[j-1]
		}
		top[j] = c
	}
	b.orderBy = top
	return top
}

// insertionLevels is the most levels orderLevels sorts by insertion.
const insertionLevels = 12

// orderLevels orders the present levels by the proportion of class c among
// their rows, increasing, compared exactly by cross-multiplication; ties
// keep code order.
func (b *splitter) orderLevels(c, k int) []int {
	order := b.levelOrder[:0]
	for i := range b.levelRank {
		order = append(order, i)
	}
	b.levelOrder = order
	lc, size := b.levelClass, b.levelSize
	if len(order) > insertionLevels {
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(lc[i*k+c]*size[j], lc[j*k+c]*size[i]) })
		return order
	}
	for q := 1; q < len(order); q++ { // a stable insertion sort
		i, p := order[q], q
		for ; p > 0 && lc[i*k+c]*size[order[p-1]] < lc[order[p-1]*k+c]*size[i]; p-- {
			order[p] = order[p-1]
		}
		order[p] = i
	}
	return order
}

// scanLevelOrder scores every prefix of order as the set of levels sent
// left, np present and nm missing rows in the node; pos of the result is
// the index of the prefix's last level.
func (b *splitter) scanLevelOrder(order []int, counts []int, np, nm int) split {
	k := len(counts)
	left, right, miss := b.left, b.right, b.miss
	s := b.start(counts, miss, left, right)
	best := split{pos: -1, score: math.Inf(-1), categorical: true}
	msl := b.params.minSamplesLeaf
	nL := 0
	for q, i := range order {
		for c, v := range b.levelClass[i*k : i*k+k] {
			if v > 0 {
				b.move(&s, c, v, left, right, miss)
			}
		}
		nL += b.levelSize[i]
		b.candidates(&best, s, q, nL, np-nL, nm, msl)
	}
	return best
}
