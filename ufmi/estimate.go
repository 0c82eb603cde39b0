package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/knn"
)

// Method names an estimator of H(Y|X) and I(X;Y).
type Method string

// The estimators. Forest methods estimate H(Y|X) from posteriors; the kNN
// methods estimate I(X;Y) directly (H(Y|X) is then H(Y) - I).
const (
	MethodUF       Method = "uf"        // honest Uncertainty Forest
	MethodRFSplit  Method = "rf-split"  // random forest, sample splitting
	MethodRFOOB    Method = "rf-oob"    // random forest, out-of-bag
	MethodSigRF    Method = "sigrf"     // Platt-calibrated forest, sample splitting
	MethodIRF      Method = "irf"       // isotonic-calibrated forest, sample splitting
	MethodKSG      Method = "ksg"       // Kraskov-Stögbauer-Grassberger
	MethodMixedKSG Method = "mixed-ksg" // Gao et al.'s mixed KSG
	MethodRoss     Method = "ross"      // Ross's kNN estimator for discrete Y
)

// methods lists every estimator, in the order tables show them.
var methods = []Method{MethodUF, MethodRFSplit, MethodRFOOB, MethodSigRF, MethodIRF, MethodKSG, MethodMixedKSG, MethodRoss}

// ParseMethod reads a method name such as "uf" or "rf-oob".
func ParseMethod(s string) (Method, error) {
	for _, m := range methods {
		if string(m) == strings.ToLower(s) {
			return m, nil
		}
	}
	names := make([]string, len(methods))
	for i, m := range methods {
		names[i] = string(m)
	}
	return "", fmt.Errorf("ufmi: unknown method %q (want one of %s)", s, strings.Join(names, ", "))
}

// KNN reports whether m is a kNN estimator (ksg, mixed-ksg, ross): it
// estimates I(X;Y) directly from neighbours, without a forest, with the
// settings EstimatorConfig.KNN.
func (m Method) KNN() bool {
	return m == MethodKSG || m == MethodMixedKSG || m == MethodRoss
}

// EstimatorConfig configures EstimateMI. Zero values are the defaults
// (defaults.go), field by field. The runtime (seed, workers, progress) is
// held once, here, and applies to every method: the nested UF, Forest and
// KNN configurations hold hyper-parameters only.
type EstimatorConfig struct {
	Method Method // default MethodUF; unknown names are an error
	// UF configures MethodUF; each zero field is DefaultUF's (UFConfig{}
	// is DefaultUF()). An invalid value is an error.
	UF UFConfig
	// Forest configures RF (DefaultTrees trees by default) and the members
	// of SigRF/IRF (60 trees per fold by default,
	// 5 folds).
	Forest  ForestConfig
	HeldOut float64    // sample splitting: held-out share of the rows in (0, 1) (0: 0.3, the paper's)
	KNN     knn.Config // for the kNN methods
	// Unlabeled rows, when given, join the training rows in the average of
	// posterior entropies (UF, forest level only).
	Unlabeled *Features
	// Confidence, when in (0, 1), adds a confidence interval at that level
	// (e.g. 0.95) to the estimate: Estimate.CI, CMIEstimate.CI (see
	// Interval). 0 means none. Methods uf and rf-oob only.
	Confidence float64
	// LowerBound, with Confidence, makes EstimateMI add the certified
	// lower bound (Estimate.LowerBound), whose limit has the one-sided
	// level Confidence (at least 0.5). Off by default because with a screened UF (the
	// default) it grows a second forest whose screening is cross-fitted,
	// about the cost of a second estimate; without screening it is free.
	LowerBound bool
	// ManyClasses accepts labels that look continuous: at least 50
	// classes with fewer than 5 rows per class on average (k >= 50 and
	// k > n/5). Without it such labels are an error ("y looks
	// continuous"): a regression target read as classes, one per distinct
	// value, whose MI with a class label is rarely what was meant and whose
	// forests need memory growing with n × k (checked before they grow).
	// With so few rows per class the UF's one-step may be far off either
	// way (docs/inference.md, "Many classes, few rows per class"). It also
	// accepts, for the UF's one-step estimate, 50 or more classes with
	// fewer than 100 rows per class, an error without it: there the
	// estimate was measured 0.15 to 0.68 nats off, either way
	// (classes.CheckOneStepCount).
	ManyClasses bool
	// Runtime runs the estimate: the forests' seeds (the split's and kNN
	// jitter's too), the goroutines and the progress of the trees (the
	// folds for SigRF and IRF).
	Runtime
}

// Estimate is one estimate of entropies and mutual information, in nats.
type Estimate struct {
	Method    Method
	HY        float64 // plug-in H(Y) of all labels
	HYGivenX  float64
	MI        float64 // HY - HYGivenX; raw, may be negative
	N         int     // labelled rows
	Classes   int
	Evaluated int      // rows whose posterior entered H(Y|X)
	Excluded  []int    // rows left out (out-of-bag: never out of bag)
	CI        Interval // confidence interval for MI when EstimatorConfig.Confidence > 0
	// LowerBound is a lower bound on I(X;Y) that holds whatever the model,
	// computed when asked for (EstimatorConfig.LowerBound and Confidence;
	// methods uf and rf-oob): H(Y) minus the mean log-loss of the rows'
	// out-of-sample posteriors, each scored on a row whose label did not
	// shape it (docs/inference.md, "A lower bound").
	//
	// LinearBound is the same bound from a cross-fitted ridge multinomial
	// logistic regression instead of the forest, computed with LowerBound:
	// it sees information spread over many weak numeric features, which
	// axis-aligned trees under-report, so an interval lying below its Low
	// is biased low (docs/inference.md, "The linear bound"). Not computed
	// (Level 0) when its design matrix would exceed 25 million cells
	// (rows × standardised and indicator columns).
	LowerBound, LinearBound struct {
		// Level is the one-sided confidence level of Low, the interval's;
		// 0 when no bound was computed.
		Level float64
		// Value is the bound's estimate, plug-in H(Y) minus the
		// cross-fitted log-loss: its expectation is at most I(X;Y). It
		// never exceeds HY, and is negative where the posteriors predict
		// worse than the class frequencies.
		Value float64
		SE    float64 // its standard error, sd/√n of the rows' terms
		// Low is Value - z·SE with z = Φ⁻¹(level) (1.645 at 0.95): I(X;Y)
		// >= Low with probability about Level or more. This is the
		// certified number.
		Low float64
	}
	Duration time.Duration // wall time of the estimate
	// Notes say where the estimate is measured to be unreliable for these
	// data (FewRowsPerClassNote: many classes, few rows per class), as the
	// command line's notes do; nil when there is nothing to say.
	Notes []string
	parts *intervalParts
}

// BelowLinearBound reports whether the estimate's interval lies entirely
// below the linear bound's certified limit (LinearBound.Low): then the
// estimate is biased low, typically an axis-aligned partition missing
// information spread over many features. False when no linear bound was
// computed.
func (e Estimate) BelowLinearBound() bool {
	return e.LinearBound.Level > 0 && e.CI.High < e.LinearBound.Low
}

// EstimateMI estimates H(Y), H(Y|X) and I(X;Y) from features x and class
// codes y with the configured method.
// With MethodUF the forest is never held: its trees stream through the
// estimate one at a time (memory O(n × classes) beyond the data and the
// trees in flight), with the result of FitUF + HonestConditionalEntropy.
func EstimateMI(x *Features, y []int, cfg EstimatorConfig) (Estimate, error) {
	est, err := estimateMI(x, y, cfg, cfg.LowerBound)
	if err == nil {
		est.Notes = notesOf(cfg.FewRowsPerClassNote(est.Classes, est.N))
	}
	return est, err
}

// estimateMI is EstimateMI; without withBound no lower bound is computed
// (the fits of a conditional MI, a subset table or a permutation test,
// which report none).
func estimateMI(x *Features, y []int, cfg EstimatorConfig, withBound bool) (Estimate, error) {
	start := time.Now()
	k, err := checkTrainingData(x, y)
	if err != nil {
		return Estimate{}, err
	}
	if err := cfg.checkClassCount(k, x.n); err != nil {
		return Estimate{}, err
	}
	if cfg.Method == "" {
		cfg.Method = MethodUF
	}
	if cfg.Method, err = ParseMethod(string(cfg.Method)); err != nil {
		return Estimate{}, err
	}
	if err := cfg.checkOneStepClassCount(k, x.n); err != nil {
		return Estimate{}, err
	}
	if cfg.Unlabeled != nil && cfg.Method != MethodUF {
		return Estimate{}, fmt.Errorf("ufmi: unlabeled rows are only used by the uf method, not %s", cfg.Method)
	}
	if err := cfg.checkUnusedSettings(); err != nil {
		return Estimate{}, err
	}
	if err := checkConfidence(cfg); err != nil {
		return Estimate{}, err
	}
	hy, _ := LabelEntropy(y)
	est := Estimate{Method: cfg.Method, HY: hy, N: x.n, Classes: k}
	switch cfg.Method {
	case MethodUF:
		err = est.fromUF(x, y, cfg, withBound)
	case MethodRFOOB:
		err = est.fromOOB(x, y, cfg)
	case MethodRFSplit, MethodSigRF, MethodIRF:
		err = est.fromHeldOut(x, y, k, cfg)
	default:
		err = est.fromKNN(x, y, cfg)
	}
	if err != nil {
		return Estimate{}, err
	}
	if est.parts != nil {
		se, err := est.parts.errors()
		if err != nil {
			return Estimate{}, err
		}
		est.CI = se.at(est.MI, cfg.Confidence)
		if withBound {
			est.LowerBound = newBound(est.parts.bound, y, k, cfg.Confidence)
			terms, err := linearBoundTerms(x, y, k, cfg.Runtime.child(seeds.Bound, linearBoundPart))
			if err != nil {
				return Estimate{}, err
			}
			if terms != nil {
				est.LinearBound = newBound(terms, y, k, cfg.Confidence)
			}
		}
	}
	est.Duration = time.Since(start)
	return est, nil
}

// fromUF estimates with a UF; withBound (and an interval asked for) adds
// the lower bound's terms, from a cross-fitted forest of their own when uf
// screens features (crossFittedBound).
func (e *Estimate) fromUF(x *Features, y []int, cfg EstimatorConfig, withBound bool) error {
	// The forest itself is not wanted: stream its trees (bounded memory,
	// the same result as FitUF + HonestConditionalEntropy).
	uf, err := cfg.UF.resolved()
	if err != nil {
		return err
	}
	candidates := leafCandidates(uf, x.d, cfg.Unlabeled != nil)
	crossFit := cfg.Confidence > 0 && withBound && !uf.NoScreening
	rt, boundSteps := cfg.Runtime, 0
	if crossFit {
		boundSteps = crossFittedSteps(uf)
	}
	// Each candidate's forest in turn (three on one feature, else one);
	// the one whose rows' out-of-sample log-loss is lowest is the estimate.
	steps := uf.PilotTrees + uf.Trees + uf.LabelDraws
	bestScore, chosen := math.Inf(-1), false
	for c, cand := range candidates {
		var iv *intervalSum
		if cfg.Confidence > 0 || len(candidates) > 1 {
			if iv, err = newIntervalSum(y, e.Classes, cand.Trees, false, cand.TreeLevelEntropy); err != nil {
				return err
			}
		}
		h, err := streamHonestEntropy(x, y, cand, rt.stage(c*steps, (len(candidates)-1-c)*steps+boundSteps), cfg.Unlabeled, iv)
		if err != nil {
			return err
		}
		var parts *intervalParts
		score := 0.0
		if iv != nil {
			parts = iv.parts(e.HY)
			score = parts.meanPhi // H(Y) less the out-of-sample log-loss
		}
		if math.IsNaN(score) {
			// No row out of sample in any tree (a few rows): no score,
			// and the first candidate stands unless another has one.
			score = math.Inf(-1)
		}
		if chosen && !(score > bestScore) {
			continue
		}
		chosen, bestScore, uf, e.HYGivenX = true, score, cand, h
		if cfg.Confidence > 0 {
			e.parts = parts
		}
	}
	h := e.HYGivenX
	if crossFit {
		if e.parts.bound, err = crossFittedBound(x, y, e.Classes, uf, rt.stage(len(candidates)*steps, 0)); err != nil {
			return err
		}
	}
	e.HYGivenX, e.MI, e.Evaluated = h, e.HY-h, x.n
	if cfg.Unlabeled != nil {
		e.Evaluated += cfg.Unlabeled.n
	}
	return nil
}

// leafCandidates lists the configurations fromUF fits for resolved uf on
// d features: uf alone, or where it selects its leaves
// (UFConfig.SelectsLeaves) and no unlabeled rows join, uf with leaves of
// Tree.MinSamplesLeaf, twice and four times as many rows
// (docs/inference.md, "Leaves chosen by the log-loss").
func leafCandidates(uf UFConfig, d int, unlabeled bool) []UFConfig {
	if !uf.SelectsLeaves(d) || unlabeled {
		return []UFConfig{uf}
	}
	out := make([]UFConfig, 0, len(selectedLeafFactors))
	for _, f := range selectedLeafFactors {
		c := uf
		c.Tree.MinSamplesLeaf = f * uf.Tree.MinSamplesLeaf
		out = append(out, c)
	}
	return out
}

// meanEvaluated is the mean of the rows' terms phi, NaN where a row was
// not evaluated; -Inf when none was.
func meanEvaluated(phi []float64) float64 {
	sum, n := 0.0, 0
	for _, v := range phi {
		if !math.IsNaN(v) {
			sum, n = sum+v, n+1
		}
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return sum / float64(n)
}

// selectedLeafFactors are the multiples of Tree.MinSamplesLeaf a one-step
// estimate on one feature chooses among (UFConfig.NoLeafSelection).
var selectedLeafFactors = []int{1, 2, 4}

// checkClassCount refuses labels that look continuous unless
// cfg.ManyClasses accepts them (classes.CheckCount).
func (cfg EstimatorConfig) checkClassCount(k, n int) error {
	if cfg.ManyClasses {
		return nil
	}
	return classes.CheckCount(k, n, "y", "set EstimatorConfig.ManyClasses")
}

// checkOneStepClassCount refuses, unless cfg.ManyClasses accepts them, as
// many classes with as few rows per class as leave a UF's one-step estimate
// (cfg's method, parsed) far off either way (classes.CheckOneStepCount).
func (cfg EstimatorConfig) checkOneStepClassCount(k, n int) error {
	if cfg.ManyClasses || !cfg.OneStepUF() {
		return nil
	}
	return classes.CheckOneStepCount(k, n, "y", "set EstimatorConfig.ManyClasses")
}

// checkConfidence validates an interval request: a level of 0 (none) or in
// (0, 1), at least 0.5 with a lower bound, for the uf or rf-oob method,
// without unlabeled rows.
func checkConfidence(cfg EstimatorConfig) error {
	level := cfg.Confidence
	switch {
	case level == 0 && cfg.LowerBound:
		return fmt.Errorf("ufmi: a lower bound (LowerBound) needs a Confidence level in (0, 1) for its one-sided limit")
	case level == 0:
		return nil
	case !(level > 0 && level < 1):
		return fmt.Errorf("ufmi: confidence level %v must be in (0, 1), or 0 for no interval", level)
	case cfg.LowerBound && level < 0.5:
		return fmt.Errorf("ufmi: a lower bound's level %v must be at least 0.5: below it the one-sided limit lies above the bound itself", level)
	case cfg.Method != MethodUF && cfg.Method != MethodRFOOB && cfg.LowerBound:
		return fmt.Errorf("ufmi: lower bounds (and confidence intervals) are available for the uf and rf-oob methods, not %s", cfg.Method)
	case cfg.Method != MethodUF && cfg.Method != MethodRFOOB:
		return fmt.Errorf("ufmi: confidence intervals are available for the uf and rf-oob methods, not %s", cfg.Method)
	case cfg.Unlabeled != nil:
		return fmt.Errorf("ufmi: confidence intervals do not support unlabeled rows")
	}
	return nil
}

// resolveUF returns the UF configuration EstimateMI's uf method fits with
// for cfg, for a sharded run (ufmi/sharded): cfg.UF checked, with every
// default filled in (the runtime is cfg.Runtime). Label draws are refused:
// they need every tree's leaves after the pass, which no shard holds.
func resolveUF(cfg EstimatorConfig) (UFConfig, error) {
	if cfg.UF.LabelDraws != 0 {
		return UFConfig{}, errShardedLabelDraws
	}
	return cfg.UF.resolved()
}

// errShardedLabelDraws refuses label draws in sharded runs.
var errShardedLabelDraws = fmt.Errorf("ufmi: label draws (UFConfig.LabelDraws, the preset \"label-draws\") are not supported in a sharded run (its tree blocks do not keep every tree's leaves, which the draws need after the pass); run the estimate unsharded or without them")

func (e *Estimate) fromOOB(x *Features, y []int, cfg EstimatorConfig) error {
	if x.n < minOOBRows {
		return fmt.Errorf("ufmi: rf-oob with %s: a row's out-of-bag trees grow on the other rows alone, and with fewer than %d rows on one row, whose label they predict whatever the data (I(X;Y) would read H(Y)); use more rows", plural.Count(x.n, "row"), minOOBRows)
	}
	f, err := FitRF(x, y, cfg.Forest, cfg.Runtime)
	if err != nil {
		return err
	}
	proba, votes := f.oobProba(cfg.Workers)
	if err := checkOOBTrees(votes, f.Trees()); err != nil {
		return err
	}
	var never []int
	for i, v := range votes {
		if v == 0 {
			never = append(never, i)
		}
	}
	h, used := meanEntropy(proba)
	e.HYGivenX, e.MI, e.Evaluated, e.Excluded = h, e.HY-h, used, never
	if cfg.Confidence > 0 {
		e.parts, err = f.intervalParts(y, e.HY, true)
	}
	return err
}

// checkOOBTrees refuses an out-of-bag estimate whose rows are out of bag
// in a median of fewer than minOOBTrees of the forest's trees (votes[i]
// counts row i's). A row's out-of-bag posterior averages those trees'
// leaves; a fully grown tree's leaf is pure, so with one or two trees a row
// gets a posterior of entropy 0 whatever the data, and H(Y|X) falls
// towards 0: 1 tree gave MI = H(Y) on pure noise, 4 trees the interval
// [0.43, 0.62] for independent data.
func checkOOBTrees(votes []int, trees int) error {
	total := 0
	for _, v := range votes {
		total += v
	}
	if total == 0 {
		return fmt.Errorf("ufmi: no row was ever out of bag; use more trees or a smaller sample fraction")
	}
	sorted := slices.Clone(votes)
	slices.Sort(sorted)
	median := sorted[len(sorted)/2]
	if median >= minOOBTrees {
		return nil
	}
	rate := float64(total) / float64(len(votes)) / float64(trees)
	need := treesForMedianOOB(rate)
	forest := plural.Count(trees, "tree")
	return fmt.Errorf("ufmi: rf-oob with %s: rows are out of bag in a median of %d of them; an out-of-bag posterior needs at least %d (with fewer, fully grown trees give posteriors of entropy near 0 and MI near H(Y), whatever the data): use more trees, about %d or more (the default is %d)",
		forest, median, minOOBTrees, need, DefaultTrees)
}

// treesForMedianOOB is the fewest trees at which the median row is out of
// bag in at least minOOBTrees of them, a row being out of bag in each tree
// with probability rate: the first T where P(Binomial(T, rate) < minOOBTrees)
// falls below 1/2 (13 trees at the default bootstrap's rate of 0.368, 14
// at 0.33).
func treesForMedianOOB(rate float64) int {
	switch {
	case rate <= 0:
		return math.MaxInt
	case rate >= 1:
		return minOOBTrees
	}
	for t := minOOBTrees; ; t++ {
		below, term := 0.0, math.Pow(1-rate, float64(t)) // P(X = 0)
		for m := 0; m < minOOBTrees; m++ {
			below += term
			term *= float64(t-m) / float64(m+1) * rate / (1 - rate)
		}
		if below < 0.5 {
			return t
		}
	}
}

// checkHeldOut refuses a held-out fraction outside (0, 1) other than 0
// (defaultHeldOut).
func checkHeldOut(held float64) error {
	if held != 0 && !(held > 0 && held < 1) {
		return fmt.Errorf("ufmi: held-out fraction %v must be in (0, 1) (0 means %v)", held, defaultHeldOut)
	}
	return nil
}

// fromHeldOut fits on a random (1-HeldOut) share of the rows and averages
// posterior entropies over the held-out rows (the paper's Algorithm 1).
func (e *Estimate) fromHeldOut(x *Features, y []int, k int, cfg EstimatorConfig) error {
	if err := checkHeldOut(cfg.HeldOut); err != nil {
		return err
	}
	held := cfg.HeldOut
	if held == 0 {
		held = defaultHeldOut
	}
	nTest := int(math.Round(held * float64(x.n)))
	if nTest < 1 || x.n-nTest < 2 {
		return fmt.Errorf("ufmi: held-out fraction %v of %d rows leaves an empty training or held-out set", held, x.n)
	}
	if e.Method != MethodRFSplit && x.n-nTest < defaultCalibrationFolds {
		least := defaultCalibrationFolds
		for least-int(math.Round(held*float64(least))) < defaultCalibrationFolds {
			least++
		}
		return fmt.Errorf("ufmi: %s calibrates %d folds on the training part of the split, %d of the %d rows (%v held out); it needs at least %d training rows, so at least %d rows: use more rows, or the uf or rf-oob method",
			e.Method, defaultCalibrationFolds, x.n-nTest, x.n, held, defaultCalibrationFolds, least)
	}
	perm := cfg.stream(seeds.Split, 0).Perm(x.n)
	test, train := sortedCopy(perm[:nTest]), sortedCopy(perm[nTest:])
	ytrain := pick.At(y, train)
	if _, err := classes.CheckWithin(ytrain, k); err != nil {
		return fmt.Errorf("ufmi: training part of the split: %w", err)
	}
	xtrain, xtest := x.SelectRows(train), x.SelectRows(test)
	var proba [][]float64
	var err error
	if e.Method == MethodRFSplit {
		var f *Forest
		if f, err = fitRF(xtrain, ytrain, cfg.Forest, cfg.Runtime, false); err == nil {
			proba, err = f.PredictProba(xtest, cfg.Workers)
		}
	} else {
		var cf *CalibratedForest
		if cf, err = fitCalibrated(xtrain, ytrain, CalibratedConfig{Method: e.Method, Forest: cfg.Forest}, cfg.Runtime, false); err == nil {
			proba, err = cf.PredictProba(xtest, cfg.Workers)
		}
	}
	if err != nil {
		return err
	}
	// A class absent from the training part gives narrower posteriors;
	// entropy is unaffected by the missing zero columns.
	h, used := meanEntropy(proba)
	e.HYGivenX, e.MI, e.Evaluated = h, e.HY-h, used
	return nil
}

func (e *Estimate) fromKNN(x *Features, y []int, cfg EstimatorConfig) error {
	var mi float64
	var err error
	switch e.Method {
	case MethodKSG:
		mi, err = knn.KSG(x, y, cfg.KNN, cfg.Seed, cfg.Workers)
	case MethodMixedKSG:
		mi, err = knn.MixedKSG(x, y, cfg.KNN, cfg.Seed, cfg.Workers)
	default:
		mi, err = knn.RossMI(x, y, cfg.KNN, cfg.Seed, cfg.Workers)
	}
	if err != nil {
		return err
	}
	e.MI, e.HYGivenX, e.Evaluated = mi, e.HY-mi, x.n
	return nil
}

func sortedCopy(a []int) []int {
	out := append([]int(nil), a...)
	slices.Sort(out)
	return out
}
