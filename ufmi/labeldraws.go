package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// A bootstrap of the vote labels (UFConfig.LabelDraws). An honest tree's
// structure never sees its votes, so the noise of the rows' out-of-sample
// posteriors can be drawn rather than expanded to second order as the
// one-step's noise term does: each row gets a label drawn from its own
// out-of-sample posterior q_i, the drawn labels vote in the same trees
// (structure and roles as grown), and the one-step is taken again. Its mean
// excess over that world's H(Y|X), the mean entropy of the q_i, estimates
// the one-step's own excess and is taken off the estimate; each draw's
// excess is taken over the drawn labels' log-loss under the q_i, whose
// expectation is that entropy and which moves with the draw's one-step
// (drawnExcess: a control variate).
//
// The q_i are first moved towards their mean, q̄ + λ(q_i − q̄), until the
// world they define holds the information the one-step estimated
// (shrinkToInformation): out-of-sample posteriors carry noise of their
// own, and at I = 0 the unmoved world holds spurious information whose
// one-step reads lower than a world without it, so the correction
// overshot there (docs/inference.md, "A discrete column beside noise").

const (
	// defaultLabelDraws is the number of draws of the preset "label-draws".
	defaultLabelDraws = 4
	// maxLabelDraws caps UFConfig.LabelDraws.
	maxLabelDraws = 1000
)

// checkLabelDraws validates UFConfig.LabelDraws.
func (cfg UFConfig) checkLabelDraws() error {
	switch {
	case cfg.LabelDraws == 0:
		return nil
	case cfg.LabelDraws < 2 || cfg.LabelDraws > maxLabelDraws:
		return fmt.Errorf("ufmi: label draws %d must be in 2..%d (0: none; their Monte Carlo error needs two)", cfg.LabelDraws, maxLabelDraws)
	case cfg.EvalShare > 0:
		return fmt.Errorf("ufmi: label draws send drawn labels through the trees' votes, and the evaluation rows' posteriors (EvalShare %v) come from leaves voted with the given labels; leave EvalShare 0", cfg.EvalShare)
	case !cfg.OneStep():
		return fmt.Errorf("ufmi: label draws correct the one-step estimate, which PlugIn and TreeLevelEntropy do not use; leave LabelDraws 0")
	case cfg.NoSharpening && !cfg.LocalLinearFit():
		return fmt.Errorf("ufmi: label draws need every class's out-of-sample posterior, which NoSharpening without the local-linear fit does not keep; leave NoSharpening unset")
	}
	return nil
}

// labelDraws holds what the draws need of a forest's trees as they pass
// (each tree's leaves of the rows and its rows' roles) and, once run, the
// correction they measured.
type labelDraws struct {
	count int // draws
	// rt runs the draws: its seed (draw r takes stream (Seed, LabelDraw,
	// r)), workers and progress, the forest's stage, which counts the draws
	// after the trees.
	rt    Runtime
	trees []votingTree
	// excess is the mean over the draws of the one-step's excess over the
	// drawn world's H(Y|X); variance is its Monte Carlo variance (the
	// draws' sample variance over their count); slope is how fast excess
	// grows with the information the draws' world was shrunk to (0 where
	// it was not). All 0 until run.
	excess, variance, slope float64
}

// newLabelDraws prepares count draws (nil for none) run by rt.
func newLabelDraws(count int, rt Runtime) *labelDraws {
	if count <= 0 {
		return nil
	}
	return &labelDraws{count: count, rt: rt}
}

// skip reports the draws done without making them: the estimate is not
// the one-step, no row has a posterior to draw from, or none is
// misclassified (scoredMisses).
func (d *labelDraws) skip() {
	trees := len(d.trees)
	d.rt.report(trees+d.count, trees)
}

// hold keeps tree ft's leaves of the training rows and its roles.
func (d *labelDraws) hold(ft *forestTree) {
	d.trees = append(d.trees, votingTreeOf(ft, ft.rowLeaf))
}

// run measures the correction from the rows' out-of-sample sums oos (all
// trees added), the class frequencies prior and the information the
// one-step estimated, mi. Each draw's one-step is computed as oos's, with
// the same fit, sketch and noise term; rows out of sample in no tree keep
// their labels. The draws run on the workers, each in its own stream, and
// are added up in draw order: the result does not depend on the workers.
//
// Where the posteriors were shrunk to mi (0 < mi below the information
// they hold), the correction depends on mi itself: an estimate reading a
// little information by chance is corrected towards more. The same draws
// (the same uniform number per row) from the posteriors shrunk to 0 give
// the slope of that dependence, (excess at mi − excess at 0) over mi or
// slopeStep, whichever is larger, taken as 0 where it is negative; the
// interval scales the estimate's SE by 1 + slope (the delta method
// through the correction). Elsewhere the slope is 0 and the draws at 0
// are not made. Where no row has a posterior, or none is misclassified
// (scoredMisses), nothing is drawn and the progress jumps to the draws'
// end.
func (d *labelDraws) run(oos *outOfSample, prior []float64, mi float64) {
	d.excess, d.variance, d.slope = 0, 0, 0
	if scoredMisses(oos, prior).missed == 0 { // none misclassified, or none scored
		d.skip()
		return
	}
	posteriors := outOfSamplePosteriors(oos, prior, false)
	q, shrunk := shrinkToInformation(posteriors, mi)
	var null [][]float64
	if shrunk && mi > 0 {
		null, _ = shrinkToInformation(posteriors, 0)
	}
	excess, nullExcess := make([]float64, d.count), make([]float64, d.count)
	// Draw r is step trees + r of the forest's stage.
	trees := len(d.trees)
	progress := func(done, _ int) { d.rt.report(trees+done, trees) }
	// The draws return no error, so neither does ForEach.
	_ = pool.ForEach(d.count, d.rt.Workers, progress, func(_, r int) error {
		u := drawUniforms(d.rt.stream(seeds.LabelDraw, r), q)
		excess[r] = drawnExcess(oos, q, u, d.trees, prior)
		if null != nil {
			nullExcess[r] = drawnExcess(oos, null, u, d.trees, prior)
		}
		return nil
	})
	mean, sd := meanSD(excess)
	d.excess, d.variance = mean, sd*sd/float64(d.count)
	if null != nil {
		nullMean, _ := meanSD(nullExcess)
		d.slope = max(0, (mean-nullMean)/max(mi, slopeStep(oos.k, len(oos.y))))
	}
}

// drawnExcess is one draw's excess: the one-step of trees with vote labels
// drawn from the posteriors q with the uniform numbers u, less the drawn
// labels' log-loss under q itself, plus the first-order term of the
// difference (firstOrderTerm). The log-loss has the drawn world's H(Y|X),
// the mean entropy of the q_i, as its expectation, and the first-order
// term has 0, so the result has the one-step's excess over that world's
// H(Y|X) as its expectation; but both move with the one-step from draw to
// draw (they score the same drawn labels with the same votes), so the
// result varies less than the one-step less that entropy: two control
// variates, each with coefficient 1 so that they add no bias.
func drawnExcess(oos *outOfSample, q [][]float64, u []float64, trees []votingTree, prior []float64) float64 {
	drawn := drawnLabels(oos.y, q, u)
	o := drawnSums(oos, drawn, trees)
	firstOrder := firstOrderTerm(o, q)
	return o.oneStepEntropy(prior) - logLossOf(q, drawn) + firstOrder
}

// firstOrderTerm is the mean, over the rows whose posterior q_i is not nil,
// of p_i(y_i)/q_i(y_i) − 1 + Σ_{c: q_i(c) = 0} p_i(c), where y_i is the
// drawn label in o and p_i the row's raw out-of-sample vote posterior in o
// (its sums as the trees gave them over their number, without the fit,
// the sharpening or the log-loss's pseudo-tree). p_i is made of the other
// rows' drawn labels only and sums to 1, and y_i is drawn from q_i apart
// from them, so E[p_i(y_i)/q_i(y_i)] is p_i's mass on the classes q_i can
// draw and the term's expectation is exactly 0. Its negative is the
// first-order part of the log-loss's excess over q's,
// −log p_i(y) = −log q_i(y) − (p_i(y)/q_i(y) − 1) + ..., which is most of
// a draw's spread about its mean excess. The pseudo-tree is left out as
// the q_i leave it out: it kept p_i at π_c/(T + 1) or more where q_i can
// be near 0, and p_i/q_i had a heavy tail (a draw's spread on scaled,
// n = 500: 0.0056 with it, 0.0048 without; docs/inference.md).
func firstOrderTerm(o *outOfSample, q [][]float64) float64 {
	sum, rows := 0.0, 0
	for i, p := range q {
		if p == nil {
			continue
		}
		votes := float64(o.trees[i])
		c := o.y[i]
		sum += o.own(i)/votes/p[c] - 1
		// Classes q_i gives 0 are never drawn: their vote share is what
		// the sum over drawn classes lacks of 1.
		for other, v := range p {
			if v == 0 {
				sum += o.sum[i*o.width+other] / votes
			}
		}
		rows++
	}
	return sum / float64(rows)
}

// logLossOf is the mean of −log q_i(y_i) over the rows whose posterior
// q_i is not nil.
func logLossOf(q [][]float64, y []int) float64 {
	sum, rows := 0.0, 0
	for i, p := range q {
		if p != nil {
			sum -= math.Log(p[y[i]])
			rows++
		}
	}
	return sum / float64(rows)
}

// scoredMisses counts oos's rows that have an out-of-sample posterior and
// those the posterior the log-loss scores misclassifies, as the
// interval's separable limit counts them (separable.go). Where it
// misclassifies none the rows show no label noise, and the draws' world
// would be made of the posteriors' smoothing across the classes'
// boundaries alone: on nearly separable data the draws moved estimates
// that were right down, below intervals of almost no width (scaled, mu 2,
// n = 500: coverage 0.82 where the default's is 1.00, docs/inference.md).
// The interval's separable limit covers those data sets, so run leaves
// the estimate uncorrected.
func scoredMisses(oos *outOfSample, prior []float64) missCount {
	m := missCount{k: oos.k}
	for i := range oos.y {
		if lp := oos.logProb(i, prior); !math.IsNaN(lp) {
			m.scored++
			if misclassifies(lp) {
				m.missed++
			}
		}
	}
	return m
}

// drawUniforms returns one uniform number from rng for each row with a
// posterior in q (0 for the others), in row order: a draw's labels
// (drawnLabels) and, where the slope is measured, the null world's.
func drawUniforms(rng *rand.Rand, q [][]float64) []float64 {
	u := make([]float64, len(q))
	for i, p := range q {
		if p != nil {
			u[i] = rng.Float64()
		}
	}
	return u
}

// slopeStep is the smallest step in information over which the
// correction's slope is taken: (k−1)/n nats for k classes and n rows, the
// scale of the information a sample without any reads by chance (twice
// Miller and Madow's bias of a plug-in entropy). Below it the two worlds
// differ in a few labels, and their difference over the step itself
// would be Monte Carlo noise divided by almost nothing, growing without
// bound as the estimate goes to 0; over the step the slope goes to 0 with
// the estimate.
func slopeStep(k, n int) float64 { return float64(k-1) / float64(n) }

// drawnLabels returns labels drawn from the posteriors q with the uniform
// numbers u (row i's class is where u_i falls in q_i's distribution); a
// row without a posterior keeps its label y_i.
func drawnLabels(y []int, q [][]float64, u []float64) []int {
	drawn := make([]int, len(y))
	for i, p := range q {
		drawn[i] = y[i]
		if p != nil {
			drawn[i] = classAt(u[i], p)
		}
	}
	return drawn
}

// drawnSums are the out-of-sample sums of trees with the vote labels drawn
// (the trees' structure and roles as grown), laid out as oos's, with its
// fit and noise term, so that their one-step is computed as oos's. The
// sketch of a row's weights on the other rows' votes depends on the trees
// and roles only, not on the labels, and so do the local-linear fit's
// sums of the neighbours' coordinates and their products: the draw takes
// oos's instead of summing them again, the same values bit for bit. (Not
// quite where a class of 1-2 rows has no vote row in a tree: outOfSample.add
// scales those trees' weights and adds the fill's offsets by the labels,
// and the draw keeps the estimate's.)
func drawnSums(oos *outOfSample, drawn []int, trees []votingTree) *outOfSample {
	o := newOutOfSample(drawn, oos.k, oos.oob, false, oos.sharpenFolds).withLocalLinear(oos.local).withCappedNoise(oos.capped)
	o.labelsOnly = o.local != nil
	for _, t := range trees {
		o.add(t, nil)
	}
	if o.labelsOnly {
		o.takeLabelFreeFit(oos)
	}
	o.z = oos.z
	return o
}

// outOfSamplePosteriors returns every row's out-of-sample posterior from
// oos's sums (every class's: sharpened or fitted sums), fitted sums below
// 0 taken as 0; nil for a row out of sample in no tree. With pseudoTree
// they are mixed with one pseudo-tree of the class frequencies prior, as
// the log-loss is; without it a class no tree gave the row any of keeps
// 0 (and a row whose fitted sums are all 0 takes prior).
func outOfSamplePosteriors(oos *outOfSample, prior []float64, pseudoTree bool) [][]float64 {
	k := oos.k
	q := make([][]float64, len(oos.y))
	cls, z := make([]float64, k), make([]float64, sketchWidth)
	raw, zraw := make([]float64, oos.width), make([]float64, oos.sketchRow())
	for i := range oos.y {
		if oos.rowSince(i, nil, cls, z, raw, zraw) == 0 {
			continue
		}
		p, total := make([]float64, k), 0.0
		for c := range p {
			p[c] = max(cls[c], 0)
			if pseudoTree {
				p[c] += prior[c]
			}
			total += p[c]
		}
		if total == 0 {
			copy(p, prior)
			total = 1
		}
		for c := range p {
			p[c] /= total
		}
		q[i] = p
	}
	return q
}

// shrinkToInformation returns the posteriors q (rows without one kept
// nil) moved towards their mean, q̄ + λ(q_i − q̄) with λ in [0, 1], so
// that the world they define holds target nats of information: H(q̄)
// less the mean entropy of the moved q_i, which grows with λ. λ = 1 when
// q hold no more than target; λ = 0 when target <= 0. shrunk reports
// whether they were moved (λ < 1).
func shrinkToInformation(q [][]float64, target float64) (moved [][]float64, shrunk bool) {
	var mean []float64
	rows := 0
	for _, p := range q {
		if p == nil {
			continue
		}
		if mean == nil {
			mean = make([]float64, len(p))
		}
		for c, v := range p {
			mean[c] += v
		}
		rows++
	}
	if rows == 0 {
		return q, false
	}
	for c := range mean {
		mean[c] /= float64(rows)
	}
	movedRow := func(p []float64, lambda float64, out []float64) []float64 {
		for c, v := range p {
			out[c] = mean[c] + lambda*(v-mean[c])
		}
		return out
	}
	movedBy := func(lambda float64) [][]float64 {
		out := make([][]float64, len(q))
		for i, p := range q {
			if p != nil {
				out[i] = movedRow(p, lambda, make([]float64, len(p)))
			}
		}
		return out
	}
	scratch := make([]float64, len(mean))
	information := func(lambda float64) float64 {
		h := 0.0
		for _, p := range q {
			if p != nil {
				h += Entropy(movedRow(p, lambda, scratch))
			}
		}
		return Entropy(mean) - h/float64(rows)
	}
	switch {
	case !(target > 0):
		return movedBy(0), true
	case information(1) <= target:
		return q, false
	}
	return movedBy(bisect(0, 1, func(l float64) bool { return information(l) >= target })), true
}

// classAt is the class where u in [0, 1) falls in the distribution p; if
// rounding carries u past p's sum, the last class p gives mass to (never
// one of probability 0, whose log-loss would be infinite).
func classAt(u float64, p []float64) int {
	last := len(p) - 1
	for c, v := range p {
		if u < v {
			return c
		}
		u -= v
		if v > 0 {
			last = c
		}
	}
	return last
}
