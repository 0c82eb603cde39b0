package models

import (
	"fmt"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/knn"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// calibrationFolds is the number of folds of a calibrated forest whose
// ufmi.CalibratedConfig leaves Folds at 0 (the paper's 5), as
// ufmi.EstimateMI and Model.Fit fit them. ufmi keeps its default
// unexported; TestFoldTreesMatchCalibratedDefaults pins this copy to it.
const calibrationFolds = 5

// FoldTrees is the number of trees per fold of a calibrated forest (5 folds)
// given the number of trees of the comparable RF or UF: trees/5 (at least
// 1), so that the calibrated ensemble holds as many trees in all.
func FoldTrees(trees int) int { return max(1, trees/calibrationFolds) }

// UF is the honest Uncertainty Forest with the given configuration.
func UF(name string, cfg ufmi.UFConfig) Model {
	return Model{Name: name, Estimator: ufmi.EstimatorConfig{Method: ufmi.MethodUF, UF: cfg}}
}

// RF is a random forest of the given size; its MI strategy is method
// (ufmi.MethodRFOOB or ufmi.MethodRFSplit).
func RF(name string, method ufmi.Method, trees int, tc tree.Config) Model {
	return Model{Name: name, Estimator: ufmi.EstimatorConfig{Method: method,
		Forest: ufmi.ForestConfig{Trees: trees, Tree: tc}}}
}

// Calibrated is SigRF (ufmi.MethodSigRF) or IRF (ufmi.MethodIRF) with
// FoldTrees(trees) trees in each of 5 folds. It does not check method:
// another gives that method's model (ufmi.MethodUF a plain UF), with the
// fold's share of the trees; Named checks the names it reads.
func Calibrated(name string, method ufmi.Method, trees int, tc tree.Config) Model {
	return Model{Name: name, Estimator: ufmi.EstimatorConfig{Method: method,
		Forest: ufmi.ForestConfig{Trees: FoldTrees(trees), Tree: tc}}}
}

// KNN is KSG (ufmi.MethodKSG), Mixed-KSG (ufmi.MethodMixedKSG) or Ross's
// estimator (ufmi.MethodRoss) with k neighbours.
func KNN(name string, method ufmi.Method, k int) Model {
	return Model{Name: name, Estimator: ufmi.EstimatorConfig{Method: method, KNN: knn.Config{K: k}}}
}

// withTrees returns cfg with the given number of trees.
func withTrees(cfg ufmi.UFConfig, trees int) ufmi.UFConfig {
	cfg.Trees = trees
	return cfg
}

// Posterior are the forests of the paper's posterior experiments, with the
// given number of trees: RF, SigRF, IRF and UF with configuration uf (the
// paper preset, or ExperimentUF).
func Posterior(trees int, uf ufmi.UFConfig) []Model {
	return []Model{
		RF("RF", ufmi.MethodRFSplit, trees, tree.Config{}),
		Calibrated("SigRF", ufmi.MethodSigRF, trees, tree.Config{}),
		Calibrated("IRF", ufmi.MethodIRF, trees, tree.Config{}),
		UF("UF", withTrees(uf, trees)),
	}
}

// Standard are the paper's MI estimators with the given number of trees
// per forest: UF (ufmi's default and the paper preset), RF-oob, RF-split,
// SigRF, IRF (5 folds of trees/5), KSG and Mixed-KSG (k = 5).
func Standard(trees int) []Model {
	return []Model{
		UF("UF", withTrees(ufmi.DefaultUF(), trees)),
		UF("UF (paper)", withTrees(ufmi.PaperUF(), trees)),
		RF("RF-oob", ufmi.MethodRFOOB, trees, tree.Config{}),
		RF("RF-split", ufmi.MethodRFSplit, trees, tree.Config{}),
		Calibrated("SigRF", ufmi.MethodSigRF, trees, tree.Config{}),
		Calibrated("IRF", ufmi.MethodIRF, trees, tree.Config{}),
		KNN("KSG", ufmi.MethodKSG, 5),
		KNN("Mixed-KSG", ufmi.MethodMixedKSG, 5),
	}
}

// Select keeps the named models of all, in the order of names.
func Select(all []Model, names ...string) ([]Model, error) {
	var out []Model
	for _, n := range names {
		found := false
		for _, m := range all {
			if m.Name == n {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("ufmi: unknown model %q", n)
		}
	}
	return out, nil
}

// Named returns the model the command line calls method (uf, rf, sigrf,
// irf, or any MI method name) with the UF preset and trees given; the
// preset is read for uf only, and the other methods do not use it.
func Named(method, preset string, trees int) (Model, error) {
	if trees < 1 {
		return Model{}, fmt.Errorf("ufmi: %d trees: want at least 1", trees)
	}
	switch strings.ToLower(method) {
	case "rf":
		return RF("RF", ufmi.MethodRFSplit, trees, tree.Config{}), nil
	case "uf":
		cfg, err := ufmi.ParseUFPreset(preset)
		if err != nil {
			return Model{}, err
		}
		return UF("UF", withTrees(cfg, trees)), nil
	}
	m, err := ufmi.ParseMethod(method)
	if err != nil {
		return Model{}, err
	}
	switch m {
	case ufmi.MethodRFOOB, ufmi.MethodRFSplit:
		return RF(string(m), m, trees, tree.Config{}), nil
	case ufmi.MethodSigRF, ufmi.MethodIRF:
		if trees < calibrationFolds {
			return Model{}, fmt.Errorf("ufmi: %s grows trees/%d in each of its %d folds: give at least %d trees, got %d", m, calibrationFolds, calibrationFolds, calibrationFolds, trees)
		}
		return Calibrated(string(m), m, trees, tree.Config{}), nil
	}
	return KNN(string(m), m, 0), nil
}
