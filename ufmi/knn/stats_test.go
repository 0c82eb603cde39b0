package knn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// knnGaussianData draws the paper's Gaussian settings with μ = 1: labels
// from priors, the class means on the first two coordinates from means
// (identity covariance), and coordinates 3..d N(0, 1) noise.
func knnGaussianData(t testing.TB, seed uint64, n, d int, priors []float64, means [][2]float64) (Matrix, []int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		u, c := rng.Float64(), 0
		for c < len(priors)-1 && u >= priors[c] {
			u -= priors[c]
			c++
		}
		y[i] = c
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
			if j < 2 {
				rows[i][j] += means[c][j]
			}
		}
	}
	x, err := FromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

var (
	knnSeparatedMeans  = [][2]float64{{1, 0}, {-1, 0}}
	knnThreeClassMeans = [][2]float64{{0, 1}, {1, 0}, {-1, 0}}
	knnNoSignalMeans   = [][2]float64{{0, 0}, {0, 0}}
)

// Exact truths from reference-results.md (mi_settings.csv, MI_true).
const (
	knnSeparatedTruth  = 0.33683082034683165 // separated, π = .5
	knnThreeClassTruth = 0.3071218337477195  // three_class, π = .5
)

func TestKNNEstimatesNearTruthInTwoDimensions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		priors []float64
		means  [][2]float64
		truth  float64
	}{
		// The reference's KSG means over 5 reps are 0.337 and 0.316, with
		// sd about 0.006-0.01 at n = 2000.
		{"separated", []float64{.5, .5}, knnSeparatedMeans, knnSeparatedTruth},
		{"three_class", []float64{.5, .25, .25}, knnThreeClassMeans, knnThreeClassTruth},
	}
	for _, c := range cases {
		x, y := knnGaussianData(t, 2024, 2000, 2, c.priors, c.means)
		for _, e := range knnEstimators {
			got, err := e.fast(x, y, Config{}, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-c.truth) > 0.03 {
				t.Errorf("%s on %s: %.4f, truth %.4f", e.name, c.name, got, c.truth)
			}
		}
	}
}

// At d = 20 the label coordinate's unit spacing makes every ε >= 1, so both
// KSG variants count all rows in label space and collapse to about 0 (the
// reference got 0.001 and 0.000), while Ross's estimator, which has no
// label coordinate, keeps part of the signal.
func TestKSGCollapsesInTwentyDimensions(t *testing.T) {
	t.Parallel()
	x, y := knnGaussianData(t, 77, 2000, 20, []float64{.5, .5}, knnSeparatedMeans)
	for _, e := range knnEstimators[:2] {
		got, err := e.fast(x, y, Config{}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got) > 0.02 {
			t.Errorf("%s at d = 20: %.4f, want |MI| < 0.02", e.name, got)
		}
	}
}

func TestKNNEstimatesNearZeroUnderIndependence(t *testing.T) {
	t.Parallel()
	x, y := knnGaussianData(t, 5, 2000, 2, []float64{.5, .5}, knnNoSignalMeans)
	for _, e := range knnEstimators {
		got, err := e.fast(x, y, Config{}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got) > 0.03 {
			t.Errorf("%s with X independent of Y: %.4f, want |MI| < 0.03", e.name, got)
		}
	}
}
