package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// EmptyLeafPolicy says what a leaf predicts when no vote row reached it.
type EmptyLeafPolicy int

const (
	// EmptyUniform predicts 1/K for every class (the authors' scripts).
	EmptyUniform EmptyLeafPolicy = iota
	// EmptyPrior predicts the class frequencies of the tree's vote set.
	EmptyPrior
	// EmptyAbstain makes the tree skip such points; a point no tree votes
	// for gets the training class frequencies.
	EmptyAbstain
)

func (p EmptyLeafPolicy) String() string {
	switch p {
	case EmptyUniform:
		return "uniform"
	case EmptyPrior:
		return "prior"
	case EmptyAbstain:
		return "abstain"
	}
	return fmt.Sprintf("EmptyLeafPolicy(%d)", int(p))
}

// ParseEmptyLeafPolicy reads "uniform", "prior" or "abstain".
func ParseEmptyLeafPolicy(s string) (EmptyLeafPolicy, error) {
	switch s {
	case "uniform":
		return EmptyUniform, nil
	case "prior", "empirical":
		return EmptyPrior, nil
	case "abstain", "skip":
		return EmptyAbstain, nil
	}
	return 0, fmt.Errorf("ufmi: unknown empty-leaf policy %q (want uniform, prior or abstain)", s)
}

// UFConfig holds the hyper-parameters of an honest Uncertainty Forest. Each
// tree splits the rows at random into a structure set (grows the tree), a
// vote set (fills the leaf posteriors) and, optionally, an evaluation set.
// Use PaperUF, AuthorsUF or DefaultUF for the named presets.
type UFConfig struct {
	Trees int        // number of trees (default 300)
	Tree  TreeConfig // per-tree settings (default: Gini, all features, fully grown)
	// StructureFraction is the share of the n rows that grows each tree,
	// rounded to a row count (the paper: 0.5; the authors' scripts: 0.4).
	StructureFraction float64
	// EvalShare is the share of the remaining rows held out for evaluation;
	// the rest vote. 0 (the paper) means every non-structure row votes; the
	// authors' scripts use 0.5.
	EvalShare float64
	// Kappa is the finite-sample correction: a zero entry of a leaf with m
	// votes becomes 1/(Kappa·m) before renormalising. 0 turns it off.
	Kappa     float64
	EmptyLeaf EmptyLeafPolicy
	// Stratify splits every class in the same proportions, so that each
	// set keeps the class balance of the sample.
	Stratify bool
	// TreeLevelEntropy makes conditional-entropy estimates average each
	// tree's mean entropy over its evaluation set (the authors' code) instead
	// of the entropy of the forest posterior (the paper's Algorithm 3).
	TreeLevelEntropy bool
	// PilotTrees, when positive, screens features first: a pilot forest of
	// that many trees (all features examined) measures each feature's
	// HonestImportance, and each node of the forest then draws the
	// Tree.MaxFeatures features it examines with probability growing with
	// that importance. Informative features are then examined at almost
	// every node and noise features rarely.
	PilotTrees int
	// PilotFloor is the weight every feature keeps whatever its importance,
	// relative to the most important feature's 1 (default 0.01, the best
	// measured; see the package documentation).
	PilotFloor float64
	Workers    int    // goroutines (default GOMAXPROCS); results never depend on it
	Seed       uint64 // tree i uses the stream (Seed, i)
	Progress   func(done, total int)
}

// PaperUF is the configuration that reproduces the paper's published
// numbers: half the rows grow each tree, the other half vote, no kappa
// correction, uniform empty leaves, forest-level posteriors.
func PaperUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.5, EmptyLeaf: EmptyUniform}
}

// AuthorsUF is the configuration of the authors' published scripts: 40% of
// the rows grow each tree, the rest are split half vote, half evaluation,
// kappa 3, uniform empty leaves and entropies averaged per tree.
func AuthorsUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.4, EvalShare: 0.5, Kappa: 3,
		EmptyLeaf: EmptyUniform, TreeLevelEntropy: true}
}

// ParseUFPreset returns the preset named "paper", "authors" or "default".
func ParseUFPreset(name string) (UFConfig, error) {
	switch name {
	case "paper":
		return PaperUF(), nil
	case "authors":
		return AuthorsUF(), nil
	case "", "default":
		return DefaultUF(), nil
	}
	return UFConfig{}, fmt.Errorf("ufmi: unknown preset %q (want default, paper or authors)", name)
}

// honestSizes returns the structure, vote and evaluation set sizes for n rows.
func (cfg UFConfig) honestSizes(n int) (structure, vote, eval int, err error) {
	s := cfg.StructureFraction
	if !(s > 0 && s < 1) {
		return 0, 0, 0, fmt.Errorf("ufmi: structure fraction %v must be in (0, 1)", s)
	}
	if !(cfg.EvalShare >= 0 && cfg.EvalShare < 1) {
		return 0, 0, 0, fmt.Errorf("ufmi: evaluation share %v must be in [0, 1)", cfg.EvalShare)
	}
	structure = int(math.Round(s * float64(n)))
	rest := n - structure
	vote = int(math.Floor(float64(rest) * (1 - cfg.EvalShare)))
	eval = rest - vote
	switch {
	case structure < 2:
		err = fmt.Errorf("ufmi: structure fraction %v of %d rows leaves %d rows to grow a tree; need at least 2", s, n, structure)
	case vote < 1:
		err = fmt.Errorf("ufmi: %d rows leave an empty vote set (structure fraction %v, evaluation share %v)", n, s, cfg.EvalShare)
	}
	// With EvalShare > 0 the evaluation set is never empty when rest >= 1:
	// vote = floor(rest·(1-EvalShare)) < rest.
	return structure, vote, eval, err
}

// FitUF fits an honest Uncertainty Forest on class codes y (0..K-1).
func FitUF(x *Features, y []int, cfg UFConfig) (*Forest, error) {
	if cfg.PilotTrees < 0 {
		return nil, fmt.Errorf("ufmi: pilot trees %d must not be negative", cfg.PilotTrees)
	}
	if cfg.PilotTrees > 0 {
		if cfg.Tree.FeatureWeights != nil {
			return nil, fmt.Errorf("ufmi: set either pilot trees (weights measured) or feature weights (weights given), not both")
		}
		w, err := pilotWeights(x, y, cfg)
		if err != nil {
			return nil, err
		}
		cfg.Tree.FeatureWeights = w
		if report := cfg.Progress; report != nil {
			// Progress counts the pilot's trees first.
			pilot := cfg.PilotTrees
			cfg.Progress = func(done, total int) { report(pilot+done, pilot+total) }
		}
	}
	k, params, trees, err := checkFit(x, y, cfg.Tree, cfg.Trees)
	if err != nil {
		return nil, err
	}
	if cfg.Kappa < 0 || math.IsNaN(cfg.Kappa) {
		return nil, fmt.Errorf("ufmi: kappa %v must be positive, or 0 for no correction", cfg.Kappa)
	}
	if cfg.EmptyLeaf < EmptyUniform || cfg.EmptyLeaf > EmptyAbstain {
		return nil, fmt.Errorf("ufmi: unknown empty-leaf policy %d", int(cfg.EmptyLeaf))
	}
	ns, nv, _, err := cfg.honestSizes(x.n)
	if err != nil {
		return nil, err
	}
	f := newForest(x, y, k, trees)
	f.honest = true
	sorted := newPresort(x)
	workers := min(resolveWorkers(cfg.Workers), trees)
	builders := make([]*treeBuilder, workers)
	mults := make([][]int32, workers)
	perms := make([][]int, workers)
	err = forEachIndex(trees, workers, cfg.Progress, func(w, t int) error {
		if builders[w] == nil {
			builders[w] = newTreeBuilder(x, f.labels, k, params, sorted)
			mults[w] = make([]int32, x.n)
			perms[w] = make([]int, x.n)
		}
		rng := streamRNG(cfg.Seed, t)
		perm := honestPermutation(rng, perms[w], y, k, cfg.Stratify, ns, nv)
		ft := forestTree{structure: newRowSet(x.n), vote: newRowSet(x.n)}
		mult := mults[w]
		clear(mult)
		for _, i := range perm[:ns] {
			mult[i] = 1
			ft.structure.add(i)
		}
		for _, i := range perm[ns : ns+nv] {
			ft.vote.add(i)
		}
		if ns+nv < len(perm) {
			ft.eval = newRowSet(x.n)
			for _, i := range perm[ns+nv:] {
				ft.eval.add(i)
			}
		}
		ft.rowLeaf = make([]int32, x.n)
		builders[w].rowLeaf = ft.rowLeaf
		ft.tree, _ = builders[w].grow(mult, rng)
		for _, i := range perm[ns:] {
			ft.rowLeaf[i] = ft.tree.applyRow(x, i)
		}
		ft.posterior = honestPosterior(ft.tree, ft.rowLeaf, f.labels, perm[ns:ns+nv], k, cfg.Kappa, cfg.EmptyLeaf)
		f.trees[t] = ft
		return nil
	})
	return f, err
}

// pilotSalt separates the pilot forest's random streams from the forest's.
const pilotSalt = 0x5851F42D4C957F2D

// pilotWeights fits cfg's pilot forest and returns feature-sampling weights
// from its honest importances. The pilot sees every row's label, so the
// forest's structure depends, through these d weights only, on rows that
// later vote: a mild departure from strict honesty, measured to pay off
// (bench/migrid).
func pilotWeights(x *Features, y []int, cfg UFConfig) ([]float64, error) {
	floor := cfg.PilotFloor
	if floor == 0 {
		floor = 0.01
	}
	if !(floor > 0) || math.IsInf(floor, 0) {
		return nil, fmt.Errorf("ufmi: pilot floor %v must be positive", cfg.PilotFloor)
	}
	pilot := cfg
	pilot.Trees, pilot.PilotTrees = cfg.PilotTrees, 0
	pilot.Tree.MaxFeatures, pilot.Tree.FeatureWeights = AllFeatures(), nil
	pilot.Seed = cfg.Seed ^ pilotSalt
	if report := cfg.Progress; report != nil {
		trees := cfg.Trees
		if trees == 0 {
			trees = DefaultTrees
		}
		pilot.Progress = func(done, total int) { report(done, total+trees) }
	}
	f, err := FitUF(x, y, pilot)
	if err != nil {
		return nil, err
	}
	imp, err := f.HonestImportance()
	if err != nil {
		return nil, err
	}
	return importanceWeights(imp, floor), nil
}

// honestPermutation fills perm (len(y) long) with a random order of the rows
// such that the first ns grow the tree, the next nv vote and the rest
// evaluate. With stratify, each class is dealt into the three parts in the
// same proportions, the rounding remainders filled at random.
func honestPermutation(rng *rand.Rand, perm []int, y []int, k int, stratify bool, ns, nv int) []int {
	n := len(y)
	for i := range perm {
		perm[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	if !stratify {
		return perm
	}
	byClass := make([][]int, k)
	for _, i := range perm {
		byClass[y[i]] = append(byClass[y[i]], i)
	}
	var parts [3][]int
	sizes := [3]int{ns, nv, n - ns - nv}
	// Each class gives each part its proportional share, rounded down;
	// leftover places are then filled from a class-interleaved queue.
	var leftovers []int
	for _, rows := range byClass {
		off := 0
		for p := range parts {
			take := len(rows) * sizes[p] / n
			parts[p] = append(parts[p], rows[off:off+take]...)
			off += take
		}
		leftovers = append(leftovers, rows[off:]...)
	}
	rng.Shuffle(len(leftovers), func(a, b int) { leftovers[a], leftovers[b] = leftovers[b], leftovers[a] })
	for p := range parts {
		need := sizes[p] - len(parts[p])
		parts[p] = append(parts[p], leftovers[:need]...)
		leftovers = leftovers[need:]
	}
	out := append(parts[0], parts[1]...)
	return append(out, parts[2]...)
}

// honestPosterior fills each leaf with the class frequencies of the vote
// rows that reach it, applies the kappa correction and the empty-leaf policy.
// rowLeaf gives the leaf of every vote row.
func honestPosterior(t *Tree, rowLeaf []int32, y []int32, vote []int, k int, kappa float64, empty EmptyLeafPolicy) []float64 {
	post := make([]float64, t.nLeaves*k)
	voteCounts := make([]float64, k)
	for _, i := range vote {
		post[int(rowLeaf[i])*k+int(y[i])]++
		voteCounts[y[i]]++
	}
	for l := 0; l < t.nLeaves; l++ {
		leafCorrect(post[l*k:(l+1)*k], kappa, empty, voteCounts, len(vote))
	}
	return post
}

// leafCorrect turns one leaf's vote counts into a posterior in place.
func leafCorrect(row []float64, kappa float64, empty EmptyLeafPolicy, voteCounts []float64, votes int) {
	m := 0.0
	for _, c := range row {
		m += c
	}
	k := len(row)
	if m == 0 {
		for c := range row {
			switch empty {
			case EmptyUniform:
				row[c] = 1 / float64(k)
			case EmptyPrior:
				row[c] = voteCounts[c] / float64(votes)
			case EmptyAbstain:
				row[c] = math.NaN()
			}
		}
		return
	}
	for c := range row {
		row[c] /= m
	}
	if kappa == 0 {
		return
	}
	sum := 0.0
	for c := range row {
		if row[c] == 0 {
			row[c] = 1 / (kappa * m)
		}
		sum += row[c]
	}
	for c := range row {
		row[c] /= sum
	}
}

// DefaultUF is ufmi's default honest forest: the paper's half/half split
// and forest-level posteriors, no kappa correction, leaves of at least 6
// structure rows, empty leaves predicting the vote set's class frequencies,
// stratified splits, and feature screening: a pilot forest of 60 trees
// weights the features by honest importance, and each node examines
// max(2, floor(sqrt d)) features drawn by those weights (floor 0.01).
// Chosen by measurement on the reference MI grid (see the package
// documentation and bench/migrid).
func DefaultUF() UFConfig {
	return UFConfig{Trees: DefaultTrees, StructureFraction: 0.5, EmptyLeaf: EmptyPrior, Stratify: true,
		Tree:       TreeConfig{MinSamplesLeaf: 6, MaxFeatures: SqrtFeatures().AtLeast(2)},
		PilotTrees: 60, PilotFloor: 0.01}
}
