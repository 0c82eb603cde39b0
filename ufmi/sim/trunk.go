package sim

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// TrunkSimulation is the "trunk" setting that forest-MI work in the field
// benchmarks on: two classes with priors (Prior, 1-Prior) and
//
//	X | Y=0 ~ N(+μ, I),  X | Y=1 ~ N(-μ, I)  in D dimensions,
//	μ_j ∝ 1/√j, scaled so that ||μ|| = Norm (0 means 1).
//
// Unlike the paper's settings, the information is spread over every
// coordinate, weaker in later ones, and the best decision boundary is
// oblique to the axes. Projected on μ/||μ|| the classes are N(±||μ||, 1)
// and every direction orthogonal to μ is independent N(0, 1) noise, so the
// exact information quantities are those of the separated setting with
// effect size ||μ|| in one dimension, whatever D.
type TrunkSimulation struct {
	N, D  int
	Prior float64
	Norm  float64
}

// norm is ||μ|| with the zero value resolved to 1.
func (s TrunkSimulation) norm() float64 {
	if s.Norm == 0 {
		return 1
	}
	return s.Norm
}

// validateDistribution checks the parameters the distribution depends on.
func (s TrunkSimulation) validateDistribution() error {
	if s.D < 1 {
		return fmt.Errorf("ufmi: dimension D must be at least 1, got %d", s.D)
	}
	if !(s.Prior > 0 && s.Prior < 1) {
		return fmt.Errorf("ufmi: class prior Prior must be in (0, 1), got %v", s.Prior)
	}
	if !(s.Norm >= 0) || math.IsInf(s.Norm, 0) {
		return fmt.Errorf("ufmi: the mean's norm Norm must be finite and positive (0 means 1), got %v", s.Norm)
	}
	return nil
}

// Validate reports the first invalid parameter: N < 1, D < 1, Prior
// outside (0, 1), Norm negative or not finite.
func (s TrunkSimulation) Validate() error {
	if err := s.validateDistribution(); err != nil {
		return err
	}
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	return nil
}

// Mean returns μ, class 0's mean (class 1's is -μ): μ_j ∝ 1/√j, ||μ|| = Norm.
func (s TrunkSimulation) Mean() []float64 {
	mu := make([]float64, max(s.D, 0))
	sum := 0.0
	for j := range mu {
		mu[j] = 1 / math.Sqrt(float64(j+1))
		sum += mu[j] * mu[j]
	}
	scale := s.norm() / math.Sqrt(sum)
	for j := range mu {
		mu[j] *= scale
	}
	return mu
}

// Sample draws N rows and their class codes from seed (the stream (seed,
// data, 0)): each row's class from the priors, then its D coordinates.
func (s TrunkSimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	rng := seeds.Stream(seed, seeds.Data, 0)
	mu := s.Mean()
	x, y = make([][]float64, s.N), make([]int, s.N)
	for i := range x {
		sign := 1.0
		if rng.Float64() >= s.Prior {
			y[i], sign = 1, -1
		}
		row := make([]float64, s.D)
		for j := range row {
			row[j] = sign*mu[j] + rng.NormFloat64()
		}
		x[i] = row
	}
	return x, y, nil
}

// Posterior returns the exact (P(Y=0|x), P(Y=1|x)): the log odds of class
// 0 are log(Prior/(1-Prior)) + 2 μ·x. It panics with a "ufmi: " message
// when the parameters are invalid or x has fewer than D coordinates.
func (s TrunkSimulation) Posterior(x []float64) []float64 {
	if err := s.validateDistribution(); err != nil {
		panic(err.Error())
	}
	if len(x) < s.D {
		panic(fmt.Sprintf("ufmi: a trunk row needs %d coordinates, got %d", s.D, len(x)))
	}
	logOdds := math.Log(s.Prior / (1 - s.Prior))
	for j, m := range s.Mean() {
		logOdds += 2 * m * x[j]
	}
	p0 := 1 / (1 + math.Exp(-logOdds))
	return []float64{p0, 1 - p0}
}

// Truth returns H(Y), H(Y|X) and I(X;Y) of the setting: those of the
// separated setting with effect size Norm in one dimension (the projection
// on μ carries all the information). HXSignal is that projection's
// differential entropy plus one N(0, 1) coordinate's, as for the
// separated setting.
func (s TrunkSimulation) Truth() (Truth, error) {
	if err := s.validateDistribution(); err != nil {
		return Truth{}, err
	}
	return MISimulation{Setting: Separated, N: 1, D: 1, Prior: s.Prior, Mu: s.norm()}.Truth()
}
