package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestLabelBootstrapStudy measures the candidates behind UFConfig.LabelDraws
// (labeldraws.go; docs/inference.md, "A discrete column beside noise"): a
// parametric bootstrap of the vote labels through the fixed forest. An
// honest forest's structure does not see its votes, so the posteriors'
// noise at every order can be drawn: give each row a label drawn from its
// own out-of-sample posterior q_i, send the drawn labels through the same
// trees (the same structure and roles), and take the one-step again; its
// mean excess over the mean entropy of the q_i, the "truth" of that world,
// estimates what the one-step leaves of the noise (and of the smoothing of
// already smoothed posteriors), and is taken off the estimate. 20 draws
// per data set, 40 data sets per cell, the default UF (on one column with
// leaves of 6: FitUF chooses none); errors of I(X;Y) from the one-step as
// estimated (without the plug-in fallback) and corrected with labels drawn
// from three sources (bootstrapCorrection): the q_i as they are, a pilot
// forest of 60 trees' posteriors, and the q_i shrunk until their world
// holds the estimated MI (shrinkToInformation, what LabelDraws does). A
// second table counts the 95% intervals (EstimateMI's, whose centre is
// that one-step but on one column, where it chooses its leaves) containing
// the exact value and excluding 0: the default's, and the unified interval
// (Interval.at) around each corrected centre, with the draws' Monte Carlo
// error added to the SE or with an SE of at least the drawn worlds' spread.
// Conditional MIs correct each of their two fits. Run with
//
//	UFMI_LABEL_BOOTSTRAP_STUDY=1 go test -run TestLabelBootstrapStudy -v -timeout 1h ./ufmi
//
// (about 20 minutes on 2 cores); docs/inference.md, "A discrete column
// beside noise", gives the tables.
func TestLabelBootstrapStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_LABEL_BOOTSTRAP_STUDY", "the label-bootstrap study")
	const sets, draws, pilotTrees = 40, 20, 60
	type dataset func(r int) (*Features, []int)
	simCell := func(s sim.MISetting, n, d int) (dataset, float64) {
		m := sim.MISimulation{Setting: s, N: n, D: d, Prior: 0.5, Mu: 1}
		truth, err := m.Truth()
		if err != nil {
			t.Fatal(err)
		}
		return func(r int) (*Features, []int) { return simFeatures(t, m, uint64(3000+r)) }, truth.MI
	}
	discrete := func(n int, noise bool) dataset {
		return func(r int) (*Features, []int) {
			x, y, _ := discreteLevelData(t, n, noise, uint64(7000+r))
			return x, y
		}
	}
	type cell struct {
		name  string
		data  dataset
		truth float64
	}
	var cells []cell
	for _, c := range []struct {
		s    sim.MISetting
		n, d int
	}{{sim.ThreeClass, 500, 2}, {sim.ThreeClass, 500, 10}, {sim.Separated, 500, 2}, {sim.Scaled, 500, 2}, {sim.Overlapping, 500, 2}, {sim.ThreeClass, 2000, 2}} {
		data, truth := simCell(c.s, c.n, c.d)
		cells = append(cells, cell{fmt.Sprintf("%v n = %d, d = %d", c.s, c.n, c.d), data, truth})
	}
	cells = append(cells,
		cell{"categorical, 6 levels, and a noise column, n = 1,000", discrete(1000, true), discreteLevelMI()},
		cell{"the same, n = 300", discrete(300, true), discreteLevelMI()},
		cell{"the categorical column alone, n = 300", discrete(300, false), discreteLevelMI()})
	fmt.Println("| cell | exact | data sets | one-step: error | sd | bootstrap-corrected: error | sd | mean correction of I | labels drawn from a pilot of 60 trees: error | sd | labels drawn from posteriors shrunk to the estimated MI: error | sd |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	type intervalCounts struct{ cover, excl int }
	var intervalRows []string
	for _, c := range cells {
		var plain, corrected, piloted, matched, shifts, ses, drawSDs []float64
		counts := make([]intervalCounts, 4)
		for r := range sets {
			x, y := c.data(r)
			hy, _ := LabelEntropy(y)
			b := bootstrapCorrection(t, x, y, uint64(r+1), draws, pilotTrees)
			plain = append(plain, hy-b.h-c.truth)
			corrected = append(corrected, hy-(b.h-b.own.mean)-c.truth)
			piloted = append(piloted, hy-(b.h-b.fromPilot.mean)-c.truth)
			matched = append(matched, hy-(b.h-b.matched.mean)-c.truth)
			shifts = append(shifts, b.own.mean)
			e, err := EstimateMI(x, y, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			ses = append(ses, e.CI.SE)
			drawSDs = append(drawSDs, b.own.miSD)
			withMC := func(d drawnWorld) Interval {
				iv := e.CI
				iv.SE = math.Hypot(iv.SE, d.sd/math.Sqrt(float64(draws)))
				return iv.at(e.MI+d.mean, 0.95)
			}
			drawnSE := e.CI
			drawnSE.SE = math.Max(drawnSE.SE, b.own.miSD)
			for v, iv := range []Interval{e.CI, withMC(b.own), withMC(b.matched), drawnSE.at(e.MI+b.own.mean, 0.95)} {
				if iv.Contains(c.truth) {
					counts[v].cover++
				}
				if iv.Low > 0 {
					counts[v].excl++
				}
			}
		}
		fmt.Println(bootstrapRow(c.name, c.truth, plain, corrected, piloted, shifts) + fmt.Sprintf(" %+.4f | %.4f |", meanOf(matched), sdOf(matched)))
		row := fmt.Sprintf("| %s | %.4f | %.4f | %.4f |", c.name, sdOf(plain), meanOf(ses), meanOf(drawSDs))
		for _, n := range counts {
			row += fmt.Sprintf(" %d / %d |", n.cover, n.excl)
		}
		intervalRows = append(intervalRows, row)
	}
	// Conditional MIs: each of the two fits corrected.
	lines := func(k, per int, mu float64) dataset { return lineClassesSets(t, k, per, mu) }
	threeCMI := func(n int) dataset {
		m := sim.MISimulation{Setting: sim.ThreeClass, N: n, D: 2, Prior: 0.5, Mu: 1}
		return func(r int) (*Features, []int) { return simFeatures(t, m, uint64(5000+r)) }
	}
	for _, c := range []struct {
		name          string
		given, target []int
		truth         float64
		data          dataset
	}{
		{"three_class I(Y; x2 \\| x1), n = 500", []int{0}, []int{1}, 0.1047, threeCMI(500)},
		{"three_class I(Y; x2 \\| x1), n = 2,000", []int{0}, []int{1}, 0.1047, threeCMI(2000)},
		{"5 classes along x1, mu 2: I(Y; x2 \\| x1), n = 500", []int{0}, []int{1}, 0, lines(5, 100, 2)},
		{"9 classes, mu 1/3: I(Y; x2 \\| x1), n = 1,080", []int{0}, []int{1}, 0, lines(9, 120, 1.0/3)},
		{"5 classes, mu 2: I(Y; x1 \\| x2), n = 1,000", []int{1}, []int{0}, lineClassesMI(5, 2), lines(5, 200, 2)},
	} {
		var plain, corrected, piloted, matched, shifts []float64
		for r := range sets {
			x, y := c.data(r)
			xa, _ := x.SelectCols(c.given)
			xab, _ := x.SelectCols(append(append([]int(nil), c.given...), c.target...))
			a := bootstrapCorrection(t, xa, y, uint64(r+1), draws, pilotTrees)
			ab := bootstrapCorrection(t, xab, y, uint64(r+1), draws, pilotTrees)
			plain = append(plain, a.h-ab.h-c.truth)
			corrected = append(corrected, (a.h-a.own.mean)-(ab.h-ab.own.mean)-c.truth)
			piloted = append(piloted, (a.h-a.fromPilot.mean)-(ab.h-ab.fromPilot.mean)-c.truth)
			matched = append(matched, (a.h-a.matched.mean)-(ab.h-ab.matched.mean)-c.truth)
			shifts = append(shifts, ab.own.mean-a.own.mean)
		}
		fmt.Println(bootstrapRow(c.name, c.truth, plain, corrected, piloted, shifts) + fmt.Sprintf(" %+.4f | %.4f |", meanOf(matched), sdOf(matched)))
	}
	fmt.Println()
	fmt.Println("| cell | sd of the one-step's MI over data sets | mean SE of the default's interval | mean sd of the drawn worlds' MI | 95% intervals containing the exact value / excluding 0: the default's | corrected, SE with the draws' Monte Carlo error | corrected from shrunk posteriors, the same | corrected, SE at least the drawn worlds' sd |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, row := range intervalRows {
		fmt.Println(row)
	}
}

// drawnWorld is what label draws from one set of posteriors measured:
// the mean excess of the one-step over the drawn world's truth, the sd of
// the draws' excesses, and the sd of the draws' MI (plug-in H of the drawn
// labels less the one-step), the estimator's spread in that world.
type drawnWorld struct{ mean, sd, miSD float64 }

// bootstrapDraws are bootstrapCorrection's results.
type bootstrapDraws struct {
	h                       float64 // the forest's one-step H(Y|X)
	own, fromPilot, matched drawnWorld
}

// bootstrapCorrection fits the default UF (leaves of 6 on one column) on
// x, y with seed and returns its one-step H(Y|X) and what draws label
// draws measure with three sources of labels: the forest's own
// out-of-sample posteriors (own); those of a forest of pilotTrees trees
// and another seed (fromPilot), as a single-pass estimator could draw
// them, from its screening pilot, before its own trees; and the own
// posteriors shrunk towards their mean until the drawn world's MI is the
// one-step's estimate of it (matched: shrinkToInformation, as
// UFConfig.LabelDraws draws), so that at I = 0 the drawn world holds no
// information.
func bootstrapCorrection(t *testing.T, x *Features, y []int, seed uint64, draws, pilotTrees int) bootstrapDraws {
	t.Helper()
	f, err := FitUF(x, y, UFConfig{}, Runtime{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	h, q := bootstrapOneStep(f, y)
	pilot, err := FitUF(x, y, UFConfig{Trees: pilotTrees}, Runtime{Seed: seed + 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	_, qPilot := bootstrapOneStep(pilot, y)
	hy, _ := LabelEntropy(y)
	matched, _ := shrinkToInformation(q, hy-h)
	return bootstrapDraws{h: h, own: measureDraws(f, y, q, seed, draws), fromPilot: measureDraws(f, y, qPilot, seed, draws),
		matched: measureDraws(f, y, matched, seed, draws)}
}

// measureDraws measures draws label draws from the posteriors q (stream
// (seed, 41)) through forest f: each draw's one-step with the drawn labels
// less the drawn world's truth, the mean entropy of the q_i, and its MI;
// a row without a posterior keeps its label y_i.
func measureDraws(f *Forest, y []int, q [][]float64, seed uint64, draws int) drawnWorld {
	rng := rand.New(rand.NewPCG(seed, 41))
	truth, _ := meanEntropyOf(q)
	var excess, mi []float64
	for range draws {
		drawn := make([]int, len(y))
		for i := range y {
			drawn[i] = y[i]
			if q[i] != nil {
				drawn[i] = drawClass(rng, q[i])
			}
		}
		hDrawn, _ := bootstrapOneStep(f, drawn)
		hy, _ := LabelEntropy(drawn)
		excess = append(excess, hDrawn-truth)
		mi = append(mi, hy-hDrawn)
	}
	return drawnWorld{mean: meanOf(excess), sd: sdOf(excess), miSD: sdOf(mi)}
}

// bootstrapRow is one row of the label-bootstrap study's table, up to its
// mean correction of I and the bar after it.
func bootstrapRow(name string, truth float64, plain, corrected, piloted, shifts []float64) string {
	m1, s1 := meanSD(plain)
	m2, s2 := meanSD(corrected)
	m3, _ := meanSD(shifts)
	m4, s4 := meanSD(piloted)
	return fmt.Sprintf("| %s | %.4f | %d | %+.4f | %.4f | %+.4f | %.4f | %+.4f | %+.4f | %.4f |", name, truth, len(plain), m1, s1, m2, s2, m3, m4, s4)
}

// bootstrapOneStep is the one-step H(Y|X) of forest f's trees with the
// vote labels y (the structure and every row's role as fitted), and each
// row's out-of-sample posterior (nil for a row out of sample in no tree),
// mixed with one pseudo-tree of the class frequencies as the log-loss is.
func bootstrapOneStep(f *Forest, y []int) (float64, [][]float64) {
	oos := newOutOfSample(y, f.k, false, true, sharpeningFolds).withLocalLinear(f.rule.local)
	for t := range f.trees {
		oos.add(votingTreeOf(&f.trees[t], f.trees[t].rowLeaf), nil)
	}
	h := oos.oneStepEntropy(f.prior)
	return h, outOfSamplePosteriors(oos, f.prior, true)
}

// meanOf and sdOf are meanSD's two halves.
func meanOf(v []float64) float64 { m, _ := meanSD(v); return m }
func sdOf(v []float64) float64   { _, s := meanSD(v); return s }

// drawClass draws a class from the probabilities p (summing to 1).
func drawClass(rng *rand.Rand, p []float64) int { return classAt(rng.Float64(), p) }
