package tree

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// splitter chooses the split of each node: it owns the resolved parameters,
// the tree's generator and the scratch buffers of the scans.
type splitter struct {
	params      Params
	categorical []bool    // per feature: holds level codes
	features    []int     // feature order of the current draw
	left, right []int     // class counts on each side during a scan
	xlogx       []float64 // x log x for the entropy criterion
	drawKey     []float64 // per feature, its key in a weighted draw
	drawState   []int8    // per feature, in a draw with replacement: unseen, scanned or constant
	drawn       []int     // the features whose drawState is set
	bestScore   float64   // the best split's score so far in the current node
	found       bool      // whether the current node has a split
	// cur receives each scan's split (scan returns it); best is the best
	// so far. They point into splits and trade places, without copies.
	cur, best *split
	splits    [2]split
	rng       *rand.Rand
	impurityTables
	levelScratch
	obliqueScratch
}

// split is a node's chosen split. pos indexes the feature's present
// (non-missing) values in the node's order: a numeric split sends the
// first pos+1 of them left. A categorical split sends left the levels
// listed in the splitter's bestLevels. An oblique split sends left the
// rows whose projection (the splitter's bestTerms) is at most threshold,
// the first pos+1 in the projection's order.
type split struct {
	feature     int
	pos         int
	score       float64
	leftRows    int  // rows sent left, missing ones included
	missingLeft bool // missing values (and levels the node did not see) go left
	categorical bool
	plain       bool // numeric, no missing value in the node: left rows are a prefix
	oblique     bool
	threshold   float64 // oblique: the threshold on the projection
}

// bestSplit examines features in a fresh random order until mtry
// non-constant ones have been scanned (as scikit-learn does), and returns
// the best split; ok is false when no feature can split the node. With
// Oblique, a numeric feature without missing values in the node is
// scanned as the projection it becomes (oblique.go), unless that
// projection is the feature alone.
func (b *Builder) bestSplit(rows *sortedRows, start, end int, counts []int) *split {
	b.eligibleReady, b.meanDone, b.inheritedDone = false, false, false
	return b.chooseSplit(func(f int) *split {
		vals, cls := rows.ranks[f][start:end], rows.classes[f][start:end]
		m := len(vals)
		if vals[0] == vals[m-1] {
			return nil // one value, or all missing
		}
		s := b.cur
		switch {
		case b.categorical[f]:
			*s = b.scanLevels(vals, cls, counts)
		case vals[m-1] == missingRank:
			*s = b.scanMissing(vals, cls, counts)
		case b.params.oblique && b.drawProjection(rows, f, start, end, counts) > 1:
			*s = b.scanProjection(rows, start, end, counts)
		default:
			*s = split{}
			if m == 2 && b.params.criterion == Gini {
				// Two rows of different classes (else the node is pure)
				// and values: the scan's one position scores (1 + 1)/1.
				s.pos, s.score = 0, 2
			} else if b.params.criterion == Gini {
				s.pos, s.score = b.scanGini(vals, cls, counts)
			} else {
				s.pos, s.score = b.scanEntropy(vals, cls, counts)
			}
			s.plainSplit(m)
		}
		return s
	})
}

// chooseSplit draws the features of a node, without replacement in a
// fresh random order or with replacement (Config.Draws, draws.go), and
// asks scan for the best split of each until mtry of them have been
// drawn; scan returns nil for a feature constant in the node, which
// does not count, else its split, written to the splitter's cur. It
// returns the best split (the first of equal scores), or nil when no
// feature can split the node; it stays valid until the next
// chooseSplit.
func (b *splitter) chooseSplit(scan func(f int) *split) *split {
	if b.cur == nil {
		b.cur, b.best = &b.splits[0], &b.splits[1]
	}
	b.bestScore, b.found = math.Inf(-1), false
	if b.params.cumulative != nil {
		b.drawWithReplacement(scan)
	} else {
		b.drawWithoutReplacement(scan)
	}
	if !b.found {
		return nil
	}
	return b.best
}

// drawWithoutReplacement scans features in a fresh random order (weighted
// when the tree has weights) until mtry non-constant ones have been
// scanned, offering each split to keep.
func (b *splitter) drawWithoutReplacement(scan func(f int) *split) {
	d := len(b.features)
	if b.params.weights != nil {
		d = b.weightedOrder()
	}
	visited := 0
	for i := 0; i < d && visited < b.params.mtry; i++ {
		if b.params.weights == nil {
			j := i + b.rng.IntN(d-i)
			b.features[i], b.features[j] = b.features[j], b.features[i]
		}
		f := b.features[i]
		s := scan(f)
		if s == nil {
			continue
		}
		visited++
		b.keep(f, s)
	}
}

// keep makes split s of feature f the best if it scores higher than the
// best so far.
func (b *splitter) keep(f int, s *split) {
	if s.pos < 0 || s.score <= b.bestScore {
		return
	}
	b.bestScore, b.found = s.score, true
	s.feature = f
	b.cur, b.best = b.best, s
	if s.categorical {
		b.bestLevels, b.levelsFound = b.levelsFound, b.bestLevels
	} else if s.oblique {
		b.bestTerms, b.termsFound = b.termsFound, b.bestTerms
	}
}

// plainSplit completes a numeric split of a node of m rows without missing
// values: its left rows are a prefix, and missing values go to the larger
// child.
func (s *split) plainSplit(m int) {
	s.plain, s.leftRows, s.missingLeft = true, s.pos+1, 2*(s.pos+1) >= m
}

// weightedOrder puts the features in the order of a weighted draw without
// replacement (each feature's key is log(u)/w, largest first, which draws
// with probability proportional to w) and returns how many have a positive
// weight, which come first: features of weight zero are never examined.
func (b *splitter) weightedOrder() int {
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
// which is equivalent to minimising the weighted Gini impurity of the children.
func (b *splitter) scanGini(vals []uint32, cls []uint16, counts []int) (int, float64) {
	left, sumL, sumR := b.startGini(counts)
	best := noGini
	m := len(vals)
	msl := b.params.minSamplesLeaf
	// Positions p leave nL = p+1 rows left; only msl-1 <= p < m-msl leave
	// msl rows on each side. Rows before move left without a score.
	first := min(msl-1, m-1)
	for _, c := range cls[:first] {
		sumL, sumR = giniMove(left, counts, c, sumL, sumR)
	}
	if m-msl > first {
		vals, cls := vals[first:m-msl+1], cls[first:m-msl]
		for p, c := range cls {
			sumL, sumR = giniMove(left, counts, c, sumL, sumR)
			if vals[p] == vals[p+1] { // a tie: no split between equal values
				continue
			}
			nL := first + p + 1
			best = best.offer(sumL, sumR, nL, m-nL)
		}
	}
	return best.pos, best.num / best.den
}

// startGini starts a Gini scan of a node with these class counts, every
// row on the right: it returns the zeroed left counts (only they are kept:
// a class's right count is its node count minus its left count) and the
// sums of squared counts of each side.
func (b *splitter) startGini(counts []int) (left []int, sumL, sumR int) {
	left = b.left[:len(counts)]
	for c, v := range counts { // one loop, not clear's call: nodes are mostly small
		left[c] = 0
		sumR += v * v
	}
	return left, 0, sumR
}

// giniMove moves a row of class c left and returns the new sums of
// squared counts of each side.
func giniMove(left, counts []int, c uint16, sumL, sumR int) (int, int) {
	lc := left[c]
	left[c] = lc + 1
	return sumL + 2*lc + 1, sumR - 2*(counts[c]-lc) + 1
}

// giniBest is the best split of a Gini scan so far: its score sumL/nL +
// sumR/nR is kept as a fraction num/den and compared by cross-
// multiplication, which avoids two divisions per position; pos is its last
// left position.
type giniBest struct {
	num, den float64
	pos      int
}

// noGini is a scan's best before any split: every split beats it.
var noGini = giniBest{num: -1, den: 1, pos: -1}

// offer scores the split of nL rows left (sums of squared class counts
// sumL) and nR right (sumR), and returns the better of it and g.
func (g giniBest) offer(sumL, sumR, nL, nR int) giniBest {
	num := float64(sumL)*float64(nR) + float64(sumR)*float64(nL)
	den := float64(nL) * float64(nR)
	if num*g.den > g.num*den {
		return giniBest{num, den, nL - 1}
	}
	return g
}

// scanEntropy returns the split position maximising
// sum_k L_k log L_k + sum_k R_k log R_k - n_L log n_L - n_R log n_R,
// which is minus the children's entropy times the node size.
func (b *splitter) scanEntropy(vals []uint32, cls []uint16, counts []int) (int, float64) {
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
