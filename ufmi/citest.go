package ufmi

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/pick"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// ConditionalPermutationTest tests whether Y is independent of the target
// columns x_B given the given columns x_A, H0: I(x_B; Y | x_A) = 0, with
// one forest: the conditional test. Permuting the labels, or shuffling x_B
// over all rows, tests no such thing: either breaks x_B's relation to x_A,
// and where x_B depends on x_A the test then rejects a true H0 far more
// often than its level.
//
// Like FastPermutationTest it splits the rows once, stratified by class,
// into a structure half S and a vote half V (pc.Seed's split stream; cfg's
// UF.StructureFraction is not used), fits
// cfg's UF on the rows of S with the columns x_A and x_B (given, then
// target), fills the leaves with the labels of V and takes the same
// statistic Î = H(Y_V) - mean over the rows of S of H(forest posterior):
// the same number FastPermutationTest gives on those columns. The null
// keeps the labels and moves x_B instead. The rows of V are paired by
// nearness in x_A (its numeric columns on a normal scale, a monotone map
// through their quantiles, and in robust standard deviations, so that a
// skewed or heavy-tailed column pairs as a normal one does), never
// by Y or their x_B: only rows with the same level
// in every categorical column of x_A and the same numeric columns missing
// are paired, by their distance in x_B's mean given x_A (a spline fitted on
// S, in standard deviations of x_B's noise) and in x_A itself (weighted up
// where the spline misses part of the mean), closest pairs
// first and none farther apart than a caliper (pairing.go; ties broken by
// the stream (pc.Seed, pairing, 0)); a row left alone stays as it is.
// Permutation i swaps x_B between the two rows of each pair with
// probability 1/2 (stream (pc.Seed, pair-swap, i)), sends the rows of V
// down the fixed trees again and recounts the votes; the forest is never
// refitted. p = (1 + #{null >= observed}) / (1 + permutations).
//
// Guarantee and assumption: given S and the forest the rows of V are
// i.i.d.; under H0, swapping x_B between two rows whose x_B has the same
// law given their x_A leaves their joint law unchanged, so where every
// pair has equal x_A (categorical x_A, or no x_A at all) the test is
// exact, P(p <= α) <= α for every α. With numeric x_A it is exact only as
// far as the paired rows' laws of x_B agree; where they do not, the
// swapped rows of V look less like the rows the forest was grown on, the
// null statistic falls and the test rejects too often. The caliper keeps
// that small where x_B's mean given x_A is what the spline fits or where
// its miss is smooth enough for rows near in x_A to measure it; with
// many x_A columns and few rows few rows find a partner, and the test
// keeps its level but loses its power (with no pair, p = 1). The result's
// Pairs and MedianPairDistance report the pairs (docs/inference.md,
// "Conditional independence test", measures level and power).
//
// given and target follow ConditionalMI: column indices of x, target not
// empty, no column in both or twice; given may be empty (H0: x_B and Y
// independent, tested by swaps within random pairs). cfg must be a UF
// estimator (Method uf) without unlabeled rows; the test runs by
// pc.Runtime (cfg.Runtime is not used), its progress counting the
// permutations. Results do not depend on the number of workers.
func ConditionalPermutationTest(x *Features, y []int, given, target []int, cfg EstimatorConfig, pc PermutationConfig) (PermutationResult, error) {
	if x.Rows() == 0 {
		return PermutationResult{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	if len(target) == 0 {
		return PermutationResult{}, fmt.Errorf("ufmi: the conditional permutation test needs at least one target column")
	}
	for _, g := range given {
		if slices.Contains(target, g) {
			return PermutationResult{}, fmt.Errorf("ufmi: column %d is both given and a target", g)
		}
	}
	cols := append(slices.Clone(given), target...)
	if err := distinctColumns(cols); err != nil {
		return PermutationResult{}, err
	}
	xs, err := x.SelectCols(cols)
	if err != nil {
		return PermutationResult{}, err
	}
	k, perms, share, err := checkOneForestTest(xs, y, cfg, pc, "conditional")
	if err != nil {
		return PermutationResult{}, err
	}
	st, ff, err := newFastTest(xs, y, k, cfg.UF, pc.quiet(), share, true)
	if err != nil {
		return PermutationResult{}, err
	}
	ct := newCondTest(st, ff, xs, len(given), pc.Runtime)
	res := PermutationResult{Null: make([]float64, perms)}
	var observed [1]float64
	st.statistics([][]int{ff.yv}, &fastScratch{}, observed[:])
	res.Observed = observed[0]
	blocks := (perms + fastBlock - 1) / fastBlock
	workers := min(pool.Workers(pc.Workers), blocks)
	scratch := make([]condScratch, workers)
	progress := pc.counter(perms)
	err = pool.ForEach(blocks, workers, nil, func(w, b int) error {
		lo, hi := b*fastBlock, min((b+1)*fastBlock, perms)
		s := &scratch[w]
		s.swaps = resize(s.swaps, hi-lo)
		labels := s.labels[:0]
		for i := lo; i < hi; i++ {
			s.swaps[i-lo] = ct.swaps(pc.stream(seeds.PairSwap, i), s.swaps[i-lo][:0])
			labels = append(labels, ff.yv)
		}
		s.labels = labels
		st.statisticsRouted(labels, func(b, t int) ([]int32, []int32) { return ct.leaves(b, t, s) }, &s.fast, res.Null[lo:hi])
		progress(hi - lo)
		return nil
	})
	if err != nil {
		return PermutationResult{}, err
	}
	res, err = pValueResult(res.Observed, res.Null)
	if err != nil {
		return PermutationResult{}, err
	}
	res.MedianPairDistance, res.Pairs = ct.pairs.medianDistance(), len(ct.pairs.a)
	return res, nil
}

// condTest is the conditional test's forest (a fastTest) with the pairs
// of rows of V and the leaf each paired row reaches with its partner's x_B.
type condTest struct {
	st       *fastTest
	pairs    rowPairs
	swapLeaf []int32 // swapLeaf[t*nv+j]: the leaf of paired row j of V in tree t with its partner's x_B
}

// condScratch is one worker's buffers.
type condScratch struct {
	fast      fastScratch
	swaps     [][]int32 // the pairs swapped in each permutation of the block
	labels    [][]int
	leafV     []int32
	leafVotes []int32
}

// newCondTest pairs the rows of V by their first nGiven columns of xs
// (x_A; the others are x_B) and routes every paired row with its
// partner's x_B down each tree, run by rt.
func newCondTest(st *fastTest, ff fastForest, xs *Features, nGiven int, rt Runtime) *condTest {
	nv := st.nv
	ct := &condTest{st: st, pairs: pairRows(newPairSpace(xs, nGiven, ff.rowsS, ff.rowsV), rt.stream(seeds.Pairing, 0))}
	// The columns of V with x_B swapped in every pair.
	swapped := make([][]float64, xs.d)
	for j := range swapped {
		v := pick.At(xs.cols[j], ff.rowsV)
		if j >= nGiven {
			for p, a := range ct.pairs.a {
				b := ct.pairs.b[p]
				v[a], v[b] = v[b], v[a]
			}
		}
		swapped[j] = v
	}
	ct.swapLeaf = make([]int32, st.trees*nv)
	_ = pool.ForEach(st.trees, rt.Workers, nil, func(_, t int) error {
		tr := ff.f.trees[t].tree
		leaves := ct.swapLeaf[t*nv : (t+1)*nv]
		for p, a := range ct.pairs.a {
			b := ct.pairs.b[p]
			leaves[a], leaves[b] = tr.LeafOf(swapped, int(a)), tr.LeafOf(swapped, int(b))
		}
		return nil
	})
	return ct
}

// swaps draws the pairs one permutation swaps, each with probability 1/2,
// from rng, appending their indices to out.
func (ct *condTest) swaps(rng *rand.Rand, out []int32) []int32 {
	var word uint64
	for p := range ct.pairs.a {
		if p%64 == 0 {
			word = rng.Uint64()
		}
		if word&1 == 1 {
			out = append(out, int32(p))
		}
		word >>= 1
	}
	return out
}

// leaves is the leavesFunc of the conditional test: the rows of V in
// tree t with x_B swapped in the pairs of permutation b of the block.
func (ct *condTest) leaves(b, t int, s *condScratch) (leafV, leafVotes []int32) {
	st := ct.st
	nv := st.nv
	s.leafV = append(s.leafV[:0], st.leafV[t*nv:(t+1)*nv]...)
	s.leafVotes = append(s.leafVotes[:0], st.leafVotes[st.leafStart[t]:st.leafStart[t+1]]...)
	swapLeaf := ct.swapLeaf[t*nv : (t+1)*nv]
	for _, p := range s.swaps[b] {
		for _, r := range [2]int32{ct.pairs.a[p], ct.pairs.b[p]} {
			from, to := s.leafV[r], swapLeaf[r]
			s.leafV[r] = to
			s.leafVotes[from]--
			s.leafVotes[to]++
		}
	}
	return s.leafV, s.leafVotes
}
