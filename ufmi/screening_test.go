package ufmi

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

func TestHonestImportanceSeparatesSignalFromNoise(t *testing.T) {
	x, y := separatedData(1000, 10, 3)
	imp := unscreenedImportance(t, x, y, 1)
	noise := 0.0
	for _, v := range imp[1:] {
		noise = math.Max(noise, math.Abs(v))
	}
	// Feature 0 carries all the information; the unbiased Gini gives the
	// nine noise features about zero.
	if imp[0] < 0.1 || noise > imp[0]/20 {
		t.Errorf("importances %.4f: want feature 0 above 0.1 and every noise feature within 1/20 of it", imp)
	}
	if _, err := mustRF(t, x, y).HonestImportance(); err == nil {
		t.Error("HonestImportance of a random forest gave no error")
	}
}

func TestHonestImportanceUnderIndependenceIsNearZero(t *testing.T) {
	x, y := gaussianData(1000, 5, 9, 77, func(_ []float64, rng *rand.Rand) int { return rng.IntN(2) })
	imp := unscreenedImportance(t, x, y, 2)
	// The plug-in Gini decrease of these fully grown trees is about 0.5 per
	// row in total (every leaf ends pure); the unbiased one stays near 0.
	for j, v := range imp {
		if math.Abs(v) > 0.01 {
			t.Errorf("feature %d: importance %.4f under independence, want |.| <= 0.01", j, v)
		}
	}
}

// unscreenedImportance is the honest importance of a 60-tree default UF
// without screening (every feature examined at every node).
func unscreenedImportance(t *testing.T, x *Features, y []int, seed uint64) []float64 {
	t.Helper()
	cfg := DefaultUF()
	cfg.Trees, cfg.NoScreening, cfg.PilotTrees, cfg.PilotFloor = 60, true, 0, 0
	cfg.Tree.MaxFeatures = tree.AllFeatures()
	f, err := FitUF(x, y, cfg, Runtime{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	imp, err := f.HonestImportance()
	if err != nil {
		t.Fatal(err)
	}
	return imp
}

func mustRF(t *testing.T, x *Features, y []int) *Forest {
	t.Helper()
	f, err := FitRF(x, y, ForestConfig{Trees: 5}, Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestZeroWeightFeatureIsNeverSplit(t *testing.T) {
	x, y := separatedData(400, 3, 2)
	f, err := FitRF(x, y, ForestConfig{Trees: 10, Tree: tree.Config{FeatureWeights: []float64{0, 1, 1}}}, Runtime{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, ft := range f.trees {
		for id := range ft.tree.Nodes() {
			if ft.tree.Node(id).Feature == 0 {
				t.Fatal("a tree split on feature 0, whose weight is 0")
			}
		}
	}
}

func TestFeatureWeightsRejected(t *testing.T) {
	x, y := separatedData(100, 3, 2)
	for _, w := range [][]float64{{1, 1}, {1, math.NaN(), 1}, {1, -1, 1}, {0, 0, 0}, {1, math.Inf(1), 1}} {
		if _, err := FitRF(x, y, ForestConfig{Trees: 2, Tree: tree.Config{FeatureWeights: w}}, Runtime{}); err == nil {
			t.Errorf("weights %v accepted", w)
		}
	}
	cfg := DefaultUF()
	cfg.Tree.FeatureWeights = []float64{1, 1, 1}
	if _, err := FitUF(x, y, cfg, Runtime{}); err == nil {
		t.Error("screening together with given feature weights accepted")
	}
	cfg.NoScreening, cfg.PilotTrees, cfg.PilotFloor = true, 0, 0
	if _, err := FitUF(x, y, cfg, Runtime{}); err != nil {
		t.Errorf("given feature weights without screening: %v", err)
	}
	cfg = PaperUF()
	cfg.PilotTrees = 10
	if _, err := FitUF(x, y, cfg, Runtime{}); err == nil {
		t.Error("pilot trees without screening accepted")
	}
	cfg = DefaultUF()
	cfg.PilotFloor = -0.5
	if _, err := FitUF(x, y, cfg, Runtime{}); err == nil {
		t.Error("negative pilot floor accepted")
	}
	cfg = DefaultUF()
	cfg.PilotTrees = -1
	if _, err := FitUF(x, y, cfg, Runtime{}); err == nil {
		t.Error("negative pilot trees accepted")
	}
}

func TestPilotProgressCountsEveryTree(t *testing.T) {
	x, y := separatedData(200, 3, 5)
	cfg := DefaultUF()
	cfg.Trees, cfg.PilotTrees = 30, 10
	last, lastTotal := 0, 0
	rt := Runtime{Workers: 2, Progress: func(done, total int) {
		if done < last || total != 40 {
			t.Errorf("progress %d/%d after %d: want a rising count out of 40", done, total, last)
		}
		last, lastTotal = done, total
	}}
	if _, err := FitUF(x, y, cfg, rt); err != nil {
		t.Fatal(err)
	}
	if last != 40 || lastTotal != 40 {
		t.Errorf("progress ended at %d/%d, want 40/40", last, lastTotal)
	}
}
