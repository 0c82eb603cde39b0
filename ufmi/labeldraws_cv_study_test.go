package ufmi

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestLabelDrawsControlVariateStudy measures what the control variates of
// the label draws (drawnExcess: a draw's one-step less the drawn labels'
// log-loss under the posteriors they were drawn from, plus the first-order
// term) save against the draw's one-step less its world's truth, the mean
// entropy of those posteriors, which has the same expectation: the sd of
// one draw's excess each way (over 20 draws, the same uniform numbers for
// each), beside the interval's SE without the draws' Monte Carlo error,
// and how much that error, with both variates, widens the interval with 4
// draws (the preset's) and with 2. 8 data sets per cell, the preset
// label-draws (its trees held by FitUF). Run with
//
//	UFMI_DRAWS_CV_STUDY=1 go test -run TestLabelDrawsControlVariateStudy -v -timeout 1h ./ufmi
//
// (about 20 seconds on 2 cores); docs/inference.md, "A discrete column
// beside noise", gives the table.
func TestLabelDrawsControlVariateStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_DRAWS_CV_STUDY", "the label draws' control-variate study")
	const sets, draws = 8, 20
	type dataset func(r int) (*Features, []int)
	simCell := func(s sim.MISetting, n, d int) dataset {
		m := sim.MISimulation{Setting: s, N: n, D: d, Prior: 0.5, Mu: 1}
		return func(r int) (*Features, []int) { return simFeatures(t, m, uint64(3000+r)) }
	}
	discrete := func(n int) dataset {
		return func(r int) (*Features, []int) {
			x, y, _ := discreteLevelData(t, n, true, uint64(7000+r))
			return x, y
		}
	}
	cells := []struct {
		name string
		data dataset
	}{
		{"three_class n = 500, d = 2", simCell(sim.ThreeClass, 500, 2)},
		{"three_class n = 500, d = 10", simCell(sim.ThreeClass, 500, 10)},
		{"separated n = 500, d = 2", simCell(sim.Separated, 500, 2)},
		{"scaled n = 500, d = 2", simCell(sim.Scaled, 500, 2)},
		{"overlapping n = 500, d = 2", simCell(sim.Overlapping, 500, 2)},
		{"overlapping n = 500, d = 10", simCell(sim.Overlapping, 500, 10)},
		{"three_class n = 2000, d = 2", simCell(sim.ThreeClass, 2000, 2)},
		{"categorical, 6 levels, and a noise column, n = 1,000", discrete(1000)},
		{"the same, n = 300", discrete(300)},
	}
	fmt.Println("| cell | data sets | mean SE without the draws' error | sd of a draw's excess over its world's entropy | over the drawn labels' log-loss | and with the first-order term (drawnExcess) | ratio | the interval widened by the draws' error: 4 draws | 2 draws |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, c := range cells {
		var se, plain, logLoss, controlled []float64
		for r := range sets {
			x, y := c.data(r)
			rt := Runtime{Seed: uint64(r + 1)}
			e, err := EstimateMI(x, y, EstimatorConfig{UF: labelDrawsUF(), Confidence: 0.95, Runtime: rt})
			if err != nil {
				t.Fatal(err)
			}
			se = append(se, math.Sqrt(e.CI.SE*e.CI.SE-e.CI.SEDraws*e.CI.SEDraws))
			p, ll, cv := drawnExcessThreeWays(t, x, y, rt, draws)
			plain, logLoss, controlled = append(plain, p), append(logLoss, ll), append(controlled, cv)
		}
		s, p, cv := meanOf(se), meanOf(plain), meanOf(controlled)
		widened := func(n float64) float64 { return math.Sqrt(1 + cv*cv/n/(s*s)) }
		fmt.Printf("| %s | %d | %.4f | %.4f | %.4f | %.4f | %.2f | %.3f | %.3f |\n", c.name, sets, s, p, meanOf(logLoss), cv, p/cv, widened(defaultLabelDraws), widened(2))
	}
}

// drawnExcessThreeWays fits the preset label-draws on x, y and makes draws
// label draws as labelDraws.run does (posteriors shrunk to the
// uncorrected one-step's MI, stream LabelDraw), returning the sd over the draws of each draw's
// excess taken three ways: over its world's entropy, over the drawn
// labels' log-loss, and over that log-loss with the first-order term
// (drawnExcess).
func drawnExcessThreeWays(t *testing.T, x *Features, y []int, rt Runtime, draws int) (plain, logLoss, controlled float64) {
	t.Helper()
	f, err := FitUF(x, y, labelDrawsUF(), rt)
	if err != nil {
		t.Fatal(err)
	}
	oos, trees := heldSums(f, y)
	hy, _ := LabelEntropy(y)
	q, _ := shrinkToInformation(outOfSamplePosteriors(oos, f.prior, false), hy-oos.oneStepEntropy(f.prior))
	truth, _ := meanEntropyOf(q)
	var overTruth, overLogLoss, both []float64
	for r := range draws {
		drawn := drawnLabels(y, q, drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, r), q))
		o := drawnSums(oos, drawn, trees)
		firstOrder := firstOrderTerm(o, q)
		h := o.oneStepEntropy(f.prior)
		overTruth = append(overTruth, h-truth)
		overLogLoss = append(overLogLoss, h-logLossOf(q, drawn))
		both = append(both, h-logLossOf(q, drawn)+firstOrder)
	}
	return sdOf(overTruth), sdOf(overLogLoss), sdOf(both)
}
