package drosophila

import "fmt"

// OrderByType returns a permutation that groups rows by label: perm[k] is
// the original index of the row placed at position k. Groups come in order
// of first appearance and rows keep their order within a group (a stable
// sort), so labels already grouped give the identity.
func OrderByType(labels []string) []int {
	codes, levels := factorizeFirstSeen(labels) // an empty label is its own group, placed last
	perm := make([]int, 0, len(labels))
	for g := range len(levels) + 1 {
		want := g
		if g == len(levels) {
			want = -1
		}
		for i, c := range codes {
			if c == want {
				perm = append(perm, i)
			}
		}
	}
	return perm
}

// PermuteSquare returns the matrix with rows and columns reordered by perm
// (out[a][b] = adj[perm[a]][perm[b]]), e.g. perm from OrderByType for a
// heatmap. perm must be a permutation of 0..n-1 for an n×n matrix.
func PermuteSquare(adj [][]float64, perm []int) ([][]float64, error) {
	n := len(adj)
	if len(perm) != n {
		return nil, fmt.Errorf("ufmi: permutation has %d entries for a %d×%d matrix", len(perm), n, n)
	}
	seen := make([]bool, n)
	for _, p := range perm {
		if p < 0 || p >= n || seen[p] {
			return nil, fmt.Errorf("ufmi: %v is not a permutation of 0..%d", perm, n-1)
		}
		seen[p] = true
	}
	out := make([][]float64, n)
	for a, pa := range perm {
		if len(adj[pa]) != n {
			return nil, fmt.Errorf("ufmi: matrix row %d has %d values, want %d (must be square)", pa, len(adj[pa]), n)
		}
		out[a] = make([]float64, n)
		for b, pb := range perm {
			out[a][b] = adj[pa][pb]
		}
	}
	return out, nil
}
