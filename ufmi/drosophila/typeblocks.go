package drosophila

import "fmt"

// TypeBlocks names the blocks of cell types along an ordering of the
// neurons (OrderByType's), for the axes of a heatmap: ticks[k] is the cell
// type (CellType) of the neuron at position k when it starts a block and ""
// elsewhere, and breaks are the positions where a block starts, the first
// block's excepted. labels are the one-letter adjacency labels; order must
// be a permutation of their indices.
func TypeBlocks(labels []string, order []int) (ticks []string, breaks []int, err error) {
	if len(order) != len(labels) {
		return nil, nil, fmt.Errorf("ufmi: an ordering of %d neurons for %d labels", len(order), len(labels))
	}
	seen := make([]bool, len(labels))
	ticks = make([]string, len(order))
	for k, i := range order {
		if i < 0 || i >= len(labels) || seen[i] {
			return nil, nil, fmt.Errorf("ufmi: the ordering %v is not a permutation of 0..%d", order, len(labels)-1)
		}
		seen[i] = true
		if k > 0 && labels[i] == labels[order[k-1]] {
			continue
		}
		if ticks[k], err = CellType(labels[i]); err != nil {
			return nil, nil, err
		}
		if k > 0 {
			breaks = append(breaks, k)
		}
	}
	return ticks, breaks, nil
}
