package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// fitHonest grows the honest forest of cfg (resolved, its feature weights
// already set), its trees drawing from the streams (rt.Seed, purpose, t).
func fitHonest(x *Features, y []int, cfg UFConfig, rt Runtime, purpose seeds.Purpose) (*Forest, error) {
	k, plan, err := honestPlan(x, y, cfg, rt, purpose)
	if err != nil {
		return nil, err
	}
	f, err := growForest(x, y, k, plan)
	if err != nil {
		return nil, err
	}
	f.honest = true
	return f, nil
}

// honestPlan returns K and the growth plan of resolved cfg's honest forest,
// run by rt.
func honestPlan(x *Features, y []int, cfg UFConfig, rt Runtime, purpose seeds.Purpose) (int, growPlan, error) {
	trees, err := cfg.trees()
	if err != nil {
		return 0, growPlan{}, err
	}
	// The labels are checked whole by FitUF, EstimateMI, growTreeBlock and
	// MIStatistic; the fast test grows on its structure half.
	k, params, err := checkFit(x, y, cfg.Tree, false)
	if err != nil {
		return 0, growPlan{}, err
	}
	ns, nv, _, err := cfg.honestSizes(x.n)
	if err != nil {
		return 0, growPlan{}, err
	}
	if leaf := cfg.leafFor(y, k, ns, x.d); leaf != cfg.Tree.MinSamplesLeaf {
		cfg.Tree.MinSamplesLeaf = leaf
		if params, err = cfg.Tree.Resolve(x.d); err != nil {
			return 0, growPlan{}, err
		}
	}
	return k, growPlan{trees: trees, params: params,
		sampler: honestSampler{y: y, k: k, stratify: !cfg.Unstratified, structure: ns, vote: nv},
		voter:   honestVoter{labels: int32Labels(y), k: k, kappa: cfg.Kappa, empty: cfg.EmptyLeaf},
		purpose: purpose, rt: rt}, nil
}

// honestSizes returns the structure, vote and evaluation set sizes for n
// rows of a resolved config.
func (cfg UFConfig) honestSizes(n int) (structure, vote, eval int, err error) {
	s := cfg.StructureFraction
	structure = int(math.Round(s * float64(n)))
	rest := n - structure
	vote = int(math.Floor(float64(rest) * (1 - cfg.EvalShare)))
	eval = rest - vote
	switch {
	case structure < 2:
		err = fmt.Errorf("ufmi: %s: a structure fraction of %v leaves %s to grow the trees on; a tree needs at least 2", plural.Count(n, "row"), s, plural.Count(structure, "row"))
	case vote < 1:
		err = fmt.Errorf("ufmi: %d rows leave an empty vote set (structure fraction %v, evaluation share %v)", n, s, cfg.EvalShare)
	}
	// With EvalShare > 0 the evaluation set is never empty when rest >= 1:
	// vote = floor(rest·(1-EvalShare)) < rest.
	return structure, vote, eval, err
}

// leafFor returns the leaf minimum of resolved cfg's trees grown on ns
// structure rows of labels y (k classes) and d features, then lowered for
// small data or rare classes (smallDataLeaf); as configured for the fast
// test's forest (keepLeaves) or with FixedLeaves. A plain estimate's leaves
// shrink below fullLeafRows structure rows (leafForRows), except with the
// local-linear fit on a single feature, whose kernel smooths little: there
// the noise of small leaves is what biases the one-step (more than its noise
// term takes out), and the local-linear fit, which removes the smoothing of
// the fits on more features, needs the single-feature fits unbiased too. The
// fits of a conditional MI or a subset table (inDifference, unless
// PlainLeavesInDifferences) keep the leaf below fullLeafRows structure rows
// and grow it above, whatever their number of features, so that the two
// fits of a difference share their leaves and its bias shrinks with n.
func (cfg UFConfig) leafFor(y []int, k, ns, d int) int {
	leaf := cfg.Tree.MinSamplesLeaf
	if cfg.keepLeaves {
		return leaf
	}
	if !cfg.FixedLeaves {
		switch {
		case cfg.inDifference && cfg.GrowsDifferenceLeaves():
			leaf = max(leaf, leafForRows(leaf, ns))
		case ns < fullLeafRows && !(cfg.LocalLinearFit() && d == 1):
			leaf = leafForRows(leaf, ns)
		}
	}
	return smallDataLeaf(leaf, y, k, ns)
}

// Leaves that follow the structure rows (leafForRows): the configured
// leaf minimum at fullLeafRows structure rows, smaller below (never below
// minScaledLeaf) and larger above (the fits of a difference).
const (
	fullLeafRows  = 1000
	minScaledLeaf = 2
)

// leafForRows returns the leaf minimum of trees grown on ns structure rows
// whose configured minimum is leaf: round(leaf·√(ns/fullLeafRows)), which is
// leaf at fullLeafRows structure rows (2,000 rows for the default's half),
// 3 at 500 rows and 13 at 10,000, but not below minScaledLeaf; a leaf of
// minScaledLeaf or fewer is kept. Below fullLeafRows, smaller leaves keep
// the leaves' width, which smooths the posteriors and biases the estimate
// down, from growing as n shrinks, and the one-step's noise term takes out
// most of the extra noise of fewer votes per leaf; above, larger leaves
// keep that noise, whose part beyond the noise term's second order does not
// shrink with n in leaves of fixed size, from biasing a conditional MI's
// single-feature fit by as much at every n while its standard error
// shrinks (docs/reference.md, "Leaves that follow n").
func leafForRows(leaf, ns int) int {
	if leaf <= minScaledLeaf {
		return leaf
	}
	scaled := int(math.Round(float64(leaf) * math.Sqrt(float64(ns)/fullLeafRows)))
	return max(minScaledLeaf, scaled)
}

// smallDataLeaf returns the leaf minimum of an honest forest whose trees
// grow on ns of the len(y) rows with labels y (k classes), for the
// configured minimum leaf: leaf, lowered where the rarest class's structure
// rows cannot fill two leaves of it. With m = floor(n_c·ns/n) the structure
// rows of the rarest class c among those with rows (the rows every
// stratified split gives it; about the mean of an unstratified one), a leaf
// minimum above max(1, floor(m/2)) becomes that: a tree whose leaves need
// more rows than the rarest class has cannot isolate it, and on small data
// it cannot split at all (the default's leaves of 6 rows on n = 20 rows, or
// a class of 10 rows among 100, gave I = 0 for labels that x separates
// exactly). Only small data or rare classes are affected: with the
// default's 6, classes of at least 24 rows on the default's half keep
// leaves of 6; fully grown trees (1) never change. A negative leaf is left
// for the tree to refuse.
func smallDataLeaf(leaf int, y []int, k, ns int) int {
	n := len(y)
	if leaf <= 1 || n == 0 {
		return leaf
	}
	counts := make([]int, k)
	for _, c := range y {
		counts[c]++
	}
	// The rarest class with enough structure rows to fill two leaves of
	// 2; a class with fewer (about 7 rows or fewer at the default's half)
	// is left out while another has that many: it is too small for any
	// leaf to learn, and leaves of 1 for the whole forest read a large
	// table's I(X;Y) high (docs/reference.md, "Leaves on small data").
	rarest, rarestTiny := n, n
	for _, nc := range counts {
		if nc == 0 {
			continue
		}
		if m := nc * ns / n; m >= minRareClassRows {
			rarest = min(rarest, m)
		} else {
			rarestTiny = min(rarestTiny, m)
		}
	}
	m := rarest
	if m == n { // every class is that small: small data
		m = rarestTiny
	}
	return min(leaf, max(1, m/2))
}

// minRareClassRows is the fewest structure rows a class needs to lower
// the leaf minimum (smallDataLeaf): two leaves of 2.
const minRareClassRows = 4

// honestSampler splits the rows of each tree at random into structure
// rows (grow it), vote rows (fill its leaves) and evaluation rows.
type honestSampler struct {
	y               []int
	k               int
	stratify        bool
	structure, vote int  // set sizes; the rest evaluate
	votersOnly      bool // return only the vote rows, no index sets (a refit that keeps no forest)
}

func (s honestSampler) sampleRows() int { return s.structure }

func (s honestSampler) sample(rng *rand.Rand, mult []int32, perm []int) treeRows {
	n := len(mult)
	perm = honestPermutation(rng, perm[:n], perm[n:], s.y, s.k, s.stratify, s.structure, s.vote)
	ns, nv := s.structure, s.vote
	if s.votersOnly {
		for _, i := range perm[:ns] {
			mult[i] = 1
		}
		return treeRows{voters: perm[ns : ns+nv]}
	}
	rows := treeRows{structure: newRowSet(n), vote: newRowSet(n), voters: perm[ns : ns+nv]}
	for _, i := range perm[:ns] {
		mult[i] = 1
		rows.structure.add(i)
	}
	for _, i := range rows.voters {
		rows.vote.add(i)
	}
	if ns+nv < n {
		rows.eval = newRowSet(n)
		for _, i := range perm[ns+nv:] {
			rows.eval.add(i)
		}
	}
	return rows
}

// honestPermutation fills perm (len(y) long) with a random order of the rows
// such that the first ns grow the tree, the next nv vote and the rest
// evaluate. With stratify, each class is dealt into the three parts in the
// same proportions, the rounding remainders filled at random; scratch (at
// least len(y) long, or nil: allocated) holds the rows by class meanwhile.
func honestPermutation(rng *rand.Rand, perm, scratch []int, y []int, k int, stratify bool, ns, nv int) []int {
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
	// The rows of each class in their shuffled order, class after class
	// (a counting sort): end[c] ends class c's range of byClass, which
	// starts where class c-1's ends.
	if len(scratch) < n {
		scratch = make([]int, n)
	}
	byClass, end := scratch[:n], make([]int, k)
	for _, i := range perm {
		end[y[i]]++
	}
	for c, start := 0, 0; c < k; c++ {
		start, end[c] = start+end[c], start // end[c] holds class c's start until the rows are placed
	}
	for _, i := range perm {
		byClass[end[y[i]]] = i
		end[y[i]]++
	}
	// Each class gives each part its proportional share, rounded down, in
	// class order; leftover places are then filled from a class-interleaved
	// queue (at most two rows per class).
	sizes := [3]int{ns, nv, n - ns - nv}
	filled, base := [3]int{}, [3]int{0, ns, ns + nv}
	var leftBuf [48]int
	leftovers := leftBuf[:0]
	start := 0
	for c := range k {
		rows := byClass[start:end[c]]
		start = end[c]
		off := 0
		for p := range sizes {
			take := len(rows) * sizes[p] / n
			copy(perm[base[p]+filled[p]:], rows[off:off+take])
			filled[p] += take
			off += take
		}
		leftovers = append(leftovers, rows[off:]...)
	}
	rng.Shuffle(len(leftovers), func(a, b int) { leftovers[a], leftovers[b] = leftovers[b], leftovers[a] })
	for p := range sizes {
		need := sizes[p] - filled[p]
		copy(perm[base[p]+filled[p]:], leftovers[:need])
		leftovers = leftovers[need:]
	}
	return perm
}
