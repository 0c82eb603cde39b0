package metrics

import (
	"fmt"
	"math"
)

// Hellinger returns the Hellinger distance (1/√2)·‖√p − √q‖₂ between two
// discrete distributions, a value in [0, 1] for probability vectors. (The
// paper prints the formula without the outer square root; that quantity is
// √2·Hellinger(p, q)².) It panics if the lengths differ; MeanHellinger
// checks its input and returns errors instead.
func Hellinger(p, q []float64) float64 {
	if len(p) != len(q) {
		panic(fmt.Sprintf("ufmi: Hellinger of vectors of lengths %d and %d", len(p), len(q)))
	}
	s := 0.0
	for i := range p {
		d := math.Sqrt(p[i]) - math.Sqrt(q[i])
		s += d * d
	}
	return math.Sqrt(s / 2)
}

// MeanHellinger returns the mean Hellinger distance between corresponding
// rows of p and q, e.g. estimated and true posteriors at the same points. It
// returns an error if the inputs are empty, differ in row count or row
// length, or hold a negative or non-finite value.
func MeanHellinger(p, q [][]float64) (float64, error) {
	if len(p) == 0 {
		return math.NaN(), fmt.Errorf("ufmi: no posterior rows to compare")
	}
	if len(p) != len(q) {
		return math.NaN(), fmt.Errorf("ufmi: %d estimated posterior rows but %d true ones", len(p), len(q))
	}
	sum := 0.0
	for i := range p {
		if len(p[i]) != len(q[i]) {
			return math.NaN(), fmt.Errorf("ufmi: posterior row %d has %d classes in the first argument and %d in the second", i, len(p[i]), len(q[i]))
		}
		if err := hellingerCheckRow(p[i], i); err != nil {
			return math.NaN(), err
		}
		if err := hellingerCheckRow(q[i], i); err != nil {
			return math.NaN(), err
		}
		sum += Hellinger(p[i], q[i])
	}
	return sum / float64(len(p)), nil
}

// hellingerCheckRow rejects negative, NaN and infinite probabilities, and
// a row that does not sum to 1 (within 1e-6, as the calibration metrics
// ask): the distance is then outside [0, 1] or measures no distribution.
func hellingerCheckRow(row []float64, i int) error {
	sum := 0.0
	for c, v := range row {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("ufmi: posterior row %d, class %d is %v; probabilities must be finite and non-negative", i, c, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("ufmi: posterior row %d sums to %v, not 1", i, sum)
	}
	return nil
}
