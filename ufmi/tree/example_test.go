package tree_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// tinyData is eight rows of two features, column by column, and their
// classes: class 1 where x0 > 4, except the last row (x0 = 8).
func tinyData() (cols [][]float64, y []int32) {
	cols = [][]float64{
		{1, 2, 3, 4, 5, 6, 7, 8},   // x0
		{0, 1, 0, 1, 0, 1, 0, 9.5}, // x1
	}
	return cols, []int32{0, 0, 0, 0, 1, 1, 1, 0}
}

// printNode prints node id and, below it, its children, indented by depth.
func printNode(t *tree.Tree, id, depth int, counts []float64, k int) {
	n := t.Node(id)
	pad := strings.Repeat("  ", depth)
	if n.Leaf >= 0 {
		fmt.Printf("%sleaf %d: class counts %v\n", pad, n.Leaf, counts[n.Leaf*k:(n.Leaf+1)*k])
		return
	}
	fmt.Printf("%sx%d <= %g\n", pad, n.Feature, n.Threshold)
	printNode(t, n.Left, depth+1, counts, k)
	printNode(t, n.Right, depth+1, counts, k)
}

// Grow one tree by hand, as a forest does for each of its trees: presort
// the columns once, resolve the configuration, and grow on a sample given
// as row multiplicities (here every row once; a bootstrap sample would
// repeat some rows and leave others out). The tree only partitions: the
// class counts per leaf come back beside it, and the forest decides what a
// leaf predicts.
func ExampleNewBuilder() {
	cols, y := tinyData()
	params, err := tree.Config{}.Resolve(len(cols))
	if err != nil {
		panic(err)
	}
	b := tree.NewBuilder(tree.NewPresort(cols, nil), y, 2, params)
	mult := []int32{1, 1, 1, 1, 1, 1, 1, 1}
	t, counts := b.Grow(mult, nil, rand.New(rand.NewPCG(1, 2)))
	fmt.Printf("%d nodes, %d leaves, depth %d\n", t.Nodes(), t.Leaves(), t.Depth())
	printNode(t, 0, 0, counts, 2)
	// Output:
	// 5 nodes, 3 leaves, depth 2
	// x0 <= 4.5
	//   leaf 0: class counts [4 0]
	//   x0 <= 7.5
	//     leaf 1: class counts [0 3]
	//     leaf 2: class counts [1 0]
}

// Route new points: Apply gives the leaf a point falls into, by the
// tree's one routing rule (missing values, NaN, go to the side the node
// learned for them).
func ExampleTree_Apply() {
	cols, y := tinyData()
	params, _ := tree.Config{MaxDepth: 1}.Resolve(len(cols))
	b := tree.NewBuilder(tree.NewPresort(cols, nil), y, 2, params)
	t, counts := b.Grow([]int32{1, 1, 1, 1, 1, 1, 1, 1}, nil, rand.New(rand.NewPCG(1, 2)))
	root := t.Node(0)
	fmt.Printf("depth 1: x%d <= %g\n", root.Feature, root.Threshold)
	for _, x := range [][]float64{{2, 0}, {6, 0}} {
		leaf := t.Apply(x)
		fmt.Printf("x = %v: leaf %d, class counts %v\n", x, leaf, counts[2*leaf:2*leaf+2])
	}
	// Output:
	// depth 1: x0 <= 4.5
	// x = [2 0]: leaf 0, class counts [4 0]
	// x = [6 0]: leaf 1, class counts [1 3]
}

// How many features a node examines among d = 16, by name.
func ExampleParseMaxFeatures() {
	for _, s := range []string{"all", "sqrt", "log2", "5", "0.33"} {
		m, err := tree.ParseMaxFeatures(s)
		if err != nil {
			panic(err)
		}
		n, _ := m.Count(16)
		fmt.Printf("%-4s -> %2d of 16\n", s, n)
	}
	_, err := tree.ParseMaxFeatures("half")
	fmt.Println(err != nil)
	// Output:
	// all  -> 16 of 16
	// sqrt ->  4 of 16
	// log2 ->  4 of 16
	// 5    ->  5 of 16
	// 0.33 ->  5 of 16
	// true
}

// Resolve checks a configuration against the data's dimension: a share
// of the features outside (0, 1], or weights of the wrong length, is an
// error.
func ExampleConfig_Resolve() {
	_, err := tree.Config{MaxFeatures: tree.FeatureFraction(1.5)}.Resolve(2)
	fmt.Println(err)
	_, err = tree.Config{FeatureWeights: []float64{1, 0}}.Resolve(3)
	fmt.Println(err)
	// Output:
	// ufmi: max features fraction 1.5 must be in (0, 1]
	// ufmi: 2 feature weights for 3 features
}
