package ufmi

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Every forest grows through growForest. What distinguishes RF from UF is
// two choices, as in grf's split between splitting rule and prediction
// strategy:
//   - a rowSampler says which rows grow each tree and which vote (RF: a
//     bootstrap or subsample that also votes; UF: disjoint structure, vote
//     and evaluation sets);
//   - a leafVoter turns the rows that reach each leaf into its posterior
//     (RF: the structure sample's class frequencies; UF: the vote rows'
//     frequencies with the kappa correction and the empty-leaf policy).

// treeRows are the rows one tree uses. The sampler fills mult, the
// multiplicity of each row in the structure sample.
type treeRows struct {
	structure, vote, eval rowSet
	voters                []int // the vote rows (nil: the structure sample votes)
}

// rowSampler draws the rows of one tree: it fills mult (zeroed on entry,
// one entry per training row) and returns the tree's index sets. perm is a
// 2n-long scratch buffer the sampler may use. sampleRows is the number of
// rows, with multiplicity, that grow each tree.
type rowSampler interface {
	sample(rng *rand.Rand, mult []int32, perm []int) treeRows
	sampleRows() int
}

// leafVoter fills the leaves of a grown tree: it returns K posterior values
// per leaf. counts are the structure sample's class counts per leaf;
// rowLeaf, when the voter asks for it, holds the leaf of every training row.
type leafVoter interface {
	needsRowLeaves() bool
	vote(t *tree.Tree, counts []float64, rowLeaf []int32, rows treeRows) []float64
}

// growPlan is one forest to grow.
type growPlan struct {
	trees   int
	first   int // streamForest: the first tree to grow (trees first..trees-1)
	params  tree.Params
	sampler rowSampler
	voter   leafVoter
	purpose seeds.Purpose // seeds.Tree, or seeds.Pilot for a screening pilot
	rt      Runtime       // tree t draws from the stream (rt.Seed, purpose, t)
}

// size describes, for the memory check, trees trees of plan on x (k
// classes) grown by workers goroutines.
func (plan growPlan) size(x *Features, k, trees, workers int) forestSize {
	return forestSize{n: x.n, d: x.d, k: k, trees: trees, sampleRows: plan.sampler.sampleRows(),
		workers: workers, honest: plan.voter.needsRowLeaves(), splitBytes: plan.params.SplitBytes()}
}

// growForest grows plan.trees trees on x, y (K = k classes). Tree t draws
// its rows and splits from the stream (plan.rt.Seed, purpose, t) only, so the forest
// does not depend on the number of workers.
// It first checks that the forest fits in the available memory.
func growForest(x *Features, y []int, k int, plan growPlan) (*Forest, error) {
	nWorkers := min(pool.Workers(plan.rt.Workers), plan.trees)
	if err := plan.size(x, k, plan.trees, nWorkers).check(); err != nil {
		return nil, err
	}
	f := newForest(x, y, k, plan.trees)
	sorted := tree.NewPresort(x.cols, x.categorical())
	workers := make([]*treeGrower, nWorkers)
	err := pool.ForEach(plan.trees, len(workers), plan.rt.Progress, func(w, t int) error {
		if workers[w] == nil {
			workers[w] = newTreeGrower(x, sorted, f.labels, k, plan.params)
		}
		f.trees[t] = workers[w].grow(x, plan, t)
		return nil
	})
	return f, err
}

// treeGrower holds one worker's tree builder and row buffers.
type treeGrower struct {
	builder *tree.Builder
	mult    []int32
	perm    []int
}

// newTreeGrower returns one worker's grower. Its builder routes the rows
// outside a tree's sample down the tree as it grows
// (tree.Builder.LeafOfEveryRow), when the voter asks for every row's leaf, at
// less cost than Tree.LeafOf row by row.
func newTreeGrower(x *Features, sorted *tree.Presort, labels []int32, k int, params tree.Params) *treeGrower {
	b := tree.NewBuilder(sorted, labels, k, params)
	b.LeafOfEveryRow()
	return &treeGrower{builder: b, mult: make([]int32, x.n), perm: make([]int, 2*x.n)}
}

// grow grows tree t of plan from the stream (plan.rt.Seed, plan.purpose, t).
func (g *treeGrower) grow(x *Features, plan growPlan, t int) forestTree {
	rng := plan.rt.stream(plan.purpose, t)
	clear(g.mult)
	rows := plan.sampler.sample(rng, g.mult, g.perm)
	var rowLeaf []int32
	if plan.voter.needsRowLeaves() {
		rowLeaf = make([]int32, x.n)
	}
	grown, counts := g.builder.Grow(g.mult, rowLeaf, rng)
	return forestTree{tree: grown, posterior: plan.voter.vote(grown, counts, rowLeaf, rows),
		structure: rows.structure, vote: rows.vote, eval: rows.eval, rowLeaf: rowLeaf}
}

// streamForest grows the same trees as growForest but keeps none: it hands
// each tree to use, in tree order on the calling goroutine, and drops it.
// At most twice the workers' count of trees are in memory at once, so a
// forest of any size needs O(n + trees in flight) memory. With plan.first
// > 0 it grows only trees first..trees-1 of the forest (a block of it).
func streamForest(x *Features, y []int, k int, plan growPlan, use func(t int, ft *forestTree)) error {
	nw := min(pool.Workers(plan.rt.Workers), plan.trees-plan.first)
	window := 2 * nw
	// The memory check counts the trees in flight, not the forest.
	inFlight := plan.size(x, k, min(window, plan.trees-plan.first), nw)
	if err := inFlight.checkMany(1, fmt.Sprintf("streaming %d trees on %d rows, %d of them in memory at once,", plan.trees-plan.first, x.n, inFlight.trees)); err != nil {
		return err
	}
	sorted := tree.NewPresort(x.cols, x.categorical())
	labels := int32Labels(y)
	var mu sync.Mutex
	changed := sync.NewCond(&mu)
	ready := make(map[int]*forestTree, window)
	issued, consumed := plan.first, plan.first
	for range nw {
		go func() {
			g := newTreeGrower(x, sorted, labels, k, plan.params)
			for {
				mu.Lock()
				for issued < plan.trees && issued-consumed >= window {
					changed.Wait()
				}
				if issued >= plan.trees {
					mu.Unlock()
					return
				}
				t := issued
				issued++
				mu.Unlock()
				ft := g.grow(x, plan, t)
				mu.Lock()
				ready[t] = &ft
				changed.Broadcast()
				mu.Unlock()
			}
		}()
	}
	for t := plan.first; t < plan.trees; t++ {
		mu.Lock()
		for ready[t] == nil {
			changed.Wait()
		}
		ft := ready[t]
		delete(ready, t)
		mu.Unlock()
		use(t, ft)
		mu.Lock()
		consumed++
		changed.Broadcast()
		mu.Unlock()
		plan.rt.report(t+1-plan.first, plan.trees-plan.first)
	}
	return nil
}

// checkFit validates the data of a forest fit and its tree settings, and
// returns K and the resolved tree parameters. whole says y are a caller's
// labels, every code 0..K-1 present (checkTrainingData); otherwise they are
// a part of checked labels, which may lack classes (checkPartData).
func checkFit(x *Features, y []int, tc tree.Config, whole bool) (int, tree.Params, error) {
	check := checkPartData
	if whole {
		check = checkTrainingData
	}
	k, err := check(x, y)
	if err != nil {
		return 0, tree.Params{}, err
	}
	if k > tree.MaxClasses {
		return 0, tree.Params{}, fmt.Errorf("ufmi: %d classes; trees support at most %d", k, tree.MaxClasses)
	}
	params, err := tc.Resolve(x.d)
	if err != nil {
		return 0, tree.Params{}, err
	}
	return k, params, nil
}

// newForest allocates a forest for training data x, y with k classes.
func newForest(x *Features, y []int, k, trees int) *Forest {
	return &Forest{k: k, d: x.d, train: x, labels: int32Labels(y), prior: classPrior(y, k),
		trees: make([]forestTree, trees)}
}

// classPrior returns the class frequencies of class codes y.
func classPrior(y []int, k int) []float64 {
	prior := make([]float64, k)
	for _, c := range y {
		prior[c] += 1 / float64(len(y))
	}
	return prior
}
