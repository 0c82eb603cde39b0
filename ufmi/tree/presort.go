package tree

import (
	"cmp"
	"math"
	"slices"
)

// MaxLevels is the most levels a categorical feature may have: level codes
// run from 0 to MaxLevels-1.
const MaxLevels = 1024

// missingRank is the rank of a missing value. Missing values sort after
// every value, so in every node's range of a feature they come last.
const missingRank = math.MaxUint32

// Presort holds, for every feature, the row indices sorted by that
// feature's value (ties by row index, missing values last), each position's
// dense value rank, and the distinct values in increasing order. It is
// computed once per fit and shared, read only, by every tree: a tree then
// filters it by its own sample in O(n·d) instead of sorting again. Trees work
// on ranks (4 bytes, exact for comparisons) and turn them back into values
// only for thresholds and level sets.
type Presort struct {
	n           int         // rows
	order       [][]int32   // order[j][p]: the row at position p in feature j's order
	rank        [][]uint32  // rank[j][p]: dense rank of that row's value of feature j (missingRank: missing)
	distinct    [][]float64 // distinct[j][r]: the feature's value of rank r
	rowRank     [][]uint32  // rowRank[j][i]: rank of row i's value of feature j
	categorical []bool      // categorical[j]: feature j holds level codes
	special     bool        // some feature is categorical or has a missing value
}

// NewPresort sorts every column of column-major data (cols[j][i] is
// feature j of row i; every column n long). NaN marks a missing value.
// categorical, when not nil, flags the columns that hold level codes
// (integers 0..MaxLevels-1); the others are numeric.
func NewPresort(cols [][]float64, categorical []bool) *Presort {
	d, n := len(cols), 0
	if d > 0 {
		n = len(cols[0])
	}
	p := &Presort{n: n, order: make([][]int32, d), rank: make([][]uint32, d), distinct: make([][]float64, d),
		rowRank: make([][]uint32, d), categorical: make([]bool, d)}
	copy(p.categorical, categorical)
	p.special = slices.Contains(p.categorical, true)
	type entry struct {
		v   float64
		row int32
	}
	entries := make([]entry, n)
	for j := range p.order {
		col := cols[j]
		for i := range entries {
			entries[i] = entry{col[i], int32(i)}
		}
		slices.SortFunc(entries, func(a, b entry) int {
			if c := compareMissingLast(a.v, b.v); c != 0 {
				return c
			}
			return cmp.Compare(a.row, b.row)
		})
		order, rank, rowRank := make([]int32, n), make([]uint32, n), make([]uint32, n)
		var distinct []float64
		for i, e := range entries {
			order[i] = e.row
			if math.IsNaN(e.v) {
				rank[i], rowRank[e.row] = missingRank, missingRank
				p.special = true
				continue
			}
			if i == 0 || e.v != entries[i-1].v {
				distinct = append(distinct, e.v)
			}
			rank[i] = uint32(len(distinct) - 1)
			rowRank[e.row] = rank[i]
		}
		p.order[j], p.rank[j], p.distinct[j], p.rowRank[j] = order, rank, distinct, rowRank
	}
	return p
}

// compareMissingLast orders numbers increasingly and NaN after all of them.
func compareMissingLast(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	return cmp.Compare(a, b)
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

// resize gives every feature's arrays length m and room for one more
// entry, reusing their storage.
func (s *sortedRows) resize(m int) {
	for j := range s.order {
		if cap(s.order[j]) < m+1 {
			s.order[j], s.ranks[j], s.classes[j] = make([]int32, m+1), make([]uint32, m+1), make([]uint16, m+1)
		}
		s.order[j], s.ranks[j], s.classes[j] = s.order[j][:m], s.ranks[j][:m], s.classes[j][:m]
	}
}

// present returns how many of the sorted ranks are not missing: missing
// values sort last, so they are the tail after the returned position.
func present(ranks []uint32) int {
	m := len(ranks)
	if m == 0 || ranks[m-1] != missingRank {
		return m
	}
	lo, hi := 0, m-1 // ranks[hi] is missing
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ranks[mid] == missingRank {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}
