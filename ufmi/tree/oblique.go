package tree

import (
	"cmp"
	"math"
	"slices"
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
	zs                    []zEntry // the node's rows by projection
	zRank                 []uint32 // dense rank of each row's projection, in that order
	zClass                []uint16 // class of each row, in that order
}

// zEntry is a row's projection and class.
type zEntry struct {
	z     float64
	class uint16
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
func (b *Builder) drawProjection(rows *sortedRows, f, start, end int) int {
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

// sampleZ is the projection of sample row r over terms whose columns the
// row does not miss.
func (b *Builder) sampleZ(terms []projTerm, r int32) float64 {
	rowRank, distinct := b.sorted.rowRank, b.sorted.distinct
	return project(terms, func(c int32) float64 { return distinct[c][rowRank[c][r]] })
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
		b.zs, b.zRank, b.zClass = make([]zEntry, m), make([]uint32, m), make([]uint16, m)
	}
	zs, ranks, cls := b.zs[:m], b.zRank[:m], b.zClass[:m]
	terms := b.termsFound
	noSplit := split{pos: -1, score: math.Inf(-1)}
	for p, r := range rows.order[0][start:end] {
		z := b.sampleZ(terms, r)
		if math.IsNaN(z) {
			return noSplit
		}
		zs[p] = zEntry{z, rows.classes[0][start+p]}
	}
	slices.SortFunc(zs, func(a, c zEntry) int { return cmp.Compare(a.z, c.z) })
	rank := uint32(0)
	for p := range zs {
		if p > 0 && zs[p].z != zs[p-1].z {
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
	s.threshold = midpoint(zs[s.pos].z, zs[s.pos+1].z)
	return s
}

// midpoint is the threshold between consecutive distinct values lo < hi,
// as thresholdBetween takes it: lo when the midpoint rounds to hi or
// overflows.
func midpoint(lo, hi float64) float64 {
	t := lo + (hi-lo)/2
	if !(t < hi) || math.IsInf(t, 0) {
		return lo
	}
	return t
}

// markOblique completes node nd, the oblique split sp of the node's rows
// [start, end) whose terms are bestTerms: its projection and threshold, and
// goLeft for its rows.
func (b *Builder) markOblique(rows *sortedRows, sp split, start, end int, nd *treeNode) {
	terms := b.bestTerms
	nd.feature, nd.threshold = terms[0].col, categoricalThreshold
	nd.set = b.tree.addProjection(sp.threshold, terms)
	for _, r := range rows.order[0][start:end] {
		b.goLeft[r] = 0
		if b.sampleZ(terms, r) <= sp.threshold {
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
