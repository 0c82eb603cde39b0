package ufmi

// rowSet is a set of row indices stored as a bitset.
type rowSet []uint64

func newRowSet(n int) rowSet { return make(rowSet, (n+63)/64) }

func (s rowSet) add(i int)           { s[i>>6] |= 1 << (uint(i) & 63) }
func (s rowSet) contains(i int) bool { return s != nil && s[i>>6]&(1<<(uint(i)&63)) != 0 }

// rows lists the members in increasing order.
func (s rowSet) rows(n int) []int {
	if s == nil {
		return nil
	}
	var out []int
	for i := 0; i < n; i++ {
		if s.contains(i) {
			out = append(out, i)
		}
	}
	return out
}
