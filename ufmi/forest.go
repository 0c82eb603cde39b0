package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// DefaultTrees is the number of trees when a config leaves Trees at 0: the
// paper's simulations use 300.
const DefaultTrees = 300

// Sampling says which rows grow each tree of a random forest.
type Sampling int

const (
	// Bootstrap draws round(SampleFraction·n) rows with replacement (default).
	Bootstrap Sampling = iota
	// Subsample draws round(SampleFraction·n) distinct rows without replacement.
	Subsample
)

func (s Sampling) String() string {
	if s == Subsample {
		return "subsample"
	}
	return "bootstrap"
}

// ForestConfig holds the hyper-parameters of a random forest (RF). Zero
// values mean the documented defaults.
type ForestConfig struct {
	Trees          int        // number of trees (default 300)
	Tree           TreeConfig // per-tree settings (default: Gini, all features, fully grown)
	Sampling       Sampling   // bootstrap (default) or subsample
	SampleFraction float64    // rows per tree as a fraction of n (default 1 for bootstrap, 0.632 for subsample)
	Workers        int        // goroutines (default GOMAXPROCS); results never depend on it
	Seed           uint64     // tree i uses the stream (Seed, i)
	// Progress, when set, is called after each tree with the number of trees done.
	Progress func(done, total int)
}

// Forest is a fitted forest: trees that partition feature space and, per
// tree, the posterior voted into each leaf. RF, the honest forest UF and the
// calibrated forests' members are all Forests; they differ in which rows grow
// a tree and which rows vote.
type Forest struct {
	k, d   int
	train  *Features
	labels []int32
	prior  []float64 // class frequencies of the training labels
	trees  []forestTree
	honest bool
}

// forestTree is one tree with its leaf posteriors and index sets.
type forestTree struct {
	tree *Tree
	// posterior holds K values per leaf; a leaf whose first value is NaN
	// abstains (the empty-leaf policy EmptyAbstain).
	posterior []float64
	structure rowSet // rows that grew the tree
	vote      rowSet // rows that voted (nil: the structure rows voted)
	eval      rowSet // held-out evaluation rows (nil: none)
	// rowLeaf[i] is the leaf of training row i, when kept (UF keeps it,
	// since its estimates evaluate the training rows).
	rowLeaf []int32
}

// Classes is the number of classes K.
func (f *Forest) Classes() int { return f.k }

// Trees is the number of trees.
func (f *Forest) Trees() int { return len(f.trees) }

// Tree returns tree t's partition.
func (f *Forest) Tree(t int) *Tree { return f.trees[t].tree }

// IndexSets are the training rows a tree used, as sorted row indices.
type IndexSets struct {
	Structure []int // rows that grew the tree (distinct rows)
	Vote      []int // rows that filled the leaf posteriors; nil when the structure rows did (RF)
	Eval      []int // rows held out for evaluation (UF with an evaluation share)
	OutOfBag  []int // rows in none of the above
}

// IndexSets reports which training rows tree t used for what.
func (f *Forest) IndexSets(t int) IndexSets {
	ft := f.trees[t]
	n := f.train.n
	s := IndexSets{Structure: ft.structure.rows(n), Vote: ft.vote.rows(n), Eval: ft.eval.rows(n)}
	for i := 0; i < n; i++ {
		if !ft.structure.contains(i) && !ft.vote.contains(i) && !ft.eval.contains(i) {
			s.OutOfBag = append(s.OutOfBag, i)
		}
	}
	return s
}

// checkFit validates what every forest fit needs and returns K, the
// resolved tree parameters and the number of trees (0 means DefaultTrees).
func checkFit(x *Features, y []int, tc TreeConfig, trees int) (int, treeParams, int, error) {
	k, err := checkTrainingData(x, y)
	if err != nil {
		return 0, treeParams{}, 0, err
	}
	if k > maxClasses {
		return 0, treeParams{}, 0, fmt.Errorf("ufmi: %d classes; trees support at most %d", k, maxClasses)
	}
	params, err := tc.resolve(x.d)
	if err != nil {
		return 0, treeParams{}, 0, err
	}
	if trees == 0 {
		trees = DefaultTrees
	}
	if trees < 0 {
		return 0, treeParams{}, 0, fmt.Errorf("ufmi: number of trees %d must be positive", trees)
	}
	return k, params, trees, nil
}

// maxClasses is the most classes a tree handles (class codes are stored
// as uint16 while growing).
const maxClasses = 1 << 16

// checkTrainingData validates features and class codes and returns K.
func checkTrainingData(x *Features, y []int) (int, error) {
	if x == nil || x.n == 0 {
		return 0, fmt.Errorf("ufmi: no training rows")
	}
	return checkCodes(y, x.n)
}

// newForest allocates a forest for training data x, y with k classes.
func newForest(x *Features, y []int, k, trees int) *Forest {
	f := &Forest{k: k, d: x.d, train: x, labels: make([]int32, len(y)), prior: make([]float64, k),
		trees: make([]forestTree, trees)}
	for i, c := range y {
		f.labels[i] = int32(c)
		f.prior[c] += 1 / float64(len(y))
	}
	return f
}

// FitRF fits Breiman's random forest: each tree is grown on a bootstrap
// sample (or a subsample) and its leaves predict the class frequencies of
// that sample. y holds class codes 0..K-1 (see EncodeIntLabels).
func FitRF(x *Features, y []int, cfg ForestConfig) (*Forest, error) {
	k, params, trees, err := checkFit(x, y, cfg.Tree, cfg.Trees)
	if err != nil {
		return nil, err
	}
	draws, err := cfg.sampleSize(x.n)
	if err != nil {
		return nil, err
	}
	f := newForest(x, y, k, trees)
	sorted := newPresort(x)
	workers := min(resolveWorkers(cfg.Workers), trees)
	builders := make([]*treeBuilder, workers)
	mults := make([][]int32, workers)
	err = forEachIndex(trees, workers, cfg.Progress, func(w, t int) error {
		if builders[w] == nil {
			builders[w] = newTreeBuilder(x, f.labels, k, params, sorted)
			mults[w] = make([]int32, x.n)
		}
		rng := streamRNG(cfg.Seed, t)
		mult := mults[w]
		clear(mult)
		drawSample(rng, mult, draws, cfg.Sampling)
		tree, counts := builders[w].grow(mult, rng)
		structure := newRowSet(x.n)
		for i, c := range mult {
			if c > 0 {
				structure.add(i)
			}
		}
		f.trees[t] = forestTree{tree: tree, posterior: normaliseLeaves(counts, k), structure: structure}
		return nil
	})
	return f, err
}

// sampleSize is the number of rows drawn per tree.
func (cfg ForestConfig) sampleSize(n int) (int, error) {
	frac := cfg.SampleFraction
	if frac == 0 {
		frac = 1
		if cfg.Sampling == Subsample {
			frac = 0.632
		}
	}
	if !(frac > 0) || (cfg.Sampling == Subsample && frac > 1) || math.IsInf(frac, 0) {
		return 0, fmt.Errorf("ufmi: sample fraction %v must be in (0, 1] (or > 0 for bootstrap)", cfg.SampleFraction)
	}
	m := int(math.Round(frac * float64(n)))
	if m < 2 {
		return 0, fmt.Errorf("ufmi: sample fraction %v of %d rows leaves %d rows per tree; need at least 2", frac, n, m)
	}
	return m, nil
}

// drawSample sets mult[i] to the number of times row i is drawn.
func drawSample(rng *rand.Rand, mult []int32, draws int, s Sampling) {
	n := len(mult)
	if s == Bootstrap {
		for range draws {
			mult[rng.IntN(n)]++
		}
		return
	}
	perm := rng.Perm(n)
	for _, i := range perm[:draws] {
		mult[i] = 1
	}
}

// normaliseLeaves turns per-leaf class counts into per-leaf frequencies.
func normaliseLeaves(counts []float64, k int) []float64 {
	for l := 0; l < len(counts); l += k {
		s := 0.0
		for _, c := range counts[l : l+k] {
			s += c
		}
		for c := l; c < l+k; c++ {
			counts[c] /= s
		}
	}
	return counts
}
