package main

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// exactInterval is the interval an estimator that knew the exact
// posteriors would give on one data set: the mean of the rows' exact
// log-likelihood ratios φ_i = log p(y_i | x_i) − log p(y_i | rest_i) (for
// I(X;Y) the rest is nothing and p(y_i | rest_i) the class prior), ± z times
// their standard error sd(φ)/√n. That is the first-order interval of an
// efficient estimator, whose influence function is φ − I. Where it misses,
// the data set's own information lies that far from the exact value, and no
// estimator with a first-order interval can be expected to cover there.
type exactInterval struct {
	estimate, se float64
	ok           bool // false where the cell has no exact posteriors (the trunk's conditional MI)
}

// contains reports whether the interval at normal quantile z holds v.
func (e exactInterval) contains(v, z float64) bool {
	return e.ok && math.Abs(e.estimate-v) <= z*e.se
}

// normalQuantile is z of a two-sided interval at the given level.
func normalQuantile(level float64) float64 {
	return distuv.UnitNormal.Quantile(0.5 + level/2)
}

// exactPosteriorInterval returns the exact posteriors' interval (its
// estimate and SE) on the data set rows, y of cell c.
func (c cell) exactPosteriorInterval(rows [][]float64, y []int) exactInterval {
	joint, rest, ok := c.exactPosteriors()
	if !ok || len(y) < 2 {
		return exactInterval{}
	}
	n := float64(len(y))
	sum, squares := 0.0, 0.0
	for i, row := range rows {
		phi := math.Log(joint(row)[y[i]]) - math.Log(rest(row, y[i]))
		sum += phi
		squares += phi * phi
	}
	mean := sum / n
	variance := max(0, (squares-n*mean*mean)/(n-1))
	return exactInterval{estimate: mean, se: math.Sqrt(variance / n), ok: true}
}

// exactPosteriors returns the cell's exact posterior of the classes given a
// whole row (joint) and the exact probability of class y given the columns
// the cell's quantity conditions on (rest): the class prior for I(X;Y), the
// prior too for separated's I(Y; x1 | rest) (the rest is noise), and the
// posterior given x1 for three_class's I(Y; x2 | rest). ok is false for the
// trunk's conditional MI.
func (c cell) exactPosteriors() (joint func([]float64) []float64, rest func([]float64, int) float64, ok bool) {
	priors := []float64{c.prior, 1 - c.prior}
	if c.trunk {
		joint = sim.TrunkSimulation{N: c.n, D: c.d, Prior: c.prior, Norm: trunkNorm, Corr: c.corr}.Posterior
	} else {
		joint = sim.MISimulation{Setting: c.setting, N: c.n, D: c.d, Prior: c.prior, Mu: c.mu}.Posterior
		if c.setting == sim.ThreeClass {
			priors, _, _ = threeClassX1Mixture(c.prior, c.mu)
		}
	}
	prior := func(_ []float64, y int) float64 { return priors[y] }
	switch {
	case c.target == 0:
		return joint, prior, true
	case c.trunk:
		return nil, nil, false
	case c.setting == sim.ThreeClass && c.target == 2:
		classPriors, means, sds := threeClassX1Mixture(c.prior, c.mu)
		return joint, func(row []float64, y int) float64 { return posterior1D(row[0], classPriors, means, sds)[y] }, true
	default: // separated's I(Y; x1 | rest): the rest is noise
		return joint, prior, true
	}
}

// threeClassX1Mixture is x1's mixture in the three_class setting: classes
// of prior prior, (1−prior)/2 and (1−prior)/2, x1 ~ N(0, 1), N(mu, 1) and
// N(−mu, 1).
func threeClassX1Mixture(prior, mu float64) (priors, means, sds []float64) {
	q := (1 - prior) / 2
	return []float64{prior, q, q}, []float64{0, mu, -mu}, []float64{1, 1, 1}
}

// posterior1D is P(class | x) in a one-dimensional Gaussian mixture (class
// c: prior priors[c], N(means[c], sds[c]²)).
func posterior1D(x float64, priors, means, sds []float64) []float64 {
	post := make([]float64, len(priors))
	total := 0.0
	for c := range priors {
		z := (x - means[c]) / sds[c]
		post[c] = priors[c] * math.Exp(-z*z/2) / sds[c]
		total += post[c]
	}
	for c := range post {
		post[c] /= total
	}
	return post
}
