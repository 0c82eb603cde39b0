package study

import (
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// GridCell is one (n, d, prior) point of the reference MI grid.
type GridCell struct {
	N, D  int
	Prior float64
}

// ReferenceGrid lists the 14 distinct cells on which the reference
// re-run measured its MI estimators, per setting: the class-prior sweep
// (n=2000, d=2), the dimension sweep (n=2000, prior 1/2) and sample-size
// sweeps at d=2 and d=10.
func ReferenceGrid() []GridCell {
	var cells []GridCell
	for _, p := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		cells = append(cells, GridCell{2000, 2, p})
	}
	for _, d := range []int{5, 10, 20} {
		cells = append(cells, GridCell{2000, d, 0.5})
	}
	for _, d := range []int{2, 10} {
		for _, n := range []int{500, 1000, 5000} {
			cells = append(cells, GridCell{n, d, 0.5})
		}
	}
	return cells
}

// GridEstimate is one UF estimate of MI on the reference grid.
type GridEstimate struct {
	Setting    sim.MISetting
	Cell       GridCell
	Rep        int
	MI, TrueMI float64
	Seconds    float64
}

// GridBaseSeed is the seed the reference grid's repetitions derive from.
const GridBaseSeed = 7

// GridSeed is the seed of repetition rep: its data are drawn from the
// seed's data stream and its forest from the tree streams.
func GridSeed(rep int) uint64 { return seeds.Derive(GridBaseSeed, seeds.Repetition, rep) }

// RunGrid estimates MI with uf on every setting × cell × rep of the
// reference grid and passes each estimate to emit, in order. progress (may
// be nil) is called after each estimate.
func RunGrid(uf ufmi.UFConfig, reps int, progress ufmi.Progress, emit func(GridEstimate)) error {
	cells := ReferenceGrid()
	total := len(sim.MISettings()) * len(cells) * reps
	done := 0
	for _, s := range sim.MISettings() {
		for _, c := range cells {
			simulation := sim.MISimulation{Setting: s, N: c.N, D: c.D, Prior: c.Prior, Mu: 1}
			truth, err := simulation.Truth()
			if err != nil {
				return err
			}
			for rep := range reps {
				rows, y, err := simulation.Sample(GridSeed(rep))
				if err != nil {
					return err
				}
				x, err := ufmi.NewFeatures(rows)
				if err != nil {
					return err
				}
				est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: GridSeed(rep)}})
				if err != nil {
					return err
				}
				emit(GridEstimate{Setting: s, Cell: c, Rep: rep, MI: est.MI, TrueMI: truth.MI, Seconds: est.Duration.Seconds()})
				done++
				if progress != nil {
					progress(done, total)
				}
			}
		}
	}
	return nil
}

// GridRMSE is the root mean squared MI error per setting name.
func GridRMSE(ests []GridEstimate) map[string]float64 {
	out := map[string]float64{}
	for s, e := range GridRMSEWithError(ests) {
		out[s] = e[0]
	}
	return out
}

// GridRMSEWithError is, per setting name, the RMSE and its Monte Carlo
// standard error: the squared errors' standard error of the mean, carried to
// the root by the delta method (SE(RMSE) = SE(MSE) / (2 RMSE)).
func GridRMSEWithError(ests []GridEstimate) map[string][2]float64 {
	sq := map[string][]float64{}
	for _, e := range ests {
		s := e.Setting.String()
		sq[s] = append(sq[s], (e.MI-e.TrueMI)*(e.MI-e.TrueMI))
	}
	out := map[string][2]float64{}
	for s, v := range sq {
		mean := 0.0
		for _, x := range v {
			mean += x / float64(len(v))
		}
		ss := 0.0
		for _, x := range v {
			ss += (x - mean) * (x - mean)
		}
		rmse := math.Sqrt(mean)
		se := 0.0
		if len(v) > 1 && rmse > 0 {
			se = math.Sqrt(ss/float64(len(v)-1)/float64(len(v))) / (2 * rmse)
		}
		out[s] = [2]float64{rmse, se}
	}
	return out
}
