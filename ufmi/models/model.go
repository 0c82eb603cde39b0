package models

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// Predictor is any fitted model that predicts class posteriors:
// *ufmi.Forest and *ufmi.CalibratedForest are Predictors.
type Predictor interface {
	PredictProba(x *ufmi.Features, workers int) ([][]float64, error)
}

// Model is a named posterior model: an estimator configuration that can
// both fit a Predictor (Fit) and estimate MI (ufmi.EstimateMI with
// Estimator).
type Model struct {
	Name      string
	Estimator ufmi.EstimatorConfig
	// Custom, when set, fits the posterior model instead of Estimator's
	// forest: a way to put a model of one's own beside the catalogue's.
	Custom func(x *ufmi.Features, y []int, seed uint64) (Predictor, error)
}

// Fit fits the model's forest on x, y with the given seed and the
// Estimator's workers (its seed and progress are not used). The kNN
// methods estimate MI without a posterior model and return an error.
func (m Model) Fit(x *ufmi.Features, y []int, seed uint64) (Predictor, error) {
	if m.Custom != nil {
		return m.Custom(x, y, seed)
	}
	c := m.Estimator
	rt := ufmi.Runtime{Seed: seed, Workers: c.Workers}
	switch c.Method {
	case ufmi.MethodUF, "":
		return ufmi.FitUF(x, y, c.UF, rt)
	case ufmi.MethodRFOOB, ufmi.MethodRFSplit:
		return ufmi.FitRF(x, y, c.Forest, rt)
	case ufmi.MethodSigRF, ufmi.MethodIRF:
		cfg := ufmi.CalibratedConfig{Method: c.Method, Forest: c.Forest}
		return ufmi.FitCalibrated(x, y, cfg, rt)
	}
	return nil, fmt.Errorf("ufmi: %s (%s) estimates MI without a posterior model", m.Name, c.Method)
}
