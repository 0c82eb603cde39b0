package sim

import (
	"fmt"
	"math"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// TrunkSimulation is the "trunk" setting that forest-MI work in the field
// benchmarks on: two classes with priors (Prior, 1-Prior) and
//
//	X | Y=0 ~ N(+μ, Σ),  X | Y=1 ~ N(-μ, Σ)  in D dimensions,
//	μ_j ∝ 1/√j, scaled so that ||μ|| = Norm (0 means 1),
//
// Σ the identity, or with Corr = ρ > 0 unit variances and correlation ρ
// between every two coordinates (a common factor: x_j = ±μ_j + √ρ g +
// √(1−ρ) z_j), as correlated columns of real tables have.
//
// Unlike the paper's settings, the information is spread over every
// coordinate, weaker in later ones, and the best decision boundary is
// oblique to the axes. The log odds are linear in x, 2 μᵀΣ⁻¹x plus the
// prior's, so the classes' log-likelihood ratio is that of the separated
// setting with effect size Δ = √(μᵀΣ⁻¹μ) (||μ|| without correlation) in
// one dimension, and the exact information quantities are that setting's,
// whatever D.
type TrunkSimulation struct {
	N, D  int
	Prior float64
	Norm  float64
	Corr  float64
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
	if !(s.Corr >= 0 && s.Corr < 1) {
		return fmt.Errorf("ufmi: the coordinates' correlation Corr must be in [0, 1), got %v", s.Corr)
	}
	return nil
}

// Validate reports the first invalid parameter: N < 1, D < 1, Prior
// outside (0, 1), Norm negative or not finite, Corr outside [0, 1).
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
// data, 0)): each row's class from the priors, then (with Corr > 0) its
// common factor, then its D coordinates.
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
		common, own := 0.0, 1.0
		if s.Corr > 0 {
			common, own = math.Sqrt(s.Corr)*rng.NormFloat64(), math.Sqrt(1-s.Corr)
		}
		for j := range row {
			row[j] = sign*mu[j] + common + own*rng.NormFloat64()
		}
		x[i] = row
	}
	return x, y, nil
}

// Posterior returns the exact (P(Y=0|x), P(Y=1|x)): the log odds of class
// 0 are log(Prior/(1-Prior)) + 2 (Σ⁻¹μ)·x. It panics with a "ufmi: " message
// when the parameters are invalid or x has fewer than D coordinates.
func (s TrunkSimulation) Posterior(x []float64) []float64 {
	if err := s.validateDistribution(); err != nil {
		panic(err.Error())
	}
	if len(x) < s.D {
		panic(fmt.Sprintf("ufmi: a trunk row needs %d coordinates, got %d", s.D, len(x)))
	}
	logOdds := math.Log(s.Prior / (1 - s.Prior))
	for j, b := range s.direction(s.Mean()) {
		logOdds += 2 * b * x[j]
	}
	p0 := 1 / (1 + math.Exp(-logOdds))
	return []float64{p0, 1 - p0}
}

// direction returns Σ⁻¹m for a mean m over coordinates of the trunk's
// correlation: Σ = (1−ρ)I + ρ11ᵀ has inverse (I − ρ/(1−ρ+kρ) 11ᵀ)/(1−ρ)
// over k coordinates.
func (s TrunkSimulation) direction(m []float64) []float64 {
	rho, sum := s.Corr, 0.0
	for _, v := range m {
		sum += v
	}
	shrink := rho / (1 - rho + float64(len(m))*rho)
	out := make([]float64, len(m))
	for j, v := range m {
		out[j] = (v - shrink*sum) / (1 - rho)
	}
	return out
}

// effect is Δ = √(mᵀΣ⁻¹m) for a mean m over coordinates of the trunk's
// correlation.
func (s TrunkSimulation) effect(m []float64) float64 {
	q := 0.0
	for j, b := range s.direction(m) {
		q += b * m[j]
	}
	return math.Sqrt(q)
}

// Truth returns H(Y), H(Y|X) and I(X;Y) of the setting: those of the
// separated setting with effect size Δ = √(μᵀΣ⁻¹μ) in one dimension (the
// log-likelihood ratio carries all the information). HXSignal is that
// setting's, as for the separated setting (not X's differential entropy
// when Corr > 0).
func (s TrunkSimulation) Truth() (Truth, error) {
	if err := s.validateDistribution(); err != nil {
		return Truth{}, err
	}
	return MISimulation{Setting: Separated, N: 1, D: 1, Prior: s.Prior, Mu: s.effect(s.Mean())}.Truth()
}

// TruthWithout returns the exact H(Y), H(Y|X_rest) and I(X_rest; Y) of the
// coordinates other than the j-th (0-based): a trunk of its own, whose
// mean is μ without μ_j and whose correlation is the same, so that
// I(Y; x_j | rest) is Truth's MI less this one's.
func (s TrunkSimulation) TruthWithout(j int) (Truth, error) {
	if err := s.validateDistribution(); err != nil {
		return Truth{}, err
	}
	if j < 0 || j >= s.D {
		return Truth{}, fmt.Errorf("ufmi: coordinate %d is not one of the trunk's %d", j, s.D)
	}
	rest := slices.Delete(s.Mean(), j, j+1)
	if len(rest) == 0 {
		return MISimulation{Setting: Overlapping, N: 1, D: 1, Prior: s.Prior}.Truth()
	}
	return MISimulation{Setting: Separated, N: 1, D: 1, Prior: s.Prior, Mu: s.effect(rest)}.Truth()
}
