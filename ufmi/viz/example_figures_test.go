package viz_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// pngSize reports the pixel size of an encoded PNG figure, or the error
// that prevented it. In a notebook, pass the bytes to gonbui.DisplayPNG
// (or notebook.ShowPNG) instead.
func pngSize(b []byte, err error) string {
	if err != nil {
		return err.Error()
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return err.Error()
	}
	return img.Bounds().Size().String()
}

// Each feature's mutual information with the label as bars, one per name.
func ExampleBarChart() {
	b, err := viz.BarChart(viz.BarSpec{
		Title:  "I(Y; feature)",
		YLabel: "nats",
		Bars:   []viz.NamedValue{{Name: "claw", Value: 0.36}, {Name: "dist", Value: 0.52}, {Name: "age", Value: 0.69}},
	})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// A permutation test's null distribution and the observed statistic.
func ExampleHistogram() {
	null := make([]float64, 99)
	for i := range null {
		null[i] = 0.01 * math.Sin(float64(i)) // stands for 99 refits on permuted labels
	}
	b, err := viz.Histogram(null, 0.05, viz.HistogramSpec{XLabel: "I(X;Y) (nats)"})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// A matrix with a colour bar, rows and columns labelled and split into
// groups: a connectome's synapse counts on a log scale, say.
func ExampleHeatmap() {
	z := [][]float64{{0, 3, 0, 1}, {2, 0, 5, 0}, {0, 4, 0, 0}, {1, 0, 0, 0}}
	b, err := viz.Heatmap(z, viz.HeatmapSpec{
		Title:      "synapses",
		ValueLabel: "count",
		ColLabels:  []string{"KC", "KC", "PN", "PN"},
		RowLabels:  []string{"KC", "KC", "PN", "PN"},
		ColBreaks:  []int{2},
		RowBreaks:  []int{2},
		Log1p:      true,
	})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// Estimated posteriors along a line beside the true one (dashed).
func ExamplePosteriorCurves() {
	x := []float64{-2, -1, 0, 1, 2}
	truth := make([]float64, len(x))
	for i, v := range x {
		truth[i] = 1 / (1 + math.Exp(-2*v))
	}
	b, err := viz.PosteriorCurves(viz.PosteriorSpec{
		X:       x,
		Methods: []viz.NamedValues{{Name: "UF", Values: []float64{0.03, 0.14, 0.52, 0.85, 0.97}}, {Name: "RF", Values: []float64{0, 0.05, 0.6, 0.98, 1}}},
		Truth:   truth,
	})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// A reliability diagram: accuracy against confidence per bin, with the
// diagonal of perfect calibration (bins of metrics.Reliability fit here).
func ExampleReliability() {
	b, err := viz.Reliability(viz.ReliabilitySpec{Models: []viz.ReliabilityModel{
		{Name: "RF", Bins: []viz.ReliabilityBin{{Confidence: 0.6, Accuracy: 0.7, Count: 40}, {Confidence: 0.95, Accuracy: 0.9, Count: 60}}},
		{Name: "UF", Bins: []viz.ReliabilityBin{{Confidence: 0.62, Accuracy: 0.63, Count: 55}, {Confidence: 0.88, Accuracy: 0.87, Count: 45}}},
	}})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// Per-dataset differences between methods as jittered dots with their
// median; the seed fixes the jitter, so the figure is reproducible.
func ExampleStripPlot() {
	b, err := viz.StripPlot(viz.StripSpec{
		YLabel: "ECE difference",
		Categories: []viz.NamedValues{
			{Name: "UF - RF", Values: []float64{-0.02, -0.01, 0.003, -0.04}},
			{Name: "UF - IRF", Values: []float64{0.01, -0.005, 0.002, 0.0}},
		},
		Seed: 1,
	})
	fmt.Println(pngSize(b, err))
	// Output: (605,378)
}

// Small multiples: one panel per setting, two per row, with aligned data
// areas; each panel a CurveSpec with its own truth curve.
func ExampleGrid() {
	n := []float64{100, 1000, 10000}
	var panels []viz.CurveSpec
	for _, truth := range []float64{0, 0.337, 0.307} {
		panels = append(panels, viz.CurveSpec{
			Title:  fmt.Sprintf("truth %.3f", truth),
			XLabel: "n",
			Series: []viz.Series{{Name: "UF", X: n, Y: []float64{truth + 0.05, truth + 0.01, truth}}},
			Truth:  viz.TruthCurve(n, []float64{truth, truth, truth}),
			LogX:   true,
		})
	}
	b, err := viz.Grid(panels, 2)
	fmt.Println(pngSize(b, err))
	// Output: (680,491)
}

// The plot behind Curves, to adjust before encoding it, here as SVG.
func ExampleCurvesPlot() {
	p, err := viz.CurvesPlot(viz.CurveSpec{
		XLabel: "d",
		Series: []viz.Series{{Name: "KSG", X: []float64{1, 5, 20}, Y: []float64{0.36, 0.30, 0.00}}},
		Truth:  viz.TruthLevel(0.337),
	})
	if err != nil {
		panic(err)
	}
	p.Y.Label.Text = "I(X;Y) (nats)"
	svg, err := viz.ToSVG(p, viz.DefaultWidth, viz.DefaultHeight)
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.Contains(string(svg), "<svg"))
	// Output: true
}

// One honest tree drawn: each split with its structure (S) and vote (V)
// rows, each leaf with its posterior as a bar of class colours. Nodes
// come from notebook.TreeVotes.Diagram for a fitted forest; here they are
// written by hand.
func ExampleTreeDiagram() {
	nodes := []viz.TreeNode{
		{Split: "x1 ≤ 0.12", Left: 1, Right: 2, Structure: 100, Vote: 100},
		{Label: "leaf 0", Structure: 48, Vote: 51, Posterior: []float64{0.14, 0.86}},
		{Label: "leaf 1", Structure: 52, Vote: 49, Posterior: []float64{0.88, 0.12}},
	}
	b, err := viz.TreeDiagram(viz.TreeSpec{Title: "tree 0", Nodes: nodes, ClassNames: []string{"Y = 0", "Y = 1"}})
	if err != nil {
		panic(err)
	}
	img, err := png.Decode(bytes.NewReader(b)) // its size follows the tree's
	fmt.Println("PNG", err == nil && img.Bounds().Dx() > 0)
	// A leaf without a posterior is an error.
	nodes[2].Posterior = nil
	_, err = viz.TreeDiagram(viz.TreeSpec{Nodes: nodes})
	fmt.Println(err != nil)
	// Output:
	// PNG true
	// true
}

// Panels on one y range, so that a Grid's panels compare at a glance.
func ExampleSameYRange() {
	n := []float64{100, 1000}
	panels := []viz.CurveSpec{
		{Title: "separated", Series: []viz.Series{{Name: "UF", X: n, Y: []float64{0.30, 0.33}}}, Truth: viz.TruthLevel(0.337)},
		{Title: "scaled", Series: []viz.Series{{Name: "UF", X: n, Y: []float64{0.50, 0.60}}}, Truth: viz.TruthLevel(0.627)},
	}
	for _, p := range viz.SameYRange(panels) {
		fmt.Printf("%s: y from %.4f to %.4f\n", p.Title, p.YMin, p.YMax)
	}
	// Output:
	// separated: y from 0.2837 to 0.6433
	// scaled: y from 0.2837 to 0.6433
}
