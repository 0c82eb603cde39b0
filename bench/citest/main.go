// Command citest measures ufmi's conditional independence test
// (ufmi.ConditionalPermutationTest, H0: I(x_B; Y | x_A) = 0) with the
// default UF:
//
//   - type-I error under conditional nulls where x_B depends strongly on
//     x_A and Y on x_A alone: x_B = x_A + noise (sd 0.1, 0.5, 1), a
//     categorical x_A, x_B nonlinear in x_A, x_B's noise growing with
//     x_A, x_A of 3 and 10 dimensions (where the pairs of rows grow far
//     apart), x_A of 2 columns, interactions of two x_A columns (which
//     the pairing's additive spline cannot follow), a finer sine, heavy
//     tails, a count, a categorical x_B, three classes, missing cells
//     of x_B, a near copy of x_A (noise 0.01), and fast wiggles of x_B's
//     mean that Y follows, with noise of other laws, a count x_B, and a
//     point mass of x_A with its own noise law; -sets data sets per cell,
//     rejection rates at levels 0.05 and 0.01;
//   - power against an informative x_B (Y depends on x_A and on x_B's own
//     part; x_A of 1 or 2 columns, a categorical x_A, a count x_B), on
//     -power-sets data sets per cell.
//
// The tables go to stdout and, with -doc, between the citest markers of a
// Markdown file (docs/inference.md).
//
//	go run ./bench/citest [-sets 500] [-power-sets 500] [-n 500] [-trees 100] [-perms 200] [-doc docs/inference.md]
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/bench/internal/tally"
	"github.com/ufmi-dev/ufmi/internal/docsection"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/internal/synth"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// cell is one data-generating setting: draw returns a data set of n rows
// (features, labels, the given and the target columns) from rng; cell c
// draws data set i from the stream (c+1, data, i).
type cell struct {
	name string
	null bool
	draw func(rng *rand.Rand, n int) (cols []ufmi.Column, y []int, given, target []int)
}

// bernoulli draws a class with P(1) = logistic(eta).
func bernoulli(rng *rand.Rand, eta float64) int {
	if rng.Float64() < 1/(1+math.Exp(-eta)) {
		return 1
	}
	return 0
}

// numeric is a numeric column.
func numeric(name string, v []float64) ufmi.Column { return ufmi.Column{Name: name, Values: v} }

// oneDim is a cell with x_A ~ N(0, 1), x_B = f(x_A) + N(0, sd²) and
// Y ~ Bernoulli(logistic(2 x_A + gamma ε/sd)): gamma = 0 is H0.
func oneDim(f func(float64) float64, sd, gamma float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a[i] = rng.NormFloat64()
			e := sd * rng.NormFloat64()
			b[i] = f(a[i]) + e
			y[i] = bernoulli(rng, 2*a[i]+gamma*e/sd)
		}
		return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
	}
}

// categorical is a cell with x_A one of 4 levels (uniform), Y ~
// Bernoulli(logistic(shift_A + gamma ε/0.3)) and x_B = level mean + ε,
// ε ~ N(0, 0.3²): Y and x_B both depend on the level.
func categorical(gamma float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	shift := []float64{-1.5, -0.5, 0.5, 1.5}
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			l := rng.IntN(4)
			e := 0.3 * rng.NormFloat64()
			a[i], b[i] = float64(l), shift[l]+e
			y[i] = bernoulli(rng, shift[l]+gamma*e/0.3)
		}
		return []ufmi.Column{{Name: "a", Kind: ufmi.Categorical, Values: a, Levels: []string{"p", "q", "r", "s"}}, numeric("b", b)}, y, []int{0}, []int{1}
	}
}

// manyDims is a cell with x_A ~ N(0, I_d), s = sum(x_A)/√d, x_B = s +
// N(0, 0.1²) and Y ~ Bernoulli(logistic(2 s)).
func manyDims(d int) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		cols := make([]ufmi.Column, d+1)
		for j := range cols {
			cols[j] = numeric(fmt.Sprintf("a%d", j), make([]float64, n))
		}
		cols[d].Name = "b"
		y := make([]int, n)
		for i := range n {
			s := 0.0
			for j := range d {
				v := rng.NormFloat64()
				cols[j].Values[i] = v
				s += v
			}
			s /= math.Sqrt(float64(d))
			cols[d].Values[i] = s + 0.1*rng.NormFloat64()
			y[i] = bernoulli(rng, 2*s)
		}
		given := make([]int, d)
		for j := range given {
			given[j] = j
		}
		return cols, y, given, []int{d}
	}
}

// twoDims is a cell with x_A of two N(0, 1) columns, s = (x_A1 +
// x_A2)/√2, x_B = s + ε, ε ~ N(0, 0.5²), and logit P(Y=1) = 2 s +
// gamma ε/0.5: gamma = 0 is H0.
func twoDims(gamma float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a1, a2, b, y := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a1[i], a2[i] = rng.NormFloat64(), rng.NormFloat64()
			s, e := (a1[i]+a2[i])/math.Sqrt2, 0.5*rng.NormFloat64()
			b[i] = s + e
			y[i] = bernoulli(rng, 2*s+gamma*e/0.5)
		}
		return []ufmi.Column{numeric("a1", a1), numeric("a2", a2), numeric("b", b)}, y, []int{0, 1}, []int{2}
	}
}

// heteroscedastic is a null cell with x_A ~ N(0, 1), x_B = x_A +
// (0.05 + 0.3|x_A|) N(0, 1) and logit P(Y=1) = 2 x_A: x_B's noise, not
// only its mean, changes with x_A.
func heteroscedastic(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = rng.NormFloat64()
		b[i] = a[i] + (0.05+0.3*math.Abs(a[i]))*rng.NormFloat64()
		y[i] = bernoulli(rng, 2*a[i])
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// independent is a cell with x_A and x_B independent N(0, 1) and Y ~
// Bernoulli(logistic(2 x_A + gamma x_B)).
func independent(gamma float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
			y[i] = bernoulli(rng, 2*a[i]+gamma*b[i])
		}
		return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
	}
}

// interaction is a null cell with x_A of two N(0, 1) columns, x_B =
// f(x_A1, x_A2) + N(0, sd²) and logit P(Y=1) = x_A1 + x_A2: x_B's mean is
// an interaction the additive spline cannot follow.
func interaction(f func(a1, a2 float64) float64, sd float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a1, a2, b, y := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a1[i], a2[i] = rng.NormFloat64(), rng.NormFloat64()
			b[i] = f(a1[i], a2[i]) + sd*rng.NormFloat64()
			y[i] = bernoulli(rng, a1[i]+a2[i])
		}
		return []ufmi.Column{numeric("a1", a1), numeric("a2", a2), numeric("b", b)}, y, []int{0, 1}, []int{2}
	}
}

// heavyTailed is a null cell with x_A Student-t with 2 degrees of freedom,
// x_B = x_A + N(0, 0.1²) and logit P(Y=1) = 2 x_A: a few rows far out
// stretch x_A's standard deviation and the spline's knots.
func heavyTailed(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		z, c1, c2 := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		a[i] = z / math.Sqrt((c1*c1+c2*c2)/2)
		b[i] = a[i] + 0.1*rng.NormFloat64()
		y[i] = bernoulli(rng, 2*math.Max(-3, math.Min(3, a[i])))
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// integerGiven is a null cell with x_A a count (Poisson, mean 3; many
// ties), x_B = x_A + N(0, 0.3²) and logit P(Y=1) = x_A - 3.
func integerGiven(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = float64(synth.Poisson(rng, 3))
		b[i] = a[i] + 0.3*rng.NormFloat64()
		y[i] = bernoulli(rng, a[i]-3)
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// categoricalTarget is a null cell with x_B a categorical column of 3
// levels whose probabilities follow x_A ~ N(0, 1) (softmax of 0, 2 x_A,
// -2 x_A), and logit P(Y=1) = 2 x_A.
func categoricalTarget(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = rng.NormFloat64()
		w := []float64{1, math.Exp(2 * a[i]), math.Exp(-2 * a[i])}
		u := rng.Float64() * (w[0] + w[1] + w[2])
		l := 0
		for u > w[l] && l < 2 {
			u -= w[l]
			l++
		}
		b[i] = float64(l)
		y[i] = bernoulli(rng, 2*a[i])
	}
	return []ufmi.Column{numeric("a", a), {Name: "b", Kind: ufmi.Categorical, Values: b, Levels: []string{"u", "v", "w"}}}, y, []int{0}, []int{1}
}

// threeClasses is a null cell with x_A ~ N(0, 1), x_B = x_A + N(0, 0.1²)
// and Y of three classes with P(Y = k) ∝ exp(2 x_A·(k - 1)).
func threeClasses(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = rng.NormFloat64()
		b[i] = a[i] + 0.1*rng.NormFloat64()
		w := []float64{math.Exp(-2 * a[i]), 1, math.Exp(2 * a[i])}
		u := rng.Float64() * (w[0] + w[1] + w[2])
		for y[i] = 0; u > w[y[i]] && y[i] < 2; y[i]++ {
			u -= w[y[i]]
		}
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// missingCells is x_B = x_A + N(0, 0.1²) with a fifth of the cells of
// column col (1: x_B, 0: x_A) missing at random. Missing x_B keeps H0;
// missing x_A does not: given x_A as recorded, missing, x_B stands in for
// its value and informs Y.
func missingCells(col int) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		cols, y, given, target := oneDim(identity, 0.1, 0)(rng, n)
		for i := range n {
			if rng.Float64() < 0.2 {
				cols[col].Values[i] = math.NaN()
			}
		}
		return cols, y, given, target
	}
}

func identity(v float64) float64 { return v }

func product(a, b float64) float64 { return a * b }

var cells = []cell{
	{name: "x_B = x_A + N(0, 0.1²)", null: true, draw: oneDim(identity, 0.1, 0)},
	{name: "x_B = x_A + N(0, 0.5²)", null: true, draw: oneDim(identity, 0.5, 0)},
	{name: "x_B = x_A + N(0, 1)", null: true, draw: oneDim(identity, 1, 0)},
	{name: "categorical x_A (4 levels), x_B = level mean + N(0, 0.3²)", null: true, draw: categorical(0)},
	{name: "x_B = sin(2 x_A) + N(0, 0.1²)", null: true, draw: oneDim(func(v float64) float64 { return math.Sin(2 * v) }, 0.1, 0)},
	{name: "x_B = x_A² + N(0, 0.1²)", null: true, draw: oneDim(func(v float64) float64 { return v * v }, 0.1, 0)},
	{name: "x_B = x_A + (0.05 + 0.3 abs(x_A)) N(0, 1)", null: true, draw: heteroscedastic},
	{name: "x_A of 3 dimensions, x_B = Σx_A/√3 + N(0, 0.1²)", null: true, draw: manyDims(3)},
	{name: "x_A of 10 dimensions, x_B = Σx_A/√10 + N(0, 0.1²)", null: true, draw: manyDims(10)},
	{name: "x_B = x_A + ε, ε ~ N(0, 0.5²), logit P(Y=1) = 2 x_A + 0.5 ε/0.5", draw: oneDim(identity, 0.5, 0.5)},
	{name: "x_B = x_A + ε, ε ~ N(0, 0.5²), logit P(Y=1) = 2 x_A + ε/0.5", draw: oneDim(identity, 0.5, 1)},
	{name: "x_B = x_A + ε, ε ~ N(0, 0.1²), logit P(Y=1) = 2 x_A + 0.5 ε/0.1", draw: oneDim(identity, 0.1, 0.5)},
	{name: "categorical x_A, logit P(Y=1) = shift + 0.5 ε/0.3", draw: categorical(0.5)},
	{name: "x_B independent of x_A, logit P(Y=1) = 2 x_A + 0.5 x_B", draw: independent(0.5)},
	// Cells added after the table's first ones (their seeds follow on):
	// where the spline or the strata could go wrong.
	{name: "x_A of 2 dimensions, x_B = x_A1·x_A2 + N(0, 0.1²), logit P(Y=1) = x_A1 + x_A2", null: true, draw: interaction(product, 0.1)},
	{name: "x_A ~ t(2), x_B = x_A + N(0, 0.1²), logit P(Y=1) = 2 clamp(x_A, ±3)", null: true, draw: heavyTailed},
	{name: "x_A ~ Poisson(3), x_B = x_A + N(0, 0.3²), logit P(Y=1) = x_A − 3", null: true, draw: integerGiven},
	{name: "categorical x_B (3 levels, P ∝ 1, e^(2 x_A), e^(−2 x_A))", null: true, draw: categoricalTarget},
	{name: "three classes, P(Y=k) ∝ e^(2 x_A (k−1)), x_B = x_A + N(0, 0.1²)", null: true, draw: threeClasses},
	{name: "x_B = x_A + N(0, 0.1²), a fifth of x_B missing", null: true, draw: missingCells(1)},
	{name: "x_A of 2 dimensions, s = Σx_A/√2, x_B = s + ε, ε ~ N(0, 0.5²), logit P(Y=1) = 2 s + ε/0.5", draw: twoDims(1)},
	{name: "x_A of 2 dimensions, x_B = Σx_A/√2 + N(0, 0.5²), logit P(Y=1) = 2 Σx_A/√2", null: true, draw: twoDims(0)},
	{name: "x_A of 2 dimensions, x_B = x_A1·x_A2 + N(0, 0.5²), logit P(Y=1) = x_A1 + x_A2", null: true, draw: interaction(product, 0.5)},
	{name: "x_B = sin(6 x_A) + N(0, 0.1²)", null: true, draw: oneDim(func(v float64) float64 { return math.Sin(6 * v) }, 0.1, 0)},
	{name: "x_A of 2 dimensions, x_B = sin(2 x_A1)·sin(2 x_A2) + N(0, 0.3²), logit P(Y=1) = x_A1 + x_A2", null: true, draw: interaction(func(a, b float64) float64 { return math.Sin(2*a) * math.Sin(2*b) }, 0.3)},
	{name: "x_B = x_A + N(0, 0.1²), logit P(Y=1) = 2 x_A, a fifth of x_A missing (no null given x_A as recorded)", draw: missingCells(0)},
	// A near copy of x_A: the caliper, a tenth of the noise, then pairs few rows.
	{name: "x_B = x_A + N(0, 0.01²)", null: true, draw: oneDim(identity, 0.01, 0)},
	// A reviewer's probe (2026-11-30, fifth session): x_B's mean wiggles
	// faster than the spline's knots follow, and Y follows the wiggle, so
	// that x_B stands in for what the forest finds hard to read from x_A.
	{name: "x_B = sin(12 x_A) + N(0, 0.1²), logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: wiggle(normalGiven, 12)},
	{name: "x_A ~ Cauchy, x_B = sin(2 x_A) + N(0, 0.1²), logit P(Y=1) = 3 sin(2 x_A)", null: true, draw: wiggle(cauchyGiven, 2)},
	// A second probe: the same wiggle with noise of other laws.
	{name: "x_B = sin(12 x_A) + ε, ε ~ N(0, 0.05²) or, with probability 0.05, N(0, 3²), logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: wiggleNoise(func(rng *rand.Rand, _ float64) float64 {
		if rng.Float64() < 0.05 {
			return 3 * rng.NormFloat64()
		}
		return 0.05 * rng.NormFloat64()
	}, nil)},
	{name: "x_B = sin(12 x_A) + 0.05 Cauchy, logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: wiggleNoise(func(rng *rand.Rand, _ float64) float64 { return 0.05 * cauchyGiven(rng) }, nil)},
	{name: "x_B = sin(12 x_A) + ε, ε ~ N(0, 0.02²) where x_A < 0 and N(0, 1) where x_A > 0, logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: wiggleNoise(func(rng *rand.Rand, a float64) float64 {
		if a < 0 {
			return 0.02 * rng.NormFloat64()
		}
		return rng.NormFloat64()
	}, nil)},
	// A third probe: x_B's noise changes its law with x_A where the spline
	// cannot follow the mean.
	{name: "x_B ~ Poisson(4 + 3.5 sin(12 x_A)), logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: wiggleCount},
	{name: "x_B ~ Poisson(e^(1 + 0.5 x_A)), ε = (x_B − λ)/√λ, logit P(Y=1) = 2 x_A + ε", draw: countAlternative},
	{name: "x_A = 0 in half the rows, x_B = sin(12 x_A) + ε, ε ~ N(0, 2²) where x_A = 0 and N(0, 0.1²) elsewhere, logit P(Y=1) = 3 sin(12 x_A)", null: true, draw: pointMass},
	// A reviewer's cells of its own (2026-12-02, third): a skewed or
	// heavy-tailed column beside a normal one, which pairing in standard
	// deviations got wrong (0.42 at 0.05 for the first).
	{name: "x_A of 2 dimensions, x_A2 = e^(3 Z), x_B = Z + N(0, 0.2²), logit P(Y=1) = 2 Z + x_A1", null: true, draw: skewedSecond(func(z float64) float64 { return math.Exp(3 * z) })},
	{name: "x_A of 2 dimensions, x_A2 ~ Cauchy, x_B = sin(2 x_A2) + N(0, 0.1²), logit P(Y=1) = 3 sin(2 x_A2) + x_A1", null: true, draw: cauchySecond},
}

// skewedSecond is a null cell with x_A = (x_A1, f(Z)), x_A1 and Z N(0, 1),
// x_B = Z + N(0, 0.2²) and logit P(Y=1) = 2 Z + x_A1: the second given
// column is a monotone map of what x_B and Y follow.
func skewedSecond(f func(float64) float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a1, a2, b, y := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			z := rng.NormFloat64()
			a1[i], a2[i] = rng.NormFloat64(), f(z)
			b[i] = z + 0.2*rng.NormFloat64()
			y[i] = bernoulli(rng, 2*z+a1[i])
		}
		return []ufmi.Column{numeric("a1", a1), numeric("a2", a2), numeric("b", b)}, y, []int{0, 1}, []int{2}
	}
}

// cauchySecond is a null cell with x_A = (x_A1 ~ N(0, 1), x_A2 ~ Cauchy),
// x_B = sin(2 x_A2) + N(0, 0.1²) and logit P(Y=1) = 3 sin(2 x_A2) + x_A1.
func cauchySecond(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a1, a2, b, y := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a1[i], a2[i] = rng.NormFloat64(), cauchyGiven(rng)
		m := math.Sin(2 * a2[i])
		b[i] = m + 0.1*rng.NormFloat64()
		y[i] = bernoulli(rng, 3*m+a1[i])
	}
	return []ufmi.Column{numeric("a1", a1), numeric("a2", a2), numeric("b", b)}, y, []int{0, 1}, []int{2}
}

// wiggleCount is wiggle's null cell at k = 12 with a count for x_B.
func wiggleCount(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = rng.NormFloat64()
		m := math.Sin(12 * a[i])
		b[i] = float64(synth.Poisson(rng, 4+3.5*m))
		y[i] = bernoulli(rng, 3*m)
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// countAlternative is a power cell with a count for x_B: x_B ~
// Poisson(λ), λ = e^(1 + 0.5 x_A), and Y follows x_B's own part
// (x_B − λ)/√λ beside x_A.
func countAlternative(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		a[i] = rng.NormFloat64()
		lambda := math.Exp(1 + 0.5*a[i])
		b[i] = float64(synth.Poisson(rng, lambda))
		y[i] = bernoulli(rng, 2*a[i]+(b[i]-lambda)/math.Sqrt(lambda))
	}
	return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
}

// pointMass is wiggle's null cell at k = 12 with half of x_A at exactly 0,
// where x_B's noise has another law.
func pointMass(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
	return wiggleNoise(func(rng *rand.Rand, a float64) float64 {
		if a == 0 {
			return 2 * rng.NormFloat64()
		}
		return 0.1 * rng.NormFloat64()
	}, func(rng *rand.Rand) float64 {
		if rng.Float64() < 0.5 {
			return 0
		}
		return rng.NormFloat64()
	})(rng, n)
}

// wiggleNoise is wiggle's null cell at k = 12 with x_A drawn by given
// (nil: N(0, 1)) and x_B's noise drawn by noise given x_A.
func wiggleNoise(noise func(rng *rand.Rand, a float64) float64, given func(*rand.Rand) float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	if given == nil {
		given = normalGiven
	}
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a[i] = given(rng)
			m := math.Sin(12 * a[i])
			b[i] = m + noise(rng, a[i])
			y[i] = bernoulli(rng, 3*m)
		}
		return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
	}
}

// normalGiven and cauchyGiven draw one x_A value.
func normalGiven(rng *rand.Rand) float64 { return rng.NormFloat64() }
func cauchyGiven(rng *rand.Rand) float64 { return math.Tan(math.Pi * (rng.Float64() - 0.5)) }

// wiggle is a null cell with x_A drawn by given, x_B = sin(k x_A) +
// N(0, 0.1²) and logit P(Y=1) = 3 sin(k x_A): Y and x_B follow the same
// fast wiggle of x_A.
func wiggle(given func(*rand.Rand) float64, k float64) func(*rand.Rand, int) ([]ufmi.Column, []int, []int, []int) {
	return func(rng *rand.Rand, n int) ([]ufmi.Column, []int, []int, []int) {
		a, b, y := make([]float64, n), make([]float64, n), make([]int, n)
		for i := range n {
			a[i] = given(rng)
			m := math.Sin(k * a[i])
			b[i] = m + 0.1*rng.NormFloat64()
			y[i] = bernoulli(rng, 3*m)
		}
		return []ufmi.Column{numeric("a", a), numeric("b", b)}, y, []int{0}, []int{1}
	}
}

type options struct {
	sets, powerSets, n, trees, perms, first int
	doc, only                               string
}

func main() {
	var o options
	flag.IntVar(&o.sets, "sets", 500, "data sets per null cell (type-I error)")
	flag.IntVar(&o.powerSets, "power-sets", 500, "data sets per power cell")
	flag.IntVar(&o.n, "n", 500, "rows per data set")
	flag.IntVar(&o.trees, "trees", 100, "trees per forest (the default UF's 60-tree pilot kept)")
	flag.IntVar(&o.perms, "perms", 200, "permutations per test")
	flag.StringVar(&o.only, "only", "", "run only the cells whose name contains this text (and leave -doc alone)")
	flag.IntVar(&o.first, "first", 0, "index of each cell's first data set: -first 2000 -sets 2000 draws 2,000 data sets the table's run never saw (and leaves -doc alone)")
	flag.StringVar(&o.doc, "doc", "", "rewrite the tables between the citest markers of this Markdown file (docs/inference.md)")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "citest:", err)
		os.Exit(1)
	}
}

// outcome is one cell's p-values, median pair distances, pairs and
// seconds.
type outcome struct {
	ps, dist, pairs, secs []float64
}

func run(o options) error {
	uf := ufmi.DefaultUF()
	uf.Trees = o.trees
	cfg := ufmi.EstimatorConfig{UF: uf}
	start := time.Now()
	results := make([]outcome, len(cells))
	for c := range cells {
		sets := o.powerSets
		if cells[c].null {
			sets = o.sets
		}
		if !strings.Contains(cells[c].name, o.only) {
			sets = 0
		}
		for i := o.first; i < o.first+sets; i++ {
			cols, y, given, target := cells[c].draw(seeds.Stream(uint64(c+1), seeds.Data, i), o.n)
			x, err := ufmi.NewColumnFeatures(cols)
			if err != nil {
				return err
			}
			pc := ufmi.PermutationConfig{Permutations: o.perms, Runtime: ufmi.Runtime{Seed: seeds.Derive(uint64(c+1), seeds.Repetition, i)}}
			t0 := time.Now()
			res, err := ufmi.ConditionalPermutationTest(x, y, given, target, cfg, pc)
			if err != nil {
				return fmt.Errorf("%s, data set %d: %w", cells[c].name, i, err)
			}
			r := &results[c]
			r.ps, r.dist, r.secs = append(r.ps, res.PValue), append(r.dist, res.MedianPairDistance), append(r.secs, time.Since(t0).Seconds())
			r.pairs = append(r.pairs, float64(res.Pairs))
			fmt.Fprintf(os.Stderr, "\rcell %d/%d set %d/%d (%s)      ", c+1, len(cells), i-o.first+1, sets, time.Since(start).Round(time.Second))
		}
	}
	fmt.Fprintln(os.Stderr)
	tables := formatTables(results, o, time.Since(start))
	fmt.Print(tables)
	if o.doc != "" && o.only == "" && o.first == 0 {
		return docsection.ReplaceInFile(o.doc, "citest", tables)
	}
	return nil
}

// formatTables renders the type-I and power tables in Markdown.
func formatTables(results []outcome, o options, total time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Type-I error: rejection rate of a true H0 (Y depends on x_A alone, x_A ~ N(0, 1) and logit P(Y=1) = 2 x_A unless stated), n = %d, default UF with %d trees, %d permutations, %d data sets per cell (± binomial standard error). Pairs is the median number of pairs formed, of the %d the vote half could hold; the pair distance the median over data sets of each test's median distance in x_A between paired rows, in standard deviations.\n\n", o.n, o.trees, o.perms, o.sets, o.n/4)
	b.WriteString("| null | reject at 0.05 | reject at 0.01 | mean p | pairs | pair distance | seconds per test |\n|---|---|---|---|---|---|---|\n")
	for c, r := range results {
		if !cells[c].null || len(r.ps) == 0 {
			continue
		}
		r05, r01 := tally.Rate(r.ps, 0.05), tally.Rate(r.ps, 0.01)
		fmt.Fprintf(&b, "| %s | %.3f ± %.3f | %.3f ± %.3f | %.3f | %.0f | %.3f | %.3f |\n", cells[c].name, r05, tally.SE(r05, len(r.ps)), r01, tally.SE(r01, len(r.ps)), tally.Mean(r.ps), tally.Median(r.pairs), tally.Median(r.dist), tally.Mean(r.secs))
	}
	fmt.Fprintf(&b, "\nPower against an informative x_B (x_A ~ N(0, 1); ε is x_B's own part), n = %d, the same test, %d data sets per cell.\n\n", o.n, o.powerSets)
	b.WriteString("| alternative | power at 0.05 | power at 0.01 | pairs | pair distance | seconds per test |\n|---|---|---|---|---|---|\n")
	for c, r := range results {
		if cells[c].null || len(r.ps) == 0 {
			continue
		}
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.0f | %.3f | %.3f |\n", cells[c].name, tally.Rate(r.ps, 0.05), tally.Rate(r.ps, 0.01), tally.Median(r.pairs), tally.Median(r.dist), tally.Mean(r.secs))
	}
	first := ""
	if o.first != 0 {
		first = fmt.Sprintf(" -first %d", o.first)
	}
	fmt.Fprintf(&b, "\n`go run ./bench/citest -sets %d -power-sets %d -n %d -trees %d -perms %d%s` took %s on 2 cores.\n", o.sets, o.powerSets, o.n, o.trees, o.perms, first, total.Round(time.Second))
	return b.String()
}
