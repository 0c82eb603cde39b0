package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Entropy returns the Shannon entropy -sum p log p of a distribution, in nats.
// Zero entries contribute nothing.
func Entropy(p []float64) float64 { return classes.Entropy(p) }

// LabelEntropy is the plug-in estimate of H(Y) from class codes 0..K-1
// (K at most len(y)), in nats.
func LabelEntropy(y []int) (float64, error) {
	if len(y) == 0 {
		return 0, fmt.Errorf("ufmi: no labels")
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return 0, err
	}
	counts := classes.Counts(y, nil, k)
	p := make([]float64, k)
	for c, v := range counts {
		p[c] = float64(v) / float64(len(y))
	}
	return Entropy(p), nil
}

// MeanEntropy averages the entropy of posterior rows, skipping rows whose
// first entry is NaN (no estimate). It returns the mean and the rows used.
func MeanEntropy(proba [][]float64) (float64, int) {
	sum, used := 0.0, 0
	for _, p := range proba {
		if len(p) == 0 || math.IsNaN(p[0]) {
			continue
		}
		sum += Entropy(p)
		used++
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}

// HonestConditionalEntropy estimates H(Y|X) from a fitted UF.
//
// Forest level (the paper's Algorithm 3): the mean entropy of the forest
// posterior over the training rows and any extra unlabeled rows.
// Tree level (the authors' code, cfg.TreeLevelEntropy): each tree's mean
// leaf-posterior entropy over its evaluation rows (all training rows when
// the forest holds no evaluation set), averaged over trees.
func (f *Forest) HonestConditionalEntropy(treeLevel bool, unlabeled *Features, workers int) (float64, error) {
	if !f.honest {
		return 0, fmt.Errorf("ufmi: honest conditional entropy needs an honest forest (FitUF); use OOBProba or a held-out split for RF")
	}
	if unlabeled != nil {
		if unlabeled.d != f.d {
			return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, f.d)
		}
		var err error
		if unlabeled, err = unlabeled.alignTo(f.train); err != nil {
			return 0, err
		}
	}
	if treeLevel {
		return f.treeLevelEntropy(), nil
	}
	proba, _ := f.accumulate(f.train, nil, workers)
	sum, _ := MeanEntropy(proba)
	n := f.train.n
	if unlabeled != nil && unlabeled.n > 0 {
		extra, _ := f.accumulate(unlabeled, nil, workers)
		m, _ := MeanEntropy(extra)
		sum = (sum*float64(n) + m*float64(unlabeled.n)) / float64(n+unlabeled.n)
	}
	return sum, nil
}

// treeLevelEntropy averages, over trees, the mean leaf-posterior entropy of
// each tree's evaluation rows. Abstaining leaves are skipped.
func (f *Forest) treeLevelEntropy() float64 {
	total, trees := 0.0, 0
	for t := range f.trees {
		if h, ok := treeMeanEntropy(&f.trees[t], f.k, f.train.n); ok {
			total += h
			trees++
		}
	}
	return total / float64(trees)
}

// treeMeanEntropy is one tree's mean leaf-posterior entropy over its
// evaluation rows (all n training rows without an evaluation set); ok is
// false when every such row reached an abstaining leaf.
func treeMeanEntropy(ft *forestTree, k, n int) (float64, bool) {
	leafH := make([]float64, ft.tree.Leaves())
	for l := range leafH {
		leafH[l] = Entropy(ft.posterior[l*k : l*k+k])
	}
	sum, used := 0.0, 0
	for i := 0; i < n; i++ {
		if ft.eval != nil && !ft.eval.contains(i) {
			continue
		}
		l := ft.rowLeaf[i]
		if math.IsNaN(ft.posterior[int(l)*k]) {
			continue
		}
		sum += leafH[l]
		used++
	}
	if used == 0 {
		return 0, false
	}
	return sum / float64(used), true
}

// streamHonestEntropy returns what FitUF(x, y, cfg, rt) followed by
// HonestConditionalEntropy(cfg.TreeLevelEntropy, unlabeled) returns, bit
// for bit, without keeping the forest: the trees stream through
// streamForest in tree order, each adding its leaf posteriors to per-row
// sums (forest level) or its mean entropy to a running total (tree level).
// Memory is O((n + unlabeled rows) × K) plus the trees in flight. also,
// when not nil, is handed every tree too, in tree order.
func streamHonestEntropy(x *Features, y []int, cfg UFConfig, rt Runtime, unlabeled *Features, also func(t int, ft *forestTree)) (float64, error) {
	if unlabeled != nil && unlabeled.d != x.d {
		return 0, fmt.Errorf("ufmi: unlabeled rows have %d features, the forest was fitted on %d", unlabeled.d, x.d)
	}
	cfg, rt, err := screened(x, y, cfg, rt)
	if err != nil {
		return 0, err
	}
	if unlabeled != nil {
		// Level codes of categorical columns as in the training rows.
		if unlabeled, err = unlabeled.alignTo(x); err != nil {
			return 0, err
		}
	}
	k, plan, err := honestPlan(x, y, cfg, rt, seeds.Tree)
	if err != nil {
		return 0, err
	}
	sums, err := streamHonestSums(x, y, k, plan, cfg.TreeLevelEntropy, unlabeled, also)
	if err != nil {
		return 0, err
	}
	return sums.entropy(classPrior(y, k)), nil
}

// honestSums is what streamed trees add up for H(Y|X): per-row sums of
// their posteriors over the training rows and any unlabeled rows (forest
// level), or their mean entropies (tree level, train nil).
type honestSums struct {
	train, extra *posteriorSum
	treeTotal    float64
	trees        int
}

// streamHonestSums streams plan's trees (plan.first..plan.trees-1) through
// streamForest and adds them up in tree order; also, when not nil, is handed
// every tree too.
func streamHonestSums(x *Features, y []int, k int, plan growPlan, treeLevel bool, unlabeled *Features, also func(t int, ft *forestTree)) (honestSums, error) {
	var s honestSums
	if !treeLevel {
		s.train = newPosteriorSum(x.n, k)
		if unlabeled != nil && unlabeled.n > 0 {
			s.extra = newPosteriorSum(unlabeled.n, k)
		}
	}
	err := streamForest(x, y, k, plan, func(t int, ft *forestTree) {
		if treeLevel {
			if h, ok := treeMeanEntropy(ft, k, x.n); ok {
				s.treeTotal += h
				s.trees++
			}
		} else {
			s.train.add(ft, func(i int) int { return int(ft.rowLeaf[i]) })
			if s.extra != nil {
				s.extra.add(ft, func(i int) int { return int(ft.tree.LeafOf(unlabeled.cols, i)) })
			}
		}
		if also != nil {
			also(t, ft)
		}
	})
	return s, err
}

// entropy turns the sums into the estimate of H(Y|X); the posterior sums
// become means in place.
func (s honestSums) entropy(prior []float64) float64 {
	if s.train == nil {
		return s.treeTotal / float64(s.trees)
	}
	h, _ := MeanEntropy(s.train.mean(prior))
	if s.extra != nil {
		n, m := len(s.train.votes), len(s.extra.votes)
		me, _ := MeanEntropy(s.extra.mean(prior))
		h = (h*float64(n) + me*float64(m)) / float64(n+m)
	}
	return h
}

// TreeBlock is what trees Lo..Hi-1 of the forest of EstimateMI's uf method
// add to its estimate of H(Y|X): the per-row sums of their leaf posteriors
// (forest level) or the sum of their mean entropies (TreeLevelEntropy).
// Blocks added in tree order (Add) up to the whole forest give the estimate
// (Estimate); a block needs the data (all rows) but grows only its trees,
// so separate processes can grow the blocks of one forest.
type TreeBlock struct {
	Lo, Hi  int // the trees, Lo..Hi-1
	Classes int
	// Forest level: Sum holds n × Classes sums of the trees' posteriors
	// (row-major) and Votes, per row, the trees whose leaf did not abstain.
	Sum   []float64
	Votes []int
	// Tree level: the sum of the trees' mean entropies over their evaluation
	// rows, and the number of trees that had one.
	TreeEntropy float64
	TreeCount   int
}

// GrowTreeBlock grows trees lo..hi-1 of the forest of uf run by rt (tree
// t drawing from the stream it has in the whole forest, rt.Progress
// counting the block's trees) and adds them up. weights are the screening
// pilot's (ScreeningWeights) when uf screens features, nil otherwise.
// Memory is O(n × classes) plus the trees in flight.
func GrowTreeBlock(x *Features, y []int, uf UFConfig, weights []float64, lo, hi int, rt Runtime) (TreeBlock, error) {
	uf, err := uf.resolved()
	if err != nil {
		return TreeBlock{}, err
	}
	if !uf.NoScreening != (weights != nil) {
		return TreeBlock{}, fmt.Errorf("ufmi: a tree block needs the screening pilot's weights exactly when the config screens features (%d pilot trees, %d weights)", uf.PilotTrees, len(weights))
	}
	if weights != nil {
		if len(weights) != x.d {
			return TreeBlock{}, fmt.Errorf("ufmi: %d screening weights for %d features", len(weights), x.d)
		}
		uf.Tree.FeatureWeights = weights
	}
	k, plan, err := honestPlan(x, y, uf, rt, seeds.Tree)
	if err != nil {
		return TreeBlock{}, err
	}
	if lo < 0 || hi <= lo || hi > plan.trees {
		return TreeBlock{}, fmt.Errorf("ufmi: tree block %d..%d of a forest of %d trees; want 0 <= lo < hi <= %d", lo, hi-1, plan.trees, plan.trees)
	}
	plan.first, plan.trees = lo, hi
	sums, err := streamHonestSums(x, y, k, plan, uf.TreeLevelEntropy, nil, nil)
	if err != nil {
		return TreeBlock{}, err
	}
	b := TreeBlock{Lo: lo, Hi: hi, Classes: k, TreeEntropy: sums.treeTotal, TreeCount: sums.trees}
	if sums.train != nil {
		b.Sum, b.Votes = sums.train.flat, sums.train.votes
	}
	return b, nil
}

// Add adds next, the block that follows b (next.Lo == b.Hi), to b. Adding
// the same blocks in the same order gives the same bits.
func (b *TreeBlock) Add(next TreeBlock) error {
	switch {
	case next.Lo != b.Hi:
		return fmt.Errorf("ufmi: tree block %d..%d does not follow block %d..%d", next.Lo, next.Hi-1, b.Lo, b.Hi-1)
	case next.Classes != b.Classes || len(next.Sum) != len(b.Sum) || len(next.Votes) != len(b.Votes):
		return fmt.Errorf("ufmi: tree blocks %d..%d and %d..%d are of different data", b.Lo, b.Hi-1, next.Lo, next.Hi-1)
	}
	for i, v := range next.Sum {
		b.Sum[i] += v
	}
	for i, v := range next.Votes {
		b.Votes[i] += v
	}
	b.TreeEntropy += next.TreeEntropy
	b.TreeCount += next.TreeCount
	b.Hi = next.Hi
	return nil
}

// Estimate returns the estimate of the whole forest of uf, which b must
// cover (trees 0..uf's trees-1), on labels y: H(Y), H(Y|X) and I(X;Y)
// computed from the sums as EstimateMI computes them from its streamed
// trees. It turns b's sums into means in place: b is spent.
func (b *TreeBlock) Estimate(y []int, uf UFConfig) (Estimate, error) {
	trees, err := uf.trees()
	if err != nil {
		return Estimate{}, err
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return Estimate{}, err
	}
	if b.Lo != 0 || b.Hi != trees {
		return Estimate{}, fmt.Errorf("ufmi: tree blocks cover trees %d..%d of a forest of %d", b.Lo, b.Hi-1, trees)
	}
	treeLevel := b.Sum == nil
	if k != b.Classes || treeLevel != uf.TreeLevelEntropy || !treeLevel && (len(b.Votes) != len(y) || len(b.Sum) != len(y)*k) {
		return Estimate{}, fmt.Errorf("ufmi: tree blocks of other data or settings (%d classes, %d rows)", b.Classes, len(b.Votes))
	}
	sums := honestSums{treeTotal: b.TreeEntropy, trees: b.TreeCount}
	if !treeLevel {
		sums.train = &posteriorSum{k: k, flat: b.Sum, votes: b.Votes}
	}
	hy, _ := LabelEntropy(y)
	h := sums.entropy(classPrior(y, k))
	return Estimate{Method: MethodUF, HY: hy, HYGivenX: h, MI: hy - h, N: len(y), Classes: k, Evaluated: len(y)}, nil
}

// posteriorSum adds tree posteriors per row, in the order the trees come,
// as Forest.accumulate does.
type posteriorSum struct {
	k     int
	flat  []float64
	votes []int
}

func newPosteriorSum(n, k int) *posteriorSum {
	return &posteriorSum{k: k, flat: make([]float64, n*k), votes: make([]int, n)}
}

// add adds one tree's posterior for every row; leaf gives a row's leaf.
// Abstaining leaves add nothing.
func (s *posteriorSum) add(ft *forestTree, leaf func(i int) int) {
	k := s.k
	for i := range s.votes {
		l := leaf(i)
		p := ft.posterior[l*k : l*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		acc := s.flat[i*k : i*k+k]
		for c, v := range p {
			acc[c] += v
		}
		s.votes[i]++
	}
}

// mean turns the sums into mean posteriors (prior for a row without votes).
func (s *posteriorSum) mean(prior []float64) [][]float64 {
	n := len(s.votes)
	for i, v := range s.votes {
		finishPosterior(s.flat[i*s.k:i*s.k+s.k], v, prior, false)
	}
	return splitRows(s.flat, n, s.k)
}
