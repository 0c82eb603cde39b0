package sharded

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// treeBlocksOf runs MITreeBlocks as count shards into dir, then merges.
func treeBlocksOf(t *testing.T, x *ufmi.Features, y []int, cfg ufmi.EstimatorConfig, perCell, count int, dir string) ufmi.Estimate {
	t.Helper()
	runShards(t, count, func(o Options) Outcome {
		o.Dir = dir
		res, err := MITreeBlocks(x, y, cfg, perCell, o)
		if err != nil {
			t.Fatal(err)
		}
		return res.Outcome
	})
	res, err := MITreeBlocks(x, y, cfg, perCell, Options{Dir: dir, Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Estimate
}

// One forest grown in tree blocks gives the same estimate, and the same
// cell files, as 1 shard and as 4, and EstimateMI's estimate up to
// rounding: with a screening pilot (default), without (paper), at tree
// level (authors), with oblique splits and local-linear posteriors
// (oblique), with oblique splits and sharpened posteriors without the fit
// (oblique-2026-11-25) and with local-linear posteriors alone.
func TestTreeBlocksShardsAreInvisible(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 80, 3)
	local, err := ufmi.ParseUFPreset("local-linear")
	if err != nil {
		t.Fatal(err)
	}
	oblique20261125, err := ufmi.ParseUFPreset("oblique-2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	for name, uf := range map[string]ufmi.UFConfig{"default": ufmi.DefaultUF(), "paper": ufmi.PaperUF(), "authors": ufmi.AuthorsUF(), "oblique": ufmi.ObliqueUF(),
		"oblique-2026-11-25": oblique20261125, "local-linear": local} {
		uf.Trees, uf.PilotTrees = 23, min(uf.PilotTrees, 10)
		cfg := ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: 3}}
		want, err := ufmi.EstimateMI(x, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		one, four := t.TempDir(), t.TempDir()
		got1 := treeBlocksOf(t, x, y, cfg, 5, 1, one)
		got4 := treeBlocksOf(t, x, y, cfg, 5, 4, four)
		if !reflect.DeepEqual(got1, got4) {
			t.Errorf("%s: 1 shard %+v, 4 shards %+v", name, got1, got4)
		}
		if math.Abs(got1.MI-want.MI) > 1e-12 || math.Abs(got1.HYGivenX-want.HYGivenX) > 1e-12 || got1.HY != want.HY ||
			got1.N != want.N || got1.Classes != want.Classes || got1.Evaluated != want.Evaluated {
			t.Errorf("%s: tree blocks %+v, EstimateMI %+v", name, got1, want)
		}
		t.Logf("%s: tree blocks - EstimateMI = %g", name, got1.MI-want.MI)
		files, _ := filepath.Glob(filepath.Join(one, "*"))
		cells := 5 // trees 0-4, 5-9, 10-14, 15-19, 20-22
		if !uf.NoScreening {
			cells++
		}
		if !uf.TreeLevelEntropy {
			cells += 5 // the binary sums
		}
		if len(files) != cells {
			t.Errorf("%s: %d files in the folder, want %d", name, len(files), cells)
		}
		for _, f := range files {
			a, _ := os.ReadFile(f)
			b, err := os.ReadFile(filepath.Join(four, filepath.Base(f)))
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("%s: %s differs between 1 and 4 shards (%v)", name, filepath.Base(f), err)
			}
		}
		// A single block is the unsharded forest bit for bit.
		if whole := treeBlocksOf(t, x, y, cfg, 23, 1, t.TempDir()); whole.MI != want.MI || whole.HYGivenX != want.HYGivenX {
			t.Errorf("%s: one block %v, EstimateMI %v", name, whole.MI, want.MI)
		}
	}
}

// A shard killed mid-run (one cell's files never renamed into place,
// another cell's sums written but not its cell file) loses nothing: a
// rerun computes exactly those cells, and damaged sums are reported.
func TestTreeBlocksKilledShardRerunsOnlyMissingCells(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 60, 2)
	cfg := quickConfig()
	cfg.UF.Trees = 20
	dir := t.TempDir()
	full, err := MITreeBlocks(x, y, cfg, 4, Options{Dir: dir})
	if err != nil || full.Outcome.Ran != 5 || !full.Outcome.Complete() {
		t.Fatalf("first run: %v, %v", full.Outcome, err)
	}
	again := killAndRerun(t, dir, []string{"trees-0000004-0000008.json", "trees-0000004-0000008.bin", "trees-0000016-0000020.json"}, 2, 5,
		func(o Options) (MIResult, error) { return MITreeBlocks(x, y, cfg, 4, o) })
	if !reflect.DeepEqual(again.Estimate, full.Estimate) {
		t.Fatalf("after the rerun %+v; before the kill %+v", again.Estimate, full.Estimate)
	}
	bin := filepath.Join(dir, "trees-0000008-0000012.bin")
	data, _ := os.ReadFile(bin)
	data[len(data)-1] ^= 1
	if err := os.WriteFile(bin, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := MITreeBlocks(x, y, cfg, 4, Options{Dir: dir, Merge: true}); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("damaged sums: %v", err)
	}
}

// Another job's folder is refused; so are settings tree blocks cannot split.
func TestTreeBlocksRefuseForeignFoldersAndBadSettings(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 40, 2)
	cfg := quickConfig()
	dir := t.TempDir()
	if _, err := MITreeBlocks(x, y, cfg, 5, Options{Dir: dir, Job: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := MITreeBlocks(x, y, cfg, 5, Options{Dir: dir, Job: "b"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("other settings: %v", err)
	}
	other := cfg
	other.Seed++
	if _, err := MITreeBlocks(x, y, other, 5, Options{Dir: dir, Job: "a"}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Fatalf("other seed: %v", err)
	}
	bad := map[string]func(c *ufmi.EstimatorConfig) int{
		"0 trees per cell":       func(*ufmi.EstimatorConfig) int { return 0 },
		"more than the forest":   func(*ufmi.EstimatorConfig) int { return 11 },
		"another method":         func(c *ufmi.EstimatorConfig) int { c.Method = ufmi.MethodRFOOB; return 5 },
		"a confidence interval":  func(c *ufmi.EstimatorConfig) int { c.Confidence = 0.9; return 5 },
		"an invalid UF config":   func(c *ufmi.EstimatorConfig) int { c.UF.StructureFraction = 2; return 5 },
		"an unknown method name": func(c *ufmi.EstimatorConfig) int { c.Method = "nope"; return 5 },
	}
	for name, set := range bad {
		c := cfg
		perCell := set(&c)
		if _, err := MITreeBlocks(x, y, c, perCell, Options{Dir: t.TempDir()}); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

// Cells of any size give EstimateMI's estimate to rounding where the
// local-linear fit's two coordinates are proportional among a row's
// neighbours: on 100 rows of separable classes, two of 1 row and one of 2,
// the rows of the small classes had 1 - ρ² of ±10⁻¹², where C⁻¹ turned the
// rounding of sums added in another order into 10⁻³ nats of MI between
// cell sizes (a reviewer's probe, `-trees-per-cell`); since the fit takes
// such coordinates as one (collinear, 10⁻⁸) they agree.
func TestTreeBlocksOfAnySizeWithProportionalCoordinates(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(77, 1))
	sizes := []int{48, 48, 2, 1, 1}
	var codes []int
	for c, m := range sizes {
		for range m {
			codes = append(codes, c)
		}
	}
	rng.Shuffle(len(codes), func(a, b int) { codes[a], codes[b] = codes[b], codes[a] })
	rows, y := make([][]float64, len(codes)), make([]int, len(codes))
	for i, c := range codes {
		rows[i], y[i] = []float64{float64(c) + 0.1*rng.NormFloat64(), rng.NormFloat64(), float64(rng.IntN(2))}, c
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(4) {
		cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 100}, Runtime: ufmi.Runtime{Seed: seed + 1}}
		want, err := ufmi.EstimateMI(x, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, perCell := range []int{10, 40} {
			got := treeBlocksOf(t, x, y, cfg, perCell, 1, t.TempDir())
			if math.Abs(got.MI-want.MI) > 1e-12 {
				t.Errorf("seed %d, cells of %d trees: I %.10f, EstimateMI %.10f", seed+1, perCell, got.MI, want.MI)
			}
		}
	}
}
