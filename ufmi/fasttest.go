package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"math"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Two permutation tests of H0: X and Y independent. PermutationTest refits
// the statistic for every permutation (exact, B+1 fits).
// FastPermutationTest fits one forest (the fast test, below). The
// two-forest test of Coleman et al. (treeple's MIGHT), whose null exchanges
// trees between a forest fitted on y and one fitted on permuted labels, is
// not offered: with UF's statistic it rejected a true H0 in 43% of data sets
// at level 0.05 (n = 300, d = 2, 100 trees), because exchanging trees keeps
// the variance from tree to tree but not the variance between forests
// fitted to different label vectors (docs/inference.md, "Permutation tests").

// FastPermutationTest tests whether X and Y are independent with one forest
// instead of one per permutation: the fast test. It splits the rows once,
// at random and stratified by class, into a structure half S and a vote
// half V (pc.Seed's split stream); fits cfg's UF on the rows of S alone
// (feature screening included, cfg's trees and presets, but each tree
// grown on a subsample of pc.FastShare of S, in place of cfg's
// UF.StructureFraction, which the test does not use: its split into S and
// V is the test's own); fills every
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
	k, perms, share, err := checkOneForestTest(x, y, cfg, pc, "fast")
	if err != nil {
		return PermutationResult{}, err
	}
	st, ff, err := newFastTest(x, y, k, cfg.UF, pc.quiet(), share, false)
	if err != nil {
		return PermutationResult{}, err
	}
	yv := ff.yv
	res := PermutationResult{Null: make([]float64, perms)}
	var observed [1]float64
	st.statistics([][]int{yv}, &fastScratch{}, observed[:])
	res.Observed = observed[0]
	// Permutations go in blocks, each evaluated tree by tree: a tree's
	// leaves are then read from memory once per block, not per permutation.
	blocks := (perms + fastBlock - 1) / fastBlock
	workers := min(pool.Workers(pc.Workers), blocks)
	scratch := make([]fastScratch, workers)
	labels := make([][][]int, workers)
	progress := pc.counter(perms)
	err = pool.ForEach(blocks, workers, nil, func(w, b int) error {
		lo, hi := b*fastBlock, min((b+1)*fastBlock, perms)
		block := labels[w][:0]
		for i := lo; i < hi; i++ {
			yp := slices.Clone(yv)
			rng := pc.stream(seeds.Permutation, i)
			rng.Shuffle(len(yp), func(a, b int) { yp[a], yp[b] = yp[b], yp[a] })
			block = append(block, yp)
		}
		labels[w] = block
		st.statistics(block, &scratch[w], res.Null[lo:hi])
		progress(hi - lo)
		return nil
	})
	if err != nil {
		return PermutationResult{}, err
	}
	return pValueResult(res.Observed, res.Null)
}

// checkOneForestTest checks the data and configurations of a test that
// fits one UF on a structure half (the fast and the conditional test,
// named by test): it returns the number of classes and of permutations
// and the share of S that grows each tree.
func checkOneForestTest(x *Features, y []int, cfg EstimatorConfig, pc PermutationConfig, test string) (k, perms int, share float64, err error) {
	if k, err = checkTrainingData(x, y); err != nil {
		return 0, 0, 0, err
	}
	if err := cfg.checkClassCount(k, x.n); err != nil {
		return 0, 0, 0, err
	}
	if cfg.Method != "" && cfg.Method != MethodUF {
		return 0, 0, 0, fmt.Errorf("ufmi: the %s permutation test fits a UF; method %s has no %s test", test, cfg.Method, test)
	}
	if cfg.Unlabeled != nil {
		return 0, 0, 0, fmt.Errorf("ufmi: the %s permutation test does not use unlabeled rows", test)
	}
	// Settings the test does not use are checked as EstimateMI checks them:
	// an invalid value is refused, not ignored.
	cfg.Method = MethodUF
	if err := checkConfidence(cfg); err != nil {
		return 0, 0, 0, err
	}
	if err := cfg.checkUnusedSettings(); err != nil {
		return 0, 0, 0, err
	}
	if perms, err = countOrDefault("number of permutations", pc.Permutations, defaultPermutations, limits.Permutations); err != nil {
		return 0, 0, 0, err
	}
	if err := checkFastShare(pc.FastShare, ""); err != nil {
		return 0, 0, 0, err
	}
	share = pc.FastShare
	if share == 0 {
		share = defaultFastShare
	}
	return k, perms, share, nil
}

// checkFastShare refuses a fast-test share outside (0, 1) (0 takes the
// default), adding note to the error.
func checkFastShare(share float64, note string) error {
	if share != 0 && !(share > 0 && share < 1) {
		return fmt.Errorf("ufmi: fast-test share %v must be in (0, 1) (0: %v)%s", share, defaultFastShare, note)
	}
	return nil
}

// fastBlock is how many permutations the fast test evaluates together.
const fastBlock = 16

// fastTest is the forest of the fast test, kept as the leaf of every row
// in every tree: all the statistic needs besides the vote labels.
type fastTest struct {
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

// fastForest is the split and the forest of a fast test: what the
// conditional test needs besides the leaves to re-route the rows of V.
type fastForest struct {
	f     *Forest
	rowsS []int // the rows of S, increasing
	rowsV []int // the rows of V, increasing
	yv    []int // their labels
}

// newFastTest splits the rows, fits the forest on S and records the
// leaves, run by rt; it returns the test, and the forest with the rows
// and labels of V. conditional says the conditional test (citest.go) asks,
// which its errors name instead of the fast test.
func newFastTest(x *Features, y []int, k int, uf UFConfig, rt Runtime, share float64, conditional bool) (*fastTest, fastForest, error) {
	test, instead := "fast test", "use the refit test (PermutationTest; -test refit) or more rows"
	if conditional {
		test, instead = "conditional test", "use more rows (the conditional test has no refit form)"
	}
	n := x.n
	ns := (n + 1) / 2
	perm := honestPermutation(rt.stream(seeds.Split, 0), make([]int, n), nil, y, k, true, ns, n-ns)
	rowsS, rowsV := sortedCopy(perm[:ns]), sortedCopy(perm[ns:])
	ys, yv := pick.At(y, rowsS), pick.At(y, rowsV)
	if _, err := classes.CheckWithin(ys, k); err != nil { // a class may be missing from S, not all but one
		return nil, fastForest{}, tooFewRows("ufmi: the %s's structure half (%d rows) holds a single class; it needs at least two rows of two classes", test, ns)
	}
	uf, err := uf.resolved()
	if err != nil {
		return nil, fastForest{}, err
	}
	// The forest keeps its configured leaves (no small-data adaptation:
	// smallDataLeaf), so a forest none of whose trees split is an error,
	// not a statistic of 0 under every permutation and a p-value of 1.
	uf.StructureFraction, uf.keepLeaves = share, true
	// Its screening keeps the pilot's weights whatever their importances
	// (ScreenAlways): the test's power was measured so, and its level
	// holds either way.
	uf.ScreenAlways = !uf.NoScreening
	if _, _, _, err := uf.honestSizes(ns); err != nil {
		return nil, fastForest{}, tooFewRows("ufmi: the %s's structure half (%d rows) is too small for its forest (%s); %s", test, ns, strings.TrimPrefix(err.Error(), "ufmi: "), instead)
	}
	f, err := fitUF(x.SelectRows(rowsS), ys, uf, rt)
	if err != nil {
		return nil, fastForest{}, err
	}
	if !slices.ContainsFunc(f.trees, func(ft forestTree) bool { return ft.tree.Leaves() > 1 }) {
		grow := int(math.Round(share * float64(ns)))
		return nil, fastForest{}, tooFewRows("ufmi: none of the %s's %d trees split: each grows on %d rows (share %v of the structure half's %d) and a split must leave at least %d on each side (too few rows, a class too rare, or constant features), so the p-value would be 1 whatever the data; %s", test, f.Trees(), grow, share, ns, uf.Tree.MinSamplesLeaf, instead)
	}
	nv, trees := len(rowsV), f.Trees()
	st := &fastTest{k: k, trees: trees, ns: ns, nv: nv, leafS: make([]int32, trees*ns), leafV: make([]int32, trees*nv),
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
	return st, fastForest{f: f, rowsS: rowsS, rowsV: rowsV, yv: yv}, nil
}

// fastScratch is one worker's buffers: a slot per label vector of a block.
type fastScratch struct {
	slots  []fastSlot
	counts []int32   // vote counts of one tree, K per leaf
	post   []float64 // leaf posteriors of one tree
	row    []float64
}

// fastSlot holds one label vector's state while the trees are added.
type fastSlot struct {
	byClass [][]int32     // rows of V holding each class other than the major one
	sums    posteriorSums // per row of S, the summed posteriors of the classes other than the major one
	total   float64       // tree level: the sum of the trees' mean entropies
	trees   int           // tree level: the trees that entered total
}

// statistics sets out[b] to the statistic Î for the vote labels block[b]
// (one label per row of V), adding the trees one by one to every vector
// of the block.
func (st *fastTest) statistics(block [][]int, s *fastScratch, out []float64) {
	st.statisticsRouted(block, st.storedLeaves, s, out)
}

// leavesFunc returns, for label vector b of a block and tree t, the leaf
// of every row of V in tree t and the number of rows of V in each of its
// leaves.
type leavesFunc func(b, t int) (leafV, leafVotes []int32)

// storedLeaves are the leaves of V the forest was filled with, the same
// for every label vector.
func (st *fastTest) storedLeaves(_, t int) (leafV, leafVotes []int32) {
	return st.leafV[t*st.nv : (t+1)*st.nv], st.leafVotes[st.leafStart[t]:st.leafStart[t+1]]
}

// statisticsRouted is statistics with the rows of V routed by leaves:
// the conditional test moves rows of V to other leaves.
func (st *fastTest) statisticsRouted(block [][]int, leaves leavesFunc, s *fastScratch, out []float64) {
	k := st.k
	for len(s.slots) < len(block) {
		s.slots = append(s.slots, fastSlot{})
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
			leafV, leafVotes := leaves(b, t)
			if st.treeLevel {
				st.addTreeEntropy(t, st.posterior(leafV, leafVotes, sl, s, false), sl)
			} else {
				sl.sums.addTree(st.posterior(leafV, leafVotes, sl, s, true), st.leafS[t*st.ns:(t+1)*st.ns])
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

// posterior counts a tree's votes from the rows of V listed in sl.byClass,
// row j of V in leaf leafV[j] and leafVotes[l] rows in leaf l, and returns
// its leaf posteriors: K values per leaf, or with minorOnly the K-1 values
// of the classes other than the major one.
func (st *fastTest) posterior(leafV, leafVotes []int32, sl *fastSlot, s *fastScratch, minorOnly bool) []float64 {
	k := st.k
	leaves := len(leafVotes)
	s.counts = resize(s.counts, leaves*k)
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
func (st *fastTest) addTreeEntropy(t int, post []float64, sl *fastSlot) {
	k := st.k
	sum, used := 0.0, 0
	for _, l := range st.leafS[t*st.ns : (t+1)*st.ns] {
		p := post[int(l)*k : int(l)*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		sum += classes.Entropy(p)
		used++
	}
	if used > 0 {
		sl.total += sum / float64(used)
		sl.trees++
	}
}
