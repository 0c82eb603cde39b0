package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
)

// Entropy returns the Shannon entropy -sum p log p of a distribution, in nats.
// Zero entries contribute nothing.
func Entropy(p []float64) float64 { return classes.Entropy(p) }

// LabelEntropy is the plug-in estimate of H(Y) from class codes 0..K-1
// (K at most len(y)), in nats.
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
	return Entropy(p), nil
}

// meanEntropy averages the entropy of posterior rows, skipping rows whose
// first entry is NaN (no estimate). It returns the mean and the rows used.
func meanEntropy(proba [][]float64) (float64, int) {
	sum, used := 0.0, 0
	for _, p := range proba {
		if len(p) == 0 || math.IsNaN(p[0]) {
			continue
		}
		sum += Entropy(p)
		used++
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}
