package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/pool"
)

// Interval is a normal confidence interval for I(X;Y) or I(Y; X_B | X_A),
// in nats, from one fit (two for a conditional MI): estimate ± z·SE with
// SE² = SEData² + SEForest² (+ SEDraws² with UFConfig.LabelDraws).
//
// SEData, the sampling variability of the data, is the influence-function
// (delta-method) standard error. I(X;Y) = E[log p(Y|X)/p(Y)] has influence
// function φ(x, y) - I with φ = log p(y|x) - log p(y), so SEData =
// sd(φ_i)/√n over the training rows. p̂(y_i|x_i) averages the trees in which
// row i is out of sample, neither growing the tree nor voting in it (UF: its
// vote trees with its own vote taken out of its leaf, and its evaluation
// trees; RF: its out-of-bag trees), plus one pseudo-tree voting the class
// frequencies, so that no probability is zero; that moves p̂ by at most
// 1/(trees+1). p̂(y_i) is the class frequency.
//
// SEForest, the forest's Monte Carlo noise, comes from the spread of the
// estimate over 10 disjoint groups of consecutive trees (fewer, of at least
// two trees, below 20 trees): each group has 10 times the full forest's
// Monte Carlo variance, so SEForest² = var(group estimates)/10.
//
// A conditional MI differences the two fits' φ row by row and their group
// estimates group by group (both fits use the same seed), so their
// correlation is accounted for.
//
// MI and conditional MI are never negative, and the interval respects it:
// it is estimate ± z·SE when the estimate is at least 2z standard errors
// above zero, else Feldman and Cousins' unified interval for a normal
// estimate of a quantity bounded below by zero (boundedinterval.go), which
// never lies below zero and keeps the level's coverage at zero itself. The
// estimate stays raw: a negative estimate has the interval [0, High], High
// > 0, and lies outside it. Nor do they exceed log K, K the classes: High
// is at most log K (Interval.AtMaximum says when that lowered it).
//
// The interval covers the estimate's variability, not its bias. The default
// UF's estimate is the one-step (oneStepOrPlugIn), nearly unbiased in most
// settings measured; where the forest's partition misses part of the
// boundary (three classes among noise features, steep posteriors, at
// n = 500) it is still biased low and coverage falls below the level. Each
// tree group's estimate is the same estimator on the group's trees. The
// pilot forest of feature screening
// is not regrouped: its Monte Carlo noise (measured at most 0.0006 nats at
// n = 2000, d = 10) is not in SEForest. docs/inference.md gives the
// measured coverage. An interval that cannot be computed (fewer than two
// rows out of sample in some tree, fewer than two tree groups with an
// estimate) makes the estimate an error, never a NaN interval.
type Interval struct {
	Level     float64 // confidence level, e.g. 0.95; 0 when no interval was asked for
	Low, High float64
	SE        float64 // sqrt(SEData² + SEForest² + SEDraws²)
	SEData    float64 // sampling variability of the data (influence function)
	SEForest  float64 // Monte Carlo noise of the forest (groups of trees)
	// SEDraws is the Monte Carlo error of the label draws' correction
	// (UFConfig.LabelDraws: their sd over the square root of their
	// number), 0 without draws. Where the draws' world was shrunk to the
	// estimate (near zero), SEData and SEForest are also 1 + the
	// correction's slope times the uncorrected estimate's (labeldraws.go).
	SEDraws float64
	// NoneMisclassified is set when every scored row's out-of-sample
	// posterior put more than half its mass on the row's label, in the fit
	// on all the quantity's columns (X for an MI; the given and target
	// columns for a conditional MI): the rows then show nothing of the label
	// noise that H(Y|X) measures, SE says little, and Low is at most the
	// limit that Fano's inequality gives (separable.go).
	NoneMisclassified bool
	// GivenNoneMisclassified is the same for a conditional MI's fit on the
	// given columns alone: High is then at least Fano's upper limit on
	// H(Y | given), which bounds the conditional MI.
	GivenNoneMisclassified bool
	// AtMaximum is set when High was brought down to log K, the most an MI
	// or a conditional MI of K classes can be (I(X;Y) ≤ H(Y) ≤ log K): the
	// interval is the normal (or unified) one met with [0, log K], which
	// keeps its coverage, as the true value never lies above log K; where
	// all of it lies above log K, the unified interval of log K - θ ≥ 0 (as
	// at zero), ending at log K. An estimate so far above log K is rarely
	// right about anything: few rows per class, few columns (docs/inference.md,
	// "Many classes").
	AtMaximum bool
	// misses and givenMisses are the fits' counts behind those limits.
	misses, givenMisses missCount
	// difference is set for a conditional MI's interval.
	difference bool
}

// Contains reports whether v lies in [Low, High] of an interval.
func (iv Interval) Contains(v float64) bool { return iv.Level > 0 && v >= iv.Low && v <= iv.High }

// intervalParts are what an interval is computed from.
type intervalParts struct {
	phi    []float64 // per row: log p̂(y_i|x_i) - log p̂(y_i); NaN when not evaluated
	groups []float64 // the MI estimate of each group of trees
	bound  []float64 // per row: the lower bound's term (boundTerms); nil for differences and means of fits
	// drawVariance is the Monte Carlo variance of the label draws'
	// correction (UFConfig.LabelDraws; 0 without draws). A difference adds
	// its fits' variances: both fits draw with the same seed, so their
	// draws are correlated, and the sum is on the safe side.
	drawVariance float64
	// meanPhi is φ's mean over the evaluated rows before the label draws'
	// slope stretched φ (H(Y) less the out-of-sample log-loss: the score
	// leaf selection compares).
	meanPhi float64
	// misses counts the rows that φ's posteriors misclassify: one fit's
	// (for a difference, the first fit's: all the quantity's columns);
	// givenMisses, for a difference, the second fit's (the given columns).
	misses, givenMisses missCount
	difference          bool // the parts of a conditional MI
}

// errors returns the standard errors of the parts (an Interval without
// level or bounds), or an error when they cannot be computed: fewer than
// two rows out of sample in some tree (on 3 rows, a UF's single vote row
// is alone in its leaves), fewer than two tree groups with an estimate, or
// a standard error that is not finite. An interval is never NaN.
func (p *intervalParts) errors() (Interval, error) {
	var iv Interval
	sd, used := sdSkippingNaN(p.phi)
	if used < 2 {
		return iv, fmt.Errorf("ufmi: no confidence interval: %d of the %d rows are out of sample in some tree (out of bag, an evaluation row, or a vote row with others in its leaf), and the interval's standard error needs at least 2; use more rows (or trees)", used, len(p.phi))
	}
	iv.SEData = sd / math.Sqrt(float64(used))
	sd, used = sdSkippingNaN(p.groups)
	if used < 2 {
		return iv, fmt.Errorf("ufmi: no confidence interval: %d of the %d groups of trees have an estimate, and the forest's Monte Carlo error needs at least 2; use more trees", used, len(p.groups))
	}
	iv.SEForest = sd / math.Sqrt(float64(used))
	iv.SEDraws = math.Sqrt(p.drawVariance)
	iv.SE = math.Hypot(math.Hypot(iv.SEData, iv.SEForest), iv.SEDraws)
	if math.IsNaN(iv.SE) || math.IsInf(iv.SE, 0) {
		return iv, fmt.Errorf("ufmi: no confidence interval: its standard error is %v (data %v, forest %v)", iv.SE, iv.SEData, iv.SEForest)
	}
	iv.misses, iv.givenMisses = p.misses, p.givenMisses
	iv.NoneMisclassified, iv.GivenNoneMisclassified = p.misses.separable(), p.givenMisses.separable()
	iv.difference = p.difference
	return iv, nil
}

// at returns the interval of the given level for a non-negative quantity
// estimated by estimate: estimate ± z·SE when the estimate is at least 2z
// standard errors above zero, else the unified interval that respects the
// bound (boundedInterval), never below zero; where no scored row was
// misclassified, its ends reach Fano's limits (separable.go); never above
// log K.
func (iv Interval) at(estimate, level float64) Interval {
	iv.Level = level
	iv.Low, iv.High = boundedInterval(estimate, iv.SE, level)
	switch {
	case iv.NoneMisclassified && iv.difference:
		iv.Low = max(0, iv.Low-iv.misses.entropyLimit(level))
	case iv.NoneMisclassified:
		iv.Low = min(iv.Low, iv.misses.separableLimit(level))
	}
	if iv.GivenNoneMisclassified {
		iv.High = max(iv.High, iv.givenMisses.entropyLimit(level))
	}
	if top := iv.misses.maxInformation(); top > 0 && iv.High > top {
		iv.High, iv.AtMaximum = top, true
		if iv.Low >= top {
			// The whole interval lies above the most there can be: the
			// unified interval of the distance below it, top - θ ≥ 0, as at
			// zero (it used to collapse to [top, top]).
			below, above := boundedInterval(top-estimate, iv.SE, level)
			iv.Low, iv.High = max(0, top-above), top-below
		}
	}
	return iv
}

// sdSkippingNaN returns the sample standard deviation of the values that
// are not NaN (0 for fewer than two) and how many there are.
func sdSkippingNaN(v []float64) (sd float64, used int) {
	var mean, m2 float64
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		used++
		d := x - mean
		mean += d / float64(used)
		m2 += d * (x - mean)
	}
	if used < 2 {
		return 0, used
	}
	return math.Sqrt(m2 / float64(used-1)), used
}

// minus returns the parts of the difference p - q of two estimates on the
// same rows with the same number of tree groups.
func (p *intervalParts) minus(q *intervalParts) *intervalParts {
	out := &intervalParts{phi: make([]float64, len(p.phi)), groups: make([]float64, len(p.groups)),
		misses: p.misses, givenMisses: q.misses, difference: true, drawVariance: p.drawVariance + q.drawVariance}
	for i := range out.phi {
		out.phi[i] = p.phi[i] - q.phi[i]
	}
	for g := range out.groups {
		out.groups[g] = p.groups[g] - q.groups[g]
	}
	return out
}

// meanParts averages the parts of repeated fits row by row and group by
// group: the mean of R fits has 1/R of one fit's Monte Carlo variance, and
// so does the mean of their group estimates. Its misses are the fits'
// largest count (their fewest scored rows).
func meanParts(ps []*intervalParts) *intervalParts {
	out := &intervalParts{phi: make([]float64, len(ps[0].phi)), groups: make([]float64, len(ps[0].groups))}
	r := float64(len(ps))
	out.misses = ps[0].misses
	for _, p := range ps {
		// The separable limit holds for the mean only if no fit misclassified.
		out.misses = out.misses.worse(p.misses)
		for i, v := range p.phi {
			out.phi[i] += v / r
		}
		for g, v := range p.groups {
			out.groups[g] += v / r
		}
		out.drawVariance += p.drawVariance / (r * r) // the repeats' seeds differ: their draws are independent
	}
	return out
}

// intervalSum gathers an interval's parts from a forest's trees, handed to
// add one at a time in tree order (as streamForest hands them), so that the
// forest need not be held: per row the out-of-sample posterior of its label,
// and the posteriors of the current group of consecutive trees.
type intervalSum struct {
	y                []int
	k, trees, groups int
	prior            []float64
	oob, treeLevel   bool
	oos              *outOfSample   // per row: the out-of-sample posterior of its label (the caller adds the trees)
	group            *posteriorSums // the current group's posterior sums
	groupLeaves      []int32        // scratch: the current tree's leaves of the rows the group takes
	groupTreeH       []float64      // tree level: the current group's tree entropies
	groupH           []float64      // per finished group: its H(Y|X) estimate
	// oneStep: each group's estimate is oneStepOrPlugIn's of its plug-in
	// and its one-step, from the out-of-sample sums the group added (oos
	// now minus oosBefore, oos as the last group closed).
	oneStep   bool
	oosBefore *outOfSample
	// background: a group's sharpening fit runs in a goroutine of its own
	// while the next group's trees are added (at most one at a time; a
	// copy of the group's class sums in flight), its estimate written to
	// groupH when done; parts waits for it. The bits are the same.
	background bool
	fitting    chan struct{} // holds a token while a fit runs
	// drawVariance is the label draws' Monte Carlo variance and drawSlope
	// how fast their correction grows with the estimate (forestSums.entropy
	// sets them; 0 without draws).
	drawVariance, drawSlope float64
}

// minIntervalTrees is the fewest trees an interval's parts need.
const minIntervalTrees = 4

// newIntervalSum prepares the parts of a forest of the given number of trees
// on labels y (codes 0..k-1): an RF out-of-bag estimate (oob) or a UF at
// forest or tree level.
// Its out-of-sample sums (oos) come from the caller: the estimate's own
// (forestSums.withInterval) or new ones (withOwnOutOfSample).
func newIntervalSum(y []int, k, trees int, oob, treeLevel bool) (*intervalSum, error) {
	if trees < minIntervalTrees {
		return nil, fmt.Errorf("ufmi: a confidence interval needs at least %d trees, the forest has %d", minIntervalTrees, trees)
	}
	n := len(y)
	return &intervalSum{y: y, k: k, trees: trees, groups: min(intervalGroups, trees/2),
		prior: classPrior(y, k), oob: oob, treeLevel: treeLevel, group: newPosteriorSums(n, k, true)}, nil
}

// withOwnOutOfSample gives s out-of-sample sums of its own, for a caller
// without an estimate to share them with.
func (s *intervalSum) withOwnOutOfSample() {
	s.oos = newOutOfSample(s.y, s.k, s.oob, false, 0)
}

// groupOf is the group of tree t: groups of consecutive trees.
func (s *intervalSum) groupOf(t int) int { return t * s.groups / s.trees }

// add takes tree t into the tree groups; leaf[i] is training row i's leaf
// in it. At tree level, treeH is the tree's mean entropy
// (treeMeanEntropy), ok false when it has none. The caller adds the tree to
// s.oos (forestSums shares it with the estimate's one-step).
func (s *intervalSum) add(t int, ft *forestTree, leaf []int32, treeH float64, ok bool) {
	if s.treeLevel {
		if ok {
			s.groupTreeH = append(s.groupTreeH, treeH)
		}
	} else {
		n := len(s.y)
		s.groupLeaves = resize(s.groupLeaves, n)
		for i := 0; i < n; i++ {
			s.groupLeaves[i] = leaf[i]
			if s.oob && (ft.structure.contains(i) || ft.vote.contains(i)) {
				s.groupLeaves[i] = -1
			}
		}
		s.group.addBlock(0, ft.posterior, s.groupLeaves)
	}
	if t == s.trees-1 || s.groupOf(t+1) != s.groupOf(t) {
		s.closeGroup()
	}
}

// fitGroupsInBackground lets the groups' sharpening fits run beside the
// consumer of the trees when the runtime has more than one worker.
func (s *intervalSum) fitGroupsInBackground(rt Runtime) {
	if pool.Workers(rt.Workers) > 1 {
		s.background, s.fitting = true, make(chan struct{}, 1)
	}
}

// waitForFits returns once no group's fit runs.
func (s *intervalSum) waitForFits() {
	if s.background {
		s.fitting <- struct{}{}
		<-s.fitting
	}
}

// closeGroup records the finished group's H(Y|X) and clears its sums.
func (s *intervalSum) closeGroup() {
	if s.treeLevel {
		sum := 0.0
		for _, h := range s.groupTreeH {
			sum += h
		}
		s.groupH = append(s.groupH, sum/float64(len(s.groupTreeH)))
		s.groupTreeH = s.groupTreeH[:0]
		return
	}
	// Out of bag, a row without an out-of-bag tree in the group is left out.
	h, _ := s.group.meanEntropy(s.prior, s.oob)
	s.group.reset(len(s.y), s.k, -1, true)
	if !s.oneStep {
		s.groupH = append(s.groupH, h)
		return
	}
	if s.background {
		s.fitting <- struct{}{} // the last group's fit is done: groupH is the consumer's
	}
	g := len(s.groupH)
	s.groupH = append(s.groupH, h)
	if s.oosBefore == nil {
		s.oosBefore = s.oos.emptyLike()
	}
	oneStep := s.oos.oneStepSinceLater(s.oosBefore, s.prior)
	s.oos.copyTo(s.oosBefore)
	if !s.background {
		s.groupH[g] = oneStepOrPlugIn(h, oneStep(), s.k)
		return
	}
	// The token taken above is given back when the fit is done.
	go func() {
		s.groupH[g] = oneStepOrPlugIn(h, oneStep(), s.k)
		<-s.fitting
	}()
}

// parts returns φ and the group estimates once every tree was added.
func (s *intervalSum) parts(hy float64) *intervalParts {
	s.waitForFits()
	p := &intervalParts{phi: make([]float64, len(s.y)), groups: make([]float64, len(s.groupH))}
	for i, c := range s.y {
		p.phi[i] = s.oos.logProb(i, s.prior) - math.Log(s.prior[c])
	}
	for g, h := range s.groupH {
		p.groups[g] = hy - h
	}
	p.bound = s.oos.boundTerms(s.prior)
	p.drawVariance = s.drawVariance
	p.misses = countMisses(p.phi, s.y, s.prior, hy)
	p.meanPhi = meanEvaluated(p.phi)
	if s.drawSlope > 0 {
		// The label draws' correction grows with the estimate: its
		// spread, φ's and the groups', grows by 1 + slope.
		stretchAroundMean(p.phi, 1+s.drawSlope)
		stretchAroundMean(p.groups, 1+s.drawSlope)
	}
	return p
}

// stretchAroundMean multiplies the values of v that are not NaN by factor
// around their mean: their mean stays, their spread grows by factor.
func stretchAroundMean(v []float64, factor float64) {
	mean := meanEvaluated(v)
	for i, x := range v {
		if !math.IsNaN(x) {
			v[i] = mean + factor*(x-mean)
		}
	}
}

// intervalParts computes the interval's parts of a fitted forest on its
// training labels y (H(Y) = hy): RF out-of-bag (oob), or a forest-level UF.
func (f *Forest) intervalParts(y []int, hy float64, oob bool) (*intervalParts, error) {
	s, err := newIntervalSum(y, f.k, len(f.trees), oob, false)
	if err != nil {
		return nil, err
	}
	s.withOwnOutOfSample()
	var buf []int32
	for t := range f.trees {
		ft := &f.trees[t]
		leaf := treeLeaves(ft, f.train, true, &buf)
		s.oos.add(votingTreeOf(ft, leaf), nil)
		s.add(t, ft, leaf, 0, false)
	}
	return s.parts(hy), nil
}
