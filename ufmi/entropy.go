package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
)

// Entropy returns the Shannon entropy -sum p log p of a distribution, in nats.
// Zero entries contribute nothing. A vector that is not a distribution
// (empty, an entry negative, NaN or infinite, or entries not summing to 1
// within distributionTolerance) has no entropy: Entropy returns NaN for it
// (a vector such as {-0.5, 1.5} used to give -0.608).
func Entropy(p []float64) float64 {
	if !isDistribution(p) {
		return math.NaN()
	}
	return classes.Entropy(p)
}

// distributionTolerance is how far from 1 the entries of a distribution
// may sum (rounding, and probabilities stored as float32).
const distributionTolerance = 1e-6

// isDistribution reports whether p is a probability vector: entries
// finite and >= 0, summing to 1 within distributionTolerance.
func isDistribution(p []float64) bool {
	sum := 0.0
	for _, v := range p {
		if !(v >= 0) || math.IsInf(v, 1) {
			return false
		}
		sum += v
	}
	return math.Abs(sum-1) <= distributionTolerance
}

// LabelEntropy is the plug-in estimate of H(Y) from class codes 0..K-1
// (K at most len(y)), in nats; a code no label holds adds nothing.
func LabelEntropy(y []int) (float64, error) {
	if len(y) == 0 {
		return 0, fmt.Errorf("ufmi: no labels")
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return 0, err
	}
	counts := classes.Counts(y, nil, k)
	p := make([]float64, k)
	for c, v := range counts {
		p[c] = float64(v) / float64(len(y))
	}
	return classes.Entropy(p), nil
}

// meanEntropy averages the entropy of posterior rows, skipping rows whose
// first entry is NaN (no estimate). It returns the mean and the rows used.
func meanEntropy(proba [][]float64) (float64, int) {
	sum, used := 0.0, 0
	for _, p := range proba {
		if len(p) == 0 || math.IsNaN(p[0]) {
			continue
		}
		sum += classes.Entropy(p)
		used++
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}
