package ufmi

import (
	"math/rand/v2"
	"sync"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Runtime says how a computation runs, as opposed to what it computes. It
// is held once by what a user runs: embedded in EstimatorConfig and
// PermutationConfig (so cfg.Seed reads), and the last argument of FitUF,
// FitRF, FitCalibrated, screeningWeights, GrowTreeBlock and
// permutationNull. The hyper-parameter configs (UFConfig, ForestConfig,
// CalibratedConfig, knn.Config) hold none: a configuration nested in
// EstimatorConfig has no runtime that could be set, let alone silently
// replaced by the estimator's. Inside, the runtime is passed down as it is;
// a sub-computation that needs another seed or one goroutine gets a
// runtime derived from it (a fold's forest, a permutation's refit, a
// repetition of a subset table), never a config whose fields were
// overwritten. A permutation test's fits run by the test's runtime
// (PermutationConfig): MIStatistic and FastPermutationTest use their
// EstimatorConfig for its estimator settings only.
//
// Seeding: every random draw comes from a stream fixed by (Seed, purpose,
// index) alone (internal/seeds): tree i of a forest draws from (Seed, tree,
// i), pilot tree i from (Seed, pilot, i), the split of sample splitting
// from (Seed, split, 0), permutation i from (Seed, permutation, i); a
// nested computation (the forest of calibration fold i, the refit of
// permutation i, repetition r of a subset table) runs with the seed
// Derive(Seed, purpose, index). Equal seeds give equal results, bit for bit.
//
// Workers bounds the goroutines (0 or less: GOMAXPROCS). Since no stream
// depends on the goroutine that draws it, results never depend on Workers,
// bit for bit; only the time and the memory in use do.
//
// Progress, when set, is told after each step how many of the total steps
// are done (see Progress); a computation made of stages (the screening
// pilot, then the forest) counts them as one run of steps.
type Runtime struct {
	Seed     uint64
	Workers  int
	Progress Progress
}

// Progress is told how many of the total steps (trees, folds, permutations,
// estimates) are done. It is never called concurrently.
type Progress func(done, total int)

// child is the runtime of sub-computation index of the given purpose: the
// seed Derive(Seed, purpose, index), the same workers and no progress (the
// parent reports its own steps).
func (rt Runtime) child(p seeds.Purpose, index int) Runtime {
	return Runtime{Seed: seeds.Derive(rt.Seed, p, index), Workers: rt.Workers}
}

// serial is rt on one goroutine, without progress: the runtime of each item
// of a loop that runs its items in parallel.
func (rt Runtime) serial() Runtime { return Runtime{Seed: rt.Seed, Workers: 1} }

// quiet is rt without progress.
func (rt Runtime) quiet() Runtime {
	rt.Progress = nil
	return rt
}

// stage is rt for one stage of a longer run: its progress reports the
// stage's step done of total as step before+done of before+total+after.
func (rt Runtime) stage(before, after int) Runtime {
	if report := rt.Progress; report != nil {
		rt.Progress = func(done, total int) { report(before+done, before+total+after) }
	}
	return rt
}

// report tells Progress, when set, that done of total steps are done.
func (rt Runtime) report(done, total int) {
	if rt.Progress != nil {
		rt.Progress(done, total)
	}
}

// counter returns a function, safe for concurrent use, that adds n steps
// done of total and reports the sum to Progress (nothing without one).
func (rt Runtime) counter(total int) func(n int) {
	if rt.Progress == nil {
		return func(int) {}
	}
	var mu sync.Mutex
	done := 0
	return func(n int) {
		mu.Lock()
		defer mu.Unlock()
		done += n
		rt.Progress(done, total)
	}
}

// stream is the random stream (Seed, purpose, index).
func (rt Runtime) stream(p seeds.Purpose, index int) *rand.Rand {
	return seeds.Stream(rt.Seed, p, index)
}
