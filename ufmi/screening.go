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
	floor := cfg.PilotFloor
	if floor == 0 {
		floor = 0.01
	}
	pilot := cfg
	pilot.Trees, pilot.PilotTrees = cfg.PilotTrees, 0
	pilot.Tree.MaxFeatures, pilot.Tree.FeatureWeights = tree.AllFeatures(), nil
	if report := cfg.Progress; report != nil {
		trees, _ := cfg.trees() // checked by FitUF
		pilot.Progress = func(done, total int) { report(done, total+trees) }
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
	k := f.k
	var counts []float64
	for t := range f.trees {
		ft := &f.trees[t]
		nodes := ft.tree.Nodes()
		if size := nodes * k; cap(counts) < size {
			counts = make([]float64, size)
		} else {
			counts = counts[:size]
			clear(counts)
		}
		votes := 0
		for i := 0; i < f.train.n; i++ {
			if !ft.vote.contains(i) {
				continue
			}
			votes++
			c := int(f.labels[i])
			id := 0
			for {
				counts[id*k+c]++
				nd := ft.tree.Node(id)
				if nd.Feature < 0 {
					break
				}
				id = ft.tree.Child(id, f.train.cols[nd.Feature][i])
			}
		}
		if votes == 0 {
			continue
		}
		impurity := func(id int) float64 { return unbiasedGiniSum(counts[id*k : id*k+k]) }
		for id := range nodes {
			nd := ft.tree.Node(id)
			if nd.Feature < 0 {
				continue
			}
			drop := impurity(id) - impurity(nd.Left) - impurity(nd.Right)
			imp[nd.Feature] += drop / float64(votes)
		}
	}
	for j := range imp {
		imp[j] /= float64(len(f.trees))
	}
	return imp, nil
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
