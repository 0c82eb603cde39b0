package tree

import (
	"cmp"
	"slices"
)

// Presort holds, for every feature, the row indices sorted by that
// feature's value (ties by row index), each position's dense value rank, and
// the distinct values in increasing order. It is computed once per fit and
// shared, read only, by every tree: a tree then filters it by its own sample
// in O(n·d) instead of sorting again. Trees work on ranks (4 bytes, exact
// for comparisons) and turn them back into values only for thresholds.
type Presort struct {
	n        int         // rows
	order    [][]int32   // order[j][p]: the row at position p in feature j's order
	rank     [][]uint32  // rank[j][p]: dense rank of that row's value of feature j
	distinct [][]float64 // distinct[j][r]: the feature's value of rank r
	rowRank  [][]uint32  // rowRank[j][i]: dense rank of row i's value of feature j
}

// NewPresort sorts every column of column-major data (cols[j][i] is
// feature j of row i; every column n long).
func NewPresort(cols [][]float64) *Presort {
	d, n := len(cols), 0
	if d > 0 {
		n = len(cols[0])
	}
	p := &Presort{n: n, order: make([][]int32, d), rank: make([][]uint32, d), distinct: make([][]float64, d),
		rowRank: make([][]uint32, d)}
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
			if c := cmp.Compare(a.v, b.v); c != 0 {
				return c
			}
			return cmp.Compare(a.row, b.row)
		})
		order, rank, rowRank := make([]int32, n), make([]uint32, n), make([]uint32, n)
		var distinct []float64
		for i, e := range entries {
			if i == 0 || e.v != entries[i-1].v {
				distinct = append(distinct, e.v)
			}
			order[i], rank[i] = e.row, uint32(len(distinct)-1)
			rowRank[e.row] = rank[i]
		}
		p.order[j], p.rank[j], p.distinct[j], p.rowRank[j] = order, rank, distinct, rowRank
	}
	return p
}

// sortedRows holds, per feature j, the tree's sample rows (with
// multiplicity) in feature j's order, and beside them for sequential scans
// a key holding each row's value rank and class: rank<<16 | class.
type sortedRows struct {
	order [][]int32
	keys  [][]uint64 // keys[j][p]: rank<<16 | y of row order[j][p]
}

// rankOf and classOf read a key.
func rankOf(key uint64) uint32  { return uint32(key >> 16) }
func classOf(key uint64) uint16 { return uint16(key) }

func newSortedRows(d int) sortedRows {
	return sortedRows{order: make([][]int32, d), keys: make([][]uint64, d)}
}

// resize gives every feature's arrays length m and room for one more
// entry, reusing their storage.
func (s *sortedRows) resize(m int) {
	for j := range s.order {
		if cap(s.order[j]) < m+1 {
			s.order[j], s.keys[j] = make([]int32, m+1), make([]uint64, m+1)
		}
		s.order[j], s.keys[j] = s.order[j][:m], s.keys[j][:m]
	}
}
