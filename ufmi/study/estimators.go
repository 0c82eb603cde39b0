package study

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// Progress is told how many of the total estimates are done.
type Progress func(done, total int)

// Estimator is a named estimator configuration.
type Estimator struct {
	Name   string
	Config ufmi.EstimatorConfig
}

// StandardEstimators returns the paper's estimators with the given number of
// trees per forest: UF (ufmi's default and the paper preset), RF-oob,
// RF-split, SigRF, IRF (5 folds of trees/5), KSG and Mixed-KSG (k=5).
func StandardEstimators(trees int) []Estimator {
	uf := func(c ufmi.UFConfig) ufmi.UFConfig { c.Trees = trees; return c }
	forest := ufmi.ForestConfig{Trees: trees}
	perFold := ufmi.ForestConfig{Trees: max(1, trees/5)}
	return []Estimator{
		{"UF", ufmi.EstimatorConfig{Method: ufmi.MethodUF, UF: uf(ufmi.DefaultUF())}},
		{"UF (paper)", ufmi.EstimatorConfig{Method: ufmi.MethodUF, UF: uf(ufmi.PaperUF())}},
		{"RF-oob", ufmi.EstimatorConfig{Method: ufmi.MethodRFOOB, Forest: forest}},
		{"RF-split", ufmi.EstimatorConfig{Method: ufmi.MethodRFSplit, Forest: forest}},
		{"SigRF", ufmi.EstimatorConfig{Method: ufmi.MethodSigRF, Forest: perFold}},
		{"IRF", ufmi.EstimatorConfig{Method: ufmi.MethodIRF, Forest: perFold}},
		{"KSG", ufmi.EstimatorConfig{Method: ufmi.MethodKSG, KNN: ufmi.KNNConfig{K: 5}}},
		{"Mixed-KSG", ufmi.EstimatorConfig{Method: ufmi.MethodMixedKSG, KNN: ufmi.KNNConfig{K: 5}}},
	}
}

// SelectEstimators keeps the named estimators, in the order of names.
func SelectEstimators(all []Estimator, names ...string) ([]Estimator, error) {
	var out []Estimator
	for _, n := range names {
		found := false
		for _, e := range all {
			if e.Name == n {
				out = append(out, e)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("ufmi: unknown estimator %q", n)
		}
	}
	return out, nil
}
