package sharded

import (
	"github.com/ufmi-dev/ufmi/internal/engine"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// The parts of ufmi's estimators that the cells compute, handed over by
// package ufmi through internal/engine, each with its type
// (TestEngineIsComplete checks that every one is set with it).

func resolveUF(cfg ufmi.EstimatorConfig) (ufmi.UFConfig, error) {
	return engine.ResolveUF.(func(ufmi.EstimatorConfig) (ufmi.UFConfig, error))(cfg)
}

func screeningWeights(x *ufmi.Features, y []int, uf ufmi.UFConfig, rt ufmi.Runtime) ([]float64, error) {
	return engine.ScreeningWeights.(func(*ufmi.Features, []int, ufmi.UFConfig, ufmi.Runtime) ([]float64, error))(x, y, uf, rt)
}

func growTreeBlock(x *ufmi.Features, y []int, uf ufmi.UFConfig, weights []float64, lo, hi int, rt ufmi.Runtime) (engine.TreeBlock, error) {
	grow := engine.GrowTreeBlock.(func(*ufmi.Features, []int, ufmi.UFConfig, []float64, int, int, ufmi.Runtime) (engine.TreeBlock, error))
	return grow(x, y, uf, weights, lo, hi, rt)
}

func estimateTreeBlock(b *engine.TreeBlock, y []int, uf ufmi.UFConfig) (ufmi.Estimate, error) {
	return engine.EstimateTreeBlock.(func(*engine.TreeBlock, []int, ufmi.UFConfig) (ufmi.Estimate, error))(b, y, uf)
}

func permutationNull(x *ufmi.Features, y []int, stat ufmi.Statistic, lo, hi int, rt ufmi.Runtime) ([]float64, error) {
	null := engine.PermutationNull.(func(*ufmi.Features, []int, ufmi.Statistic, int, int, ufmi.Runtime) ([]float64, error))
	return null(x, y, stat, lo, hi, rt)
}

func permutationPValue(observed float64, null []float64) float64 {
	return engine.PermutationPValue.(func(float64, []float64) float64)(observed, null)
}

func conditionalEntropy(x *ufmi.Features, y []int, cols []int, cfg ufmi.EstimatorConfig) (ufmi.Estimate, error) {
	return engine.ConditionalEntropy.(func(*ufmi.Features, []int, []int, ufmi.EstimatorConfig) (ufmi.Estimate, error))(x, y, cols, cfg)
}

func checkSubsetGroups(groups [][]int, repeats int) error {
	return engine.CheckSubsetGroups.(func([][]int, int) error)(groups, repeats)
}

func subsetTableFrom(groups [][]int, hy float64, h [][]float64) []ufmi.SubsetRow {
	return engine.SubsetTableFrom.(func([][]int, float64, [][]float64) []ufmi.SubsetRow)(groups, hy, h)
}
