package sim

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// SharedComponentSimulation is the paper's "uncertain posteriors"
// illustration (Fig. 1, after scikit-learn's calibration example): two
// equally likely classes in the plane, each a mixture
//
//	f(x | class) = 1/3 N(x; (0, 0), I) + 2/3 N(x; (5k, 5k), I),
//
// with k = -1 for class 0 and k = +1 for class 1. Both classes share the
// component at the origin, so the true posterior is close to ½ there (about a
// third of the points lie where it is within 0.05 of ½) and close to 0 or 1
// near (∓5, ∓5). The paper trains on 6,000 rows and evaluates on 54,000 more
// from the same distribution (draw them with a different seed); its right
// panel plots the posteriors of the evaluation points ordered by the true
// posterior.
type SharedComponentSimulation struct {
	N int
}

// sharedComponentMixture is the fixed two-class mixture of the simulation.
var sharedComponentMixture = func() *simMixture {
	shared := simComponent{weight: 1.0 / 3, mean: []float64{0, 0}, sd: []float64{1, 1}}
	own := func(k float64) simComponent {
		return simComponent{weight: 2.0 / 3, mean: []float64{5 * k, 5 * k}, sd: []float64{1, 1}}
	}
	return &simMixture{dims: 2, priors: []float64{0.5, 0.5},
		classes: [][]simComponent{{shared, own(-1)}, {shared, own(1)}}}
}()

// Validate reports N < 1.
func (s SharedComponentSimulation) Validate() error {
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	return nil
}

// Sample draws N two-dimensional rows and their class codes from seed; class
// counts are Binomial(N, ½).
func (s SharedComponentSimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	x, y = sharedComponentMixture.sample(seeds.Stream(seed, seeds.Data, 0), s.N, 2)
	return x, y, nil
}

// Posterior returns the exact (P(Y = 0 | x), P(Y = 1 | x)). It panics with a
// "ufmi: " message if x has fewer than two coordinates; Posteriors returns an
// error instead.
func (s SharedComponentSimulation) Posterior(x []float64) []float64 {
	return sharedComponentMixture.posterior(x)
}

// Posteriors returns the exact posterior of every row of x.
func (s SharedComponentSimulation) Posteriors(x [][]float64) ([][]float64, error) {
	return simPosteriorRows(x, 2, sharedComponentMixture.posterior)
}
