package notebook_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/notebook"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// One state of the interactive explorer, estimated without widgets: the
// methods on growing prefixes of one simulated sample, beside the exact
// truth. In a notebook, res.Show() draws the figure and the table, and
// notebook.ExploreLive adds the sliders.
func ExampleExplore() {
	s := notebook.DefaultExplorerState()
	s.N, s.D = 800, 2
	res, err := notebook.Explore(s)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: truth %.3f nats\n", s.Setting, res.Truth)
	for _, m := range s.Methods {
		est, _ := res.Final(m)
		fmt.Printf("%s on %d rows: %.3f nats\n", m, est.N, est.MI)
	}
	fmt.Println("closest:", res.Closest())
	// Output:
	// separated: truth 0.337 nats
	// UF on 800 rows: 0.359 nats
	// KSG on 800 rows: 0.361 nats
	// closest: UF
}

// The first lecture: an honest forest seen through its training rows. A
// point's posterior is the mean of its leaves' posteriors over the trees,
// the forest's own when every tree is counted; Diagram feeds
// viz.TreeDiagram, which draws one tree's splits, structure and vote rows
// and leaf posteriors.
func ExampleCountTreeVotes() {
	setting := sim.MISimulation{Setting: sim.Separated, N: 200, D: 2, Prior: 0.5}
	rows, y, _ := setting.Sample(1)
	x, _ := ufmi.NewFeatures(rows)
	forest, err := ufmi.FitUF(x, y, ufmi.UFConfig{Trees: 50}, ufmi.Runtime{Seed: 1})
	if err != nil {
		panic(err)
	}
	votes, err := notebook.CountTreeVotes(forest, x, y)
	if err != nil {
		panic(err)
	}
	point := []float64{0.5, 0}
	for _, trees := range []int{1, 10, 50} {
		p, _ := votes.MeanPosterior(point, trees)
		fmt.Printf("P(Y=0 | x) over %2d trees: %.3f\n", trees, p[0])
	}
	forestP, _ := forest.PredictProbaRows([][]float64{point}, 0)
	fmt.Printf("forest: %.3f, exact: %.3f\n", forestP[0][0], setting.Posterior(point)[0])

	nodes, _ := votes.Diagram(0)
	b, err := viz.TreeDiagram(viz.TreeSpec{Nodes: nodes, MaxDepth: 3})
	if err != nil {
		panic(err)
	}
	_, err = png.Decode(bytes.NewReader(b))
	fmt.Println("tree 0 drawn:", len(nodes), "nodes, PNG", err == nil)
	// Output:
	// P(Y=0 | x) over  1 trees: 0.927
	// P(Y=0 | x) over 10 trees: 0.755
	// P(Y=0 | x) over 50 trees: 0.776
	// forest: 0.776, exact: 0.731
	// tree 0 drawn: 37 nodes, PNG true
}
