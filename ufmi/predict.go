package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// predictBlock is the number of rows one prediction job handles; each job
// walks every tree over its block, which keeps a tree's nodes in cache.
const predictBlock = 256

// treeFilter says whether tree t may vote for training row i (nil: always).
type treeFilter func(t *forestTree, i int) bool

// PredictProba returns the forest posterior P(Y=k|x) for every row of x: the
// mean of the tree posteriors. workers <= 0 means GOMAXPROCS.
//
// Missing cells (NaN) follow each split's learned missing side. A
// categorical column is matched to the training column by level name; a
// level the training rows never showed is routed as a missing value. A
// numeric column where the training column was categorical is read as
// training level codes.
func (f *Forest) PredictProba(x *Features, workers int) ([][]float64, error) {
	x, err := f.checkInput(x)
	if err != nil {
		return nil, err
	}
	proba, _ := f.accumulate(x, nil, workers)
	return proba, nil
}

// PredictProbaRows is PredictProba for rows given as slices (NaN marks a
// missing value). A categorical feature is given by its level's code in
// the fitted features, the index of its name in the training features'
// Levels(j): NewColumnFeatures numbers levels by first appearance, so
// these are not the codes a Column's Values held. To predict by level
// names, build Features with the names (NewColumnFeatures, or package
// table) and call PredictProba, which matches them by name.
func (f *Forest) PredictProbaRows(rows [][]float64, workers int) ([][]float64, error) {
	x, err := fromRows(rows, true)
	if err != nil {
		return nil, err
	}
	return f.PredictProba(x, workers)
}

// Predict returns the most probable class code of every row of x (the lowest
// code on ties).
func (f *Forest) Predict(x *Features, workers int) ([]int, error) {
	proba, err := f.PredictProba(x, workers)
	if err != nil {
		return nil, err
	}
	return metrics.Argmax(proba), nil
}

// Apply returns the leaf of every row of x in every tree: out[i][t].
func (f *Forest) Apply(x *Features) ([][]int, error) {
	x, err := f.checkInput(x)
	if err != nil {
		return nil, err
	}
	out := make([][]int, x.n)
	for i := range out {
		out[i] = make([]int, len(f.trees))
		for t := range f.trees {
			out[i][t] = int(f.trees[t].tree.LeafOf(x.cols, i))
		}
	}
	return out, nil
}

// OOBProba returns, for every training row, the mean posterior of the trees
// that did not use it (out of bag). Rows that no tree left out get a row of
// NaN and are listed in never. A nil or unfitted Forest has no rows: nil,
// nil.
func (f *Forest) OOBProba(workers int) (proba [][]float64, never []int) {
	if f.fitted() != nil {
		return nil, nil
	}
	proba, votes := f.oobProba(workers)
	for i, v := range votes {
		if v == 0 {
			never = append(never, i)
		}
	}
	return proba, never
}

// oobProba returns the out-of-bag posteriors of the training rows and, per
// row, the number of trees it was out of bag in.
func (f *Forest) oobProba(workers int) (proba [][]float64, votes []int) {
	return f.accumulate(f.train, func(t *forestTree, i int) bool {
		return !t.structure.contains(i) && !t.vote.contains(i)
	}, workers)
}

// checkInput validates rows to predict and returns them with their level
// codes translated to the training data's (Features.alignTo).
func (f *Forest) checkInput(x *Features) (*Features, error) {
	if err := f.fitted(); err != nil {
		return nil, err
	}
	if x.Rows() == 0 {
		return nil, fmt.Errorf("ufmi: no rows to predict (nil or empty features)")
	}
	if x.d != f.d {
		return nil, fmt.Errorf("ufmi: rows have %d features, the forest was fitted on %d", x.d, f.d)
	}
	for j := range x.d {
		// Columns are matched by position; where both sides name them,
		// the names must agree.
		if got, want := x.Name(j), f.train.Name(j); got != "" && want != "" && got != want {
			return nil, fmt.Errorf("ufmi: feature %d is %q in the rows to predict but %q where the forest was fitted: give the columns in the training order", j, got, want)
		}
	}
	return x.alignTo(f.train)
}

// accumulate averages tree posteriors per row, skipping trees the filter
// rejects and abstaining leaves. It returns the posteriors and the number of
// trees that voted for each row. Rows without a vote get the training
// class frequencies, or NaN when a filter is given. Blocks of rows run in
// parallel, each adding every tree to its rows.
func (f *Forest) accumulate(x *Features, keep treeFilter, workers int) ([][]float64, []int) {
	sums := newPosteriorSums(x.n, f.k, true)
	blocks := (x.n + predictBlock - 1) / predictBlock
	onTrain := x == f.train
	_ = pool.ForEach(blocks, workers, nil, func(_, b int) error {
		lo, hi := b*predictBlock, min((b+1)*predictBlock, x.n)
		leaves := make([]int32, hi-lo)
		for t := range f.trees {
			ft := &f.trees[t]
			for i := lo; i < hi; i++ {
				switch {
				case keep != nil && !keep(ft, i):
					leaves[i-lo] = -1
				case onTrain && ft.rowLeaf != nil:
					leaves[i-lo] = ft.rowLeaf[i]
				default:
					leaves[i-lo] = ft.tree.LeafOf(x.cols, i)
				}
			}
			sums.addBlock(lo, ft.posterior, leaves)
		}
		return nil
	})
	return sums.means(f.prior, keep != nil), sums.votes
}
