package sharded

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// subsetCell is what one cell of the subset table stores.
type subsetCell struct {
	HY       float64 `json:"h_y"`
	HYGivenX float64 `json:"h_y_given_x"`
}

// SubsetTable computes ufmi.SubsetTable(x, y, groups, repeats, cfg) in
// cells, one per repeat r and subset mask ("subset-rR-mMASK"), whose seed is
// repeat r's, Derive(cfg.Seed, repetition, r). The rows are nil until every
// cell is done; then they equal the unsharded table's bit for bit. It
// refuses confidence intervals (cfg.Confidence), which its cells do not
// keep.
func SubsetTable(x *ufmi.Features, y []int, groups [][]int, repeats int, cfg ufmi.EstimatorConfig, o Options) ([]ufmi.SubsetRow, Outcome, error) {
	if err := checkSubsetGroups(groups, repeats); err != nil {
		return nil, Outcome{}, err
	}
	if x.Rows() == 0 {
		return nil, Outcome{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	if cfg.Confidence != 0 {
		// The cells keep each fit's entropies, not the parts of an interval.
		return nil, Outcome{}, fmt.Errorf("ufmi: a sharded subset table keeps the estimates, not their confidence intervals: set Confidence 0, or compute the table with intervals unsharded (ufmi.SubsetTable)")
	}
	full := 1<<len(groups) - 1
	facts, err := newFacts(x, y, cfg)
	if err != nil {
		return nil, Outcome{}, err
	}
	settings, err := settingsKey(cfg)
	if err != nil {
		return nil, Outcome{}, err
	}
	leaves, err := differenceLeaves(cfg)
	if err != nil {
		return nil, Outcome{}, err
	}
	dir := shard.Dir{Path: o.Dir, Job: fingerprint(fmt.Sprintf("subset-table %v %d %s%s", groups, repeats, settings, leaves), x, y, o)}
	var cells []shard.Cell
	for r := range repeats {
		seed := seeds.Derive(cfg.Seed, seeds.Repetition, r)
		for mask := 1; mask <= full; mask++ {
			cells = append(cells, shard.Cell{Key: fmt.Sprintf("subset-r%04d-m%05d", r, mask), Seed: seed})
		}
	}
	out, err := o.run(cells, dir, func(i int, c shard.Cell) (any, error) {
		run := cfg
		run.Runtime = ufmi.Runtime{Seed: c.Seed, Workers: cfg.Workers} // the cell's seed, no progress
		est, err := conditionalEntropy(x, y, columns(groups, i%full+1), run)
		return subsetCell{HY: est.HY, HYGivenX: est.HYGivenX}, err
	})
	if err != nil || !out.Complete() {
		return nil, out, err
	}
	h := make([][]float64, repeats)
	hy := 0.0
	for i, c := range cells {
		r, mask := i/full, i%full+1
		if mask == 1 {
			h[r] = make([]float64, full+1)
		}
		var v subsetCell
		if err := mustReadCell(dir, c, &v, facts.checkSubset); err != nil {
			return nil, out, err
		}
		h[r][mask], hy = v.HYGivenX, v.HY
	}
	return subsetTableFrom(groups, hy, h), out, nil
}

// columns lists the columns of the groups whose bits are set in mask.
func columns(groups [][]int, mask int) []int {
	var cols []int
	for b, g := range groups {
		if mask&(1<<b) != 0 {
			cols = append(cols, g...)
		}
	}
	return cols
}
