package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"math"
	"slices"
	"sync"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/memory"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Statistic computes a test statistic from features and (possibly permuted)
// class codes, run by rt: the seed to fit any model with, and the
// goroutines (a permutation test hands each fit one: it runs the fits in
// parallel instead).
type Statistic func(x *Features, y []int, rt Runtime) (float64, error)

// MIStatistic is the statistic Î(X;Y) of EstimateMI under cfg's estimator
// settings, each fit run by the runtime the test hands it: cfg.Runtime is
// not used (the test's is PermutationConfig's). UF estimates at forest level
// reuse the presorted features and the buffers of earlier fits and keep no
// forest (refitter, below); the value is the same.
func MIStatistic(cfg EstimatorConfig) Statistic {
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
		est, err := EstimateMI(x, y, c)
		return est.MI, err
	}
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
}

// leanUF reports whether the refitter computes cfg's statistic: a UF
// estimate at forest level without unlabeled rows.
func leanUF(cfg EstimatorConfig) bool {
	return (cfg.Method == "" || cfg.Method == MethodUF) && cfg.Unlabeled == nil && !cfg.UF.TreeLevelEntropy
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
	return &refitScratch{sorted: r.sorted, mult: make([]int32, x.n), perm: make([]int, x.n), rowLeaf: make([]int32, x.n)}
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
	cfg.Method = MethodUF
	if err := checkConfidence(cfg); err != nil {
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
		imp := newImportance(x, y, k)
		s.grow(labels, k, plan, func(t *tree.Tree, rows treeRows) { imp.addTree(t, rows.voters) })
		uf.Tree.FeatureWeights = importanceWeights(imp.mean(), uf.PilotFloor)
	}
	_, plan, err := honestPlan(x, y, uf, rt, seeds.Tree)
	if err != nil {
		return 0, err
	}
	// One tree in memory at a time.
	size := forestSize{n: x.n, d: x.d, k: k, trees: 1, sampleRows: plan.sampler.sampleRows(), workers: 1, honest: true}
	if err := size.check(); err != nil {
		return 0, err
	}
	voter := plan.voter.(honestVoter)
	s.sum.reset(x.n, k, -1, voter.empty == EmptyAbstain)
	s.grow(labels, k, plan, func(t *tree.Tree, rows treeRows) {
		s.post = honestPosteriorInto(s.post, t, s.rowLeaf, labels, rows.voters, k, voter.kappa, voter.empty)
		s.sum.addTree(s.post, s.rowLeaf)
	})
	h, _ := s.sum.meanEntropy(classPrior(y, k), false)
	hy, _ := LabelEntropy(y)
	return hy - h, nil
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

// PermutationConfig configures PermutationTest and FastPermutationTest.
// Zero values are the defaults (defaults.go).
type PermutationConfig struct {
	Permutations int // number of label permutations, 1..MaxPermutations (0: defaultPermutations, the paper's)
	// SplitShare is the fast test's share of the structure half that grows
	// each tree, in (0, 1) (0: DefaultSplitShare); the refit test ignores it.
	SplitShare float64
	// Runtime runs the test. Seed: permutation i shuffles with the stream
	// (Seed, permutation, i) and refits with the seed Derive(Seed,
	// permutation-fit, i); the observed statistic is fitted with Seed
	// itself. Workers: permutations run in parallel, each fit on one
	// goroutine. Progress: called after each permutation.
	Runtime
}

// PermutationResult is the outcome of a permutation test.
type PermutationResult struct {
	Observed float64
	Null     []float64 // the statistic under each permutation, in permutation order
	// PValue is (1 + #{null >= observed}) / (1 + permutations).
	PValue float64
}

// PermutationTest computes stat on (x, y), then on (x, π(y)) for random
// permutations π, refitting every time, and returns the permutation p-value.
// A statistic that is NaN or infinite, observed or under a permutation, is
// an error: it has no place in the ordering the p-value counts. After the
// observed fit it checks that Workers fits of its size fit in memory at once
// (the size being the largest memory check the fit made).
func PermutationTest(x *Features, y []int, stat Statistic, cfg PermutationConfig) (PermutationResult, error) {
	if stat == nil {
		return PermutationResult{}, fmt.Errorf("ufmi: permutation test needs a statistic (e.g. MIStatistic(cfg)), got nil")
	}
	perms, err := countOrDefault("number of permutations", cfg.Permutations, defaultPermutations, MaxPermutations)
	if err != nil {
		return PermutationResult{}, err
	}
	if _, err := checkTrainingData(x, y); err != nil {
		return PermutationResult{}, err
	}
	var observed float64
	oneFit := memory.Largest(func() { observed, err = stat(x, y, cfg.serial()) })
	if err == nil {
		err = checkStatistic(observed, "on the observed labels")
	}
	if err != nil {
		return PermutationResult{}, err
	}
	if workers := min(pool.Workers(cfg.Workers), perms); workers > 1 {
		what := fmt.Sprintf("running %d permutation fits at once on %d rows", workers, x.n)
		if err := memory.Check(what, memory.Bytes(float64(oneFit)*float64(workers)), "use fewer workers, trees or rows"); err != nil {
			return PermutationResult{}, err
		}
	}
	null, err := PermutationNull(x, y, stat, 0, perms, cfg.Runtime)
	if err != nil {
		return PermutationResult{}, err
	}
	return PermutationResult{Observed: observed, Null: null, PValue: PermutationPValue(observed, null)}, nil
}

// PermutationNull returns the statistic under permutations lo..hi-1 of
// PermutationTest run by rt (rt.Progress counting them): the same values
// that test computes, so a test can be split into blocks computed apart
// (ufmi/sharded).
func PermutationNull(x *Features, y []int, stat Statistic, lo, hi int, rt Runtime) ([]float64, error) {
	if lo < 0 || hi < lo || hi > MaxPermutations {
		return nil, fmt.Errorf("ufmi: permutations %d..%d: want 0 <= lo <= hi <= %d", lo, hi, MaxPermutations)
	}
	if stat == nil {
		return nil, fmt.Errorf("ufmi: permutation test needs a statistic (e.g. MIStatistic(cfg)), got nil")
	}
	null := make([]float64, hi-lo)
	err := pool.ForEach(hi-lo, rt.Workers, rt.Progress, func(_, j int) error {
		i := lo + j
		yp := slices.Clone(y)
		rng := rt.stream(seeds.Permutation, i)
		rng.Shuffle(len(yp), func(a, b int) { yp[a], yp[b] = yp[b], yp[a] })
		v, err := stat(x, yp, rt.child(seeds.PermutationFit, i).serial())
		if err == nil {
			err = checkStatistic(v, fmt.Sprintf("under permutation %d", i))
		}
		null[j] = v
		return err
	})
	if err != nil {
		return nil, err
	}
	return null, nil
}

// PermutationPValue is (1 + #{null >= observed}) / (1 + len(null)).
func PermutationPValue(observed float64, null []float64) float64 {
	exceed := 0
	for _, v := range null {
		if v >= observed {
			exceed++
		}
	}
	return float64(1+exceed) / float64(1+len(null))
}

// checkStatistic rejects a NaN or infinite statistic value; where says
// which labels gave it.
func checkStatistic(v float64, where string) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("ufmi: the statistic is %v %s; a permutation test needs a finite statistic", v, where)
	}
	return nil
}

// Two permutation tests of H0: X and Y independent. PermutationTest refits
// the statistic for every permutation (exact, B+1 fits).
// FastPermutationTest fits one forest (the split test, below). The
// two-forest test of Coleman et al. (treeple's MIGHT), whose null exchanges
// trees between a forest fitted on y and one fitted on permuted labels, is
// not offered: with UF's statistic it rejected a true H0 in 43% of data sets
// at level 0.05 (n = 300, d = 2, 100 trees), because exchanging trees keeps
// the variance from tree to tree but not the variance between forests
// fitted to different label vectors (docs/inference.md, "Permutation tests").

// FastPermutationTest tests whether X and Y are independent with one forest
// instead of one per permutation: the split test. It splits the rows once,
// at random and stratified by class, into a structure half S and a vote
// half V (pc.Seed's split stream); fits cfg's UF on the rows of S alone
// (feature screening included, cfg's trees and presets, but each tree
// grown on a subsample of pc.SplitShare of S); fills every
// tree's leaves with the labels of V (cfg's kappa and empty-leaf policy);
// and takes as statistic the honest estimate
//
//	Î = H(Y_V) - mean over the rows of S of H(forest posterior),
//
// or, with TreeLevelEntropy, the mean over trees of each tree's mean leaf
// entropy over S. Permutation i shuffles the labels of V among the rows of
// V (stream (pc.Seed, permutation, i)) and recounts the votes; the forest
// is never refitted. p = (1 + #{null >= observed}) / (1 + permutations).
//
// Guarantee: if the rows are exchangeable (for example i.i.d.) and X is
// independent of Y, then P(p <= α) <= α for every α, every sample size,
// number of trees and number of permutations: the test is exact, not
// asymptotic. The forest depends only on the features, the labels of S and
// the seeds (the stratified split depends on the labels only through the
// class counts), and given all of these the labels of V are, under H0,
// equally likely in every order among the rows of V; the statistic is a
// function of that order. The price is power: half the rows grow the
// forest and the other half vote, whereas each refit of PermutationTest
// uses all rows for both (docs/inference.md, "Permutation tests", measures both).
// cfg must be a UF estimator (Method uf) without unlabeled rows; the test
// runs by pc.Runtime (cfg.Runtime is not used), its progress counting the
// permutations. Results do not depend on the number of workers.
func FastPermutationTest(x *Features, y []int, cfg EstimatorConfig, pc PermutationConfig) (PermutationResult, error) {
	k, err := checkTrainingData(x, y)
	if err != nil {
		return PermutationResult{}, err
	}
	if cfg.Method != "" && cfg.Method != MethodUF {
		return PermutationResult{}, fmt.Errorf("ufmi: the fast permutation test fits a UF; method %s has no fast test", cfg.Method)
	}
	if cfg.Unlabeled != nil {
		return PermutationResult{}, fmt.Errorf("ufmi: the fast permutation test does not use unlabeled rows")
	}
	perms, err := countOrDefault("number of permutations", pc.Permutations, defaultPermutations, MaxPermutations)
	if err != nil {
		return PermutationResult{}, err
	}
	share := pc.SplitShare
	if share == 0 {
		share = DefaultSplitShare
	}
	if !(share > 0 && share < 1) {
		return PermutationResult{}, fmt.Errorf("ufmi: split share %v must be in (0, 1) (0: %v)", pc.SplitShare, DefaultSplitShare)
	}
	st, yv, err := newSplitTest(x, y, k, cfg.UF, pc.quiet(), share)
	if err != nil {
		return PermutationResult{}, err
	}
	res := PermutationResult{Null: make([]float64, perms)}
	var observed [1]float64
	st.statistics([][]int{yv}, &splitScratch{}, observed[:])
	res.Observed = observed[0]
	// Permutations go in blocks, each evaluated tree by tree: a tree's
	// leaves are then read from memory once per block, not per permutation.
	blocks := (perms + splitBlock - 1) / splitBlock
	workers := min(pool.Workers(pc.Workers), blocks)
	scratch := make([]splitScratch, workers)
	labels := make([][][]int, workers)
	var mu sync.Mutex
	done := 0
	err = pool.ForEach(blocks, workers, nil, func(w, b int) error {
		lo, hi := b*splitBlock, min((b+1)*splitBlock, perms)
		block := labels[w][:0]
		for i := lo; i < hi; i++ {
			yp := slices.Clone(yv)
			rng := pc.stream(seeds.Permutation, i)
			rng.Shuffle(len(yp), func(a, b int) { yp[a], yp[b] = yp[b], yp[a] })
			block = append(block, yp)
		}
		labels[w] = block
		st.statistics(block, &scratch[w], res.Null[lo:hi])
		if pc.Progress != nil {
			mu.Lock()
			done += hi - lo
			pc.report(done, perms)
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return PermutationResult{}, err
	}
	res.PValue = PermutationPValue(res.Observed, res.Null)
	return res, nil
}

// splitBlock is how many permutations the split test evaluates together.
const splitBlock = 16

// splitTest is the forest of the split test, kept as the leaf of every row
// in every tree: all the statistic needs besides the vote labels.
type splitTest struct {
	k, trees   int
	ns, nv     int       // rows of S (evaluated) and of V (voting)
	leafS      []int32   // leafS[t*ns+i]: leaf of the i-th row of S in tree t
	leafV      []int32   // leafV[t*nv+j]: leaf of the j-th row of V in tree t
	leafStart  []int     // tree t's leaves are leafStart[t] to leafStart[t+1]-1 of leafVotes
	leafVotes  []int32   // vote rows per leaf (the same in every permutation)
	voteCounts []float64 // class counts of V (the same in every permutation)
	priorV     []float64 // class frequencies of V: the posterior of a row no tree voted for
	major      int       // the most frequent class of V: its votes are counted by difference
	hyV        float64   // H(Y_V)
	kappa      float64
	empty      EmptyLeafPolicy
	treeLevel  bool
}

// newSplitTest splits the rows, fits the forest on S and records the
// leaves, run by rt; it returns the test and the labels of V.
func newSplitTest(x *Features, y []int, k int, uf UFConfig, rt Runtime, share float64) (*splitTest, []int, error) {
	n := x.n
	ns := (n + 1) / 2
	perm := honestPermutation(rt.stream(seeds.Split, 0), make([]int, n), y, k, true, ns, n-ns)
	rowsS, rowsV := sortedCopy(perm[:ns]), sortedCopy(perm[ns:])
	ys, yv := pick.At(y, rowsS), pick.At(y, rowsV)
	if _, err := classes.Check(ys, ns); err != nil {
		return nil, nil, fmt.Errorf("ufmi: the fast test's structure half (%d rows) holds a single class; it needs at least two rows of two classes", ns)
	}
	uf, err := uf.resolved()
	if err != nil {
		return nil, nil, err
	}
	uf.StructureFraction = share
	f, err := FitUF(x.SelectRows(rowsS), ys, uf, rt)
	if err != nil {
		return nil, nil, err
	}
	nv, trees := len(rowsV), f.Trees()
	st := &splitTest{k: k, trees: trees, ns: ns, nv: nv, leafS: make([]int32, trees*ns), leafV: make([]int32, trees*nv),
		leafStart: make([]int, trees+1), voteCounts: make([]float64, k),
		kappa: uf.Kappa, empty: uf.EmptyLeaf, treeLevel: uf.TreeLevelEntropy}
	_ = pool.ForEach(trees, rt.Workers, nil, func(_, t int) error {
		ft := &f.trees[t]
		copy(st.leafS[t*ns:(t+1)*ns], ft.rowLeaf)
		for j, i := range rowsV {
			st.leafV[t*nv+j] = ft.tree.LeafOf(x.cols, i)
		}
		return nil
	})
	for t := range trees {
		st.leafStart[t+1] = st.leafStart[t] + f.trees[t].tree.Leaves()
	}
	st.leafVotes = make([]int32, st.leafStart[trees])
	for t := range trees {
		votes := st.leafVotes[st.leafStart[t]:st.leafStart[t+1]]
		for _, l := range st.leafV[t*nv : (t+1)*nv] {
			votes[l]++
		}
	}
	for _, c := range yv {
		st.voteCounts[c]++
	}
	for c, v := range st.voteCounts {
		if v > st.voteCounts[st.major] {
			st.major = c
		}
	}
	st.priorV = make([]float64, k)
	for c, v := range st.voteCounts {
		st.priorV[c] = v / float64(nv)
	}
	st.hyV, _ = LabelEntropy(yv)
	return st, yv, nil
}

// splitScratch is one worker's buffers: a slot per label vector of a block.
type splitScratch struct {
	slots  []splitSlot
	counts []int32   // vote counts of one tree, K per leaf
	post   []float64 // leaf posteriors of one tree
	row    []float64
}

// splitSlot holds one label vector's state while the trees are added.
type splitSlot struct {
	byClass [][]int32     // rows of V holding each class other than the major one
	sums    posteriorSums // per row of S, the summed posteriors of the classes other than the major one
	total   float64       // tree level: the sum of the trees' mean entropies
	trees   int           // tree level: the trees that entered total
}

// statistics sets out[b] to the statistic Î for the vote labels block[b]
// (one label per row of V), adding the trees one by one to every vector
// of the block.
func (st *splitTest) statistics(block [][]int, s *splitScratch, out []float64) {
	k := st.k
	for len(s.slots) < len(block) {
		s.slots = append(s.slots, splitSlot{})
	}
	s.row = resize(s.row, k)
	for b, yv := range block {
		sl := &s.slots[b]
		sl.byClass = resize(sl.byClass, k)
		for c := range sl.byClass {
			sl.byClass[c] = sl.byClass[c][:0]
		}
		for j, c := range yv {
			if c != st.major {
				sl.byClass[c] = append(sl.byClass[c], int32(j))
			}
		}
		sl.sums.reset(st.ns, k, st.major, st.empty == EmptyAbstain)
		sl.total, sl.trees = 0, 0
	}
	for t := range st.trees {
		for b := range block {
			sl := &s.slots[b]
			if st.treeLevel {
				st.addTreeEntropy(t, st.posterior(t, sl, s, false), sl)
			} else {
				sl.sums.addTree(st.posterior(t, sl, s, true), st.leafS[t*st.ns:(t+1)*st.ns])
			}
		}
	}
	for b := range block {
		sl := &s.slots[b]
		if st.treeLevel {
			out[b] = st.hyV - sl.total/float64(sl.trees)
		} else {
			h, _ := sl.sums.meanEntropy(st.priorV, false)
			out[b] = st.hyV - h
		}
	}
}

// posterior counts tree t's votes from the rows of V listed in sl.byClass
// and returns its leaf posteriors: K values per leaf, or with minorOnly
// the K-1 values of the classes other than the major one.
func (st *splitTest) posterior(t int, sl *splitSlot, s *splitScratch, minorOnly bool) []float64 {
	k := st.k
	leafVotes := st.leafVotes[st.leafStart[t]:st.leafStart[t+1]]
	leaves := len(leafVotes)
	s.counts = resize(s.counts, leaves*k)
	leafV := st.leafV[t*st.nv : (t+1)*st.nv]
	for c, rows := range sl.byClass {
		for _, j := range rows {
			s.counts[int(leafV[j])*k+c]++
		}
	}
	w := k
	if minorOnly {
		w = k - 1
	}
	s.post = resize(s.post, leaves*w)
	row := s.row
	for l, m := range leafVotes {
		major := m
		for c, v := range s.counts[l*k : l*k+k] {
			if c != st.major {
				major -= v
				row[c] = float64(v)
			}
		}
		row[st.major] = float64(major)
		leafCorrect(row, st.kappa, st.empty, st.voteCounts, st.nv)
		out := s.post[l*w : l*w+w]
		if !minorOnly {
			copy(out, row)
			continue
		}
		i := 0
		for c, v := range row {
			if c != st.major {
				out[i] = v
				i++
			}
		}
	}
	return s.post
}

// addTreeEntropy adds tree t's mean leaf entropy over the rows of S
// (abstaining leaves skipped) to the tree-level sum.
func (st *splitTest) addTreeEntropy(t int, post []float64, sl *splitSlot) {
	k := st.k
	sum, used := 0.0, 0
	for _, l := range st.leafS[t*st.ns : (t+1)*st.ns] {
		p := post[int(l)*k : int(l)*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		sum += Entropy(p)
		used++
	}
	if used > 0 {
		sl.total += sum / float64(used)
		sl.trees++
	}
}
