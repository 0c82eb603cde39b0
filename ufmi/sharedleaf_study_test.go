package ufmi

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestSharedLeafCMIStudy measures two candidates for conditional MIs on one
// given column, neither the default: both fits share one leaf minimum
// (6, 12 or 24 structure rows), chosen by the rows' out-of-sample
// log-loss either on the fit on the given column, as a plain estimate on
// one feature chooses ("given"), or on the fit on both columns ("both").
// Against the default (both fits with the configured leaves): for each,
// the mean error, the sd of the errors, and how many 95% intervals
// (built from the two fits' per-row contributions, as ConditionalMI
// builds the default's) exclude 0 and contain the exact value. Cells: the
// coverage table's conditional MIs at d = 2 (their data sets drawn here
// from seeds 5000+r, not the table's) and K classes along x1 with x2 pure
// noise (I(Y; x2 | x1) = 0) or given (I(Y; x1 | x2) = I(X;Y)). Run with
//
//	UFMI_SHARED_LEAF_STUDY=1 go test -run TestSharedLeafCMIStudy -v -timeout 1h ./ufmi
//
// (about 2 minutes on 2 cores); docs/inference.md, "Leaves chosen by the
// log-loss", gives the table.
func TestSharedLeafCMIStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_SHARED_LEAF_STUDY", "the shared-leaf conditional MI study")
	type dataset func(r int) (*Features, []int)
	simCell := func(s sim.MISetting, n int) dataset {
		return func(r int) (*Features, []int) {
			return simFeatures(t, sim.MISimulation{Setting: s, N: n, D: 2, Prior: 0.5, Mu: 1}, uint64(5000+r))
		}
	}
	lines := func(k, per int, mu float64) dataset { return lineClassesSets(t, k, per, mu) }
	fmt.Println("| cell | exact | data sets | default: error | sd | intervals excluding 0 / containing the exact value | shared leaf chosen on the given column: error | sd | excluding 0 / containing | leaves 6 / 12 / 24 | shared leaf chosen on both columns: error | sd | excluding 0 / containing | leaves 6 / 12 / 24 |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []struct {
		name          string
		given, target []int
		truth         float64
		sets          int
		data          dataset
	}{
		{"three_class I(Y; x2 \\| x1), n = 500", []int{0}, []int{1}, 0.1047, 40, simCell(sim.ThreeClass, 500)},
		{"three_class I(Y; x2 \\| x1), n = 2,000", []int{0}, []int{1}, 0.1047, 30, simCell(sim.ThreeClass, 2000)},
		{"separated I(Y; x1 \\| x2), n = 500", []int{1}, []int{0}, 0.3368, 40, simCell(sim.Separated, 500)},
		{"separated I(Y; x1 \\| x2), n = 2,000", []int{1}, []int{0}, 0.3368, 30, simCell(sim.Separated, 2000)},
		{"5 classes along x1, mu 2: I(Y; x2 \\| x1), n = 500", []int{0}, []int{1}, 0, 20, lines(5, 100, 2)},
		{"the same, n = 2,000", []int{0}, []int{1}, 0, 12, lines(5, 400, 2)},
		{"10 classes, mu 1: I(Y; x2 \\| x1), n = 2,000", []int{0}, []int{1}, 0, 12, lines(10, 200, 1)},
		{"9 classes, mu 1/3: I(Y; x2 \\| x1), n = 1,080", []int{0}, []int{1}, 0, 12, lines(9, 120, 1.0/3)},
		{"5 classes, mu 2: I(Y; x1 \\| x2), n = 1,000", []int{1}, []int{0}, lineClassesMI(5, 2), 12, lines(5, 200, 2)},
	} {
		def, onGiven, onBoth := newCMITally(c.truth), newCMITally(c.truth), newCMITally(c.truth)
		for r := range c.sets {
			x, y := c.data(r)
			cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
			d, err := ConditionalMI(x, y, c.given, c.target, cfg)
			if err != nil {
				t.Fatal(err)
			}
			def.add(d, 0)
			xg, _ := x.SelectCols(c.given)
			xb, _ := x.SelectCols(append(append([]int(nil), c.given...), c.target...))
			g, err := fitsByLeaf(xg, y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, err := fitsByLeaf(xb, y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i, tally := range []*cmiTally{onGiven, onBoth} {
				l := bestByLogLoss(g)
				if i == 1 {
					l = bestByLogLoss(b)
				}
				cmi, err := cmiFrom(b[l], &g[l], 0.95)
				if err != nil {
					t.Fatal(err)
				}
				tally.add(cmi, l)
			}
		}
		fmt.Printf("| %s | %.4f | %d | %s | %s | %s |\n", c.name, c.truth, c.sets, def.row(false), onGiven.row(true), onBoth.row(true))
	}
}

// studyLeaves are the leaf minima the shared-leaf study compares.
var studyLeaves = []int{6, 12, 24}

// fitsByLeaf estimates with the default's configuration before leaves
// were chosen (defaultUF20261129c) and each of studyLeaves, with intervals.
func fitsByLeaf(x *Features, y []int, cfg EstimatorConfig) ([]Estimate, error) {
	out := make([]Estimate, len(studyLeaves))
	for l, leaf := range studyLeaves {
		uf := defaultUF20261129c()
		uf.Tree.MinSamplesLeaf = leaf
		c := cfg
		c.UF = uf
		var err error
		if out[l], err = EstimateMI(x, y, c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// bestByLogLoss is the index of the fit whose rows' out-of-sample log-loss
// is lowest (the highest mean term phi), as leafCandidates' choice.
func bestByLogLoss(fits []Estimate) int {
	best, score := 0, math.Inf(-1)
	for l, e := range fits {
		if s := meanEvaluated(e.parts.phi); s > score {
			best, score = l, s
		}
	}
	return best
}

// cmiTally collects one estimator's conditional MIs of a study cell.
type cmiTally struct {
	truth            float64
	errors           []float64
	excluding, cover int
	leaves           [3]int
}

func newCMITally(truth float64) *cmiTally { return &cmiTally{truth: truth} }

// add records one estimate and the index of the leaf it used.
func (t *cmiTally) add(c CMIEstimate, leaf int) {
	t.errors = append(t.errors, c.CMI-t.truth)
	if c.CI.Low > 0 {
		t.excluding++
	}
	if c.CI.Contains(t.truth) {
		t.cover++
	}
	t.leaves[leaf]++
}

// row is the tally's cells of the table, with the leaves' counts when
// withLeaves.
func (t *cmiTally) row(withLeaves bool) string {
	m, s := meanSD(t.errors)
	out := fmt.Sprintf("%+.4f | %.4f | %d / %d", m, s, t.excluding, t.cover)
	if withLeaves {
		out += fmt.Sprintf(" | %d / %d / %d", t.leaves[0], t.leaves[1], t.leaves[2])
	}
	return out
}

// lineClassesSets returns data set r of K classes along one column with
// per rows each and a noise column (lineClassesData, seed 100+r), as the
// conditional-MI studies draw them.
func lineClassesSets(t *testing.T, k, per int, mu float64) func(r int) (*Features, []int) {
	return func(r int) (*Features, []int) {
		x, y, err := lineClassesData(k, per, mu, uint64(100+r))
		if err != nil {
			t.Fatal(err)
		}
		return x, y
	}
}
