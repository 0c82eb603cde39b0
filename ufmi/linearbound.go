package ufmi

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// The linear lower bound on I(X;Y) (Estimate.LinearBound).
//
// The bound of bound.go holds for any model q(y|x) whose posterior for row
// i no label y_i shaped. The forest's own bound cannot see what the forest
// misses: information spread over many weak numeric features, whose best
// boundary is oblique to the axes, which axis-aligned trees approximate by
// a staircase and under-report (docs/guide.md, "The oblique preset"). A
// ridge multinomial logistic regression sees exactly that, so its
// cross-fitted bound is the check: an estimate whose interval lies below it
// is biased low.
//
// The design matrix is built from x alone (no label): numeric columns
// standardised, a missing cell 0 with an indicator column, categorical
// columns one-hot (up to linearMaxLevels levels). The rows fall into linearFolds folds at random (as many
// as rows below that); each
// fold's rows are scored by a model fitted on the other folds, its penalty
// chosen among linearPenalties by a two-fold split of those rows alone. A
// row's posterior is mixed with weight linearMix with the other rows'
// class frequencies plus one (as the forest's pseudo-tree), so that no
// probability is near zero.

const (
	linearFolds = 5
	linearMix   = 0.02
	// linearMaxIterations bounds a fit's L-BFGS steps: a looser fit only
	// lowers the bound, it never breaks it.
	linearMaxIterations = 300
	// linearMinChoice is the fewest rows whose halves choose a penalty.
	linearMinChoice = 20
	// linearMaxLevels is the most levels of a categorical column the
	// design expands into indicators; a column with more is left out
	// (fewer columns only lower the bound).
	linearMaxLevels = 64
)

// linearMaxCells bounds the design matrix (rows × columns, 8 bytes each:
// 200 MB); a larger one is not built and no linear bound is computed
// (Estimate.LinearBound.Level stays 0). A variable for its test.
var linearMaxCells = 25_000_000

// linearPenalties are the ridge penalties (per row, on standardised
// columns) each fold chooses among. 0.0001 joined the three others when it
// brought the bound on the CC18 tables of many classes to scikit-learn's
// logistic regression (texture: 2.299 → 2.355, against 2.360).
var linearPenalties = []float64{1e-1, 1e-2, 1e-3, 1e-4}

// linearDesign is x as a dense matrix for logistic regression, p columns,
// row i at z[i*p : (i+1)*p].
type linearDesign struct {
	z []float64
	p int
}

// newLinearDesign builds x's design matrix (see above). Constant columns,
// and categorical ones of more than linearMaxLevels levels, are left out.
// ok is false when the matrix would exceed linearMaxCells.
func newLinearDesign(x *Features) (d linearDesign, ok bool) {
	var cols [][]float64
	for j := 0; j < x.d; j++ {
		col := x.cols[j]
		if x.Kind(j) == Categorical {
			levels := len(x.Levels(j))
			if levels > linearMaxLevels {
				continue
			}
			for c := 0; c < levels; c++ {
				ind := make([]float64, x.n)
				for i, v := range col {
					if v == float64(c) {
						ind[i] = 1
					}
				}
				cols = appendVarying(cols, ind)
			}
			cols = appendVarying(cols, missingIndicator(col))
			continue
		}
		scale := newColumnScale(col, 0) // whatever the units: 1e200 squared overflows
		if scale.seen == 0 {
			continue
		}
		if !(scale.sd > 0) {
			cols = appendVarying(cols, missingIndicator(col))
			continue
		}
		std := make([]float64, x.n)
		for i, v := range col {
			if !math.IsNaN(v) {
				std[i] = scale.standardised(v)
			}
		}
		cols = append(cols, std)
		cols = appendVarying(cols, missingIndicator(col))
	}
	if x.n*len(cols) > linearMaxCells {
		return linearDesign{}, false
	}
	d = linearDesign{p: len(cols), z: make([]float64, x.n*len(cols))}
	for c, col := range cols {
		for i, v := range col {
			d.z[i*d.p+c] = v
		}
	}
	return d, true
}

// missingIndicator is 1 where col is missing (NaN), else 0.
func missingIndicator(col []float64) []float64 {
	ind := make([]float64, len(col))
	for i, v := range col {
		if math.IsNaN(v) {
			ind[i] = 1
		}
	}
	return ind
}

// appendVarying appends col unless all its values are equal.
func appendVarying(cols [][]float64, col []float64) [][]float64 {
	for _, v := range col {
		if v != col[0] {
			return append(cols, col)
		}
	}
	return cols
}

// logisticModel is a fitted multinomial logistic regression: w holds, for
// every class c, p coefficients and an intercept at w[c*(p+1) : (c+1)*(p+1)].
type logisticModel struct {
	w    []float64
	p, k int
}

// probs writes row i's class probabilities into dst.
func (m logisticModel) probs(d linearDesign, i int, dst []float64) {
	z := d.z[i*d.p : (i+1)*d.p]
	top := math.Inf(-1)
	for c := range m.k {
		wc := m.w[c*(m.p+1) : (c+1)*(m.p+1)]
		s := wc[m.p]
		for j, v := range z {
			s += wc[j] * v
		}
		dst[c] = s
		top = max(top, s)
	}
	sum := 0.0
	for c := range m.k {
		dst[c] = math.Exp(dst[c] - top)
		sum += dst[c]
	}
	for c := range m.k {
		dst[c] /= sum
	}
}

// fitLogistic fits the model on rows, minimising their mean log-loss plus
// lambda/2 times the squared coefficients (intercepts unpenalised),
// starting from start (nil: zeros).
func fitLogistic(d linearDesign, y []int, k int, rows []int, lambda float64, start []float64) (logisticModel, error) {
	m := logisticModel{p: d.p, k: k, w: make([]float64, k*(d.p+1))}
	if start != nil {
		copy(m.w, start)
	}
	prob := make([]float64, k)
	n := float64(len(rows))
	// L-BFGS's line search asks for the loss and the gradient at every
	// point, Func then Grad: evaluate computes both in one pass over the
	// rows, and Grad hands out the gradient of the point last evaluated
	// (lastW starts as NaN, equal to no point).
	lastW, lastGrad := make([]float64, len(m.w)), make([]float64, len(m.w))
	for i := range lastW {
		lastW[i] = math.NaN()
	}
	evaluate := func(w []float64) float64 {
		copy(lastW, w)
		return logisticLoss(d, y, rows, lambda, logisticModel{w: w, p: d.p, k: k}, prob, lastGrad) / n
	}
	problem := optimize.Problem{
		Func: evaluate,
		Grad: func(grad, w []float64) {
			if !slices.Equal(w, lastW) {
				evaluate(w)
			}
			for i := range grad {
				grad[i] = lastGrad[i] / n
			}
		},
	}
	settings := &optimize.Settings{MajorIterations: linearMaxIterations, GradientThreshold: 1e-6}
	res, err := optimize.Minimize(problem, m.w, settings, &optimize.LBFGS{})
	if err != nil && res == nil {
		return m, fmt.Errorf("ufmi: linear bound: logistic regression did not fit: %v", err)
	}
	// A step limit or a failed line search still leaves a model (a poorer
	// fit only lowers the bound); one with a non-finite weight is not used.
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return m, nil
		}
	}
	copy(m.w, res.X)
	return m, nil
}

// logisticLoss returns the summed log-loss of rows plus n·lambda/2 times
// the squared coefficients, and, when grad is not nil, writes its gradient.
func logisticLoss(d linearDesign, y []int, rows []int, lambda float64, m logisticModel, prob, grad []float64) float64 {
	p, n := d.p, float64(len(rows))
	if grad != nil {
		clear(grad)
	}
	loss := 0.0
	for _, i := range rows {
		m.probs(d, i, prob)
		loss -= math.Log(max(prob[y[i]], 1e-300))
		if grad == nil {
			continue
		}
		z := d.z[i*p : (i+1)*p]
		for c := range m.k {
			r := prob[c]
			if c == y[i] {
				r--
			}
			gc := grad[c*(p+1) : (c+1)*(p+1)]
			for j, v := range z {
				gc[j] += r * v
			}
			gc[p] += r
		}
	}
	for c := range m.k {
		wc := m.w[c*(p+1) : c*(p+1)+p]
		for j, v := range wc {
			loss += n * lambda / 2 * v * v
			if grad != nil {
				grad[c*(p+1)+j] += n * lambda * v
			}
		}
	}
	return loss
}

// choosePenalty returns the penalty of linearPenalties whose fit on one
// half of rows predicts the other half best (summed over both ways); with
// fewer than linearMinChoice rows, the middle one.
func choosePenalty(d linearDesign, y []int, k int, rows []int) (float64, error) {
	if len(rows) < linearMinChoice {
		return linearPenalties[len(linearPenalties)/2], nil
	}
	half := [2][]int{}
	for p, i := range rows {
		half[p%2] = append(half[p%2], i)
	}
	best, bestLoss := linearPenalties[0], math.Inf(1)
	var starts [2][]float64
	prob := make([]float64, k)
	for _, lambda := range linearPenalties {
		loss := 0.0
		for h := range 2 {
			m, err := fitLogistic(d, y, k, half[h], lambda, starts[h])
			if err != nil {
				return 0, err
			}
			starts[h] = m.w
			loss += logisticLoss(d, y, half[1-h], 0, m, prob, nil)
		}
		if loss < bestLoss {
			best, bestLoss = lambda, loss
		}
	}
	return best, nil
}

// linearBoundTerms returns the linear bound's terms ψ_i = log q_i(y_i) -
// log p̂(y_i), one per row (as outOfSample.boundTerms), q_i from the
// logistic regression of the folds without row i; nil when the design
// matrix would exceed linearMaxCells. Folds are drawn from rt.Seed's
// stream; they fit in parallel, the result independent of rt.Workers.
func linearBoundTerms(x *Features, y []int, k int, rt Runtime) ([]float64, error) {
	n := x.n
	if n < 2 {
		return nil, fmt.Errorf("ufmi: linear bound needs at least 2 rows, got %d", n)
	}
	folds := min(linearFolds, n)
	d, ok := newLinearDesign(x)
	if !ok {
		return nil, nil
	}
	fold := make([]int, n)
	for p, i := range seeds.Stream(rt.Seed, seeds.Fold, 0).Perm(n) {
		fold[i] = p % folds
	}
	counts := make([]int, k)
	for _, c := range y {
		counts[c]++
	}
	psi := make([]float64, n)
	err := pool.ForEach(folds, rt.Workers, nil, func(_, f int) error {
		var train, test []int
		for i := range n {
			if fold[i] == f {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		lambda, err := choosePenalty(d, y, k, train)
		if err != nil {
			return err
		}
		m, err := fitLogistic(d, y, k, train, lambda, nil)
		if err != nil {
			return err
		}
		prob := make([]float64, k)
		for _, i := range test {
			m.probs(d, i, prob)
			c := y[i]
			pseudo := otherRowsFrequency(counts[c], n, k, true)
			q := (1-linearMix)*prob[c] + linearMix*pseudo
			psi[i] = math.Log(q) - math.Log(float64(counts[c])/float64(n))
		}
		return nil
	})
	return psi, err
}
