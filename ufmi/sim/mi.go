package sim

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// MISetting names one of the paper's four mutual-information simulations
// (section "Mutual information", Fig. 3). Signal lives in the first two
// coordinates; every further coordinate is N(0, 1) noise. With effect size μ:
//
//	Overlapping: both classes N((0, 0), I); priors (π, 1-π); I(X;Y) = 0.
//	Separated:   class 0 N((+μ, 0), I), class 1 N((-μ, 0), I); priors (π, 1-π).
//	ThreeClass:  class 0 N((0, μ), I), class 1 N((μ, 0), I),
//	             class 2 N((-μ, 0), I); priors (π, (1-π)/2, (1-π)/2).
//	Scaled:      class 0 N((+μ, 0), I), class 1 N((-μ, 0), diag(1/100, 1));
//	             priors (π, 1-π).
type MISetting int

// The four settings of the paper's mutual-information simulations.
const (
	Overlapping MISetting = iota
	Separated
	ThreeClass
	Scaled
)

var miSettingNames = [...]string{"overlapping", "separated", "three_class", "scaled"}

// MISettings lists the four settings in the paper's order.
func MISettings() []MISetting { return []MISetting{Overlapping, Separated, ThreeClass, Scaled} }

// String returns the setting's name as used in the reference CSVs:
// "overlapping", "separated", "three_class" or "scaled".
func (s MISetting) String() string {
	if s < 0 || int(s) >= len(miSettingNames) {
		return fmt.Sprintf("MISetting(%d)", int(s))
	}
	return miSettingNames[s]
}

// ParseMISetting is the inverse of String.
func ParseMISetting(name string) (MISetting, error) {
	for i, n := range miSettingNames {
		if n == name {
			return MISetting(i), nil
		}
	}
	return 0, fmt.Errorf("ufmi: unknown MI setting %q; want one of %q", name, miSettingNames)
}

// signalDims is how many coordinates the class densities differ in: one for
// the two-class settings (x2 is N(0, 1) in every class there), two for
// ThreeClass.
func (s MISetting) signalDims() int {
	if s == ThreeClass {
		return 2
	}
	return 1
}

// MISimulation is one configuration of the paper's MI simulations: N rows of
// D coordinates from Setting with class prior Prior (π) and effect size Mu
// (μ; 0 means the paper's 1, ignored by Overlapping). D may be 1 for the
// settings whose signal is in x1 alone (all but ThreeClass), as in the
// conditional-entropy study's d = 1 column.
type MISimulation struct {
	Setting MISetting
	N, D    int
	Prior   float64
	Mu      float64
}

// Truth holds the exact information quantities of an MISimulation, in nats.
type Truth struct {
	HY       float64 // H(Y), the entropy of the class priors
	HYGivenX float64 // H(Y|X), integrated numerically (exactly H(Y) for Overlapping)
	MI       float64 // I(X;Y) = H(Y) - H(Y|X)
	HXSignal float64 // differential entropy of the two signal coordinates (x1, x2)
}

// NormalizedMI is the paper's normalised mutual information
// MI / min(H(X_signal), H(Y)).
func (t Truth) NormalizedMI() float64 { return t.MI / min(t.HXSignal, t.HY) }

// mu returns the effect size with the zero value resolved to 1.
func (s MISimulation) mu() float64 {
	if s.Mu == 0 {
		return 1
	}
	return s.Mu
}

// validateDistribution checks the parameters the distribution depends on.
func (s MISimulation) validateDistribution() error {
	if s.Setting < Overlapping || s.Setting > Scaled {
		return fmt.Errorf("ufmi: unknown MI setting %d", int(s.Setting))
	}
	if !(s.Prior > 0 && s.Prior < 1) {
		return fmt.Errorf("ufmi: class prior Prior must be in (0, 1), got %v", s.Prior)
	}
	if !(s.Mu >= 0) || math.IsInf(s.Mu, 0) {
		return fmt.Errorf("ufmi: effect size Mu must be finite and positive (0 means 1), got %v", s.Mu)
	}
	return nil
}

// Validate reports the first invalid parameter: N < 1, D below the
// setting's signal dimensions, Prior outside (0, 1), Mu negative or not
// finite, or an unknown Setting.
func (s MISimulation) Validate() error {
	if err := s.validateDistribution(); err != nil {
		return err
	}
	if s.N < 1 {
		return fmt.Errorf("ufmi: sample size N must be at least 1, got %d", s.N)
	}
	if s.D < s.Setting.signalDims() {
		return fmt.Errorf("ufmi: dimension D must be at least %d for setting %v, got %d", s.Setting.signalDims(), s.Setting, s.D)
	}
	return nil
}

// mixture builds the labelled Gaussian mixture of the setting.
func (s MISimulation) mixture() *simMixture {
	mu, pi := s.mu(), s.Prior
	gauss := func(sd float64, mean ...float64) []simComponent {
		sds := make([]float64, len(mean))
		for j := range sds {
			sds[j] = 1
		}
		sds[0] = sd
		return []simComponent{{weight: 1, mean: mean, sd: sds}}
	}
	switch s.Setting {
	case Overlapping:
		return &simMixture{dims: 1, priors: []float64{pi, 1 - pi}, classes: [][]simComponent{gauss(1, 0), gauss(1, 0)}}
	case Separated:
		return &simMixture{dims: 1, priors: []float64{pi, 1 - pi}, classes: [][]simComponent{gauss(1, mu), gauss(1, -mu)}}
	case ThreeClass:
		return &simMixture{dims: 2, priors: []float64{pi, (1 - pi) / 2, (1 - pi) / 2},
			classes: [][]simComponent{gauss(1, 0, mu), gauss(1, mu, 0), gauss(1, -mu, 0)}}
	default: // Scaled
		return &simMixture{dims: 1, priors: []float64{pi, 1 - pi}, classes: [][]simComponent{gauss(1, mu), gauss(0.1, -mu)}}
	}
}

// Sample draws N rows of D coordinates and their class codes from seed.
// Each row's class is drawn from the priors, so class counts are
// Multinomial(N, priors). Use different seeds for training and test data.
func (s MISimulation) Sample(seed uint64) (x [][]float64, y []int, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	x, y = s.mixture().sample(seeds.Stream(seed, seeds.Data, 0), s.N, s.D)
	return x, y, nil
}

// Posterior returns the exact P(Y = c | x) for every class c. Only the
// signal coordinates of x are read. It panics with a "ufmi: " message if the
// distribution parameters are invalid or x is too short; Posteriors returns
// errors instead.
func (s MISimulation) Posterior(x []float64) []float64 {
	if err := s.validateDistribution(); err != nil {
		panic(err.Error())
	}
	return s.mixture().posterior(x)
}

// Posteriors returns the exact posterior of every row of x.
func (s MISimulation) Posteriors(x [][]float64) ([][]float64, error) {
	if err := s.validateDistribution(); err != nil {
		return nil, err
	}
	m := s.mixture()
	return simPosteriorRows(x, m.dims, m.posterior)
}

// Truth returns H(Y), H(Y|X), I(X;Y) and H(X_signal) of the setting by
// adaptive Gauss–Kronrod integration (about 1e-10 accurate). They depend on
// Setting, Prior and Mu only, not on N or D: noise coordinates carry no
// information. For the two-class settings x2 is independent N(0, 1), so
// H(X_signal) = H(x1) + log(2πe)/2.
func (s MISimulation) Truth() (Truth, error) {
	if err := s.validateDistribution(); err != nil {
		return Truth{}, err
	}
	m := s.mixture()
	t := Truth{HY: classes.Entropy(m.priors)}
	hx, err := m.signalEntropy()
	if err != nil {
		return Truth{}, err
	}
	if m.dims == 1 {
		hx += 0.5 * math.Log(2*math.Pi*math.E)
	}
	t.HXSignal = hx
	if s.Setting == Overlapping {
		t.HYGivenX = t.HY // X is independent of Y
		return t, nil
	}
	if t.HYGivenX, err = m.conditionalEntropy(); err != nil {
		return Truth{}, err
	}
	t.MI = t.HY - t.HYGivenX
	return t, nil
}
