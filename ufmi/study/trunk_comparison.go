package study

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TrunkComparison is the trunk study of notebook 04: on the trunk
// (sim.TrunkSimulation, equal priors) the default UF, the oblique preset
// ("UF (oblique)"), IRF and KSG in every (d, n) cell; and the default UF on
// the trunk rotated so that μ is the first axis ("UF (rotated)"). The
// rotation changes no information, and turns the trunk into the separated
// setting in d dimensions, from which those data sets are drawn.
type TrunkComparison struct {
	Ds, Ns      []int
	Trees, Reps int
	Seed        uint64
}

// Run estimates every cell and returns the trunk's MIRecords (setting
// "trunk") followed by the rotated ones (setting "separated").
func (c TrunkComparison) Run(progress ufmi.Progress) (dataframe.DataFrame, error) {
	if len(c.Ds) == 0 || len(c.Ns) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: the trunk comparison needs dimensions and sample sizes")
	}
	var grid []Cell
	for _, d := range c.Ds {
		for _, n := range c.Ns {
			grid = append(grid, Cell{N: n, D: d, Prior: 0.5})
		}
	}
	standard, err := models.Select(models.Standard(c.Trees), "UF", "IRF", "KSG")
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	oblique := ufmi.ObliqueUF()
	oblique.Trees = c.Trees
	trunk, err := TrunkSweep{Cells: grid, Reps: c.Reps, Seed: c.Seed,
		Estimators: []models.Model{standard[0], models.UF("UF (oblique)", oblique), standard[1], standard[2]}}.Run(progress)
	if err != nil {
		return trunk, err
	}
	rotated, err := MISweep{Settings: []sim.MISetting{sim.Separated}, Cells: grid, Reps: c.Reps, Seed: c.Seed,
		Estimators: []models.Model{models.UF("UF (rotated)", standard[0].Estimator.UF)}}.Run(progress)
	if err != nil {
		return rotated, err
	}
	return trunk.RBind(rotated), nil
}
