package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// This file holds the simulations of real-table features, each with its
// exact truth: a categorical feature beside a Gaussian one, and a Gaussian
// feature that is sometimes missing, at random or depending on the class.
// Every truth reduces to sums of two-class Gaussian conditional entropies
// (binaryEntropy), one-dimensional integrals.

// CategoricalSimulation draws a categorical feature C and a Gaussian
// feature X for two classes:
//
//	C ~ Categorical(Weights),  Y | C ~ Bernoulli(Probs[C]),
//	X | Y=0 ~ N(+Mu, 1),  X | Y=1 ~ N(-Mu, 1).
//
// Rows are (C, X), C as its level code 0..L-1 (named by Levels). The levels
// shift the class probabilities; X carries the rest.
type CategoricalSimulation struct {
	N       int
	Weights []float64 // P(C = c), summing to 1 (nil: uniform)
	Probs   []float64 // P(Y = 1 | C = c), one per level
	Mu      float64   // effect of X (0: X carries nothing)
}

// Levels names the level codes: "L0", "L1", ...
func (s CategoricalSimulation) Levels() []string {
	out := make([]string, len(s.Probs))
	for c := range out {
		out[c] = fmt.Sprintf("L%d", c)
	}
	return out
}

// weights returns the level probabilities, uniform when unset.
func (s CategoricalSimulation) weights() []float64 {
	if s.Weights != nil {
		return s.Weights
	}
	w := make([]float64, len(s.Probs))
	for c := range w {
		w[c] = 1 / float64(len(w))
	}
	return w
}

// Validate reports the first invalid parameter.
func (s CategoricalSimulation) Validate() error {
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	if len(s.Probs) == 0 {
		return fmt.Errorf("ufmi: the categorical simulation needs at least one level")
	}
	if s.Weights != nil && len(s.Weights) != len(s.Probs) {
		return fmt.Errorf("ufmi: %d level weights for %d levels", len(s.Weights), len(s.Probs))
	}
	if err := checkDistribution("level weight", s.weights()); err != nil {
		return err
	}
	for c, p := range s.Probs {
		if !(p >= 0 && p <= 1) {
			return fmt.Errorf("ufmi: P(Y=1 | level %d) = %v must be in [0, 1]", c, p)
		}
	}
	return checkEffect("Mu", s.Mu)
}

// Sample draws N rows (C, X) and their classes from seed's data stream.
func (s CategoricalSimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	rng := seeds.Stream(seed, seeds.Data, 0)
	w := s.weights()
	x, y = make([][]float64, s.N), make([]int, s.N)
	for i := range x {
		c := simDrawIndex(rng, w)
		if rng.Float64() < s.Probs[c] {
			y[i] = 1
		}
		x[i] = []float64{float64(c), gaussianOfClass(rng, y[i], s.Mu)}
	}
	return x, y, nil
}

// Posterior returns the exact P(Y | C = x[0], X = x[1]).
func (s CategoricalSimulation) Posterior(x []float64) []float64 {
	return binaryPosterior(1-s.Probs[int(x[0])], s.Mu*x[1])
}

// Truth returns H(Y), H(Y|C,X) = Σ_c P(c) H(Y|X, C=c) and I(C,X;Y).
// HXSignal is NaN (the features are not all continuous).
func (s CategoricalSimulation) Truth() (Truth, error) {
	if err := s.Validate(); err != nil {
		return Truth{}, err
	}
	t := Truth{HXSignal: math.NaN()}
	p1 := 0.0
	for c, w := range s.weights() {
		h, err := binaryEntropy(1-s.Probs[c], s.Mu)
		if err != nil {
			return Truth{}, err
		}
		t.HYGivenX += w * h
		p1 += w * s.Probs[c]
	}
	t.HY = classes.Entropy([]float64{1 - p1, p1})
	t.MI = t.HY - t.HYGivenX
	return t, nil
}

// MissingSimulation draws two Gaussian features of two classes, the first
// sometimes missing:
//
//	P(Y=0) = Prior,  X_j | Y=0 ~ N(+Mu_j, 1),  X_j | Y=1 ~ N(-Mu_j, 1),
//	independently, and X1 is missing (NaN) with probability MissingRate[Y].
//
// Equal rates make X1 missing completely at random (MCAR); unequal rates
// make its missingness depend on the class, so that missingness itself
// carries information about Y.
type MissingSimulation struct {
	N           int
	Prior       float64
	Mu1, Mu2    float64
	MissingRate [2]float64 // P(X1 missing | Y = y)
}

// Validate reports the first invalid parameter.
func (s MissingSimulation) Validate() error {
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	if !(s.Prior > 0 && s.Prior < 1) {
		return fmt.Errorf("ufmi: class prior Prior must be in (0, 1), got %v", s.Prior)
	}
	for y, q := range s.MissingRate {
		if !(q >= 0 && q <= 1) {
			return fmt.Errorf("ufmi: missing rate of class %d is %v, must be in [0, 1]", y, q)
		}
	}
	if err := checkEffect("Mu1", s.Mu1); err != nil {
		return err
	}
	return checkEffect("Mu2", s.Mu2)
}

// Sample draws N rows (X1, X2), X1 NaN where missing, and their classes
// from seed's data stream.
func (s MissingSimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	rng := seeds.Stream(seed, seeds.Data, 0)
	x, y = make([][]float64, s.N), make([]int, s.N)
	for i := range x {
		if rng.Float64() >= s.Prior {
			y[i] = 1
		}
		x1, x2 := gaussianOfClass(rng, y[i], s.Mu1), gaussianOfClass(rng, y[i], s.Mu2)
		if rng.Float64() < s.MissingRate[y[i]] {
			x1 = math.NaN()
		}
		x[i] = []float64{x1, x2}
	}
	return x, y, nil
}

// Posterior returns the exact P(Y | x), x[0] NaN when X1 is missing.
func (s MissingSimulation) Posterior(x []float64) []float64 {
	miss, obs, _ := s.missingPriors()
	if math.IsNaN(x[0]) {
		return binaryPosterior(miss[0], s.Mu2*x[1])
	}
	return binaryPosterior(obs[0], s.Mu1*x[0]+s.Mu2*x[1])
}

// missingPriors returns P(Y | X1 missing), P(Y | X1 present) and P(X1 missing).
func (s MissingSimulation) missingPriors() (miss, obs [2]float64, pMiss float64) {
	prior := [2]float64{s.Prior, 1 - s.Prior}
	for y := range prior {
		miss[y] = prior[y] * s.MissingRate[y]
		obs[y] = prior[y] * (1 - s.MissingRate[y])
		pMiss += miss[y]
	}
	for y := range prior {
		if pMiss > 0 {
			miss[y] /= pMiss
		}
		if pMiss < 1 {
			obs[y] /= 1 - pMiss
		}
	}
	return miss, obs, pMiss
}

// Truth returns H(Y), H(Y | X̃1, X2) and I(X̃1, X2; Y), X̃1 being X1 or
// "missing". Given missingness, Y has the priors P(Y | X1 missing or not),
// and the posterior depends on the features only through Mu1·X1 + Mu2·X2
// (or Mu2·X2 when X1 is missing), a Gaussian of unit variance after scaling:
//
//	H(Y|X̃) = P(miss) h(P(Y|miss), Mu2) + P(obs) h(P(Y|obs), √(Mu1² + Mu2²)),
//
// h being the two-class conditional entropy binaryEntropy. HXSignal is NaN.
func (s MissingSimulation) Truth() (Truth, error) {
	if err := s.Validate(); err != nil {
		return Truth{}, err
	}
	miss, obs, pMiss := s.missingPriors()
	t := Truth{HY: classes.Entropy([]float64{s.Prior, 1 - s.Prior}), HXSignal: math.NaN()}
	for _, part := range []struct {
		weight, prior, mu float64
	}{{pMiss, miss[0], s.Mu2}, {1 - pMiss, obs[0], math.Hypot(s.Mu1, s.Mu2)}} {
		if part.weight == 0 {
			continue
		}
		h, err := binaryEntropy(part.prior, part.mu)
		if err != nil {
			return Truth{}, err
		}
		t.HYGivenX += part.weight * h
	}
	t.MI = t.HY - t.HYGivenX
	return t, nil
}

// binaryEntropy is H(Y|X) for P(Y=0) = prior0, X | Y=0 ~ N(+mu, 1) and
// X | Y=1 ~ N(-mu, 1), integrated numerically (0 when Y is certain).
func binaryEntropy(prior0, mu float64) (float64, error) {
	if prior0 <= 0 || prior0 >= 1 {
		return 0, nil
	}
	if mu == 0 {
		return classes.Entropy([]float64{prior0, 1 - prior0}), nil
	}
	gauss := func(m float64) []simComponent {
		return []simComponent{{weight: 1, mean: []float64{m}, sd: []float64{1}}}
	}
	m := &simMixture{dims: 1, priors: []float64{prior0, 1 - prior0}, classes: [][]simComponent{gauss(mu), gauss(-mu)}}
	return m.conditionalEntropy()
}

// binaryPosterior is P(Y) for P(Y=0) = prior0 given a statistic t = Σ Mu_j
// x_j: the log-likelihood ratio of class 0 to class 1 is 2t.
func binaryPosterior(prior0, t float64) []float64 {
	if prior0 <= 0 || prior0 >= 1 {
		return []float64{prior0, 1 - prior0}
	}
	logit := math.Log(prior0/(1-prior0)) + 2*t
	p0 := 1 / (1 + math.Exp(-logit))
	return []float64{p0, 1 - p0}
}

// gaussianOfClass draws N(+mu, 1) for class 0 and N(-mu, 1) for class 1.
func gaussianOfClass(rng *rand.Rand, y int, mu float64) float64 {
	if y == 1 {
		mu = -mu
	}
	return rng.NormFloat64() + mu
}

// checkDistribution checks probabilities that must sum to one.
func checkDistribution(what string, p []float64) error {
	sum := 0.0
	for i, v := range p {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("ufmi: %s %d is %v, must be finite and non-negative", what, i, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-9 {
		return fmt.Errorf("ufmi: %ss sum to %v, not 1", what, sum)
	}
	return nil
}

// checkEffect checks an effect size: finite and non-negative.
func checkEffect(name string, mu float64) error {
	if !(mu >= 0) || math.IsInf(mu, 0) {
		return fmt.Errorf("ufmi: effect size %s must be finite and non-negative, got %v", name, mu)
	}
	return nil
}
