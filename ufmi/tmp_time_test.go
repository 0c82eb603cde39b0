package ufmi

import (
	"fmt"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

func TestTmpTime(t *testing.T) {
	s := sim.MISimulation{Setting: sim.Overlapping, N: 2000, D: 10, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, s, 1)
	for rep := 0; rep < 3; rep++ {
		for _, c := range []float64{0, 0.95} {
			st := time.Now()
			est, err := EstimateMI(x, y, EstimatorConfig{Confidence: c, Runtime: Runtime{Seed: 1}})
			fmt.Println(c, time.Since(st), est.MI, est.LowerBound, err)
		}
		st := time.Now()
		uf := DefaultUF()
		uf.NoScreening, uf.PilotTrees, uf.PilotFloor = true, 0, 0
		EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: 1}})
		fmt.Println("noscreen ci", time.Since(st))
	}
}
