package ufmi

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// CalibratedConfig configures a k-fold cross-validated calibration ensemble,
// as scikit-learn's CalibratedClassifierCV with ensemble=True: for each fold
// a random forest is fitted on the other folds and calibrated one-vs-rest on
// the held-out fold; predictions average the calibrated members. Zero
// values are the defaults (defaults.go).
type CalibratedConfig struct {
	// Method is the calibration: MethodSigRF, Platt scaling (a logistic
	// curve fitted to the held-out posteriors of each class; the default,
	// ""), or MethodIRF, isotonic regression (a monotone step function
	// fitted by pool-adjacent-violators); other values are an error.
	Method Method
	Folds  int          // 2..n (0: 5, the paper's)
	Forest ForestConfig // each member; Trees 0 means 60 (defaultFoldTrees)
}

// CalibratedForest is a fitted SigRF or IRF.
type CalibratedForest struct {
	k       int
	members []calibratedMember
}

type calibratedMember struct {
	forest *Forest
	// maps[c] calibrates the forest's class-c posterior; for two classes
	// only class 1 is calibrated and class 0 is its complement.
	maps []func(float64) float64
}

// FitCalibrated fits a SigRF or IRF on class codes y, run by rt: the folds
// come from the stream (rt.Seed, fold, 0), fold i's forest is fitted with
// the seed Derive(rt.Seed, fold-model, i), and rt.Progress counts the folds.
func FitCalibrated(x *Features, y []int, cfg CalibratedConfig, rt Runtime) (*CalibratedForest, error) {
	return fitCalibrated(x, y, cfg, rt, true)
}

// fitCalibrated is FitCalibrated; whole is false for a part of checked
// labels (sample splitting's training part), which may lack classes.
func fitCalibrated(x *Features, y []int, cfg CalibratedConfig, rt Runtime, whole bool) (*CalibratedForest, error) {
	cfg.Method = Method(strings.ToLower(string(cfg.Method))) // as ParseMethod reads names
	if cfg.Method != "" && cfg.Method != MethodSigRF && cfg.Method != MethodIRF {
		return nil, fmt.Errorf("ufmi: calibration method %q: want %s (Platt scaling, the default) or %s (isotonic)", cfg.Method, MethodSigRF, MethodIRF)
	}
	fcfg := cfg.Forest
	var err error
	if fcfg.Trees, err = fcfg.check(defaultFoldTrees); err != nil {
		return nil, err
	}
	k, _, err := checkFit(x, y, rfTreeDefaults(fcfg.Tree), whole)
	if err != nil {
		return nil, err
	}
	folds := cfg.Folds
	if folds == 0 {
		folds = defaultCalibrationFolds
	}
	if folds < 2 {
		return nil, fmt.Errorf("ufmi: calibration folds %d must be at least 2 (0 means %d)", folds, defaultCalibrationFolds)
	}
	if x.n < folds {
		return nil, fmt.Errorf("ufmi: %d calibration folds need at least %d rows, one per fold; the data have %d: use fewer folds (CalibratedConfig.Folds) or more rows", folds, folds, x.n)
	}
	if err := checkCalibratedMemory(x, k, folds, fcfg, rt.Workers); err != nil {
		return nil, err
	}
	testFolds, err := classes.Folds(y, k, folds, rt.Seed)
	if err != nil {
		return nil, err
	}
	cf := &CalibratedForest{k: k, members: make([]calibratedMember, folds)}
	for fold, test := range testFolds {
		train := complementRows(test, x.n)
		ytrain := pick.At(y, train)
		if err := foldHoldsTwoClasses(y, ytrain, k, fold, folds); err != nil {
			return nil, err
		}
		forest, err := fitRF(x.SelectRows(train), ytrain, fcfg, rt.child(seeds.FoldModel, fold), false)
		if err != nil {
			return nil, fmt.Errorf("ufmi: calibration fold %d: %w", fold, err)
		}
		held, _ := forest.PredictProba(x.SelectRows(test), rt.Workers)
		for i := range held {
			held[i] = widen(held[i], k)
		}
		ytest := pick.At(y, test)
		m := calibratedMember{forest: forest, maps: make([]func(float64) float64, k)}
		for c := 0; c < k; c++ {
			if k == 2 && c == 0 {
				continue
			}
			scores := make([]float64, len(test))
			target := make([]float64, len(test))
			for i := range test {
				scores[i] = held[i][c]
				if ytest[i] == c {
					target[i] = 1
				}
			}
			if cfg.Method == MethodIRF {
				m.maps[c] = fitIsotonic(scores, target)
			} else {
				m.maps[c] = fitPlatt(scores, target)
			}
		}
		cf.members[fold] = m
		rt.report(fold+1, folds)
	}
	return cf, nil
}

// foldHoldsTwoClasses returns an error naming why fold's training part,
// labels ytrain of all labels y (k classes, folds folds), cannot be fitted:
// it holds a single class, the other classes' rows all falling in the
// held-out fold (a class of one or two rows among 10 folds, say).
func foldHoldsTwoClasses(y, ytrain []int, k, fold, folds int) error {
	if _, err := classes.CheckWithin(ytrain, k); err == nil {
		return nil
	}
	all, train := classes.Counts(y, nil, k), classes.Counts(ytrain, nil, k)
	var gone []string
	for c := range all {
		if all[c] > 0 && train[c] == 0 {
			gone = append(gone, fmt.Sprintf("class %d (%s)", c, plural.Count(all[c], "row")))
		}
	}
	return fmt.Errorf("ufmi: calibration fold %d of %d: its training part holds a single class, every row of %s falling in the held-out fold; use fewer folds (CalibratedConfig.Folds) or more rows of the rare classes",
		fold, folds, strings.Join(gone, ", "))
}

// checkCalibratedMemory checks that the folds' forests fit in memory
// together (each grown on the largest training part), before any is grown.
// Settings FitRF rejects are left for it to report.
func checkCalibratedMemory(x *Features, k, folds int, fcfg ForestConfig, workers int) error {
	nTrain := x.n - x.n/folds
	draws, err := fcfg.sampleSize(nTrain)
	if err != nil || fcfg.Trees < 1 {
		return nil
	}
	s := forestSize{n: nTrain, d: x.d, k: k, trees: fcfg.Trees, sampleRows: draws,
		workers: min(pool.Workers(workers), fcfg.Trees)}
	if params, err := fcfg.Tree.Resolve(x.d); err == nil {
		s.splitBytes = params.SplitBytes()
	}
	return s.checkMany(folds, fmt.Sprintf("fitting %d calibration folds of %d trees on %d rows", folds, fcfg.Trees, x.n))
}

// Classes is the number of classes K.
func (cf *CalibratedForest) Classes() int {
	if cf == nil {
		return 0
	}
	return cf.k
}

// PredictProba returns the calibrated posteriors of every row of x.
func (cf *CalibratedForest) PredictProba(x *Features, workers int) ([][]float64, error) {
	if cf == nil || len(cf.members) == 0 {
		return nil, fmt.Errorf("ufmi: the calibrated forest was never fitted (FitCalibrated makes one)")
	}
	if _, err := cf.members[0].forest.checkInput(x); err != nil {
		return nil, err
	}
	out := make([][]float64, x.Rows())
	for i := range out {
		out[i] = make([]float64, cf.k)
	}
	for _, m := range cf.members {
		raw, err := m.forest.PredictProba(x, workers)
		if err != nil {
			return nil, err
		}
		for i, p := range raw {
			cal := m.calibrate(widen(p, cf.k))
			for c := range cal {
				out[i][c] += cal[c] / float64(len(cf.members))
			}
		}
	}
	return out, nil
}

// widen returns posterior p over k classes: a fold's forest knows only the
// classes up to the largest code of its training part, and the classes
// beyond get probability 0.
func widen(p []float64, k int) []float64 {
	if len(p) >= k {
		return p
	}
	out := make([]float64, k)
	copy(out, p)
	return out
}

// calibrate maps one raw posterior row through the member's calibrators and
// renormalises (a row that calibrates to all zeros becomes uniform).
func (m calibratedMember) calibrate(p []float64) []float64 {
	k := len(p)
	out := make([]float64, k)
	if k == 2 {
		out[1] = m.maps[1](p[1])
		out[0] = 1 - out[1]
		return out
	}
	sum := 0.0
	for c := range p {
		out[c] = m.maps[c](p[c])
		sum += out[c]
	}
	for c := range out {
		if sum > 0 {
			out[c] /= sum
		} else {
			out[c] = 1 / float64(k)
		}
	}
	return out
}

// fitPlatt fits P(target=1|s) = 1/(1+exp(a·s+b)) by Newton's method on the
// log loss, with Platt's smoothed targets (N₊+1)/(N₊+2) and 1/(N₋+2).
func fitPlatt(scores, target []float64) func(float64) float64 {
	pos := 0.0
	for _, t := range target {
		pos += t
	}
	neg := float64(len(target)) - pos
	hi, lo := (pos+1)/(pos+2), 1/(neg+2)
	t := make([]float64, len(target))
	for i, v := range target {
		if v == 1 {
			t[i] = hi
		} else {
			t[i] = lo
		}
	}
	a, b := 0.0, math.Log((neg+1)/(pos+1))
	loss := func(a, b float64) float64 {
		l := 0.0
		for i, s := range scores {
			z := a*s + b
			// -[t log p + (1-t) log(1-p)] with p = 1/(1+e^z)
			l += t[i]*softplus(z) + (1-t[i])*softplus(-z)
		}
		return l
	}
	cur := loss(a, b)
	for iter := 0; iter < 100; iter++ {
		var ga, gb, haa, hab, hbb float64
		for i, s := range scores {
			p := 1 / (1 + math.Exp(a*s+b))
			d := t[i] - p // derivative of the loss with respect to z
			ga += d * s
			gb += d
			w := p * (1 - p)
			haa += w * s * s
			hab += w * s
			hbb += w
		}
		haa += 1e-12
		hbb += 1e-12
		det := haa*hbb - hab*hab
		if det <= 0 {
			break
		}
		da := -(hbb*ga - hab*gb) / det
		db := -(haa*gb - hab*ga) / det
		step := 1.0
		for step > 1e-10 {
			if l := loss(a+step*da, b+step*db); l <= cur {
				a, b, cur = a+step*da, b+step*db, l
				break
			}
			step /= 2
		}
		if step <= 1e-10 || math.Abs(ga)+math.Abs(gb) < 1e-10 {
			break
		}
	}
	return func(s float64) float64 { return 1 / (1 + math.Exp(a*s+b)) }
}

// softplus is log(1+e^z), computed without overflow.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// fitIsotonic fits a non-decreasing step function to (score, target) by
// pool-adjacent-violators, averaging targets of equal scores first. The
// returned map interpolates linearly between fitted points and clips
// outside the observed score range, as scikit-learn does.
func fitIsotonic(scores, target []float64) func(float64) float64 {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if scores[a] < scores[b] {
			return -1
		}
		if scores[a] > scores[b] {
			return 1
		}
		return 0
	})
	// Blocks of pooled points: x value (for interpolation), mean, weight.
	var xs, means, weights []float64
	for p := 0; p < len(idx); {
		q := p
		sum := 0.0
		for q < len(idx) && scores[idx[q]] == scores[idx[p]] {
			sum += target[idx[q]]
			q++
		}
		xs = append(xs, scores[idx[p]])
		means = append(means, sum/float64(q-p))
		weights = append(weights, float64(q-p))
		p = q
	}
	fitted := pav(means, weights)
	return func(s float64) float64 { return interpolate(xs, fitted, s) }
}

// pav returns the weighted isotonic (non-decreasing) regression of y.
func pav(y, w []float64) []float64 {
	type block struct {
		mean, weight float64
		count        int
	}
	var stack []block
	for i := range y {
		b := block{y[i], w[i], 1}
		for len(stack) > 0 && stack[len(stack)-1].mean >= b.mean {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			tw := top.weight + b.weight
			b = block{(top.mean*top.weight + b.mean*b.weight) / tw, tw, top.count + b.count}
		}
		stack = append(stack, b)
	}
	out := make([]float64, 0, len(y))
	for _, b := range stack {
		for range b.count {
			out = append(out, b.mean)
		}
	}
	return out
}

// interpolate evaluates the piecewise-linear function through (xs, ys) at
// s, clipping to the end values outside [xs[0], xs[last]].
func interpolate(xs, ys []float64, s float64) float64 {
	if s <= xs[0] {
		return ys[0]
	}
	last := len(xs) - 1
	if s >= xs[last] {
		return ys[last]
	}
	j, _ := slices.BinarySearch(xs, s)
	if xs[j] == s {
		return ys[j]
	}
	t := (s - xs[j-1]) / (xs[j] - xs[j-1])
	return ys[j-1] + t*(ys[j]-ys[j-1])
}

// complementRows lists the rows of 0..n-1 not in rows (which must be sorted).
func complementRows(rows []int, n int) []int {
	out := make([]int, 0, n-len(rows))
	j := 0
	for i := 0; i < n; i++ {
		if j < len(rows) && rows[j] == i {
			j++
			continue
		}
		out = append(out, i)
	}
	return out
}
