package notebook

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// separatedForest fits a small default UF on the separated setting.
func separatedForest(t *testing.T, cfg ufmi.UFConfig) (*ufmi.Forest, *ufmi.Features, []int) {
	t.Helper()
	rows, y, err := sim.MISimulation{Setting: sim.Separated, N: 200, D: 3, Prior: 0.5}.Sample(1)
	if err != nil {
		t.Fatal(err)
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Trees = 20
	forest, err := ufmi.FitUF(x, y, cfg, ufmi.Runtime{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return forest, x, y
}

// The counts at the leaves are those of the rows the forest itself puts
// there (Forest.Apply), and the counts and posteriors the diagram draws
// are these.
func TestTreeVotesCountsMatchTheForest(t *testing.T) {
	forest, x, y := separatedForest(t, ufmi.DefaultUF())
	votes, err := CountTreeVotes(forest, x, y)
	if err != nil {
		t.Fatal(err)
	}
	leafOf, err := forest.Apply(x)
	if err != nil {
		t.Fatal(err)
	}
	for tr := range forest.Trees() {
		sets := forest.IndexSets(tr)
		leaves := forest.Tree(tr).Leaves()
		structure, vote := make([]int, leaves), make([]int, leaves)
		classes := make([][]float64, leaves)
		for l := range classes {
			classes[l] = make([]float64, 2)
		}
		for _, i := range sets.Structure {
			structure[leafOf[i][tr]]++
		}
		for _, i := range sets.Vote {
			vote[leafOf[i][tr]]++
			classes[leafOf[i][tr]][y[i]]++
		}
		nodes, err := votes.Diagram(tr)
		if err != nil {
			t.Fatal(err)
		}
		if nodes[0].Structure != len(sets.Structure) || nodes[0].Vote != len(sets.Vote) {
			t.Errorf("tree %d: root S %d V %d, want %d and %d", tr, nodes[0].Structure, nodes[0].Vote, len(sets.Structure), len(sets.Vote))
		}
		texts := diagramTexts(t, nodes)
		seen := 0
		for id, n := range nodes {
			if n.Split != "" {
				l, r := nodes[n.Left], nodes[n.Right]
				if n.Structure != l.Structure+r.Structure || n.Vote != l.Vote+r.Vote {
					t.Errorf("tree %d node %d: S %d V %d, its children's sums S %d V %d", tr, id, n.Structure, n.Vote, l.Structure+r.Structure, l.Vote+r.Vote)
				}
				continue
			}
			var leaf int
			if _, err := fmt.Sscanf(n.Label, "leaf %d", &leaf); err != nil {
				t.Fatalf("tree %d node %d: label %q", tr, id, n.Label)
			}
			seen++
			if n.Structure != structure[leaf] || n.Vote != vote[leaf] {
				t.Errorf("tree %d leaf %d: S %d V %d, the forest puts S %d V %d there", tr, leaf, n.Structure, n.Vote, structure[leaf], vote[leaf])
			}
			if vote[leaf] > 0 && !closeTo(n.Posterior, []float64{classes[leaf][0] / float64(vote[leaf]), classes[leaf][1] / float64(vote[leaf])}) {
				t.Errorf("tree %d leaf %d: posterior %v, vote rows %v", tr, leaf, n.Posterior, classes[leaf])
			}
			if want := fmt.Sprintf("S %d · V %d", structure[leaf], vote[leaf]); !slices.Contains(texts, want) {
				t.Errorf("tree %d's diagram does not show leaf %d's %q", tr, leaf, want)
			}
		}
		if seen != leaves {
			t.Errorf("tree %d: %d leaves drawn of %d", tr, seen, leaves)
		}
	}
}

// diagramTexts draws nodes, whole, as SVG and returns its texts.
func diagramTexts(t *testing.T, nodes []viz.TreeNode) []string {
	t.Helper()
	b, err := viz.TreeDiagram(viz.TreeSpec{Nodes: nodes, MaxDepth: 100, Format: viz.SVG})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, part := range strings.Split(string(b), "<text")[1:] {
		start, end := strings.Index(part, ">"), strings.Index(part, "</text>")
		texts = append(texts, part[start+1:end])
	}
	return texts
}

// closeTo reports whether two distributions agree to 1e-12.
func closeTo(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12 {
			return false
		}
	}
	return true
}

// A point's posterior is its leaf's in each tree; the mean over all trees
// is the forest's; its path runs from the root to that leaf.
func TestTreeVotesFollowAPoint(t *testing.T) {
	forest, x, y := separatedForest(t, ufmi.DefaultUF())
	votes, err := CountTreeVotes(forest, x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, point := range [][]float64{{0.5, 0, 0}, {-2, 1, -1}, {0.1, -0.3, 2}} {
		want, err := forest.PredictProbaRows([][]float64{point}, 1)
		if err != nil {
			t.Fatal(err)
		}
		all, err := votes.MeanPosterior(point, forest.Trees())
		if err != nil || !closeTo(all, want[0]) {
			t.Errorf("point %v: mean of all trees %v (%v), the forest's %v", point, all, err, want[0])
		}
		first, _ := votes.Posterior(0, point)
		one, _ := votes.MeanPosterior(point, 1)
		if !closeTo(first, one) {
			t.Errorf("point %v: tree 0's posterior %v, the mean of one tree %v", point, first, one)
		}
		for tr := range forest.Trees() {
			path, err := votes.Path(tr, point)
			if err != nil {
				t.Fatal(err)
			}
			tree := forest.Tree(tr)
			last := tree.Node(path[len(path)-1])
			if path[0] != 0 || last.Leaf != tree.Apply(point) {
				t.Errorf("tree %d: path %v ends at leaf %d, the point falls into %d", tr, path, last.Leaf, tree.Apply(point))
			}
			for i := 1; i < len(path); i++ {
				if nd := tree.Node(path[i-1]); path[i] != nd.Left && path[i] != nd.Right {
					t.Errorf("tree %d: path %v steps from %d to %d, not a child", tr, path, path[i-1], path[i])
				}
			}
		}
	}
}

// Splits are written as rules: numeric, oblique and categorical ones.
func TestTreeVotesSplitText(t *testing.T) {
	rows, _, err := sim.MISimulation{Setting: sim.Overlapping, N: 300, D: 3, Prior: 0.5}.Sample(2)
	if err != nil {
		t.Fatal(err)
	}
	diagonal := make([]int, len(rows)) // an oblique boundary
	for i, r := range rows {
		if r[0]+r[1] > 0 {
			diagonal[i] = 1
		}
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	forest, err := ufmi.FitUF(x, diagonal, ufmi.ObliqueUF(), ufmi.Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	votes, err := CountTreeVotes(forest, x, diagonal)
	if err != nil {
		t.Fatal(err)
	}
	oblique := 0
	for tr := range forest.Trees() {
		nodes, _ := votes.Diagram(tr)
		for id, n := range nodes {
			if forest.Tree(tr).Node(id).Oblique {
				oblique++
				if oblique == 1 {
					t.Logf("an oblique split: %q", n.Split)
				}
				if !strings.Contains(n.Split, "·x") || !strings.Contains(n.Split, " ≤ ") {
					t.Errorf("tree %d: an oblique split reads %q", tr, n.Split)
				}
			}
		}
	}
	if oblique == 0 {
		t.Error("the oblique forest has no oblique split to write")
	}
	n := 120
	codes, other := make([]float64, n), make([]float64, n)
	labels := make([]int, n)
	for i := range n {
		codes[i] = float64(i % 3)
		other[i] = float64(i%7) / 7
		if i%3 == 1 {
			labels[i] = 1
		}
	}
	cx, err := ufmi.NewColumnFeatures([]ufmi.Column{
		{Name: "colour", Kind: ufmi.Categorical, Values: codes, Levels: []string{"red", "green", "blue"}},
		{Name: "size", Values: other},
	})
	if err != nil {
		t.Fatal(err)
	}
	cf, err := ufmi.FitUF(cx, labels, ufmi.UFConfig{Trees: 5}, ufmi.Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	cv, err := CountTreeVotes(cf, cx, labels)
	if err != nil {
		t.Fatal(err)
	}
	cn, _ := cv.Diagram(0)
	if root := cn[0].Split; root != "colour in {green}" && root != "colour in {red, blue}" {
		t.Errorf("a categorical root reads %q", root)
	}
}

func TestTreeVotesBadInput(t *testing.T) {
	forest, x, y := separatedForest(t, ufmi.DefaultUF())
	votes, err := CountTreeVotes(forest, x, y)
	if err != nil {
		t.Fatal(err)
	}
	rf, err := ufmi.FitRF(x, y, ufmi.ForestConfig{Trees: 3}, ufmi.Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	kappa, _, _ := separatedForest(t, ufmi.UFConfig{Kappa: 3})
	narrow, err := x.SelectCols([]int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"nil forest", second(CountTreeVotes(nil, x, y)), "need a fitted forest"},
		{"labels", second(CountTreeVotes(forest, x, y[:10])), "200 rows but 10 labels"},
		{"columns", second(CountTreeVotes(forest, narrow, y)), "features"},
		{"not honest", second(CountTreeVotes(rf, x, y)), "not an honest forest"},
		{"another leaf rule", second(CountTreeVotes(kappa, x, y)), "kappa"},
		{"tree below range", second(votes.Diagram(-1)), "tree -1 is not in 0..19"},
		{"tree above range", second(votes.Diagram(20)), "tree 20 is not in 0..19"},
		{"path tree", second(votes.Path(20, []float64{0, 0, 0})), "tree 20"},
		{"short point", second(votes.Posterior(0, []float64{0, 0})), "2 values for a forest of 3"},
		{"short path point", second(votes.Path(0, []float64{0})), "1 values"},
		{"no trees", second(votes.MeanPosterior([]float64{0, 0, 0}, 0)), "0 trees"},
		{"too many trees", second(votes.MeanPosterior([]float64{0, 0, 0}, 21)), "21 trees"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, tc.err, tc.want)
		}
	}
}

// second is the error of a call returning a value and an error.
func second[T any](_ T, err error) error { return err }

// A point is checked as the forest's own predictions check rows: a
// categorical feature takes a level code of its training column (or NaN),
// a numeric one no infinity.
func TestTreeVotesCheckPointsAsTheForest(t *testing.T) {
	n := 120
	codes, values, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		codes[i], values[i], y[i] = float64(i%3), float64(i%7), i%2
	}
	x, err := ufmi.NewColumnFeatures([]ufmi.Column{
		{Name: "c", Kind: ufmi.Categorical, Values: codes, Levels: []string{"red", "green", "blue"}},
		{Name: "v", Values: values}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := ufmi.DefaultUF()
	cfg.Trees = 10
	forest, err := ufmi.FitUF(x, y, cfg, ufmi.Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	votes, err := CountTreeVotes(forest, x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, point := range [][]float64{{99, 0}, {-1, 0}, {1.5, 0}, {0, math.Inf(1)}} {
		if _, err := votes.Posterior(0, point); err == nil {
			t.Errorf("point %v: accepted", point)
		}
		if _, err := forest.PredictProbaRows([][]float64{point}, 1); err == nil {
			t.Errorf("point %v: the forest accepted it too", point)
		}
	}
	for _, point := range [][]float64{{2, 3}, {math.NaN(), 3}, {0, math.NaN()}} {
		if _, err := votes.Path(0, point); err != nil {
			t.Errorf("point %v: %v", point, err)
		}
	}
}
