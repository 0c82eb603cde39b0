package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// checkTrainingData validates features and class codes a caller gives and
// returns K. It rejects nil or empty features, a label count other than
// the row count, codes outside 0..n-1, fewer than two classes, codes
// 0..K-1 without rows (classes.Check) and a column missing in every row.
func checkTrainingData(x *Features, y []int) (int, error) {
	if x.Rows() == 0 {
		return 0, fmt.Errorf("ufmi: no training rows (nil or empty features)")
	}
	k, err := classes.Check(y, x.n)
	if err != nil {
		return 0, err
	}
	return k, x.checkNotAllMissing()
}

// checkPartData is checkTrainingData for a part of checked data (a
// training part or fold, the fast test's structure half): some classes may
// have no rows there (classes.CheckWithin), and a column may be missing in
// all of its rows (a forest never splits on it).
func checkPartData(x *Features, y []int) (int, error) {
	if x.Rows() == 0 {
		return 0, fmt.Errorf("ufmi: no training rows (nil or empty features)")
	}
	if len(y) != x.n {
		return 0, fmt.Errorf("ufmi: %d labels for %d feature rows", len(y), x.n)
	}
	// The codes were checked with the whole data (below its row count);
	// a part may hold fewer rows than the largest code.
	return classes.CheckWithin(y, tree.MaxClasses)
}

// int32Labels copies class codes into the compact form forests keep.
func int32Labels(y []int) []int32 {
	out := make([]int32, len(y))
	for i, c := range y {
		out[i] = int32(c)
	}
	return out
}
