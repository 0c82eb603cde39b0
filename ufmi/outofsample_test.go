package ufmi

// noiseFromWeights is the mean over rows of the one-step's noise term
// computed from the exact weights of a fitted UF on labels y: row i's
// out-of-sample posterior (its vote trees with its vote taken out, and the
// pseudo-tree) puts weight w_ij on row j's label, and the term is
// (K-1)/2 · Σ_j w_ij², which outOfSample's sketch estimates.
func noiseFromWeights(f *Forest, y []int) float64 {
	n := len(y)
	members := make([][][]int, len(f.trees)) // per tree, each leaf's vote rows
	for t := range f.trees {
		ft := &f.trees[t]
		members[t] = make([][]int, ft.tree.Leaves())
		for i := 0; i < n; i++ {
			if ft.vote.contains(i) {
				members[t][ft.rowLeaf[i]] = append(members[t][ft.rowLeaf[i]], i)
			}
		}
	}
	w := make([]float64, n)
	var touched []int
	total, used := 0.0, 0
	for i := 0; i < n; i++ {
		touched, trees := touched[:0], 0
		for t := range f.trees {
			ft := &f.trees[t]
			leaf := members[t][ft.rowLeaf[i]]
			if !ft.vote.contains(i) || len(leaf) < 2 {
				continue
			}
			trees++
			for _, j := range leaf {
				if j == i {
					continue
				}
				if w[j] == 0 {
					touched = append(touched, j)
				}
				w[j] += 1 / float64(len(leaf)-1)
			}
		}
		if trees == 0 {
			continue
		}
		sum2, norm := 0.0, float64(trees+1)
		for _, j := range touched {
			sum2 += w[j] * w[j] / (norm * norm)
			w[j] = 0
		}
		total += float64(f.k-1) / 2 * sum2
		used++
	}
	return total / float64(used)
}
