package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// screenFeatures fits cfg's pilot forest and returns feature-sampling weights
// from its honest importances. The pilot sees every row's label, so the
// forest's structure depends, through these d weights only, on rows that
// later vote: a mild departure from strict honesty, measured to pay off
// (bench/migrid).
func screenFeatures(x *Features, y []int, cfg UFConfig) ([]float64, error) {
	pilot, floor, err := pilotConfig(cfg)
	if err != nil {
		return nil, err
	}
	f, err := fitHonest(x, y, pilot, seeds.Pilot)
	if err != nil {
		return nil, err
	}
	imp, err := f.HonestImportance()
	if err != nil {
		return nil, err
	}
	return importanceWeights(imp, floor), nil
}

// pilotConfig returns the configuration of cfg's pilot forest (all features
// examined, no weights) and the weight floor.
func pilotConfig(cfg UFConfig) (UFConfig, float64, error) {
	floor := cfg.PilotFloor
	if floor == 0 {
		floor = 0.01
	}
	if !(floor > 0) || math.IsInf(floor, 0) {
		return UFConfig{}, 0, fmt.Errorf("ufmi: pilot floor %v must be positive", cfg.PilotFloor)
	}
	pilot := cfg
	pilot.Trees, pilot.PilotTrees = cfg.PilotTrees, 0
	pilot.Tree.MaxFeatures, pilot.Tree.FeatureWeights = tree.AllFeatures(), nil
	if report := cfg.Progress; report != nil {
		trees := cfg.Trees
		if trees == 0 {
			trees = DefaultTrees
		}
		pilot.Progress = func(done, total int) { report(done, total+trees) }
	}
	return pilot, floor, nil
}

// importanceWeights turns importances into feature-sampling weights: the
// positive part relative to the largest, plus floor so that every feature
// keeps some chance. When no importance is positive all weights are equal.
func importanceWeights(imp []float64, floor float64) []float64 {
	top := 0.0
	for _, v := range imp {
		top = math.Max(top, v)
	}
	w := make([]float64, len(imp))
	for j, v := range imp {
		w[j] = 1
		if top > 0 {
			w[j] = math.Max(v, 0)/top + floor
		}
	}
	return w
}

// HonestImportance returns, for each feature, how much the splits on it
// reduce impurity among the vote rows of an honest forest, averaged over
// trees and scaled per vote row.
//
// Impurity is the unbiased Gini sum S = (m² - Σ_k c_k²)/(m - 1) of a node's m
// vote rows with class counts c. A split of a feature that carries no
// information about Y reduces S by zero in expectation, whereas the plug-in
// Gini (the structure rows' view) rewards every split: so noise features
// score about zero, up or down, and informative ones score clearly above.
func (f *Forest) HonestImportance() ([]float64, error) {
	if !f.honest {
		return nil, fmt.Errorf("ufmi: honest importance needs an honest forest (FitUF)")
	}
	imp := make([]float64, f.d)
	var counts []float64
	for t := range f.trees {
		ft := &f.trees[t]
		counts = addTreeImportance(imp, ft.tree, f.train.cols, f.labels, f.k, ft.vote.rows(f.train.n), counts)
	}
	for j := range imp {
		imp[j] /= float64(len(f.trees))
	}
	return imp, nil
}

// addTreeImportance adds one tree's honest importance to imp: each split's
// drop in the unbiased Gini sum of the vote rows, per vote row. counts is
// scratch space, returned for reuse.
func addTreeImportance(imp []float64, t *tree.Tree, cols [][]float64, labels []int32, k int, voters []int, counts []float64) []float64 {
	nodes := t.Nodes()
	if size := nodes * k; cap(counts) < size {
		counts = make([]float64, size)
	} else {
		counts = counts[:size]
		clear(counts)
	}
	for _, i := range voters {
		c := int(labels[i])
		id := 0
		for {
			counts[id*k+c]++
			nd := t.Node(id)
			if nd.Feature < 0 {
				break
			}
			if cols[nd.Feature][i] <= nd.Threshold {
				id = nd.Left
			} else {
				id = nd.Right
			}
		}
	}
	if len(voters) == 0 {
		return counts
	}
	impurity := func(id int) float64 { return unbiasedGiniSum(counts[id*k : id*k+k]) }
	for id := range nodes {
		nd := t.Node(id)
		if nd.Feature < 0 {
			continue
		}
		drop := impurity(id) - impurity(nd.Left) - impurity(nd.Right)
		imp[nd.Feature] += drop / float64(len(voters))
	}
	return counts
}

// unbiasedGiniSum is (m² - Σ c²)/(m - 1) for class counts c summing to m,
// and 0 when m < 2.
func unbiasedGiniSum(c []float64) float64 {
	m, sq := 0.0, 0.0
	for _, v := range c {
		m += v
		sq += v * v
	}
	if m < 2 {
		return 0
	}
	return (m*m - sq) / (m - 1)
}
