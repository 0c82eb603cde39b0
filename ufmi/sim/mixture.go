package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
)

// This file is the machinery shared by the Gaussian simulations: classes
// whose densities are mixtures of axis-aligned Gaussians on the first few
// ("signal") coordinates, with every further coordinate N(0, 1) noise. It
// draws samples, evaluates the exact posterior by Bayes' rule, and integrates
// the exact conditional entropy H(Y|X) and signal entropy H(X_signal).

// simComponent is one Gaussian of a class density, with a diagonal
// covariance: mean[j] and sd[j] for each signal coordinate j.
type simComponent struct {
	weight   float64
	mean, sd []float64
}

// simMixture is a labelled Gaussian mixture: class c has prior priors[c] and
// density sum_m classes[c][m].weight · N(mean, diag(sd²)) on the first dims
// coordinates.
type simMixture struct {
	dims    int
	priors  []float64
	classes [][]simComponent
}

// simTruncationSD is how many standard deviations beyond the extreme
// component means the truth integrals reach; the Gaussian mass left out,
// about exp(-72), is far below the integration tolerance.
const simTruncationSD = 12

// simLogNormal is log N(x; mean, sd²) in one dimension.
func simLogNormal(x, mean, sd float64) float64 {
	z := (x - mean) / sd
	return -0.5*z*z - math.Log(sd) - 0.5*math.Log(2*math.Pi)
}

// simLogSumExp returns log sum exp(v) without overflow.
func simLogSumExp(v []float64) float64 {
	top := math.Inf(-1)
	for _, a := range v {
		top = max(top, a)
	}
	if math.IsInf(top, -1) {
		return top
	}
	s := 0.0
	for _, a := range v {
		s += math.Exp(a - top)
	}
	return top + math.Log(s)
}

// logJoint fills joint[c] with log P(Y=c) + log f(x | Y=c), reading only the
// first dims entries of x, and returns log f(x) = log sum_c exp(joint[c]).
// scratch must hold at least as many values as the largest class has
// components.
func (m *simMixture) logJoint(x, joint, scratch []float64) float64 {
	for c, comps := range m.classes {
		terms := scratch[:len(comps)]
		for k, comp := range comps {
			l := math.Log(comp.weight)
			for j := range m.dims {
				l += simLogNormal(x[j], comp.mean[j], comp.sd[j])
			}
			terms[k] = l
		}
		joint[c] = math.Log(m.priors[c]) + simLogSumExp(terms)
	}
	return simLogSumExp(joint)
}

// maxComponents is the largest number of components in one class.
func (m *simMixture) maxComponents() int {
	n := 0
	for _, comps := range m.classes {
		n = max(n, len(comps))
	}
	return n
}

// posterior returns P(Y | x) by Bayes' rule. It panics, naming the
// problem, if x has fewer than dims coordinates.
func (m *simMixture) posterior(x []float64) []float64 {
	if len(x) < m.dims {
		panic(fmt.Sprintf("ufmi: posterior needs a point with at least %d coordinates, got %d", m.dims, len(x)))
	}
	joint := make([]float64, len(m.classes))
	logp := m.logJoint(x, joint, make([]float64, m.maxComponents()))
	for c := range joint {
		joint[c] = math.Exp(joint[c] - logp)
	}
	return joint
}

// simDrawIndex draws an index with probability proportional to weights
// (which sum to one up to rounding; the last index absorbs the rounding).
func simDrawIndex(rng *rand.Rand, weights []float64) int {
	u := rng.Float64()
	for i, w := range weights[:len(weights)-1] {
		if u < w {
			return i
		}
		u -= w
	}
	return len(weights) - 1
}

// sample draws n rows of d >= dims coordinates: a class from the priors, a
// component from that class's weights, the signal coordinates from the
// component and the remaining d - dims coordinates from N(0, 1). Class counts
// are therefore Multinomial(n, priors).
func (m *simMixture) sample(rng *rand.Rand, n, d int) ([][]float64, []int) {
	weights := make([][]float64, len(m.classes))
	for c, comps := range m.classes {
		for _, comp := range comps {
			weights[c] = append(weights[c], comp.weight)
		}
	}
	x := make([][]float64, n)
	y := make([]int, n)
	for i := range x {
		c := simDrawIndex(rng, m.priors)
		comp := m.classes[c][simDrawIndex(rng, weights[c])]
		row := make([]float64, d)
		for j := range row {
			row[j] = rng.NormFloat64()
			if j < m.dims {
				row[j] = comp.mean[j] + comp.sd[j]*row[j]
			}
		}
		x[i], y[i] = row, c
	}
	return x, y
}

// breakpoints returns the integration breakpoints of signal coordinate j:
// every component's mean and mean ± 1, 3, 6 and simTruncationSD sd, the
// last of which bound the integral. The points around each mean start
// every peak, and its tails, in pieces of their own width: with the means
// far apart (a shift of 180 sd of the narrow class) a piece spanning the
// gap between two means put its nodes beside the peaks at its ends,
// reported a small error and missed them (H(X_signal) 0.05 nats off at
// Mu 180, and 3.35 at 2,000; TestTruthWithFarApartClasses).
func (m *simMixture) breakpoints(j int) []float64 {
	var pts []float64
	for _, comps := range m.classes {
		for _, comp := range comps {
			mean, sd := comp.mean[j], comp.sd[j]
			for _, k := range []float64{0, 1, 3, 6, simTruncationSD} {
				pts = append(pts, mean-k*sd, mean+k*sd)
			}
		}
	}
	slices.Sort(pts)
	return slices.Compact(pts)
}

// integrate returns the integral over the signal coordinates (one or two) of
// g(log f(x), P(Y | x)).
func (m *simMixture) integrate(g func(logp float64, post []float64) float64) (float64, error) {
	joint := make([]float64, len(m.classes))
	scratch := make([]float64, m.maxComponents())
	point := make([]float64, m.dims)
	at := func() float64 {
		logp := m.logJoint(point, joint, scratch)
		for c := range joint {
			joint[c] = math.Exp(joint[c] - logp)
		}
		return g(logp, joint)
	}
	switch m.dims {
	case 1:
		return integrateLine(func(x float64) float64 {
			point[0] = x
			return at()
		}, m.breakpoints(0), integrateAbsTol, integrateRelTol)
	case 2:
		return integratePlane(func(x1, x2 float64) float64 {
			point[0], point[1] = x1, x2
			return at()
		}, m.breakpoints(0), m.breakpoints(1), integrateAbsTol, integrateRelTol)
	}
	return math.NaN(), fmt.Errorf("ufmi: truth integrals support 1 or 2 signal coordinates, not %d", m.dims)
}

// conditionalEntropy integrates H(Y | X) = ∫ f(x) H(P(Y | x)) dx in nats.
func (m *simMixture) conditionalEntropy() (float64, error) {
	return m.integrate(func(logp float64, post []float64) float64 {
		return math.Exp(logp) * classes.Entropy(post)
	})
}

// signalEntropy integrates the differential entropy -∫ f log f of the signal
// coordinates in nats.
func (m *simMixture) signalEntropy() (float64, error) {
	return m.integrate(func(logp float64, _ []float64) float64 {
		return -math.Exp(logp) * logp
	})
}

// simPosteriorRows applies posterior to every row after checking that each
// has at least need finite coordinates.
func simPosteriorRows(x [][]float64, need int, posterior func([]float64) []float64) ([][]float64, error) {
	if len(x) == 0 {
		return nil, fmt.Errorf("ufmi: no points to evaluate the posterior at")
	}
	out := make([][]float64, len(x))
	for i, row := range x {
		if len(row) < need {
			return nil, fmt.Errorf("ufmi: point %d has %d coordinates, the simulation needs %d", i, len(row), need)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("ufmi: coordinate %d of point %d is %v", j, i, v)
			}
		}
		out[i] = posterior(row)
	}
	return out, nil
}
