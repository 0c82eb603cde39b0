package tree

import "math"

// impurityTables let the missing-aware and categorical scans score a split
// under either criterion with one code path: a side of n rows with class
// counts c_k scores scale[n]·Σ_k term[c_k] - offset[n] (Gini: Σ c²/n;
// entropy: Σ c log c - n log n), and a split the sum of its two sides, the
// same quantity the plain scans maximise.
type impurityTables struct {
	term, scale, offset []float64
}

// prepare sizes the tables for nodes of up to m rows; xlogx must hold
// x log x for 0..m under the entropy criterion.
func (t *impurityTables) prepare(c Criterion, m int, xlogx []float64) {
	if len(t.term) >= m+1 {
		return
	}
	t.term, t.scale, t.offset = make([]float64, m+1), make([]float64, m+1), make([]float64, m+1)
	for i := 1; i <= m; i++ {
		if c == Gini {
			t.term[i], t.scale[i] = float64(i)*float64(i), 1/float64(i)
		} else {
			t.term[i], t.scale[i], t.offset[i] = xlogx[i], 1, xlogx[i]
		}
	}
}

// side is the score of one side of a split: sum is Σ_k term[c_k] over its
// class counts, n its rows.
func (t *impurityTables) side(sum float64, n int) float64 { return sum*t.scale[n] - t.offset[n] }

// sideSums are Σ_k term[c_k] of the four sides a scan tracks: the present
// rows on the left (l) and right (r), each also with the missing rows
// added (lm, rm).
type sideSums struct{ l, r, lm, rm float64 }

// start fills left (zero), right (present counts) and the sums for a scan
// with every present row on the right. counts are the node's class counts,
// miss those of its missing rows.
func (t *impurityTables) start(counts, miss, left, right []int) sideSums {
	var s sideSums
	clear(left)
	for k, c := range counts {
		right[k] = c - miss[k]
		s.r += t.term[right[k]]
		s.lm += t.term[miss[k]]
		s.rm += t.term[c]
	}
	return s
}

// move moves v rows of class c from the right to the left.
func (t *impurityTables) move(s *sideSums, c, v int, left, right, miss []int) {
	term := t.term
	l, r, mc := left[c], right[c], miss[c]
	s.l += term[l+v] - term[l]
	s.lm += term[l+mc+v] - term[l+mc]
	s.r += term[r-v] - term[r]
	s.rm += term[r+mc-v] - term[r+mc]
	left[c], right[c] = l+v, r-v
}

// candidates scores the split with nL present rows on the left, nR on the
// right and nm missing rows sent left, then right, and updates best when
// either beats it (missing left wins ties). pos is the candidate's position.
func (t *impurityTables) candidates(best *split, s sideSums, pos, nL, nR, nm, minLeaf int) {
	if nR >= minLeaf && nL+nm >= minLeaf {
		if v := t.side(s.lm, nL+nm) + t.side(s.r, nR); v > best.score {
			best.pos, best.score, best.missingLeft, best.leftRows = pos, v, true, nL+nm
		}
	}
	if nm > 0 && nL >= minLeaf && nR+nm >= minLeaf {
		if v := t.side(s.l, nL) + t.side(s.rm, nR+nm); v > best.score {
			best.pos, best.score, best.missingLeft, best.leftRows = pos, v, false, nL
		}
	}
}

// scanMissing scans a numeric feature whose node range ends with missing
// values. Each threshold between present values is scored with the
// missing rows sent left and sent right, and the better kept (as
// scikit-learn >= 1.3 and grf do); one more candidate sends every present
// value left and the missing rows right.
func (b *splitter) scanMissing(vals []uint32, cls []uint16, counts []int) split {
	np := present(vals)
	nm := len(vals) - np
	left, right, miss := b.left, b.right, b.miss
	clear(miss)
	for _, c := range cls[np:] {
		miss[c]++
	}
	s := b.start(counts, miss, left, right)
	best := split{pos: -1, score: math.Inf(-1)}
	msl := b.params.minSamplesLeaf
	term, scale, offset := b.term, b.scale, b.offset
	for p := 0; p < np; p++ {
		// b.move(&s, c, 1, ...), inlined: this loop is the hot path.
		c := cls[p]
		l, r, mc := left[c], right[c], miss[c]
		s.l += term[l+1] - term[l]
		s.lm += term[l+mc+1] - term[l+mc]
		s.r += term[r-1] - term[r]
		s.rm += term[r+mc-1] - term[r+mc]
		left[c], right[c] = l+1, r-1
		if p+1 < np && vals[p] == vals[p+1] {
			continue
		}
		nL, nR := p+1, np-p-1
		if nR >= msl && nL+nm >= msl {
			if v := s.lm*scale[nL+nm] - offset[nL+nm] + s.r*scale[nR] - offset[nR]; v > best.score {
				best.pos, best.score, best.missingLeft, best.leftRows = p, v, true, nL+nm
			}
		}
		if nL >= msl && nR+nm >= msl {
			if v := s.l*scale[nL] - offset[nL] + s.rm*scale[nR+nm] - offset[nR+nm]; v > best.score {
				best.pos, best.score, best.missingLeft, best.leftRows = p, v, false, nL
			}
		}
	}
	return best
}
