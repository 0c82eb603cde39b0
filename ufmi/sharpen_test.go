package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// At exponent 1 the sharpened log-probability is the posterior's own.
func TestSharpenedLogProbAtOneIsThePosterior(t *testing.T) {
	q, prior := []float64{0.5, 0.3, 0.2, 0}, []float64{0.25, 0.25, 0.5, 0}
	r := make([]float64, len(q))
	for c := range q {
		r[c] = math.Log(q[c] / prior[c]) // NaN for the class of frequency 0
	}
	for y := 0; y < 3; y++ {
		if got, want := sharpenedLogProb(r, prior, y, 1), math.Log(q[y]); math.Abs(got-want) > 1e-12 {
			t.Errorf("class %d: sharpened at 1 %v, log q %v", y, got, want)
		}
	}
	// At exponent 3 it is log of q^3 π^-2 normalised.
	z := 0.0
	for c := 0; c < 3; c++ {
		z += math.Pow(q[c], 3) / math.Pow(prior[c], 2)
	}
	if got, want := sharpenedLogProb(r, prior, 0, 3), math.Log(math.Pow(q[0], 3)/math.Pow(prior[0], 2)/z); math.Abs(got-want) > 1e-12 {
		t.Errorf("sharpened at 3 %v, want %v", got, want)
	}
}

// sharpeningRows draws n rows of k classes whose true posterior has
// log-ratios to the prior s·g (g standard normal per class), labels drawn
// from it, and returns the log-ratios of the posterior flattened to
// exponent 1/flat (log-ratios divided by flat, renormalised).
func sharpeningRows(n, k int, flat float64, seed uint64) (r []float64, y []int, prior []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	prior = make([]float64, k)
	for c := range prior {
		prior[c] = 1 / float64(k)
	}
	r, y = make([]float64, n*k), make([]int, n)
	p := make([]float64, k)
	for i := range y {
		for c := range p {
			r[i*k+c] = 2 * rng.NormFloat64()
		}
		z := logNormalizer(r[i*k:i*k+k], prior, 1)
		u := rng.Float64()
		for c := range p {
			p[c] = prior[c] * math.Exp(r[i*k+c]-z)
			if u -= p[c]; u < 0 && y[i] == 0 {
				y[i] = c
				u = math.Inf(1)
			}
		}
		zf := logNormalizer(r[i*k:i*k+k], prior, 1/flat)
		for c := range p {
			r[i*k+c] = r[i*k+c]/flat - zf
		}
	}
	return r, y, prior
}

// The fitted exponent undoes a known flattening, and is 1 for calibrated
// posteriors.
func TestFitSharpeningUndoesFlattening(t *testing.T) {
	const n, k = 4000, 4
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	for _, flat := range []float64{1, 2.5} {
		r, y, prior := sharpeningRows(n, k, flat, 7)
		a := fitSharpening(r, k, rows, y, prior)
		if math.Abs(a-flat) > 0.15*flat {
			t.Errorf("posteriors flattened to exponent 1/%v: fitted %v", flat, a)
		}
	}
	// Over-confident posteriors (exponent 2) are left as they are: the
	// exponent never goes below 1.
	r, y, prior := sharpeningRows(n, k, 0.5, 8)
	if a := fitSharpening(r, k, rows, y, prior); a != 1 {
		t.Errorf("over-confident posteriors: fitted %v, want 1", a)
	}
}

// The shared passes of foldExponents find each fold's exponent as
// fitSharpening does on the other folds' rows alone.
func TestFoldExponentsFitTheOtherFolds(t *testing.T) {
	const n, k = 3000, 4
	r, y, prior := sharpeningRows(n, k, 2, 9)
	scored := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if i%7 != 3 { // rows without out-of-sample trees are left out
			scored = append(scored, i)
		}
	}
	for _, folds := range []int{2, 3, sharpeningFolds} {
		got := foldExponents(r, k, scored, y, prior, folds)
		for f, a := range got {
			var rest []int
			for _, i := range scored {
				if i%folds != f {
					rest = append(rest, i)
				}
			}
			if want := fitSharpening(r, k, rest, y, prior); math.Abs(a-want) > 1e-3 || a < 1.5 {
				t.Errorf("%d folds, fold %d: exponent %v, fitted on the other folds alone %v", folds, f, a, want)
			}
		}
	}
}

// Where the posteriors are nearly certain and the few misclassified rows
// fall in one half of the rows, an exponent fitted on the other half sees
// no error and grows until its slope vanishes in floating point (about
// 18), and those rows' log-loss explodes (halves: 0.156 nats, above the
// unsharpened posteriors' 0.114, where the best exponent gives 0.026);
// fitted on four fifths of the rows, every fold's exponent sees most of
// the errors.
func TestSharpeningFoldsSeeTheRareErrors(t *testing.T) {
	const n, k = 1000, 2
	prior := []float64{0.5, 0.5}
	sums, trees, y := make([]float64, n*k), make([]int32, n), make([]int, n)
	for i := range y {
		y[i] = i % 2
		right := 0.9
		if i == 0 || i == 2 || i == 4 || i == 6 { // four errors, all in the even half
			right = 0.1
		}
		trees[i] = 100
		sums[i*k+y[i]] = 100*right + 0.5*(right-1) // (sums + prior)/(trees + 1) = right
		sums[i*k+1-y[i]] = 100*(1-right) - 0.5*right
	}
	loss := func(folds int) float64 {
		mean := 0.0
		for _, v := range sharpenedLogProbs(sums, trees, y, k, prior, folds) {
			mean -= v / n
		}
		return mean
	}
	// The best single exponent for these rows: 9^a = 996/4.
	best := math.Log(996.0/4) / math.Log(9)
	oracle := (996*math.Log1p(math.Pow(9, -best)) + 4*math.Log1p(math.Pow(9, best))) / n
	halves, folds := loss(2), loss(sharpeningFolds)
	t.Logf("mean sharpened log-loss: %d folds %.4f, halves %.4f, best exponent %.4f, unsharpened %.4f",
		sharpeningFolds, folds, halves, oracle, (996*math.Log(1/0.9)+4*math.Log(10))/n)
	if folds > oracle+0.01 {
		t.Errorf("%d folds: sharpened log-loss %.4f, want within 0.01 of the best exponent's %.4f", sharpeningFolds, folds, oracle)
	}
	if halves < 0.12 {
		t.Errorf("halves: sharpened log-loss %.4f; the rows no longer show the halves' failure", halves)
	}
}

// Sharpening raises the estimate where the forest's averaged posteriors
// are flat (ten overlapping Gaussian classes in 6 dimensions, whose exact
// I(X;Y) a Monte Carlo sample of their exact posteriors gives to about
// 0.003), towards the truth and not past it, and leaves it where there is
// nothing to find (labels independent of x).
func TestSharpenRaisesFlatPosteriorsOnly(t *testing.T) {
	t.Parallel()
	const n, d, k, sd = 1500, 6, 10, 1.2
	rng := rand.New(rand.NewPCG(21, 2))
	centres := make([][]float64, k)
	for c := range centres {
		centres[c] = make([]float64, d)
		for j := range centres[c] {
			centres[c][j] = 2 * rng.NormFloat64()
		}
	}
	draw := func(c int) []float64 {
		row := make([]float64, d)
		for j := range row {
			row[j] = centres[c][j] + sd*rng.NormFloat64()
		}
		return row
	}
	// log p(c|x) with equal priors and a common isotropic covariance.
	logPosterior := func(row []float64, c int) float64 {
		logits := make([]float64, k)
		for m := range logits {
			for j, v := range row {
				logits[m] -= (v - centres[m][j]) * (v - centres[m][j]) / (2 * sd * sd)
			}
		}
		top := math.Inf(-1)
		for _, v := range logits {
			top = max(top, v)
		}
		z := 0.0
		for _, v := range logits {
			z += math.Exp(v - top)
		}
		return logits[c] - top - math.Log(z)
	}
	const mc = 100000
	condEntropy := 0.0
	for i := 0; i < mc; i++ {
		condEntropy -= logPosterior(draw(i%k), i%k) / mc
	}
	truth := math.Log(k) - condEntropy
	rows, y, shuffled := make([][]float64, n), make([]int, n), make([]int, n)
	for i := range rows {
		y[i] = i % k
		rows[i] = draw(y[i])
	}
	copy(shuffled, y)
	rng.Shuffle(n, func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	estimate := func(labels []int, sharpen bool) float64 {
		uf := DefaultUF()
		uf.NoSharpening = !sharpen
		est, err := EstimateMI(x, labels, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 4}})
		if err != nil {
			t.Fatal(err)
		}
		return est.MI
	}
	plain, sharp := estimate(y, false), estimate(y, true)
	t.Logf("overlapping classes, I = %.4f: one-step %.4f, sharpened %.4f", truth, plain, sharp)
	if !(sharp > plain+0.03 && sharp <= truth+0.02) {
		t.Errorf("overlapping classes: sharpened %.4f, one-step %.4f, truth %.4f: want 0.03 above the one-step, not above the truth", sharp, plain, truth)
	}
	plain, sharp = estimate(shuffled, false), estimate(shuffled, true)
	t.Logf("independent labels, I = 0: one-step %.4f, sharpened %.4f", plain, sharp)
	if math.Abs(sharp-plain) > 0.005 || math.Abs(sharp) > 0.03 {
		t.Errorf("independent labels: sharpened %.4f, one-step %.4f: want within 0.005 of each other and 0.03 of 0", sharp, plain)
	}
}

// BenchmarkSharpening is the cost of fitting and applying the exponents
// for 10,000 rows of 10 classes (each interval adds one per tree group), in
// the default's folds and in halves (UFConfig.SharpenOnHalves).
func BenchmarkSharpening(b *testing.B) {
	const n, k = 10000, 10
	r, y, prior := sharpeningRows(n, k, 2, 3)
	sums, trees := make([]float64, n*k), make([]int32, n)
	for i := range trees {
		trees[i] = 150
		z := logNormalizer(r[i*k:i*k+k], prior, 1)
		for c := 0; c < k; c++ {
			sums[i*k+c] = 151*prior[c]*math.Exp(r[i*k+c]-z) - prior[c]
		}
	}
	for _, folds := range []int{sharpeningFolds, 2} {
		b.Run(fmt.Sprintf("folds=%d", folds), func(b *testing.B) {
			for b.Loop() {
				sharpenedLogProbs(sums, trees, y, k, prior, folds)
			}
		})
	}
}
