package viz

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// smallTree is a tree of three leaves: the root splits x1, its right
// child x2.
func smallTree() []TreeNode {
	return []TreeNode{
		{Split: "x1 ≤ 0.5", Left: 1, Right: 2, Structure: 20, Vote: 22, Posterior: []float64{0.5, 0.5}},
		{Label: "leaf 0", Structure: 8, Vote: 10, Posterior: []float64{0.9, 0.1}},
		{Split: "x2 ≤ -1", Left: 3, Right: 4, Structure: 12, Vote: 12, Posterior: []float64{0.25, 0.75}},
		{Label: "leaf 1", Structure: 5, Vote: 4, Posterior: []float64{0.25, 0.75}},
		{Label: "leaf 2", Structure: 7, Vote: 8, Posterior: []float64{0.125, 0.875}},
	}
}

// completeTree is a complete binary tree of the given depth (2^depth leaves).
func completeTree(depth int) []TreeNode {
	var nodes []TreeNode
	var grow func(level int) int
	grow = func(level int) int {
		id := len(nodes)
		nodes = append(nodes, TreeNode{Structure: 1, Vote: 1, Posterior: []float64{0.5, 0.5}})
		if level < depth {
			left := grow(level + 1)
			right := grow(level + 1)
			nodes[id].Split, nodes[id].Left, nodes[id].Right = "x1 ≤ 0", left, right
		}
		return id
	}
	grow(0)
	return nodes
}

// treeTexts draws spec as SVG and returns its texts.
func treeTexts(t *testing.T, spec TreeSpec) []string {
	t.Helper()
	spec.Format = SVG
	b, err := TreeDiagram(spec)
	if err != nil {
		t.Fatal(err)
	}
	return svgTexts(t, b)
}

// Every node shows its counts, every split its rule, every leaf its
// posterior, and the edges their answers.
func TestTreeDiagramShowsEveryNode(t *testing.T) {
	texts := treeTexts(t, TreeSpec{Title: "one tree", Nodes: smallTree()})
	for _, want := range []string{
		"one tree", "x1 ≤ 0.5", "x2 ≤ -1", "S 20 · V 22", "S 8 · V 10", "S 12 · V 12", "S 5 · V 4", "S 7 · V 8",
		"leaf 0", "leaf 1", "leaf 2", "(0.90, 0.10)", "(0.25, 0.75)", "(0.12, 0.88)", "class 0", "class 1",
	} {
		if !slices.Contains(texts, want) {
			t.Errorf("the diagram lacks %q; it shows %q", want, texts)
		}
	}
	if yes, no := count(texts, "yes"), count(texts, "no"); yes != 2 || no != 2 {
		t.Errorf("edges marked %d yes and %d no, want 2 and 2", yes, no)
	}
	// An internal node's bar is drawn only where the drawing cuts there.
	if count(texts, "(0.50, 0.50)") != 0 {
		t.Error("the root, drawn with its split, shows a posterior")
	}
}

// count is how many times s occurs in texts.
func count(texts []string, s string) int {
	n := 0
	for _, x := range texts {
		if x == s {
			n++
		}
	}
	return n
}

// Below MaxDepth a subtree is one box with its leaves counted, its rows
// and its vote rows' class fractions; its splits are not drawn.
func TestTreeDiagramCutsAtMaxDepth(t *testing.T) {
	texts := treeTexts(t, TreeSpec{Nodes: smallTree(), MaxDepth: 1})
	for _, want := range []string{"… 2 leaves below", "S 12 · V 12", "(0.25, 0.75)", "leaf 0"} {
		if !slices.Contains(texts, want) {
			t.Errorf("the cut diagram lacks %q; it shows %q", want, texts)
		}
	}
	for _, gone := range []string{"x2 ≤ -1", "leaf 1", "S 5 · V 4"} {
		if slices.Contains(texts, gone) {
			t.Errorf("the cut diagram still shows %q", gone)
		}
	}
}

// Class names replace the default names in the key; more than three
// classes show no values in text, only the bar.
func TestTreeDiagramClasses(t *testing.T) {
	nodes := []TreeNode{{Structure: 4, Vote: 4, Posterior: []float64{0.25, 0.25, 0.25, 0.25}}}
	texts := treeTexts(t, TreeSpec{Nodes: nodes, ClassNames: []string{"a", "b", "c", "d"}})
	for _, want := range []string{"a", "b", "c", "d", "S 4 · V 4"} {
		if !slices.Contains(texts, want) {
			t.Errorf("the diagram lacks %q; it shows %q", want, texts)
		}
	}
	for _, x := range texts {
		if strings.Contains(x, "0.25") {
			t.Errorf("a four-class leaf shows its values: %q", x)
		}
	}
}

// The PNG decodes at the size asked for; the default size grows with the
// leaves drawn.
func TestTreeDiagramPNG(t *testing.T) {
	b, err := TreeDiagram(TreeSpec{Nodes: smallTree(), Highlight: []int{0, 2, 4}, Width: 16 * vg.Centimeter, Height: 10 * vg.Centimeter})
	if err != nil {
		t.Fatal(err)
	}
	img := decodeFigure(t, b, defaultPx[0], defaultPx[1])
	if countPixels(img, isBlackish) == 0 {
		t.Error("no dark pixels: the highlighted path and the text are missing")
	}
	cut := layoutTree(TreeSpec{Nodes: balancedTree(5), MaxDepth: 2}, 2)
	whole := layoutTree(TreeSpec{Nodes: balancedTree(5), MaxDepth: 5}, 2)
	if cut.slots != 4 || whole.slots != 32 || !(whole.width > cut.width) || !(whole.height > cut.height) {
		t.Errorf("slots %d and %d, sizes %v x %v and %v x %v: the whole tree should need more room",
			cut.slots, whole.slots, cut.width, cut.height, whole.width, whole.height)
	}
}

// balancedTree is a complete binary tree of the given depth, in
// breadth-first order (node i's children are 2i+1 and 2i+2).
func balancedTree(depth int) []TreeNode {
	nodes := make([]TreeNode, 1<<(depth+1)-1)
	for i := range nodes {
		nodes[i].Posterior = []float64{0.5, 0.5}
		if 2*i+2 < len(nodes) {
			nodes[i].Split, nodes[i].Left, nodes[i].Right = "x1 ≤ 0", 2*i+1, 2*i+2
		}
	}
	return nodes
}

func TestTreeDiagramBadInput(t *testing.T) {
	edit := func(f func(n []TreeNode)) []TreeNode {
		n := smallTree()
		f(n)
		return n
	}
	for _, tc := range []struct {
		name string
		spec TreeSpec
		want string
	}{
		{"no nodes", TreeSpec{}, "at least one node"},
		{"negative depth", TreeSpec{Nodes: smallTree(), MaxDepth: -1}, "MaxDepth = -1"},
		{"child out of range", TreeSpec{Nodes: edit(func(n []TreeNode) { n[2].Right = 9 })}, "child 9"},
		{"one child", TreeSpec{Nodes: edit(func(n []TreeNode) { n[2].Right = 0 })}, "child 0"},
		{"same child twice", TreeSpec{Nodes: edit(func(n []TreeNode) { n[2].Right = 3 })}, "both children"},
		{"two parents", TreeSpec{Nodes: edit(func(n []TreeNode) { n[2].Left = 1 })}, "child of two nodes"},
		{"unreached", TreeSpec{Nodes: append(smallTree(), TreeNode{Posterior: []float64{1, 0}})}, "node 5 is not reached"},
		{"split without children", TreeSpec{Nodes: edit(func(n []TreeNode) { n[1].Split = "x3 ≤ 0" })}, "no children"},
		{"children without split", TreeSpec{Nodes: edit(func(n []TreeNode) { n[0].Split = "" })}, "no split"},
		{"leaf without posterior", TreeSpec{Nodes: edit(func(n []TreeNode) { n[3].Posterior = nil })}, "leaf 3 has no posterior"},
		{"posterior length", TreeSpec{Nodes: edit(func(n []TreeNode) { n[4].Posterior = []float64{1} })}, "1 classes, others have 2"},
		{"posterior NaN", TreeSpec{Nodes: edit(func(n []TreeNode) { n[4].Posterior[1] = math.NaN() })}, "Posterior[1] = NaN"},
		{"posterior above 1", TreeSpec{Nodes: edit(func(n []TreeNode) { n[1].Posterior[0] = 1.5 })}, "not a probability"},
		{"negative count", TreeSpec{Nodes: edit(func(n []TreeNode) { n[1].Vote = -1 })}, "negative counts"},
		{"class names", TreeSpec{Nodes: smallTree(), ClassNames: []string{"only one"}}, "1 class names"},
		{"highlight", TreeSpec{Nodes: smallTree(), Highlight: []int{0, 7}}, "highlights node 7"},
		{"size", TreeSpec{Nodes: smallTree(), Width: -1}, "must not be negative"},
		{"too wide", TreeSpec{Nodes: smallTree(), Width: 300 * vg.Inch}, "larger than 14400 points"},
		{"too many pixels", TreeSpec{Nodes: smallTree(), Width: 150 * vg.Inch, Height: 150 * vg.Inch}, "million pixels"},
		{"too deep to draw", TreeSpec{Nodes: completeTree(12), MaxDepth: 12}, "lower MaxDepth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := TreeDiagram(tc.spec)
			wantErrContaining(t, err, tc.want)
		})
	}
}
