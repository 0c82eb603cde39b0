package ufmi

import (
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
