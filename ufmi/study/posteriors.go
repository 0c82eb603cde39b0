package study

import (
	"fmt"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// CurveRecord is one evaluation point of a posterior curve.
type CurveRecord struct {
	Rank      int     `dataframe:"rank"`
	Method    string  `dataframe:"method"`
	Truth     float64 `dataframe:"truth"`
	Posterior float64 `dataframe:"posterior"`
}

// SharedComponentCurve reproduces the paper's first figure: models trained
// on nTrain rows of the shared-component simulation predict P(Y=1|x) at
// nEval fresh rows, listed in order of the true posterior (rank 0 lowest).
func SharedComponentCurve(nTrain, nEval int, ms []models.Model, seed uint64, progress ufmi.Progress) (dataframe.DataFrame, error) {
	rows, y, err := sim.SharedComponentSimulation{N: nTrain}.Sample(seed)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	evalRows, _, err := sim.SharedComponentSimulation{N: nEval}.Sample(seeds.Derive(seed, seeds.EvalData, 0))
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	truth, err := sim.SharedComponentSimulation{N: nEval}.Posteriors(evalRows)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	order := make([]int, len(evalRows))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return truth[order[a]][1] < truth[order[b]][1] })
	x, _ := ufmi.NewFeatures(rows)
	eval, _ := ufmi.NewFeatures(evalRows)
	var recs []CurveRecord
	for m, model := range ms {
		pred, err := model.Fit(x, y, seed)
		if err != nil {
			return dataframe.DataFrame{}, fmt.Errorf("%s: %w", model.Name, err)
		}
		proba, err := pred.PredictProba(eval, 0)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		for rank, i := range order {
			recs = append(recs, CurveRecord{Rank: rank, Method: model.Name, Truth: truth[i][1], Posterior: proba[i][1]})
		}
		if progress != nil {
			progress(m+1, len(ms))
		}
	}
	return dataframe.LoadStructs(recs), nil
}

// SteepSweep measures posterior accuracy on the steep-posterior simulation.
type SteepSweep struct {
	Alphas     []float64
	D, N       int
	Models     []models.Model
	Reps       int
	Grid       int // evaluation grid size per axis (reference 50)
	NoiseDraws int // draws of the noise coordinates per grid point (reference 4)
	Seed       uint64
}

// SteepRecord is the mean Hellinger distance of one fit.
type SteepRecord struct {
	Alpha     float64 `dataframe:"alpha"`
	Rep       int     `dataframe:"rep"`
	Method    string  `dataframe:"method"`
	Hellinger float64 `dataframe:"hellinger"`
}

// Run fits every model per alpha and rep and records its mean Hellinger
// distance to the true posterior over the evaluation grid. Rep r draws its
// data and grid, and fits its models, with the seed Derive(Seed, repetition, r).
func (s SteepSweep) Run(progress ufmi.Progress) (dataframe.DataFrame, error) {
	if s.Reps < 1 || len(s.Alphas) == 0 || len(s.Models) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: a steep sweep needs alphas, models and at least one repetition")
	}
	total, done := len(s.Alphas)*s.Reps*len(s.Models), 0
	var recs []SteepRecord
	for _, alpha := range s.Alphas {
		steep := sim.SteepSimulation{N: s.N, D: s.D, Alpha: alpha}
		for rep := 0; rep < s.Reps; rep++ {
			seed := seeds.Derive(s.Seed, seeds.Repetition, rep)
			h, err := steepHellinger(steep, s.Models, s.Grid, s.NoiseDraws, seed)
			if err != nil {
				return dataframe.DataFrame{}, err
			}
			for m, model := range s.Models {
				recs = append(recs, SteepRecord{Alpha: alpha, Rep: rep, Method: model.Name, Hellinger: h[m]})
				done++
				if progress != nil {
					progress(done, total)
				}
			}
		}
	}
	return dataframe.LoadStructs(recs), nil
}

// steepFit draws a training sample and the evaluation grid, and returns
// each model's posteriors on the grid with the grid itself.
func steepFit(steep sim.SteepSimulation, ms []models.Model, grid, draws int, seed uint64) ([][][]float64, [][]float64, error) {
	rows, y, err := steep.Sample(seed)
	if err != nil {
		return nil, nil, err
	}
	evalRows, err := steep.EvalGrid(grid, draws, seed)
	if err != nil {
		return nil, nil, err
	}
	x, _ := ufmi.NewFeatures(rows)
	eval, _ := ufmi.NewFeatures(evalRows)
	out := make([][][]float64, len(ms))
	for m, model := range ms {
		pred, err := model.Fit(x, y, seed)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", model.Name, err)
		}
		if out[m], err = pred.PredictProba(eval, 0); err != nil {
			return nil, nil, err
		}
	}
	return out, evalRows, nil
}

// steepHellinger returns each model's mean Hellinger distance to the truth
// on the evaluation grid.
func steepHellinger(steep sim.SteepSimulation, ms []models.Model, grid, draws int, seed uint64) ([]float64, error) {
	probas, evalRows, err := steepFit(steep, ms, grid, draws, seed)
	if err != nil {
		return nil, err
	}
	truth, err := steep.Posteriors(evalRows)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(ms))
	for m, proba := range probas {
		if out[m], err = metrics.MeanHellinger(proba, truth); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// GridRecord is one point of a posterior map on the first two coordinates.
type GridRecord struct {
	X1       float64 `dataframe:"x1"`
	X2       float64 `dataframe:"x2"`
	Method   string  `dataframe:"method"`
	Truth    float64 `dataframe:"truth"`
	Estimate float64 `dataframe:"estimate"`
}

// SteepPosteriorGrid fits each model once and returns, at every point of a
// grid × grid map of (x1, x2), the true P(Y=1|x) and each model's estimate
// averaged over the noise draws: the data behind the paper's heatmaps.
func SteepPosteriorGrid(steep sim.SteepSimulation, ms []models.Model, grid, draws int, seed uint64) (dataframe.DataFrame, error) {
	probas, evalRows, err := steepFit(steep, ms, grid, draws, seed)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	cells := grid * grid
	var recs []GridRecord
	for m, proba := range probas {
		for c := 0; c < cells; c++ {
			est, tr := 0.0, 0.0
			for r := 0; r < draws; r++ {
				est += proba[r*cells+c][1] / float64(draws)
				tr += steep.Posterior(evalRows[r*cells+c])[1] / float64(draws)
			}
			p := evalRows[c]
			recs = append(recs, GridRecord{X1: p[0], X2: p[1], Method: ms[m].Name, Truth: tr, Estimate: est})
		}
	}
	return dataframe.LoadStructs(recs), nil
}
