package sharded

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/engine"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// Every function package ufmi hands over is set, with the type the accessor
// asserts (a wrong type would panic here, not in a user's run).
func TestEngineIsComplete(t *testing.T) {
	checks := map[string]func() bool{
		"ResolveUF": func() bool {
			_, ok := engine.ResolveUF.(func(ufmi.EstimatorConfig) (ufmi.UFConfig, error))
			return ok
		},
		"ScreeningWeights": func() bool {
			_, ok := engine.ScreeningWeights.(func(*ufmi.Features, []int, ufmi.UFConfig, ufmi.Runtime) ([]float64, error))
			return ok
		},
		"GrowTreeBlock": func() bool {
			_, ok := engine.GrowTreeBlock.(func(*ufmi.Features, []int, ufmi.UFConfig, []float64, int, int, ufmi.Runtime) (engine.TreeBlock, error))
			return ok
		},
		"EstimateTreeBlock": func() bool {
			_, ok := engine.EstimateTreeBlock.(func(*engine.TreeBlock, []int, ufmi.UFConfig) (ufmi.Estimate, error))
			return ok
		},
		"PermutationNull": func() bool {
			_, ok := engine.PermutationNull.(func(*ufmi.Features, []int, ufmi.Statistic, int, int, ufmi.Runtime) ([]float64, error))
			return ok
		},
		"PermutationPValue": func() bool {
			_, ok := engine.PermutationPValue.(func(float64, []float64) float64)
			return ok
		},
		"ConditionalEntropy": func() bool {
			_, ok := engine.ConditionalEntropy.(func(*ufmi.Features, []int, []int, ufmi.EstimatorConfig) (ufmi.Estimate, error))
			return ok
		},
		"CheckSubsetGroups": func() bool {
			_, ok := engine.CheckSubsetGroups.(func([][]int, int) error)
			return ok
		},
		"SubsetTableFrom": func() bool {
			_, ok := engine.SubsetTableFrom.(func([][]int, float64, [][]float64) []ufmi.SubsetRow)
			return ok
		},
	}
	for name, ok := range checks {
		if !ok() {
			t.Errorf("internal/engine.%s is not set with the type ufmi/sharded expects", name)
		}
	}
	if got := permutationPValue(1, []float64{0, 2, 1}); got != 0.75 {
		t.Errorf("p-value through the engine = %v, want 0.75", got)
	}
	if got := permutationPValue(math.NaN(), []float64{0, 2}); !math.IsNaN(got) {
		t.Errorf("p-value of a NaN observed MI through the engine = %v, want NaN", got)
	}
}
