package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/knn"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Predictor is any fitted model that predicts class posteriors: *Forest and
// *CalibratedForest are Predictors.
type Predictor interface {
	PredictProba(x *Features, workers int) ([][]float64, error)
}

// Model is a named posterior model: an estimator configuration that can
// both fit a Predictor (Fit) and estimate MI (EstimateMI with Estimator).
// Experiments, the CC18 study and the command line loop over Models alike.
type Model struct {
	Name      string
	Estimator EstimatorConfig
	// Custom, when set, fits the posterior model instead of Estimator's
	// forest: a way to put a model of one's own beside the catalogue's.
	Custom func(x *Features, y []int, seed uint64) (Predictor, error)
}

// Fit fits the model's forest on x, y with the given seed and the
// Estimator's workers (its seed and progress are not used). The kNN
// methods estimate MI without a posterior model and return an error.
func (m Model) Fit(x *Features, y []int, seed uint64) (Predictor, error) {
	if m.Custom != nil {
		return m.Custom(x, y, seed)
	}
	c := m.Estimator
	rt := Runtime{Seed: seed, Workers: c.Workers}
	switch c.Method {
	case MethodUF, "":
		return FitUF(x, y, c.UF, rt)
	case MethodRFOOB, MethodRFSplit:
		return FitRF(x, y, c.Forest, rt)
	case MethodSigRF, MethodIRF:
		return FitCalibrated(x, y, CalibratedConfig{Method: calibrationOf(c.Method), Forest: c.Forest}, rt)
	}
	return nil, fmt.Errorf("ufmi: %s (%s) estimates MI without a posterior model", m.Name, c.Method)
}

// FoldTrees is the number of trees per fold of a calibrated forest (5 folds)
// given the number of trees of the comparable RF or UF: trees/5, so that the
// calibrated ensemble holds as many trees in all.
func FoldTrees(trees int) int { return max(1, trees/defaultCalibrationFolds) }

// UFModel is UF with the given configuration.
func UFModel(name string, cfg UFConfig) Model {
	return Model{Name: name, Estimator: EstimatorConfig{Method: MethodUF, UF: cfg}}
}

// RFModel is a random forest of the given size; its MI strategy is method
// (MethodRFOOB or MethodRFSplit).
func RFModel(name string, method Method, trees int, tc tree.Config) Model {
	return Model{Name: name, Estimator: EstimatorConfig{Method: method, Forest: ForestConfig{Trees: trees, Tree: tc}}}
}

// CalibratedModel is SigRF (MethodSigRF) or IRF (MethodIRF) with FoldTrees(trees)
// trees in each of 5 folds.
func CalibratedModel(name string, method Method, trees int, tc tree.Config) Model {
	return Model{Name: name, Estimator: EstimatorConfig{Method: method, Forest: ForestConfig{Trees: FoldTrees(trees), Tree: tc}}}
}

// KNNModel is KSG (MethodKSG), Mixed-KSG (MethodMixedKSG) or Ross's
// estimator (MethodRoss) with k neighbours.
func KNNModel(name string, method Method, k int) Model {
	return Model{Name: name, Estimator: EstimatorConfig{Method: method, KNN: knn.Config{K: k}}}
}

// withTrees returns cfg with the given number of trees.
func withTrees(cfg UFConfig, trees int) UFConfig {
	cfg.Trees = trees
	return cfg
}

// PosteriorModels are the forests of the paper's posterior experiments, with
// the given number of trees: RF, SigRF, IRF and UF with configuration uf.
func PosteriorModels(trees int, uf UFConfig) []Model {
	return []Model{
		RFModel("RF", MethodRFSplit, trees, tree.Config{}),
		CalibratedModel("SigRF", MethodSigRF, trees, tree.Config{}),
		CalibratedModel("IRF", MethodIRF, trees, tree.Config{}),
		UFModel("UF", withTrees(uf, trees)),
	}
}

// StandardEstimators are the paper's MI estimators with the given number of
// trees per forest: UF (ufmi's default and the paper preset), RF-oob,
// RF-split, SigRF, IRF (5 folds of trees/5), KSG and Mixed-KSG (k = 5).
func StandardEstimators(trees int) []Model {
	return []Model{
		UFModel("UF", withTrees(DefaultUF(), trees)),
		UFModel("UF (paper)", withTrees(PaperUF(), trees)),
		RFModel("RF-oob", MethodRFOOB, trees, tree.Config{}),
		RFModel("RF-split", MethodRFSplit, trees, tree.Config{}),
		CalibratedModel("SigRF", MethodSigRF, trees, tree.Config{}),
		CalibratedModel("IRF", MethodIRF, trees, tree.Config{}),
		KNNModel("KSG", MethodKSG, 5),
		KNNModel("Mixed-KSG", MethodMixedKSG, 5),
	}
}

// SelectModels keeps the named models, in the order of names.
func SelectModels(all []Model, names ...string) ([]Model, error) {
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

// NamedModel returns the model the command line calls method (uf, rf,
// sigrf, irf, or any MI method name) with the UF preset and trees given.
func NamedModel(method, preset string, trees int) (Model, error) {
	switch method {
	case "rf":
		return RFModel("RF", MethodRFSplit, trees, tree.Config{}), nil
	case "uf":
		cfg, err := ParseUFPreset(preset)
		if err != nil {
			return Model{}, err
		}
		return UFModel("UF", withTrees(cfg, trees)), nil
	}
	m, err := ParseMethod(method)
	if err != nil {
		return Model{}, err
	}
	switch m {
	case MethodRFOOB, MethodRFSplit:
		return RFModel(string(m), m, trees, tree.Config{}), nil
	case MethodSigRF, MethodIRF:
		return CalibratedModel(string(m), m, trees, tree.Config{}), nil
	}
	return KNNModel(string(m), m, 0), nil
}

// calibrationOf is the calibration method of MethodSigRF or MethodIRF.
func calibrationOf(m Method) Calibration {
	if m == MethodIRF {
		return Isotonic
	}
	return Sigmoid
}
