package ufmi

import (
	"github.com/ufmi-dev/ufmi/internal/engine"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// The streaming estimate (EstimateMI's path for UF) equals FitUF followed by
// HonestConditionalEntropy bit for bit, for every preset, the empty-leaf
// policies, unlabeled rows and any number of workers.
func TestStreamingEntropyEqualsInMemoryForest(t *testing.T) {
	t.Parallel()
	x, y := gaussianData(300, 5, 3, 0, func(row []float64, rng *rand.Rand) int {
		if row[0]+0.5*rng.NormFloat64() > 0 {
			return 1
		}
		if row[1] > 0.8 {
			return 2
		}
		return 0
	})
	unlabeled, _ := gaussianData(40, 5, 4, 0, func([]float64, *rand.Rand) int { return 0 })
	abstain := PaperUF()
	abstain.EmptyLeaf, abstain.Tree.MinSamplesLeaf = EmptyAbstain, 3
	cases := map[string]UFConfig{"default": DefaultUF(), "capped-noise": cappedNoiseUF(), "paper": PaperUF(), "authors": AuthorsUF(), "abstain": abstain}
	for name, cfg := range cases {
		for _, workers := range []int{1, 3} {
			for _, unl := range []*Features{nil, unlabeled} {
				if unl != nil && cfg.TreeLevelEntropy {
					continue
				}
				cfg.Trees = 40
				rt := Runtime{Seed: 11, Workers: workers}
				f, err := FitUF(x, y, cfg, rt)
				if err != nil {
					t.Fatal(err)
				}
				want, err := f.HonestConditionalEntropy(cfg.TreeLevelEntropy, unl)
				if err != nil {
					t.Fatal(err)
				}
				got, err := streamHonestEntropy(x, y, cfg, rt, unl, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("%s, %d workers, unlabeled %v: streamed %v, in memory %v", name, workers, unl != nil, got, want)
				}
			}
		}
	}
}

// The streamed pilot gives the importances of the in-memory pilot forest.
func TestStreamedPilotEqualsHonestImportance(t *testing.T) {
	t.Parallel()
	x, y := separatedData(400, 6, 5)
	pilot := DefaultUF()
	pilot.Trees, pilot.NoScreening, pilot.PilotTrees, pilot.PilotFloor = 30, true, 0, 0
	pilot.Tree.MaxFeatures = tree.AllFeatures()
	rt := Runtime{Seed: 9, Workers: 2}
	f, err := fitHonest(x, y, pilot, rt, seeds.Pilot)
	if err != nil {
		t.Fatal(err)
	}
	want, err := f.HonestImportance()
	if err != nil {
		t.Fatal(err)
	}
	k, plan, err := honestPlan(x, y, pilot, rt, seeds.Pilot)
	if err != nil {
		t.Fatal(err)
	}
	imp := newImportance(x, y, k)
	if err := streamForest(x, y, k, plan, func(_ int, ft *forestTree) { imp.add(ft) }); err != nil {
		t.Fatal(err)
	}
	got := imp.mean()
	for j := range want {
		if got[j] != want[j] {
			t.Fatalf("feature %d: streamed importance %v, in memory %v", j, got[j], want[j])
		}
	}
}

// Trees reach the callback in tree order, once each, and progress counts them.
func TestStreamForestHandsTreesInOrder(t *testing.T) {
	t.Parallel()
	x, y := separatedData(200, 3, 1)
	cfg := withTrees(PaperUF(), 25)
	calls := 0
	rt := Runtime{Workers: 4, Progress: func(done, total int) {
		calls++
		if done != calls || total != 25 {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	}}
	k, plan, err := honestPlan(x, y, cfg, rt, seeds.Tree)
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	err = streamForest(x, y, k, plan, func(tr int, ft *forestTree) {
		if tr != next || ft == nil || ft.rowLeaf == nil {
			t.Fatalf("tree %d handed over when %d was due", tr, next)
		}
		next++
	})
	if err != nil {
		t.Fatal(err)
	}
	if next != 25 || calls != 25 {
		t.Fatalf("%d trees, %d progress calls; want 25", next, calls)
	}
}

// Tree blocks grown apart and added in tree order give EstimateMI's estimate:
// bit for bit as one block, within rounding as several (with a screening
// pilot, without, and at tree level).
func TestStreamTreeBlocksAddUpToEstimateMI(t *testing.T) {
	t.Parallel()
	x, y := separatedData(200, 4, 7)
	abstain := PaperUF()
	abstain.EmptyLeaf, abstain.Tree.MinSamplesLeaf = EmptyAbstain, 3
	cases := map[string]UFConfig{"default": DefaultUF(), "capped-noise": cappedNoiseUF(), "paper": PaperUF(), "authors": AuthorsUF(), "abstain": abstain}
	for name, uf := range cases {
		uf.Trees, uf.PilotTrees = 23, min(uf.PilotTrees, 10)
		cfg := EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 5, Workers: 2}}
		want, err := EstimateMI(x, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		resolved, err := resolveUF(cfg)
		if err != nil {
			t.Fatal(err)
		}
		weights, err := screeningWeights(x, y, resolved, cfg.Runtime)
		if err != nil || (weights != nil) != !uf.NoScreening {
			t.Fatalf("%s: weights %v, %v", name, weights, err)
		}
		for _, per := range []int{23, 5} {
			var acc engine.TreeBlock
			for lo := 0; lo < 23; lo += per {
				b, err := growTreeBlock(x, y, resolved, weights, lo, min(lo+per, 23), cfg.Runtime)
				if err != nil {
					t.Fatal(err)
				}
				if lo == 0 {
					acc = b
				} else if err := acc.Add(b); err != nil {
					t.Fatal(err)
				}
			}
			got, err := estimateTreeBlock(&acc, y, resolved)
			if err != nil {
				t.Fatal(err)
			}
			if per == 23 && (got.MI != want.MI || got.HYGivenX != want.HYGivenX || got.HY != want.HY) {
				t.Errorf("%s, one block: %+v, EstimateMI %+v", name, got, want)
			}
			if d := got.MI - want.MI; d > 1e-12 || d < -1e-12 || got.N != want.N || got.Classes != want.Classes {
				t.Errorf("%s, blocks of %d: MI %v, EstimateMI %v", name, per, got.MI, want.MI)
			}
		}
	}
	resolved, _ := resolveUF(EstimatorConfig{UF: PaperUF()})
	for _, r := range [][2]int{{-1, 3}, {3, 3}, {290, 301}} {
		if _, err := growTreeBlock(x, y, resolved, nil, r[0], r[1], Runtime{}); err == nil {
			t.Errorf("block %v accepted", r)
		}
	}
	if _, err := growTreeBlock(x, y, resolved, []float64{1, 1, 1, 1}, 0, 3, Runtime{}); err == nil {
		t.Error("weights without a pilot accepted")
	}
	a, _ := growTreeBlock(x, y, resolved, nil, 0, 3, Runtime{})
	b, _ := growTreeBlock(x, y, resolved, nil, 4, 6, Runtime{})
	if err := a.Add(b); err == nil {
		t.Error("a gap between blocks accepted")
	}
	if _, err := estimateTreeBlock(&a, y, resolved); err == nil {
		t.Error("a part of the forest was estimated")
	}
}
