package ufmi

import (
	"sync"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// MIStatistic is the refit test's statistic under cfg's estimator settings:
// Î(X;Y) of EstimateMI, with a UF at forest level scored by the plug-in
// (testStatisticConfig), each fit run by the runtime the test hands it:
// cfg.Runtime is not used (the test's is PermutationConfig's). UF estimates
// at forest level reuse the presorted features and the buffers of earlier
// fits and keep no forest (refitter, below); the value is EstimateMI's under
// testStatisticConfig(cfg).
func MIStatistic(cfg EstimatorConfig) Statistic {
	cfg = testStatisticConfig(cfg)
	var lean *refitter
	if leanUF(cfg) {
		lean = &refitter{}
	}
	return func(x *Features, y []int, rt Runtime) (float64, error) {
		if lean != nil {
			return lean.mi(x, y, cfg, rt)
		}
		c := cfg
		c.Runtime = rt
		est, err := estimateMI(x, y, c, false)
		return est.MI, err
	}
}

// testStatisticConfig is cfg with a UF's forest-level estimate the plug-in
// (UFConfig.PlugIn), on the same forest: the refit test's statistic. Any
// statistic gives a valid test, and the plug-in is the more powerful one
// here: its bias is the same under every permutation and costs the test
// nothing, while the one-step's log-loss is noisier, and the refit test
// with it rejected a weak signal at n = 2,000 in 0.18 of data sets against
// the plug-in's 0.46 (docs/inference.md, "Type-I error and power"). The
// estimate reported beside the p-value stays EstimateMI's. Label draws
// (UFConfig.LabelDraws), which correct the one-step, are left out of the
// plug-in statistic.
func testStatisticConfig(cfg EstimatorConfig) EstimatorConfig {
	if isUF(cfg) && !cfg.UF.TreeLevelEntropy {
		cfg.UF.PlugIn, cfg.UF.LabelDraws = true, 0
	}
	return cfg
}

// refitter computes UF's MI for MIStatistic without keeping a forest, as
// streamHonestEntropy does, but on one goroutine and reusing from call to
// call the presorted features (while they stay the same), one tree builder
// and every buffer: each tree is grown into reused storage (the rows
// outside its sample descend with it) and its posteriors are added to the
// rows' sums at once. A permutation test's refits then allocate almost
// nothing. The result is bit for bit EstimateMI's.
type refitter struct {
	mu     sync.Mutex
	x      *Features // the features sorted is for
	sorted *tree.Presort
	free   []*refitScratch
}

// refitScratch is one goroutine's builder and buffers, for the features of
// sorted.
type refitScratch struct {
	sorted  *tree.Presort
	builder *tree.Builder
	mult    []int32
	perm    []int
	rowLeaf []int32
	post    []float64 // leaf posteriors of the current tree
	sum     posteriorSums
	// The one-step estimate's out-of-sample sums, and the current tree's
	// structure and vote rows as sets.
	oos             outOfSample
	structure, vote rowSet
}

// isUF reports whether cfg's method is UF (the default when unset).
func isUF(cfg EstimatorConfig) bool { return cfg.Method == "" || cfg.Method == MethodUF }

// leanUF reports whether the refitter computes cfg's statistic: a UF
// estimate at forest level without unlabeled rows.
func leanUF(cfg EstimatorConfig) bool {
	return isUF(cfg) && cfg.Unlabeled == nil && !cfg.UF.TreeLevelEntropy
}

// acquire returns buffers for x, presorting x when it is new.
func (r *refitter) acquire(x *Features) *refitScratch {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.x != x {
		r.x, r.sorted, r.free = x, tree.NewPresort(x.cols, x.categorical()), nil
	}
	if n := len(r.free); n > 0 {
		s := r.free[n-1]
		r.free = r.free[:n-1]
		return s
	}
	return &refitScratch{sorted: r.sorted, mult: make([]int32, x.n), perm: make([]int, 2*x.n), rowLeaf: make([]int32, x.n)}
}

// release returns buffers unless the features changed meanwhile.
func (r *refitter) release(s *refitScratch) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.sorted == r.sorted {
		r.free = append(r.free, s)
	}
}

// mi returns EstimateMI(x, y, cfg).MI, run with rt's seed, for a config
// leanUF accepts, on one goroutine; a confidence level cfg asks for is
// checked but no interval is computed.
func (r *refitter) mi(x *Features, y []int, cfg EstimatorConfig, rt Runtime) (float64, error) {
	k, err := checkTrainingData(x, y)
	if err != nil {
		return 0, err
	}
	if err := cfg.checkClassCount(k, x.n); err != nil {
		return 0, err
	}
	cfg.Method = MethodUF
	if err := checkConfidence(cfg); err != nil {
		return 0, err
	}
	if err := cfg.checkUnusedSettings(); err != nil {
		return 0, err
	}
	rt = rt.serial()
	uf, err := cfg.UF.resolved()
	if err != nil {
		return 0, err
	}
	s := r.acquire(x)
	defer r.release(s)
	labels := int32Labels(y)
	if !uf.NoScreening {
		_, plan, err := honestPlan(x, y, pilotConfig(uf), rt, seeds.Pilot)
		if err != nil {
			return 0, err
		}
		imp := newScreeningImportance(x, y, k, uf, rt.Seed)
		s.grow(labels, k, plan, func(t *tree.Tree, rows treeRows) { imp.addTree(t, rows.voters, s.rowLeaf) })
		uf.Tree.FeatureWeights = imp.featureWeights(uf.PilotFloor)
	}
	_, plan, err := honestPlan(x, y, uf, rt, seeds.Tree)
	if err != nil {
		return 0, err
	}
	// One tree in memory at a time.
	if err := plan.size(x, k, 1, 1).check(); err != nil {
		return 0, err
	}
	voter := plan.voter.(honestVoter)
	s.sum.reset(x.n, k, -1, voter.empty == EmptyAbstain)
	rule := uf.entropyRuleFor(x, y, k)
	oneStep := rule.oneStep
	if oneStep {
		s.oos.reset(y, k, false, true, rule.sharpenFolds)
		s.oos.withLocalLinear(rule.local).withCappedNoise(rule.cappedNoise)
	}
	s.grow(labels, k, plan, func(t *tree.Tree, rows treeRows) {
		s.post = honestPosteriorInto(s.post, t, s.rowLeaf, labels, rows.voters, k, voter.kappa, voter.empty)
		s.sum.addTree(s.post, s.rowLeaf)
		if oneStep {
			s.oos.add(s.votingTree(t, rows.voters), nil)
		}
	})
	prior := classPrior(y, k)
	h, _ := s.sum.meanEntropy(prior, false)
	if oneStep {
		h = oneStepOrPlugIn(h, s.oos.oneStepEntropy(prior), k)
	}
	hy, _ := LabelEntropy(y)
	return hy - h, nil
}

// votingTree is the current tree t for outOfSample: its structure rows are
// those s.mult marks, its vote rows voters.
func (s *refitScratch) votingTree(t *tree.Tree, voters []int) votingTree {
	n := len(s.mult)
	s.structure, s.vote = resize(s.structure, (n+63)/64), resize(s.vote, (n+63)/64)
	for i, m := range s.mult {
		if m > 0 {
			s.structure.add(i)
		}
	}
	for _, i := range voters {
		s.vote.add(i)
	}
	return votingTree{leaves: t.Leaves(), posterior: s.post, leaf: s.rowLeaf, structure: s.structure, vote: s.vote}
}

// grow grows plan's trees in order on this goroutine, from the streams,
// samples and splits of growForest, and hands each to visit with s.rowLeaf
// holding the leaf of every row.
func (s *refitScratch) grow(labels []int32, k int, plan growPlan, visit func(*tree.Tree, treeRows)) {
	if s.builder == nil {
		s.builder = tree.NewBuilder(s.sorted, labels, k, plan.params)
		s.builder.Scratch()
		s.builder.LeafOfEveryRow()
	} else {
		s.builder.Relabel(labels, k, plan.params)
	}
	sampler := plan.sampler.(honestSampler)
	sampler.votersOnly = true
	for t := range plan.trees {
		rng := plan.rt.stream(plan.purpose, t)
		clear(s.mult)
		rows := sampler.sample(rng, s.mult, s.perm)
		grown, _ := s.builder.Grow(s.mult, s.rowLeaf, rng)
		visit(grown, rows)
	}
}
