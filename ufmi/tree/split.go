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
	features    []int     // feature order of the current draw
	left, right []int     // class counts on each side during a scan
	xlogx       []float64 // x log x for the entropy criterion
	drawKey     []float64 // per feature, its key in a weighted draw
	rng         *rand.Rand
}

// bestSplit examines features in a fresh random order until mtry
// non-constant ones have been scanned (as scikit-learn does), and returns the
// feature and the position in its sorted range after which the node splits.
func (b *splitter) bestSplit(rows *sortedRows, start, end int, counts []int) (feature, pos int, ok bool) {
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
		keys := rows.keys[f][start:end]
		if rankOf(keys[0]) == rankOf(keys[len(keys)-1]) {
			continue
		}
		visited++
		var p int
		var score float64
		if len(keys) == 2 && b.params.criterion == Gini {
			// Two rows of different classes (else the node is pure) and
			// values: the scan's one position scores (1 + 1)/1.
			p, score = 0, 2
		} else if b.params.criterion == Gini {
			p, score = b.scanGini(keys, counts)
		} else {
			p, score = b.scanEntropy(keys, counts)
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
func (b *splitter) scanGini(keys []uint64, counts []int) (int, float64) {
	// Only the left counts are kept: a class's right count is its node
	// count minus its left count.
	left := b.left[:len(counts)]
	sumL, sumR := 0, 0
	for c, v := range counts { // one loop, not clear's call: nodes are mostly small
		left[c] = 0
		sumR += v * v
	}
	m := len(keys)
	msl := b.params.minSamplesLeaf
	// The score sumL/nL + sumR/nR is kept as a fraction num/den and compared
	// by cross-multiplication, which avoids two divisions per position.
	bestPos, bestNum, bestDen := -1, -1.0, 1.0
	// Positions p leave nL = p+1 rows left; only msl-1 <= p < m-msl leave
	// msl rows on each side. Rows before move left without a score.
	first := min(msl-1, m-1)
	for _, key := range keys[:first] {
		c := classOf(key)
		lc := left[c]
		sumL += 2*lc + 1
		sumR -= 2*(counts[c]-lc) - 1
		left[c] = lc + 1
	}
	if m-msl > first {
		next := keys[first+1 : m-msl+1]
		for p, key := range keys[first : m-msl] {
			c := classOf(key)
			lc := left[c]
			sumL += 2*lc + 1
			sumR -= 2*(counts[c]-lc) - 1
			left[c] = lc + 1
			if (key^next[p])>>16 == 0 { // a tie: no split between equal values
				continue
			}
			nL := first + p + 1
			nR := m - nL
			num := float64(sumL)*float64(nR) + float64(sumR)*float64(nL)
			den := float64(nL) * float64(nR)
			if num*bestDen > bestNum*den {
				bestNum, bestDen, bestPos = num, den, nL-1
			}
		}
	}
	return bestPos, bestNum / bestDen
}

// scanEntropy returns the split position maximising
// sum_k L_k log L_k + sum_k R_k log R_k - n_L log n_L - n_R log n_R,
// which is minus the children's entropy times the node size.
func (b *splitter) scanEntropy(keys []uint64, counts []int) (int, float64) {
	left, right := b.left, b.right
	clear(left)
	copy(right, counts)
	xl := b.xlogx
	sumL, sumR := 0.0, 0.0
	for _, c := range counts {
		sumR += xl[c]
	}
	m := len(keys)
	msl := b.params.minSamplesLeaf
	bestPos, best := -1, math.Inf(-1)
	for p := 0; p < m-1; p++ {
		c := classOf(keys[p])
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
		if rankOf(keys[p]) == rankOf(keys[p+1]) {
			continue
		}
		if s := sumL + sumR - xl[nL] - xl[m-nL]; s > best {
			best, bestPos = s, p
		}
	}
	return bestPos, best
}
