package ufmi

import (
	"fmt"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Statistic computes a test statistic from features and (possibly permuted)
// class codes. seed is the seed to fit any model with.
type Statistic func(x *Features, y []int, seed uint64) (float64, error)

// MIStatistic is the statistic Î(X;Y) of EstimateMI under cfg. Each fit
// runs on one goroutine: a permutation test parallelises over permutations
// instead (results do not depend on the worker count). UF estimates at
// forest level reuse the presorted features and the buffers of earlier fits
// and keep no forest (fasttest.go); the value is the same.
func MIStatistic(cfg EstimatorConfig) Statistic {
	var lean *refitter
	if leanUF(cfg) {
		lean = &refitter{}
	}
	return func(x *Features, y []int, seed uint64) (float64, error) {
		c := cfg
		c.Seed, c.Progress, c.Workers = seed, nil, 1
		if lean != nil {
			return lean.mi(x, y, c)
		}
		est, err := EstimateMI(x, y, c)
		return est.MI, err
	}
}

// PermutationConfig configures PermutationTest.
type PermutationConfig struct {
	Permutations int // number of label permutations (default 1000, the paper's)
	// Seed: permutation i shuffles with the stream (Seed, permutation, i)
	// and refits with the seed Derive(Seed, permutation-fit, i); the
	// observed statistic is fitted with Seed itself.
	Seed     uint64
	Workers  int      // permutations run in parallel (default GOMAXPROCS)
	Progress Progress // called after each permutation
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
func PermutationTest(x *Features, y []int, stat Statistic, cfg PermutationConfig) (PermutationResult, error) {
	if _, err := checkTrainingData(x, y); err != nil {
		return PermutationResult{}, err
	}
	perms := cfg.Permutations
	if perms == 0 {
		perms = 1000
	}
	if perms < 0 {
		return PermutationResult{}, fmt.Errorf("ufmi: number of permutations %d must be positive", perms)
	}
	observed, err := stat(x, y, cfg.Seed)
	if err != nil {
		return PermutationResult{}, err
	}
	res := PermutationResult{Observed: observed, Null: make([]float64, perms)}
	err = pool.ForEach(perms, cfg.Workers, cfg.Progress, func(_, i int) error {
		yp := slices.Clone(y)
		rng := seeds.Stream(cfg.Seed, seeds.Permutation, i)
		rng.Shuffle(len(yp), func(a, b int) { yp[a], yp[b] = yp[b], yp[a] })
		v, err := stat(x, yp, seeds.Derive(cfg.Seed, seeds.PermutationFit, i))
		res.Null[i] = v
		return err
	})
	if err != nil {
		return PermutationResult{}, err
	}
	exceed := 0
	for _, v := range res.Null {
		if v >= observed {
			exceed++
		}
	}
	res.PValue = float64(1+exceed) / float64(1+perms)
	return res, nil
}
