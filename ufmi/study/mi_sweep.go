package study

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// Cell is one point of a simulation grid.
type Cell struct {
	N, D  int
	Prior float64
	Mu    float64 // class-mean offset (0 means the paper's 1)
}

// MISweep describes a sweep of the four MI simulation settings.
type MISweep struct {
	Settings   []sim.MISetting
	Cells      []Cell
	Estimators []models.Model
	Reps       int
	Seed       uint64
}

// MIRecord is one estimate of a sweep.
type MIRecord struct {
	Setting  string  `dataframe:"setting"`
	N        int     `dataframe:"n"`
	D        int     `dataframe:"d"`
	Prior    float64 `dataframe:"prior"`
	Mu       float64 `dataframe:"mu"`
	Rep      int     `dataframe:"rep"`
	Method   string  `dataframe:"method"`
	MI       float64 `dataframe:"mi"`
	MITrue   float64 `dataframe:"mi_true"`
	HYGivenX float64 `dataframe:"h_y_given_x"`
	HTrue    float64 `dataframe:"h_y_given_x_true"`
	Seconds  float64 `dataframe:"seconds"`
}

// Run estimates every (setting, cell, rep, estimator). Rep r of a cell uses
// the seed Derive(Seed, repetition, r) for its data (the simulation's data
// stream) and for every estimator (the forests' tree streams), so every
// estimator sees the same data and no estimator shares the data's stream.
func (s MISweep) Run(progress ufmi.Progress) (dataframe.DataFrame, error) {
	recs, err := s.records(progress)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return dataframe.LoadStructs(recs), nil
}

func (s MISweep) records(progress ufmi.Progress) ([]MIRecord, error) {
	if s.Reps < 1 {
		return nil, fmt.Errorf("ufmi: a sweep needs at least one repetition, got %d", s.Reps)
	}
	if len(s.Settings) == 0 || len(s.Cells) == 0 || len(s.Estimators) == 0 {
		return nil, fmt.Errorf("ufmi: a sweep needs settings, cells and estimators")
	}
	count := counter{total: len(s.Settings) * len(s.Cells) * s.Reps * len(s.Estimators), progress: progress}
	var recs []MIRecord
	for _, setting := range s.Settings {
		for _, c := range s.Cells {
			mu := c.Mu
			if mu == 0 {
				mu = 1
			}
			simulation := sim.MISimulation{Setting: setting, N: c.N, D: c.D, Prior: c.Prior, Mu: mu}
			cellRecs, err := estimateCell(setting.String(), simulation, c, mu, s.Estimators, s.Reps, s.Seed, &count)
			if err != nil {
				return nil, err
			}
			recs = append(recs, cellRecs...)
		}
	}
	return recs, nil
}

// TrunkSweep describes a sweep of the trunk simulation
// (sim.TrunkSimulation): each cell's N, D and Prior, and its Mu as the
// norm ||μ|| of the class mean (0 means 1).
type TrunkSweep struct {
	Cells      []Cell
	Estimators []models.Model
	Reps       int
	Seed       uint64
}

// Run estimates every (cell, rep, estimator), seeded as MISweep.Run seeds
// its reps, and returns one MIRecord per estimate with setting "trunk".
func (s TrunkSweep) Run(progress ufmi.Progress) (dataframe.DataFrame, error) {
	if s.Reps < 1 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: a sweep needs at least one repetition, got %d", s.Reps)
	}
	if len(s.Cells) == 0 || len(s.Estimators) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: a sweep needs cells and estimators")
	}
	count := counter{total: len(s.Cells) * s.Reps * len(s.Estimators), progress: progress}
	var recs []MIRecord
	for _, c := range s.Cells {
		norm := c.Mu
		if norm == 0 {
			norm = 1
		}
		simulation := sim.TrunkSimulation{N: c.N, D: c.D, Prior: c.Prior, Norm: norm}
		cellRecs, err := estimateCell("trunk", simulation, c, norm, s.Estimators, s.Reps, s.Seed, &count)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		recs = append(recs, cellRecs...)
	}
	return dataframe.LoadStructs(recs), nil
}

// simulation is what a sweep needs of a simulation: samples and the exact
// truth.
type simulation interface {
	Sample(seed uint64) ([][]float64, []int, error)
	Truth() (sim.Truth, error)
}

// counter reports a sweep's progress, one estimate at a time.
type counter struct {
	done, total int
	progress    ufmi.Progress
}

func (c *counter) step() {
	c.done++
	if c.progress != nil {
		c.progress(c.done, c.total)
	}
}

// estimateCell runs every estimator on reps data sets of one cell of a
// sweep: rep r's data and estimators take the seed Derive(seed,
// Repetition, r). The records carry setting and mu as given.
func estimateCell(setting string, simulation simulation, c Cell, mu float64, estimators []models.Model, reps int, seed uint64, count *counter) ([]MIRecord, error) {
	truth, err := simulation.Truth()
	if err != nil {
		return nil, err
	}
	var recs []MIRecord
	for rep := 0; rep < reps; rep++ {
		repSeed := seeds.Derive(seed, seeds.Repetition, rep)
		rows, y, err := simulation.Sample(repSeed)
		if err != nil {
			return nil, err
		}
		x, err := ufmi.NewFeatures(rows)
		if err != nil {
			return nil, err
		}
		for _, e := range estimators {
			cfg := e.Estimator
			cfg.Seed = repSeed
			est, err := ufmi.EstimateMI(x, y, cfg)
			if err != nil {
				return nil, fmt.Errorf("%s on %s n=%d d=%d: %w", e.Name, setting, c.N, c.D, err)
			}
			recs = append(recs, MIRecord{Setting: setting, N: c.N, D: c.D, Prior: c.Prior, Mu: mu, Rep: rep,
				Method: e.Name, MI: est.MI, MITrue: truth.MI, HYGivenX: est.HYGivenX, HTrue: truth.HYGivenX,
				Seconds: est.Duration.Seconds()})
			count.step()
		}
	}
	return recs, nil
}
