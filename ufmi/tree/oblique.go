package tree

import (
	"math"
	"math/bits"
)

// Oblique splits (Config.Oblique), sparse random projections as in SPORF
// (Tomita et al. 2020). A numeric feature f that a node draws, with no
// missing value among the node's rows, becomes the projection of f and
// k-1 further columns (drawProjection), each weighted +1 or -1. The node's
// rows are sorted by their projection z and scanned like a numeric
// feature's values (scanProjection); an oblique split sends rows with z at
// most its threshold left. A projection of one column is the column
// itself: it is scanned, and split on, as an axis-aligned feature.

// obliqueScratch holds the buffers of the oblique scans.
type obliqueScratch struct {
	// eligible lists the columns a projection may take at the current
	// node (eligibleReady: listed), taken flags the columns of the
	// projection being drawn.
	eligible      []int32
	eligibleReady bool
	taken         []bool
	// termsFound holds the terms of the last projection drawn, bestTerms
	// those of the best split so far; they trade places as levelsFound and
	// bestLevels do.
	termsFound, bestTerms []projTerm
	zs, zBuf              []zEntry  // the node's rows by projection, and the radix sort's other buffer
	zRank                 []uint32  // dense rank of each row's projection, in that order
	zClass                []uint16  // class of each row, in that order
	zOfRow                []float64 // by row: the projection nodeZ computed
	// MeanDifferences: meanDone is set once a node whose rows hold two
	// classes has drawn its one direction (later draws scan their feature
	// alone). inherited is the projection (a Tree.proj set) of the node's
	// nearest oblique ancestor, or noProjection; inheritedDone is set once
	// the node has scanned it.
	meanDone, inheritedDone bool
	inherited               int32
	noiseSD                 []float64 // the noise of each term of the direction being drawn
	along                   []float64 // by column: the inherited direction's weights, while in use
	present                 []int
	inClass                 []float64 // per class: 1 or 0 for class a, then for class b
	whitening               whitenScratch
}

// zEntry is a row's projection, as its sort key (zKey), and its class.
type zEntry struct {
	key   uint64
	class uint16
}

// zKey maps a projection (not NaN) to an integer of the same order:
// equal keys for equal values (-0 is taken as +0), and keyZ maps it back.
func zKey(z float64) uint64 {
	if z == 0 {
		z = 0 // -0 as +0
	}
	b := math.Float64bits(z)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// keyZ is the projection of key k (zKey's inverse).
func keyZ(k uint64) float64 {
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// projectionSize draws the number of columns of a projection:
// floor(nonZeros), plus one with probability frac(nonZeros); at most d.
func (b *Builder) projectionSize() int {
	d, nz := len(b.features), b.params.nonZeros
	if nz >= float64(d) {
		return d
	}
	k := int(nz)
	if frac := nz - float64(k); frac > 0 && b.rng.Float64() < frac {
		k++
	}
	return k
}

// drawProjection draws the projection that feature f, numeric without
// missing value and not constant among the node's rows [start, end),
// becomes: f and up to k-1 (projectionSize) further eligible columns,
// drawn as the node draws its features (uniformly, or by the feature
// weights) without replacement, then a random sign for each column when
// there are several. It leaves the terms in termsFound and returns their
// number.
func (b *Builder) drawProjection(rows *sortedRows, f, start, end int, counts []int) int {
	if b.params.directions != RandomProjections {
		return b.meanProjection(rows, f, start, end, counts)
	}
	b.termsFound = b.drawTerms(append(b.termsFound[:0], projTerm{col: int32(f), w: 1}), rows, start, end)
	return len(b.termsFound)
}

// drawTerms is drawProjection: it appends the further columns to terms,
// which holds f's, and returns them.
func (b *Builder) drawTerms(terms []projTerm, rows *sortedRows, start, end int) []projTerm {
	k := b.projectionSize()
	if k == 1 {
		return terms
	}
	eligible := b.eligibleColumns(rows, start, end) // f among them
	extra := min(k-1, len(eligible)-1)
	if extra == 0 {
		return terms
	}
	f := terms[0].col
	if len(b.taken) < len(b.features) {
		b.taken = make([]bool, len(b.features))
	}
	taken, w := b.taken, b.params.weights
	taken[f] = true
	switch {
	case extra == len(eligible)-1:
		for _, c := range eligible {
			if !taken[c] {
				terms = append(terms, projTerm{col: c, w: 1})
			}
		}
	case w == nil:
		// Uniform without replacement: redraw a column already taken
		// (fewer than the eligible ones are).
		for len(terms) <= extra {
			if c := eligible[b.rng.IntN(len(eligible))]; !taken[c] {
				taken[c] = true
				terms = append(terms, projTerm{col: c, w: 1})
			}
		}
	default:
		// By weight without replacement: each draw among the columns not
		// yet taken, with probability proportional to weight.
		for len(terms) <= extra {
			total := 0.0
			for _, c := range eligible {
				if !taken[c] {
					total += w[c]
				}
			}
			u, pick := b.rng.Float64()*total, int32(-1)
			for _, c := range eligible {
				if taken[c] {
					continue
				}
				pick = c
				if u -= w[c]; u < 0 {
					break
				}
			}
			taken[pick] = true
			terms = append(terms, projTerm{col: pick, w: 1})
		}
	}
	for _, tm := range terms {
		taken[tm.col] = false
	}
	var signs uint64
	for i := range terms {
		if i%64 == 0 {
			signs = b.rng.Uint64()
		}
		if signs&1 != 0 {
			terms[i].w = -1
		}
		signs >>= 1
	}
	return terms
}

// eligibleColumns lists the columns a projection may take at the node of
// rows [start, end): the numeric ones of positive weight (or every one
// without weights), neither missing in any of the node's rows nor
// constant among them. The list is made once per node.
func (b *Builder) eligibleColumns(rows *sortedRows, start, end int) []int32 {
	if b.eligibleReady {
		return b.eligible
	}
	b.eligible = b.eligible[:0]
	w := b.params.weights
	for c, ranks := range rows.ranks {
		first, last := ranks[start], ranks[end-1]
		if b.categorical[c] || last == missingRank || first == last || (w != nil && !(w[c] > 0)) {
			continue
		}
		b.eligible = append(b.eligible, int32(c))
	}
	b.eligibleReady = true
	return b.eligible
}

// meanProjection is drawProjection with MeanDifferences (and with
// Discriminants, whose kept direction is then whitened: whiten.go): the projection
// on the difference between the means of two classes among the node's rows
// [start, end) (rows counted with their multiplicities), over every eligible
// column, each weighted by the inverse of its pooled within-class variance
// in the node (diagonal linear discriminant analysis). The two classes are
// those present when there are two (the node then has one direction:
// later draws scan their feature alone), else two distinct classes drawn
// uniformly among those present, the first's mean minus the second's.
// Columns of zero difference are left out.
//
// The node keeps a direction of its own only when its class means differ
// by more than noise (newDirection): from zero without an oblique ancestor,
// from the line of the nearest oblique ancestor's direction with one.
// Otherwise the node scans that inherited direction (once), or, without an
// ancestor, f alone (an axis-aligned scan).
func (b *Builder) meanProjection(rows *sortedRows, f, start, end int, counts []int) int {
	terms := append(b.termsFound[:0], projTerm{col: int32(f), w: 1})
	b.termsFound = terms
	b.present = b.present[:0]
	for c, n := range counts {
		if n > 0 {
			b.present = append(b.present, c)
		}
	}
	if len(b.present) < 2 {
		return 1
	}
	ca, cb := b.present[0], b.present[1]
	if len(b.present) == 2 {
		ca, cb = cb, ca // class 1 minus class 0 with two classes
		if b.meanDone {
			return 1 // the node's direction was drawn: f alone
		}
	} else {
		i := b.rng.IntN(len(b.present))
		j := b.rng.IntN(len(b.present) - 1)
		if j >= i {
			j++
		}
		ca, cb = b.present[i], b.present[j]
	}
	eligible := b.eligibleColumns(rows, start, end)
	if len(eligible) < 2 {
		return 1
	}
	na, nb := float64(counts[ca]), float64(counts[cb])
	terms = terms[:0]
	b.noiseSD = b.noiseSD[:0]
	// inClass[2c], inClass[2c+1]: 1 when class c is a, b (sums without
	// branches; adding 0·v leaves a sum as it was).
	b.inClass = resizeFloats(b.inClass, 2*b.k)
	clear(b.inClass)
	b.inClass[2*ca], b.inClass[2*cb+1] = 1, 1
	inClass := b.inClass
	exact := false // a column separates the classes without noise
	for _, c := range eligible {
		// Column c's own order of the node's rows: ranks and classes
		// side by side, values read in increasing order.
		dv, ranks, cls := b.sorted.distinct[c], rows.ranks[c][start:end], rows.classes[c][start:end]
		sa, sb, qa, qb := 0.0, 0.0, 0.0, 0.0
		for p, rk := range ranks {
			v, c := dv[rk], cls[p]
			inA, inB := inClass[2*int(c)], inClass[2*int(c)+1]
			sa += v * inA
			qa += v * v * inA
			sb += v * inB
			qb += v * v * inB
		}
		w := sa/na - sb/nb
		if w == 0 || math.IsNaN(w) || math.IsInf(w, 0) {
			continue
		}
		terms = append(terms, projTerm{col: c, w: w})
		sd := differenceNoise(sa, qa, na, sb, qb, nb)
		exact = exact || !(sd > 0)
		b.noiseSD = append(b.noiseSD, sd)
	}
	if na < 2 || nb < 2 || len(terms) < 2 || !(exact || b.newDirection(terms, na, nb)) {
		return b.withoutMeanDirection(terms, f)
	}
	if !exact {
		// Only columns whose difference stands out of its noise enter the
		// direction; the others would add their noise to it.
		kept, noise := terms[:0], b.noiseSD[:0]
		for i, tm := range terms {
			if sd := b.noiseSD[i]; math.Abs(tm.w) > directionColumnNoises*sd {
				kept, noise = append(kept, projTerm{col: tm.col, w: tm.w / (sd * sd)}), append(noise, sd)
			}
		}
		if terms = kept; len(terms) < 2 {
			return b.withoutMeanDirection(terms, f)
		}
		if b.params.directions == Discriminants {
			b.whiten(terms, noise, rows, start, end, ca, cb, na, nb)
		}
	}
	b.termsFound = terms
	b.meanDone = len(b.present) == 2
	return len(terms)
}

// withoutMeanDirection is meanProjection's answer when the node's class
// means give no direction of its own: the nearest oblique ancestor's
// projection, scanned once per node, or else f alone.
func (b *Builder) withoutMeanDirection(terms []projTerm, f int) int {
	b.meanDone = len(b.present) == 2
	if b.inherited == noProjection || b.inheritedDone {
		b.termsFound = append(terms[:0], projTerm{col: int32(f), w: 1})
		return 1
	}
	_, inherited := b.tree.projection(&treeNode{set: b.inherited})
	b.termsFound = append(terms[:0], inherited...)
	b.inheritedDone = true
	return len(b.termsFound)
}

// differenceNoise is the standard deviation of a class-mean difference
// mean_a - mean_b of one column under noise: the pooled within-class
// standard deviation times sqrt(1/na + 1/nb), from each class's sum s and
// sum of squares q of the column's values (0 when both classes are
// constant in it, NaN with too few rows).
func differenceNoise(sa, qa, na, sb, qb, nb float64) float64 {
	if na < 2 || nb < 2 {
		return math.NaN()
	}
	pooled := (max(qa-sa*sa/na, 0) + max(qb-sb*sb/nb, 0)) / (na + nb - 2)
	return math.Sqrt(pooled * (1/na + 1/nb))
}

// newDirection reports whether the class-mean differences terms (of noise
// standard deviations noiseSD) give the node a direction of its own: when
// the differences, each divided by its noise, are farther from zero than
// noise takes them (without an inherited direction), or farther from the
// line of the inherited direction (with one). The squared distance is about
// chi-squared with as many degrees of freedom as columns (one fewer from a
// line) when there is no new direction; it must exceed its mean plus two
// standard deviations (a level of about 3%).
func (b *Builder) newDirection(terms []projTerm, na, nb float64) bool {
	if na < 2 || nb < 2 {
		return false
	}
	dist, dof := 0.0, float64(len(terms))
	for i, tm := range terms {
		z := tm.w / b.noiseSD[i]
		dist += z * z
	}
	if b.inherited != noProjection {
		// Remove the component along the inherited direction u. Its
		// weights are differences over variances, so under no new
		// direction the differences lie on the line of u_c·var_c, which in
		// the coordinates w_c/sd_c is the line of u_c·sd_c (var_c is
		// sd_c² up to a factor common to every column).
		_, inherited := b.tree.projection(&treeNode{set: b.inherited})
		if len(b.along) < len(b.features) {
			b.along = make([]float64, len(b.features))
		}
		for _, tm := range inherited {
			b.along[tm.col] = tm.w
		}
		dot, norm := 0.0, 0.0
		for i, tm := range terms {
			v := b.along[tm.col] * b.noiseSD[i]
			dot += tm.w / b.noiseSD[i] * v
			norm += v * v
		}
		for _, tm := range inherited {
			b.along[tm.col] = 0
		}
		if norm > 0 {
			dist -= dot * dot / norm
			dof--
		}
	}
	return dof > 0 && dist > dof+2*math.Sqrt(2*dof)
}

// nodeZ returns, indexed by row, the projection over terms of every row
// of the node [start, end) (the terms' columns have no missing value among
// its rows). It adds the terms one by one, each column read in its own
// order of the node's rows (sequential reads; the copies of a row are
// adjacent there and counted once), so that every row's sum is project's,
// term by term: routing rounds alike.
func (b *Builder) nodeZ(rows *sortedRows, terms []projTerm, start, end int) []float64 {
	if len(b.zOfRow) < b.sorted.n {
		b.zOfRow = make([]float64, b.sorted.n)
	}
	z := b.zOfRow
	for _, r := range rows.order[0][start:end] {
		z[r] = 0
	}
	for _, tm := range terms {
		dv, order, ranks := b.sorted.distinct[tm.col], rows.order[tm.col][start:end], rows.ranks[tm.col][start:end]
		prev := int32(-1)
		for p, r := range order {
			if r != prev {
				z[r] += float64(tm.w * dv[ranks[p]])
				prev = r
			}
		}
	}
	return z
}

// rowZ is the projection of any row r: NaN when it misses a column.
func (b *Builder) rowZ(terms []projTerm, r int32) float64 {
	rowRank, distinct := b.sorted.rowRank, b.sorted.distinct
	return project(terms, func(c int32) float64 {
		rk := rowRank[c][r]
		if rk == missingRank {
			return math.NaN()
		}
		return distinct[c][rk]
	})
}

// scanProjection scans the projection termsFound over the node's rows
// [start, end) with these class counts: it sorts the rows by z and scores
// every threshold between distinct values of z, as scanGini and
// scanEntropy score a numeric feature's. Its threshold is the midpoint
// between the last z sent left and the next. A projection that some row
// makes NaN (an overflow) or constant gives no split (pos -1).
func (b *Builder) scanProjection(rows *sortedRows, start, end int, counts []int) split {
	m := end - start
	if cap(b.zs) < m {
		b.zs, b.zBuf, b.zRank, b.zClass = make([]zEntry, m), make([]zEntry, m), make([]uint32, m), make([]uint16, m)
	}
	zs, ranks, cls := b.zs[:m], b.zRank[:m], b.zClass[:m]
	noSplit := split{pos: -1, score: math.Inf(-1)}
	zOf := b.nodeZ(rows, b.termsFound, start, end)
	for p, r := range rows.order[0][start:end] {
		z := zOf[r]
		if math.IsNaN(z) {
			return noSplit
		}
		zs[p] = zEntry{zKey(z), rows.classes[0][start+p]}
	}
	zs = sortZ(zs, b.zBuf[:m])
	rank := uint32(0)
	for p := range zs {
		if p > 0 && zs[p].key != zs[p-1].key {
			rank++
		}
		ranks[p], cls[p] = rank, zs[p].class
	}
	if rank == 0 {
		return noSplit
	}
	s := split{oblique: true}
	if b.params.criterion == Gini {
		s.pos, s.score = b.scanGini(ranks, cls, counts)
	} else {
		s.pos, s.score = b.scanEntropy(ranks, cls, counts)
	}
	if s.pos < 0 {
		return s
	}
	s.leftRows, s.missingLeft = s.pos+1, 2*(s.pos+1) >= m
	s.threshold = midpoint(keyZ(zs[s.pos].key), keyZ(zs[s.pos+1].key))
	return s
}

// markOblique completes node nd, the oblique split sp of the node's rows
// [start, end) whose terms are bestTerms: its projection and threshold, and
// goLeft for its rows.
func (b *Builder) markOblique(rows *sortedRows, sp split, start, end int, nd *treeNode) {
	terms := b.bestTerms
	nd.feature, nd.threshold = terms[0].col, categoricalThreshold
	nd.set = b.tree.addProjection(sp.threshold, terms)
	zOf := b.nodeZ(rows, terms, start, end)
	for _, r := range rows.order[0][start:end] {
		b.goLeft[r] = 0
		if zOf[r] <= sp.threshold {
			b.goLeft[r] = 1
		}
	}
}

// obliqueGoesLeft reports whether an oblique split of this threshold,
// sending missing values left or not, sends projection z left (NaN: a row
// missing one of its columns).
func obliqueGoesLeft(z, threshold float64, missingLeft bool) bool {
	if z <= threshold {
		return true
	}
	if z > threshold {
		return false
	}
	return missingLeft
}

// radixMin is the fewest entries sortZ sorts by radix.
const radixMin = 128

// sortZ sorts entries by key, increasing, and returns them: in a or in
// buf (as long as a), which it uses as scratch. Entries of equal key come
// in an unspecified but deterministic order (a scan never splits between
// them, so their order changes nothing). Specialised to zEntry, it is
// several times faster than slices.SortFunc: a least-significant-digit
// radix sort by bytes for long ranges (skipping the bytes all keys share),
// else an introsort: quicksort with a median-of-three pivot and a
// three-way partition (bootstrap copies and coarse values make equal keys
// common), insertion sort for short ranges, heapsort past a depth limit.
func sortZ(a, buf []zEntry) []zEntry {
	if len(a) < radixMin {
		introSortZ(a, 2*bits.Len(uint(len(a))))
		return a
	}
	var count [8][256]int32
	for _, e := range a {
		k := e.key
		for d := range count {
			count[d][byte(k>>(8*d))]++
		}
	}
	n := int32(len(a))
	for d := range count {
		c := &count[d]
		if c[byte(a[0].key>>(8*d))] == n {
			continue // every key has this byte
		}
		sum := int32(0)
		for v := range c {
			c[v], sum = sum, sum+c[v]
		}
		shift := 8 * uint(d)
		for _, e := range a {
			v := byte(e.key >> shift)
			buf[c[v]] = e
			c[v]++
		}
		a, buf = buf, a
	}
	return a
}

// introSortZ sorts entries by key, increasing: sortZ below radixMin.
func introSortZ(a []zEntry, depth int) {
	for len(a) > 12 {
		if depth == 0 {
			heapSortZ(a)
			return
		}
		depth--
		n := len(a)
		x, y, z := a[0].key, a[n/2].key, a[n-1].key
		if x > y {
			x, y = y, x
		}
		if y > z {
			y = max(x, z)
		}
		// Three-way partition around pivot y: [0, lt) below, [lt, i)
		// equal, [gt, n) above.
		lt, i, gt := 0, 0, n
		for i < gt {
			switch v := a[i].key; {
			case v < y:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case v > y:
				gt--
				a[gt], a[i] = a[i], a[gt]
			default:
				i++
			}
		}
		// Recurse into the smaller side, loop on the larger.
		if lt < n-gt {
			introSortZ(a[:lt], depth)
			a = a[gt:]
		} else {
			introSortZ(a[gt:], depth)
			a = a[:lt]
		}
	}
	for i := 1; i < len(a); i++ {
		e, j := a[i], i
		for ; j > 0 && a[j-1].key > e.key; j-- {
			a[j] = a[j-1]
		}
		a[j] = e
	}
}

// heapSortZ sorts entries by key, increasing.
func heapSortZ(a []zEntry) {
	down := func(root, n int) {
		for {
			child := 2*root + 1
			if child >= n {
				return
			}
			if child+1 < n && a[child].key < a[child+1].key {
				child++
			}
			if a[root].key >= a[child].key {
				return
			}
			a[root], a[child] = a[child], a[root]
			root = child
		}
	}
	for i := len(a)/2 - 1; i >= 0; i-- {
		down(i, len(a))
	}
	for i := len(a) - 1; i > 0; i-- {
		a[0], a[i] = a[i], a[0]
		down(0, i)
	}
}

// directionColumnNoises is how many standard deviations of its noise a
// column's class-mean difference must exceed to enter a node's direction.
const directionColumnNoises = 2

// noProjection is the inherited projection of a node without an oblique
// ancestor (projections' sets are -2 and below).
const noProjection int32 = -1

// resizeFloats returns a slice of length n, reusing buf when it is long
// enough.
func resizeFloats(buf []float64, n int) []float64 {
	if cap(buf) < n {
		return make([]float64, n)
	}
	return buf[:n]
}
