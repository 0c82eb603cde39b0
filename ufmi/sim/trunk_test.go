package sim

import (
	"math"
	"testing"
)

// The trunk's mean has the asked norm and decreasing coordinates, its
// truth is the separated setting's (0.337 nats for ||μ|| = 1 and equal
// priors, whatever D), and a Monte Carlo estimate of I(X;Y) from the exact
// posteriors of sampled rows agrees with it.
func TestTrunkTruthAndSamples(t *testing.T) {
	for _, d := range []int{1, 10, 50} {
		s := TrunkSimulation{N: 20000, D: d, Prior: 0.5}
		mu := s.Mean()
		norm := 0.0
		for j, m := range mu {
			norm += m * m
			if j > 0 && m >= mu[j-1] {
				t.Fatalf("d=%d: μ is not decreasing at %d", d, j)
			}
		}
		if math.Abs(math.Sqrt(norm)-1) > 1e-12 {
			t.Fatalf("d=%d: ||μ|| = %v, want 1", d, math.Sqrt(norm))
		}
		truth, err := s.Truth()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(truth.MI-0.3368) > 5e-4 {
			t.Fatalf("d=%d: truth %v, want about 0.3368", d, truth.MI)
		}
		x, y, err := s.Sample(uint64(d))
		if err != nil {
			t.Fatal(err)
		}
		// I = E[log p(y|x) - log p(y)], estimated on the sample.
		sum := 0.0
		for i, row := range x {
			sum += math.Log(s.Posterior(row)[y[i]]) - math.Log(0.5)
		}
		mc := sum / float64(len(x))
		// The per-row term has sd below 1, so 4 standard errors at n = 20,000
		// is under 0.03.
		if math.Abs(mc-truth.MI) > 0.03 {
			t.Errorf("d=%d: Monte Carlo MI %v, truth %v", d, mc, truth.MI)
		}
	}
}

func TestTrunkRejectsBadParameters(t *testing.T) {
	for _, s := range []TrunkSimulation{{N: 0, D: 2, Prior: 0.5}, {N: 10, D: 0, Prior: 0.5},
		{N: 10, D: 2, Prior: 1}, {N: 10, D: 2, Prior: 0.5, Norm: math.Inf(1)}, {N: 10, D: 2, Prior: 0.5, Norm: -1}} {
		if _, _, err := s.Sample(1); err == nil {
			t.Errorf("%+v: sampled without an error", s)
		}
	}
}
