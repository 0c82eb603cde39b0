package sharded

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/internal/synth"
	"github.com/ufmi-dev/ufmi/ufmi"
)

func smallData(t *testing.T, n, d int) (*ufmi.Features, []int) {
	t.Helper()
	rows, y := synth.Gaussian(n, d, 5, 0, func(row []float64, rng *rand.Rand) int {
		if row[0]+rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

func quickConfig() ufmi.EstimatorConfig {
	uf := ufmi.DefaultUF()
	uf.Trees, uf.PilotTrees = 10, 10
	return ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: 3}}
}

// runShards runs every shard of count into dir, the last shard first.
func runShards(t *testing.T, count int, run func(o Options) Outcome) Outcome {
	t.Helper()
	var last Outcome
	for i := count - 1; i >= 0; i-- {
		spec, err := shard.New(i, count)
		if err != nil {
			t.Fatal(err)
		}
		last = run(Options{Shard: spec})
	}
	return last
}

// A 200-permutation test gives the same estimate, null values and p-value
// unsharded, as 1 shard and as 4 shards.
func TestPermutationTestShardsAreInvisible(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 50, 2)
	cfg := quickConfig()
	est, err := ufmi.EstimateMI(x, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ufmi.PermutationTest(x, y, ufmi.MIStatistic(cfg), ufmi.PermutationConfig{Permutations: 200, Runtime: ufmi.Runtime{Seed: cfg.Seed}})
	if err != nil {
		t.Fatal(err)
	}
	for _, count := range []int{1, 4} {
		dir := t.TempDir()
		runShards(t, count, func(o Options) Outcome {
			o.Dir = dir
			res, err := MIPermutationTest(x, y, cfg, 200, o)
			if err != nil {
				t.Fatal(err)
			}
			return res.Outcome
		})
		got, err := MIPermutationTest(x, y, cfg, 200, Options{Dir: dir, Merge: true})
		if err != nil {
			t.Fatal(err)
		}
		if got.Estimate.MI != est.MI || got.Estimate.HY != est.HY || got.Estimate.HYGivenX != est.HYGivenX {
			t.Errorf("%d shards: estimate %+v, unsharded %+v", count, got.Estimate, est)
		}
		if !reflect.DeepEqual(*got.Test, want) {
			t.Errorf("%d shards: p-value %v, null %v; unsharded %v, %v", count, got.Test.PValue, got.Test.Null[:5], want.PValue, want.Null[:5])
		}
	}
}

// The subset table's rows are the same unsharded, as 1 shard and as 4.
func TestSubsetTableShardsAreInvisible(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 60, 3)
	cfg := quickConfig()
	groups := [][]int{{0}, {1}, {2}}
	want, err := ufmi.SubsetTable(x, y, groups, 2, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, count := range []int{1, 4} {
		dir := t.TempDir()
		last := runShards(t, count, func(o Options) Outcome {
			o.Dir = dir
			_, out, err := SubsetTable(x, y, groups, 2, cfg, o)
			if err != nil {
				t.Fatal(err)
			}
			return out
		})
		if !last.Complete() || last.Total != 14 {
			t.Fatalf("%d shards: after the last shard %v", count, last)
		}
		got, _, err := SubsetTable(x, y, groups, 2, cfg, Options{Dir: dir, Merge: true})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d shards: table %+v, unsharded %+v", count, got, want)
		}
	}
	// Its cells keep no interval: confidence intervals are refused, not
	// returned empty.
	withCI := cfg
	withCI.Confidence = 0.95
	if _, _, err := SubsetTable(x, y, groups, 2, withCI, Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "not their confidence intervals") {
		t.Errorf("a sharded table with Confidence: %v", err)
	}
}

// A shard killed mid-run leaves finished cells and stray temporary files; a
// rerun computes exactly the missing cells, and the merge loses and
// duplicates nothing.
func TestKilledShardRerunsOnlyMissingCells(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 40, 2)
	cfg := quickConfig()
	dir := t.TempDir()
	full, err := MIPermutationTest(x, y, cfg, 60, Options{Dir: dir})
	if err != nil || !full.Outcome.Complete() || full.Outcome.Ran != 8 {
		t.Fatalf("first run: %v, %v", full.Outcome, err)
	}
	// The kill: two cells' files never renamed into place.
	again := killAndRerun(t, dir, []string{"perm-0000020-0000030.json", "perm-0000050-0000060.json"}, 2, 8,
		func(o Options) (MIResult, error) { return MIPermutationTest(x, y, cfg, 60, o) })
	if !reflect.DeepEqual(again.Test, full.Test) || again.Estimate.MI != full.Estimate.MI {
		t.Fatalf("after the rerun: %+v, before the kill %+v", again.Test, full.Test)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 8 {
		t.Fatalf("%d cell files, want 8", len(files))
	}
}

// Cells of other data or settings in the folder are an error, not mixed in.
func TestFolderOfAnotherJobIsRejected(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 40, 2)
	cfg := quickConfig()
	dir := t.TempDir()
	if _, err := MIPermutationTest(x, y, cfg, 10, Options{Dir: dir, Job: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := MIPermutationTest(x, y, cfg, 10, Options{Dir: dir, Job: "b"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("other settings: %v", err)
	}
	// The same command line run by a build whose defaults differ: the
	// effective settings enter the fingerprint, as tree-block jobs' do.
	other := cfg
	other.UF.NoDiscriminant = true
	if _, err := MIPermutationTest(x, y, other, 10, Options{Dir: dir, Job: "a"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("other effective settings: %v", err)
	}
	table := t.TempDir()
	groups := [][]int{{0}, {1}}
	if _, _, err := SubsetTable(x, y, groups, 1, cfg, Options{Dir: table, Job: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := SubsetTable(x, y, groups, 1, other, Options{Dir: table, Job: "a"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("subset table, other effective settings: %v", err)
	}
	y[0] = 1 - y[0]
	if _, err := MIPermutationTest(x, y, cfg, 10, Options{Dir: dir, Job: "a"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("other labels: %v", err)
	}
}

// killAndRerun simulates a shard killed mid-run: the files named in dir
// become stray temporary files, leaving missing of the job's total cells
// undone. A merge then fails; shard 1/2's rerun computes one of them, a
// run without a shard the rest. It returns the last run's result.
func killAndRerun(t *testing.T, dir string, names []string, missing, total int, run func(o Options) (MIResult, error)) MIResult {
	t.Helper()
	for _, name := range names {
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(dir, "."+name+".tmp-123")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := run(Options{Dir: dir, Merge: true}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d of %d cells", missing, total)) {
		t.Fatalf("merge with missing cells: %v", err)
	}
	spec, _ := shard.New(1, 2)
	again, err := run(Options{Dir: dir, Shard: spec})
	if err != nil || again.Outcome.Ran != 1 || again.Outcome.Done != total-missing+1 {
		t.Fatalf("shard 1/2 rerun: %v, %v", again.Outcome, err)
	}
	again, err = run(Options{Dir: dir})
	if err != nil || again.Outcome.Ran != missing-1 || !again.Outcome.Complete() {
		t.Fatalf("full rerun: %v, %v", again.Outcome, err)
	}
	return again
}

// CheckOnly runs every check of a sharded computation and stops before any
// cell: no file is written, no cell counts as done, and what the
// computation refuses (label draws, one feature's tree blocks) is refused.
func TestCheckOnlyWritesNothing(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 80, 2)
	dir := t.TempDir()
	cfg := ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 4}}
	cfg.UF = ufmi.DefaultUF()
	cfg.UF.Trees = 10
	o := Options{Dir: dir, CheckOnly: true}
	res, err := MIPermutationTest(x, y, cfg, 20, o)
	if err != nil || res.Outcome.Complete() || res.Outcome.Done != 0 || res.Outcome.Total == 0 {
		t.Errorf("permutation test: %v, outcome %+v; want no error and no cell done", err, res.Outcome)
	}
	if _, out, err := SubsetTable(x, y, [][]int{{0}, {1}}, 1, cfg, o); err != nil || out.Complete() {
		t.Errorf("subset table: %v, outcome %+v", err, out)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("a check wrote %s", entries[0].Name())
	}
	draws := cfg
	draws.UF.LabelDraws = 4
	if _, err := MIPermutationTest(x, y, draws, 20, o); err == nil || !strings.Contains(err.Error(), "label draws") {
		t.Errorf("label draws: %v, want refused", err)
	}
	one, err := x.SelectCols([]int{0})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MITreeBlocks(one, y, cfg, 5, o); err == nil || !strings.Contains(err.Error(), "on one feature") {
		t.Errorf("tree blocks on one feature: %v, want refused", err)
	}
}
