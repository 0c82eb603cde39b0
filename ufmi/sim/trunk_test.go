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

// With a correlation the trunk's samples have it within each class, a
// Monte Carlo estimate of I(X;Y) from the exact posteriors agrees with the
// truth (which a wrong posterior would fall below), and the truth without
// a coordinate is, at D = 2, that of the other coordinate alone, whose
// marginal is N(±μ_j, 1) whatever the correlation.
func TestCorrelatedTrunk(t *testing.T) {
	s := TrunkSimulation{N: 40000, D: 2, Prior: 0.5, Norm: 1.2247, Corr: 0.8}
	x, y, err := s.Sample(5)
	if err != nil {
		t.Fatal(err)
	}
	mu := s.Mean()
	var sxy, sxx, syy float64
	for i, row := range x {
		sign := 1.0
		if y[i] == 1 {
			sign = -1
		}
		a, b := row[0]-sign*mu[0], row[1]-sign*mu[1]
		sxy, sxx, syy = sxy+a*b, sxx+a*a, syy+b*b
	}
	if r := sxy / math.Sqrt(sxx*syy); math.Abs(r-0.8) > 0.01 {
		t.Errorf("within-class correlation %v, want 0.8", r)
	}
	truth, err := s.Truth()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i, row := range x {
		sum += math.Log(s.Posterior(row)[y[i]]) - math.Log(0.5)
	}
	if mc := sum / float64(len(x)); math.Abs(mc-truth.MI) > 0.015 {
		t.Errorf("Monte Carlo MI %v, truth %v", mc, truth.MI)
	}
	uncorrelated, _ := TrunkSimulation{D: 2, Prior: 0.5, Norm: 1.2247}.Truth()
	if truth.MI >= uncorrelated.MI {
		t.Errorf("correlation 0.8 along the mean should lower I(X;Y): %v against %v", truth.MI, uncorrelated.MI)
	}
	for j := range 2 {
		without, err := s.TruthWithout(j)
		if err != nil {
			t.Fatal(err)
		}
		alone, _ := MISimulation{Setting: Separated, N: 1, D: 1, Prior: 0.5, Mu: mu[1-j]}.Truth()
		if math.Abs(without.MI-alone.MI) > 1e-9 {
			t.Errorf("without coordinate %d: %v, want %v", j, without.MI, alone.MI)
		}
	}
	if _, err := s.TruthWithout(2); err == nil {
		t.Error("TruthWithout(2) of a 2-coordinate trunk gave no error")
	}
	if _, _, err := (TrunkSimulation{N: 10, D: 2, Prior: 0.5, Corr: 1}).Sample(1); err == nil {
		t.Error("Corr 1 sampled without an error")
	}
}
