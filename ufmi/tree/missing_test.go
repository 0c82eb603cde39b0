package tree

import (
	"math"
	"math/rand/v2"
	"testing"
)

// growStump grows a depth-1 tree on every row of cols and returns it with
// the leaf of each row as the builder placed it.
func growStump(t *testing.T, cols [][]float64, categorical []bool, y []int) (*Tree, []int32) {
	t.Helper()
	params, err := Config{MaxDepth: 1}.Resolve(len(cols))
	if err != nil {
		t.Fatal(err)
	}
	mult := make([]int32, len(y))
	for i := range mult {
		mult[i] = 1
	}
	rowLeaf := make([]int32, len(y))
	tree, _ := NewBuilder(NewPresort(cols, categorical), codes32(y), 2, params).Grow(mult, rowLeaf, rand.New(rand.NewPCG(1, 1)))
	return tree, rowLeaf
}

func TestMissingGoesToTheLargerChildWithoutMissingTrainingRows(t *testing.T) {
	t.Parallel()
	// Values 0..9, class 1 from 7 up: the split 6 | 7 leaves 7 rows left.
	x := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	y := []int{0, 0, 0, 0, 0, 0, 0, 1, 1, 1}
	tree, _ := growStump(t, [][]float64{x}, nil, y)
	root := tree.Node(0)
	if !root.MissingLeft || tree.Child(0, math.NaN()) != root.Left {
		t.Errorf("root %+v: missing values should go to the larger (left) child", root)
	}
	// Mirrored, the larger child is the right one. A categorical split puts
	// the seven class-0 levels on one side: missing values and unseen
	// levels go there.
	y = []int{1, 1, 1, 0, 0, 0, 0, 0, 0, 0}
	for _, cat := range [][]bool{nil, {true}} {
		tree, _ = growStump(t, [][]float64{x}, cat, y)
		larger := tree.Child(0, 5)
		if tree.Child(0, math.NaN()) != larger || tree.Child(0, 42) != larger || tree.Child(0, 0) == larger {
			t.Errorf("categorical %v, root %+v: missing values and unseen levels should go with the seven class-0 rows", cat, tree.Node(0))
		}
	}
}

func TestMissingSideIsLearned(t *testing.T) {
	t.Parallel()
	// Missing rows are all class 1, like the high values: they go right,
	// with the high values, though the left child is larger.
	nan := math.NaN()
	x := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, nan, nan}
	y := []int{0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1}
	tree, rowLeaf := growStump(t, [][]float64{x}, nil, y)
	root := tree.Node(0)
	if root.MissingLeft || root.Threshold != 6.5 {
		t.Fatalf("root %+v: want threshold 6.5 with missing values right", root)
	}
	for i := range x {
		if tree.LeafOf([][]float64{x}, i) != rowLeaf[i] {
			t.Errorf("row %d: grown into leaf %d, routed elsewhere", i, rowLeaf[i])
		}
	}
	// Missingness alone carries the signal: the split is present | missing,
	// the threshold +Inf.
	x = []float64{0, 1, 2, 3, 4, 5, nan, nan, nan}
	y = []int{0, 1, 0, 1, 0, 0, 1, 1, 1}
	tree, _ = growStump(t, [][]float64{x}, nil, y)
	if root = tree.Node(0); !math.IsInf(root.Threshold, 1) || root.MissingLeft {
		t.Errorf("root %+v: want present values left (threshold +Inf), missing right", root)
	}
}
