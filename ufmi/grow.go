package ufmi

import (
	"fmt"
	"math/rand/v2"

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
// one entry per training row) and returns the tree's index sets. perm is an
// n-long scratch buffer the sampler may use. sampleRows is the number of
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
	trees    int
	params   tree.Params
	sampler  rowSampler
	voter    leafVoter
	seed     uint64
	purpose  seeds.Purpose // seeds.Tree, or seeds.Pilot for a screening pilot
	workers  int
	progress Progress
}

// growForest grows plan.trees trees on x, y (K = k classes). Tree t draws
// its rows and splits from the stream (seed, purpose, t) only, so the forest
// does not depend on the number of workers.
// It first checks that the forest fits in the available memory.
func growForest(x *Features, y []int, k int, plan growPlan) (*Forest, error) {
	nWorkers := min(pool.Workers(plan.workers), plan.trees)
	size := forestSize{n: x.n, d: x.d, k: k, trees: plan.trees, sampleRows: plan.sampler.sampleRows(),
		workers: nWorkers, honest: plan.voter.needsRowLeaves()}
	if err := size.check(); err != nil {
		return nil, err
	}
	f := newForest(x, y, k, plan.trees)
	sorted := tree.NewPresort(x.cols, x.categorical())
	type worker struct {
		builder *tree.Builder
		mult    []int32
		perm    []int
	}
	workers := make([]*worker, nWorkers)
	err := pool.ForEach(plan.trees, len(workers), plan.progress, func(w, t int) error {
		if workers[w] == nil {
			workers[w] = &worker{builder: tree.NewBuilder(sorted, f.labels, k, plan.params),
				mult: make([]int32, x.n), perm: make([]int, x.n)}
		}
		wk := workers[w]
		rng := seeds.Stream(plan.seed, plan.purpose, t)
		clear(wk.mult)
		rows := plan.sampler.sample(rng, wk.mult, wk.perm)
		var rowLeaf []int32
		if plan.voter.needsRowLeaves() {
			rowLeaf = make([]int32, x.n)
		}
		grown, counts := wk.builder.Grow(wk.mult, rowLeaf, rng)
		if rowLeaf != nil {
			for i, m := range wk.mult {
				if m == 0 {
					rowLeaf[i] = grown.LeafOf(x.cols, i)
				}
			}
		}
		f.trees[t] = forestTree{tree: grown, posterior: plan.voter.vote(grown, counts, rowLeaf, rows),
			structure: rows.structure, vote: rows.vote, eval: rows.eval, rowLeaf: rowLeaf}
		return nil
	})
	return f, err
}

// checkFit validates the data of a forest fit and its tree settings, and
// returns K and the resolved tree parameters.
func checkFit(x *Features, y []int, tc tree.Config) (int, tree.Params, error) {
	k, err := checkTrainingData(x, y)
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
	f := &Forest{k: k, d: x.d, train: x, labels: int32Labels(y), prior: make([]float64, k),
		trees: make([]forestTree, trees)}
	for _, c := range y {
		f.prior[c] += 1 / float64(len(y))
	}
	return f
}
