package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"math"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/memory"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Statistic computes a test statistic from features and (possibly permuted)
// class codes, run by rt: the seed to fit any model with, and the
// goroutines (a permutation test hands each fit one: it runs the fits in
// parallel instead).
type Statistic func(x *Features, y []int, rt Runtime) (float64, error)

// PermutationConfig configures PermutationTest, FastPermutationTest and
// ConditionalPermutationTest.
// Zero values are the defaults (defaults.go).
type PermutationConfig struct {
	Permutations int // number of label permutations, 1..1,000,000 (0: 1,000, the paper's)
	// FastShare is the fast test's share of the structure half that grows
	// each tree, in (0, 1) (0: 0.3); the refit test ignores it.
	FastShare float64
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
	// MedianPairDistance is the conditional test's median distance in x_A
	// between the paired rows, on the normal scale of x_A's numeric columns
	// (a monotone map through their quantiles: standard deviations of a
	// normal column; 0 for the
	// other tests, or where every pair has equal x_A).
	MedianPairDistance float64
	// Pairs is the number of pairs of rows whose x_B the conditional
	// test's null swaps (0 for the other tests).
	Pairs int
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
	perms, err := countOrDefault("number of permutations", cfg.Permutations, defaultPermutations, limits.Permutations)
	if err != nil {
		return PermutationResult{}, err
	}
	if _, err := checkTrainingData(x, y); err != nil {
		return PermutationResult{}, err
	}
	if err := checkFastShare(cfg.FastShare, "; the refit test does not use it, but an invalid value is refused all the same: leave it zero"); err != nil {
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
	null, err := permutationNull(x, y, stat, 0, perms, cfg.Runtime)
	if err != nil {
		return PermutationResult{}, err
	}
	return pValueResult(observed, null)
}

// pValueResult is the result of a test with the statistic observed and its
// null values; a p-value that cannot be computed (a NaN statistic) is an
// error, never a number.
func pValueResult(observed float64, null []float64) (PermutationResult, error) {
	p := permutationPValue(observed, null)
	if math.IsNaN(p) {
		return PermutationResult{}, errNoPValue(observed, null)
	}
	return PermutationResult{Observed: observed, Null: null, PValue: p}, nil
}

// errNoPValue says why no p-value was computed: which statistic is NaN.
func errNoPValue(observed float64, null []float64) error {
	if math.IsNaN(observed) {
		return fmt.Errorf("ufmi: no p-value: the statistic is NaN on the observed labels; a permutation test needs a finite statistic")
	}
	for i, v := range null {
		if math.IsNaN(v) {
			return fmt.Errorf("ufmi: no p-value: the statistic is NaN under permutation %d; a permutation test needs a finite statistic", i)
		}
	}
	return fmt.Errorf("ufmi: no p-value: no permutations")
}

// permutationNull returns the statistic under permutations lo..hi-1 of
// PermutationTest run by rt (rt.Progress counting them): the same values
// that test computes, so a test can be split into blocks computed apart
// (ufmi/sharded).
func permutationNull(x *Features, y []int, stat Statistic, lo, hi int, rt Runtime) ([]float64, error) {
	if lo < 0 || hi < lo || hi > limits.Permutations {
		return nil, fmt.Errorf("ufmi: permutations %d..%d: want 0 <= lo <= hi <= %d", lo, hi, limits.Permutations)
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

// permutationPValue is (1 + #{null >= observed}) / (1 + len(null)), or
// NaN when observed or a null value is NaN (a NaN compares false with
// everything, so it would otherwise count as exceeded by nothing and give
// the smallest p-value) or there is no null value. Callers turn NaN into an
// error (pValueResult, ufmi/sharded).
func permutationPValue(observed float64, null []float64) float64 {
	if math.IsNaN(observed) || len(null) == 0 {
		return math.NaN()
	}
	exceed := 0
	for _, v := range null {
		if math.IsNaN(v) {
			return math.NaN()
		}
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
