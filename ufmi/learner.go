package ufmi

// Predictor is any fitted model that predicts class posteriors: *Forest and
// *CalibratedForest are Predictors.
type Predictor interface {
	PredictProba(x *Features, workers int) ([][]float64, error)
}

// Learner is a named way to fit a Predictor, so experiments can loop over
// RF, SigRF, IRF and UF alike.
type Learner struct {
	Name string
	Fit  func(x *Features, y []int, seed uint64) (Predictor, error)
}
