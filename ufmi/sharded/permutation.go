package sharded

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"math"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// MIResult is the merged result of MIPermutationTest: set when
// Outcome.Complete(), zero otherwise.
type MIResult struct {
	Estimate ufmi.Estimate           // EstimateMI(x, y, cfg); Duration is the cell's
	Test     *ufmi.PermutationResult // nil without permutations
	Outcome  Outcome
}

// permutationBlock is the number of permutations per cell: 10, or more
// so that a test has at most about 1000 cells.
func permutationBlock(perms int) int { return max(10, (perms+999)/1000) }

// MIPermutationTest estimates I(X;Y) by EstimateMI(x, y, cfg) and, with
// perms > 0, tests it by PermutationTest(x, y, MIStatistic(cfg),
// {Permutations: perms, Runtime: {Seed: cfg.Seed}}), in cells: "observed" (the
// estimate), with perms > 0 "statistic" (the test's observed statistic,
// for a UF the plug-in on the estimate's forest: ufmi.MIStatistic) and one
// per block of permutations, "perm-LO-HI" (permutations LO..HI-1, each
// drawing from the streams of its own index). When every cell is done, the
// result equals the unsharded one bit for bit.
func MIPermutationTest(x *ufmi.Features, y []int, cfg ufmi.EstimatorConfig, perms int, o Options) (MIResult, error) {
	if perms < 0 || perms > limits.Permutations {
		return MIResult{}, fmt.Errorf("ufmi: %d permutations; want 0..%d (0: no test)", perms, limits.Permutations)
	}
	if x.Rows() == 0 {
		return MIResult{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	facts, err := newFacts(x, y, cfg)
	if err != nil {
		return MIResult{}, err
	}
	// "plug-in statistic": the null values of a UF are the plug-in's since
	// 2026-11-28 (ufmi.MIStatistic); a folder of the one-step's is refused.
	settings, err := settingsKey(cfg)
	if err != nil {
		return MIResult{}, err
	}
	chosen, err := leafSelection(cfg, x)
	if err != nil {
		return MIResult{}, err
	}
	dir := shard.Dir{Path: o.Dir, Job: fingerprint(fmt.Sprintf("mi-permutation %d plug-in statistic %s%s", perms, settings, chosen), x, y, o)}
	cells := []shard.Cell{{Key: "observed", Seed: cfg.Seed}}
	if perms > 0 {
		cells = append(cells, shard.Cell{Key: "statistic", Seed: cfg.Seed})
	}
	block := permutationBlock(perms)
	for lo := 0; lo < perms; lo += block {
		cells = append(cells, shard.Cell{Key: fmt.Sprintf("perm-%07d-%07d", lo, min(lo+block, perms)), Seed: cfg.Seed})
	}
	out, err := o.run(cells, dir, func(i int, c shard.Cell) (any, error) {
		run := cfg
		run.Runtime = ufmi.Runtime{Seed: c.Seed, Workers: cfg.Workers} // the cell's seed, no progress
		switch i {
		case 0:
			return ufmi.EstimateMI(x, y, run)
		case 1:
			return ufmi.MIStatistic(run)(x, y, run.Runtime)
		}
		lo := (i - 2) * block
		return permutationNull(x, y, ufmi.MIStatistic(run), lo, min(lo+block, perms), run.Runtime)
	})
	if err != nil || !out.Complete() {
		return MIResult{Outcome: out}, err
	}
	res := MIResult{Outcome: out}
	if err := mustReadCell(dir, cells[0], &res.Estimate, facts.checkEstimate); err != nil {
		return MIResult{}, err
	}
	if perms == 0 {
		return res, nil
	}
	var obs float64
	if err := mustReadCell(dir, cells[1], &obs, facts.checkStatistic); err != nil {
		return MIResult{}, err
	}
	null := make([]float64, 0, perms)
	for i, c := range cells[2:] {
		lo := i * block
		var part []float64
		if err := mustReadCell(dir, c, &part, func(p *[]float64) error { return facts.checkNull(*p, min(lo+block, perms)-lo) }); err != nil {
			return MIResult{}, err
		}
		null = append(null, part...)
	}
	if len(null) != perms {
		return MIResult{}, fmt.Errorf("ufmi: %s holds %d null values, want %d; use a new results folder", o.Dir, len(null), perms)
	}
	p := permutationPValue(obs, null)
	if math.IsNaN(p) {
		return MIResult{}, fmt.Errorf("ufmi: no p-value: the observed MI (%v) or a null value is NaN; a permutation test needs a finite statistic", obs)
	}
	res.Test = &ufmi.PermutationResult{Observed: obs, Null: null, PValue: p}
	return res, nil
}
