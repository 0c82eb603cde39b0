package ufmi

import (
	"fmt"
	"sync"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// refitter computes UF's MI for MIStatistic without keeping a forest: each
// call grows one tree at a time into reused buffers and adds the tree's
// posteriors to the rows' sums at once. The features are presorted once and
// buffers are reused from call to call, so a permutation test's refits
// allocate almost nothing. The result is bit for bit what FitUF and the
// forest-level HonestConditionalEntropy give with one worker.
type refitter struct {
	mu     sync.Mutex
	x      *Features // the features sorted is for
	sorted *tree.Presort
	free   []*refitScratch
}

// refitScratch is one goroutine's buffers, for the features of sorted.
type refitScratch struct {
	sorted  *tree.Presort
	builder *tree.Builder
	mult    []int32
	perm    []int
	rowLeaf []int32
	post    []float64 // leaf posteriors of the current tree
	acc     []float64 // per row, the sum of tree posteriors (K per row)
	votes   []int     // per row, the trees that voted
	counts  []float64 // pilot: class counts per node
}

// leanUF reports whether the refitter computes cfg's statistic: a UF
// estimate at forest level without unlabeled rows.
func leanUF(cfg EstimatorConfig) bool {
	return (cfg.Method == "" || cfg.Method == MethodUF) && cfg.Unlabeled == nil && !resolveUF(cfg).TreeLevelEntropy
}

// acquire returns buffers for x, presorting x when it is new.
func (r *refitter) acquire(x *Features) *refitScratch {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.x != x {
		r.x, r.sorted, r.free = x, tree.NewPresort(x.cols), nil
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

// mi returns EstimateMI(x, y, cfg).MI for a config leanUF accepts, run on
// one goroutine.
func (r *refitter) mi(x *Features, y []int, cfg EstimatorConfig) (float64, error) {
	k, err := checkTrainingData(x, y)
	if err != nil {
		return 0, err
	}
	uf := resolveUF(cfg)
	uf.Workers, uf.Progress = 1, nil
	if uf.PilotTrees < 0 {
		return 0, fmt.Errorf("ufmi: pilot trees %d must not be negative", uf.PilotTrees)
	}
	if uf.PilotTrees > 0 && uf.Tree.FeatureWeights != nil {
		return 0, fmt.Errorf("ufmi: set either pilot trees (weights measured) or feature weights (weights given), not both")
	}
	s := r.acquire(x)
	defer r.release(s)
	labels := int32Labels(y)
	if uf.PilotTrees > 0 {
		pilot, floor, err := pilotConfig(uf)
		if err != nil {
			return 0, err
		}
		plan, _, err := honestPlan(x, y, pilot, seeds.Pilot)
		if err != nil {
			return 0, err
		}
		imp := make([]float64, x.d)
		s.grow(x, labels, k, plan, func(t *tree.Tree, rows treeRows) {
			s.counts = addTreeImportance(imp, t, x.cols, labels, k, rows.voters, s.counts)
		})
		for j := range imp {
			imp[j] /= float64(plan.trees)
		}
		uf.Tree.FeatureWeights = importanceWeights(imp, floor)
	}
	plan, _, err := honestPlan(x, y, uf, seeds.Tree)
	if err != nil {
		return 0, err
	}
	voter := plan.voter.(honestVoter)
	s.acc, s.votes = resize(s.acc, x.n*k), resize(s.votes, x.n)
	s.grow(x, labels, k, plan, func(t *tree.Tree, rows treeRows) {
		s.post = honestPosteriorInto(s.post, t, s.rowLeaf, labels, rows.voters, k, voter.kappa, voter.empty)
		s.addPosteriors(k)
	})
	hy, _ := LabelEntropy(y)
	return hy - s.meanEntropy(y, k), nil
}

// grow grows plan's trees in order on this goroutine and hands each to
// visit, with s.rowLeaf holding the leaf of every row. The streams, samples
// and splits are growForest's.
func (s *refitScratch) grow(x *Features, labels []int32, k int, plan growPlan, visit func(*tree.Tree, treeRows)) {
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
		rng := seeds.Stream(plan.seed, plan.purpose, t)
		clear(s.mult)
		rows := sampler.sample(rng, s.mult, s.perm)
		grown, _ := s.builder.Grow(s.mult, s.rowLeaf, rng)
		visit(grown, rows)
	}
}

// addPosteriors adds the current tree's posterior to every row's sum, as
// Forest.accumulate does (abstaining leaves skipped).
func (s *refitScratch) addPosteriors(k int) {
	for i, l := range s.rowLeaf {
		p := s.post[int(l)*k : int(l)*k+k]
		if p[0] != p[0] { // NaN: the leaf abstains
			continue
		}
		acc := s.acc[i*k : i*k+k]
		for c, v := range p {
			acc[c] += v
		}
		s.votes[i]++
	}
}

// meanEntropy turns the sums into forest posteriors (rows without a vote
// get the class frequencies of y) and returns their mean entropy, as
// Forest.accumulate and MeanEntropy do.
func (s *refitScratch) meanEntropy(y []int, k int) float64 {
	prior := make([]float64, k)
	for _, c := range y {
		prior[c] += 1 / float64(len(y))
	}
	sum := 0.0
	for i, v := range s.votes {
		acc := s.acc[i*k : i*k+k]
		if v > 0 {
			for c := range acc {
				acc[c] /= float64(v)
			}
		} else {
			copy(acc, prior)
		}
		sum += Entropy(acc)
	}
	return sum / float64(len(s.votes))
}

// resize returns buf with length n and zero values, reusing its storage.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}
