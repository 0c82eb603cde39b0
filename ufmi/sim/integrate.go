package sim

import (
	"fmt"
	"math"
)

// This file holds the numerical integrator behind the simulations' exact
// truths: globally adaptive Gauss–Kronrod (7, 15) quadrature on a line, and
// its nesting on a rectangle. Integrands are smooth (Gaussian mixtures and
// their entropies), truncated to finite ranges wide enough that the tails
// are far below the tolerance.

// integrateNodes are the non-negative abscissae of the 15-point Kronrod rule
// on [-1, 1], largest first; the odd-indexed ones (1, 3, 5, 7) are the nodes
// of the 7-point Gauss–Legendre rule.
var integrateNodes = [8]float64{
	0.991455371120812639206854697526329,
	0.949107912342758524526189684047851,
	0.864864423359769072789712788640926,
	0.741531185599394439863864773280788,
	0.586087235467691130294144845693013,
	0.405845151377397166906606412076961,
	0.207784955007898467600689403773245,
	0,
}

// integrateKronrodWeights are the 15-point Kronrod weights of integrateNodes.
var integrateKronrodWeights = [8]float64{
	0.022935322010529224963732008058970,
	0.063092092629978553290700663189204,
	0.104790010322250183839876322541518,
	0.140653259715525918745189590510238,
	0.169004726639267902826583426598550,
	0.190350578064785409913256402421014,
	0.204432940075298892414161999234649,
	0.209482141084727828012999174891714,
}

// integrateGaussWeights are the 7-point Gauss weights of integrateNodes[1],
// [3], [5] and [7].
var integrateGaussWeights = [4]float64{
	0.129484966168869693270611432679082,
	0.279705391489276667901467771423780,
	0.381830050505118944950369775488975,
	0.417959183673469387755102040816327,
}

// Default accuracy of the simulations' truths: far below the 1e-4 to which
// they are compared, and well above double-precision round-off.
const (
	integrateAbsTol       = 1e-11
	integrateRelTol       = 1e-10
	integrateMaxIntervals = 4000
)

// integratePiece is one subinterval with its Kronrod estimate and error bound.
type integratePiece struct {
	a, b, value, err float64
}

// integrateGK15 applies the (7, 15) pair on [a, b] and returns the Kronrod
// estimate and |Kronrod - Gauss| as its error bound.
func integrateGK15(f func(float64) float64, a, b float64) integratePiece {
	mid, half := (a+b)/2, (b-a)/2
	fc := f(mid)
	kronrod := integrateKronrodWeights[7] * fc
	gauss := integrateGaussWeights[3] * fc
	for i := range 7 {
		dx := half * integrateNodes[i]
		pair := f(mid-dx) + f(mid+dx)
		kronrod += integrateKronrodWeights[i] * pair
		if i%2 == 1 {
			gauss += integrateGaussWeights[i/2] * pair
		}
	}
	return integratePiece{a: a, b: b, value: kronrod * half, err: math.Abs(kronrod-gauss) * half}
}

// integrateLine returns the integral of f over [breaks[0], breaks[len-1]].
// The interior breakpoints (increasing) start the subdivision, so features of
// the integrand such as mixture means should be placed there. The interval
// with the largest error bound is bisected until the summed bound is below
// max(absTol, relTol·|integral|); an error is returned, with the best
// estimate, if that takes more than integrateMaxIntervals pieces or f is not
// finite. The error bound assumes a smooth integrand: a jump that falls
// between the nodes of every piece can go unnoticed.
func integrateLine(f func(float64) float64, breaks []float64, absTol, relTol float64) (float64, error) {
	if len(breaks) < 2 {
		return math.NaN(), fmt.Errorf("ufmi: integration needs at least two breakpoints, got %d", len(breaks))
	}
	pieces := make([]integratePiece, 0, 64)
	for i := 1; i < len(breaks); i++ {
		if !(breaks[i] > breaks[i-1]) {
			return math.NaN(), fmt.Errorf("ufmi: integration breakpoints must increase, got %v then %v", breaks[i-1], breaks[i])
		}
		pieces = append(pieces, integrateGK15(f, breaks[i-1], breaks[i]))
	}
	for {
		total, totalErr, worst := 0.0, 0.0, 0
		for i, p := range pieces {
			total += p.value
			totalErr += p.err
			if p.err > pieces[worst].err {
				worst = i
			}
		}
		if math.IsNaN(total) || math.IsInf(total, 0) {
			return total, fmt.Errorf("ufmi: integrand is not finite on [%v, %v]", breaks[0], breaks[len(breaks)-1])
		}
		if totalErr <= max(absTol, relTol*math.Abs(total)) {
			return total, nil
		}
		w := pieces[worst]
		mid := (w.a + w.b) / 2
		if len(pieces) >= integrateMaxIntervals || !(mid > w.a && mid < w.b) {
			return total, fmt.Errorf("ufmi: integral on [%v, %v] reached error bound %.3g, not %.3g, after %d intervals",
				breaks[0], breaks[len(breaks)-1], totalErr, max(absTol, relTol*math.Abs(total)), len(pieces))
		}
		pieces[worst] = integrateGK15(f, w.a, mid)
		pieces = append(pieces, integrateGK15(f, mid, w.b))
	}
}

// integratePlane returns the integral of f(x, y) over the rectangle spanned
// by xBreaks and yBreaks, as an outer integrateLine over x of inner
// integrateLine calls over y. The inner integrals get a tolerance ten times
// tighter so that their noise does not stall the outer subdivision.
func integratePlane(f func(x, y float64) float64, xBreaks, yBreaks []float64, absTol, relTol float64) (float64, error) {
	var innerErr error
	inner := func(x float64) float64 {
		v, err := integrateLine(func(y float64) float64 { return f(x, y) }, yBreaks, absTol/10, relTol/10)
		if err != nil && innerErr == nil {
			innerErr = err
		}
		return v
	}
	v, err := integrateLine(inner, xBreaks, absTol, relTol)
	if innerErr != nil {
		return v, innerErr
	}
	return v, err
}
