package ufmi

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestSelectedLeavesStudy measures the leaves a one-step estimate on one
// feature chooses (UFConfig.NoLeafSelection) against fixed leaves: the MI
// settings' first column alone (three_class's I(Y; x1) = 0.2024, the fit on
// the rest of its conditional MI at d = 2; scaled's and separated's, which
// hold all their signal), and classes along one column
// (lineClassesData's first column). For each data set it fits leaves of 6,
// 12 and 24 structure rows and keeps the one whose rows' out-of-sample
// log-loss is lowest, as the default does (TestSelectLeafKeepsTheBestOfThree):
// mean error and intervals containing the exact value for each leaf and
// for the choice, and how often each leaf was chosen. Run with
//
//	UFMI_SELECTED_LEAVES_STUDY=1 go test -run TestSelectedLeavesStudy -v -timeout 1h ./ufmi
//
// (about 5 minutes on 2 cores); docs/inference.md, "Leaves chosen by the
// log-loss", gives the table.
func TestSelectedLeavesStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_SELECTED_LEAVES_STUDY", "the selected-leaves study")
	type dataset func(r int) (*Features, []int)
	firstColumn := func(s sim.MISetting, n int) dataset {
		return func(r int) (*Features, []int) {
			rows, y, err := sim.MISimulation{Setting: s, N: n, D: 2, Prior: 0.5, Mu: 1}.Sample(uint64(1000 + r))
			if err != nil {
				t.Fatal(err)
			}
			for i := range rows {
				rows[i] = rows[i][:1]
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			return x, y
		}
	}
	alongOneColumn := func(k, per int, mu float64) dataset {
		return func(r int) (*Features, []int) {
			x, y, err := lineClassesData(k, per, mu, uint64(r))
			if err != nil {
				t.Fatal(err)
			}
			x, err = x.SelectCols([]int{0})
			if err != nil {
				t.Fatal(err)
			}
			return x, y
		}
	}
	leaves := []int{6, 12, 24}
	fmt.Println("| data (one column) | n | exact | data sets | leaves of 6 (the 2026-11-29c default): error | covers | 12: error | covers | 24: error | covers | chosen (the default): error | covers | chosen 6 / 12 / 24 |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []struct {
		name  string
		n     int
		truth float64
		sets  int
		data  dataset
	}{
		{"three_class x1", 500, 0.2024, 40, firstColumn(sim.ThreeClass, 500)},
		{"three_class x1", 2000, 0.2024, 30, firstColumn(sim.ThreeClass, 2000)},
		{"scaled x1", 500, 0.6267, 40, firstColumn(sim.Scaled, 500)},
		{"scaled x1", 2000, 0.6267, 30, firstColumn(sim.Scaled, 2000)},
		{"separated x1", 500, 0.3368, 40, firstColumn(sim.Separated, 500)},
		{"separated x1", 2000, 0.3368, 30, firstColumn(sim.Separated, 2000)},
		{"3 classes along it, mu 1", 501, lineClassesMI(3, 1), 8, alongOneColumn(3, 167, 1)},
		{"5 classes, mu 0.5", 1000, lineClassesMI(5, 0.5), 8, alongOneColumn(5, 200, 0.5)},
		{"9 classes, mu 1/3", 1080, lineClassesMI(9, 1.0/3), 8, alongOneColumn(9, 120, 1.0/3)},
		{"9 classes, mu 1/3", 2700, lineClassesMI(9, 1.0/3), 8, alongOneColumn(9, 300, 1.0/3)},
		{"10 classes, mu 1", 2000, lineClassesMI(10, 1), 8, alongOneColumn(10, 200, 1)},
		{"10 classes, mu 2", 2000, lineClassesMI(10, 2), 8, alongOneColumn(10, 200, 2)},
	} {
		errs := make([]float64, len(leaves)+1)
		covers := make([]int, len(leaves)+1)
		chosen := make([]int, len(leaves))
		for r := range c.sets {
			x, y := c.data(r)
			best, bestScore := 0, math.Inf(-1)
			var ests []Estimate
			for l, leaf := range leaves {
				uf := defaultUF20261129c()
				uf.Tree.MinSamplesLeaf = leaf
				e, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				ests = append(ests, e)
				if s := meanEvaluated(e.parts.phi); s > bestScore {
					best, bestScore = l, s
				}
			}
			chosen[best]++
			for l, e := range append(ests, ests[best]) {
				errs[l] += (e.MI - c.truth) / float64(c.sets)
				if e.CI.Contains(c.truth) {
					covers[l]++
				}
			}
		}
		fmt.Printf("| %s | %d | %.4f | %d |", c.name, c.n, c.truth, c.sets)
		for l := range errs {
			fmt.Printf(" %+.4f | %d/%d |", errs[l], covers[l], c.sets)
		}
		fmt.Printf(" %d / %d / %d |\n", chosen[0], chosen[1], chosen[2])
	}
}
