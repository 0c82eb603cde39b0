package ufmi

import "github.com/ufmi-dev/ufmi/internal/engine"

// ufmi/sharded computes parts of these estimators in cells, through
// internal/engine: the functions it needs are handed over here, and nowhere
// else is any of them exported.
func init() {
	engine.ResolveUF = resolveUF
	engine.ScreeningWeights = screeningWeights
	engine.GrowTreeBlock = growTreeBlock
	engine.EstimateTreeBlock = estimateTreeBlock
	engine.PermutationNull = permutationNull
	engine.PermutationPValue = permutationPValue
	engine.ConditionalEntropy = conditionalEntropy
	engine.CheckSubsetGroups = checkSubsetGroups
	engine.SubsetTableFrom = subsetTableFrom
}
