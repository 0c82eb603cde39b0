package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestLabelDrawsWorldStudy asks whether the label draws' world behaves as
// the data's: the draws send labels drawn from the posteriors through the
// trees as grown on the data's own labels, and the one-step's excess in
// that world is taken for the data's. Its first table compares, per cell
// (32 data sets, FitUF's default forest, no leaf selection), the
// one-step's error of I(X;Y) with the error after five corrections: the
// draws as built (8 draws through the fitted trees), draws from the
// posteriors as they are (not shrunk to the estimated information), draws
// from the exact posteriors where the study knows them (an oracle), draws from the
// posteriors smoothed once more by the votes (each row's mean raw vote
// posterior over 16 draws, Σ_j w_ij q_j, then shrunk as built), and draws
// whose forest is grown again on each draw's labels (4 refits; with the
// log-loss's control variate only). The second
// table isolates a cause (120 data sets per cell): the error of I(X;Y)
// read by a forest's own labels through its trees, by other labels drawn
// as the data's were (independently of them) through the same trees, as
// the draws' world has them, and by those labels through trees grown on
// them (the noise term, which depends on the trees alone, is the same for
// the first two). Run with
//
//	UFMI_DRAWS_WORLD_STUDY=1 go test -run TestLabelDrawsWorldStudy -v -timeout 1h ./ufmi
//
// (about 3 minutes on 2 cores); docs/inference.md, "A discrete column
// beside noise", gives the tables.
func TestLabelDrawsWorldStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_DRAWS_WORLD_STUDY", "the label draws' world study")
	const sets, draws, smoothDraws, refits = 32, 8, 16, 4
	// A dataset returns the rows, their labels and, where the study can
	// tell, their exact posteriors (nil elsewhere).
	type dataset func(r int) (*Features, []int, [][]float64)
	column := func(m sim.MISimulation, j int) dataset {
		return func(r int) (*Features, []int, [][]float64) {
			x, y := simColumn(t, m, j, uint64(5000+r))
			return x, y, nil
		}
	}
	whole := func(m sim.MISimulation) dataset {
		return func(r int) (*Features, []int, [][]float64) {
			rows, y, err := m.Sample(uint64(5000 + r))
			if err != nil {
				t.Fatal(err)
			}
			exact, err := m.Posteriors(rows)
			if err != nil {
				t.Fatal(err)
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			return x, y, exact
		}
	}
	levels := func(n int, noise bool) dataset {
		return func(r int) (*Features, []int, [][]float64) {
			x, y, level := discreteLevelData(t, n, noise, uint64(7000+r))
			exact := make([][]float64, n)
			for i, l := range level {
				exact[i] = discreteLevelPosteriors[l]
			}
			return x, y, exact
		}
	}
	unbalanced := func(s sim.MISetting, n int) sim.MISimulation {
		return sim.MISimulation{Setting: s, N: n, D: 2, Prior: 0.9, Mu: 1}
	}
	cells := []struct {
		name  string
		exact float64
		data  dataset
	}{
		{"three_class, prior 0.9, x1 alone, n = 2,000", 0.0476, column(unbalanced(sim.ThreeClass, 2000), 0)},
		{"separated, prior 0.9, its noise column alone, n = 2,000", 0, column(unbalanced(sim.Separated, 2000), 1)},
		{"separated, n = 2,000, d = 10", 0.3368, whole(sim.MISimulation{Setting: sim.Separated, N: 2000, D: 10, Prior: 0.5, Mu: 1})},
		{"categorical, 6 levels, and a noise column, n = 1,000", 0.1383, levels(1000, true)},
		{"the categorical column alone, n = 300", 0.1383, levels(300, false)},
		{"three_class, x1 alone, n = 500", 0.2024, column(sim.MISimulation{Setting: sim.ThreeClass, N: 500, D: 2, Prior: 0.5, Mu: 1}, 0)},
		{"overlapping, n = 500, d = 2", 0, whole(sim.MISimulation{Setting: sim.Overlapping, N: 500, D: 2, Prior: 0.5, Mu: 1})},
	}
	fmt.Println("| cell | exact I | one-step: error | draws as built | from the posteriors unshrunk | from posteriors smoothed by the votes | refitted on each draw's labels | from the exact posteriors |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, c := range cells {
		var plain, built, unshrunk, smoothed, refitted, oracle []float64
		known := false // the exact posteriors are known
		for r := range sets {
			x, y, exact := c.data(r)
			f, oos, trees, mi := fittedOneStep(t, x, y, uint64(r+1))
			posteriors := outOfSamplePosteriors(oos, f.prior, false)
			q, _ := shrinkToInformation(posteriors, mi)
			qSmooth, _ := shrinkToInformation(smoothedByVotes(oos, posteriors, trees, f.drawRuntime, smoothDraws), mi)
			var fromQ, fromRaw, fromSmooth, fromRefit, fromExact float64
			if exact != nil {
				known = true
				// Rows without an out-of-sample posterior keep their labels.
				for i, p := range posteriors {
					if p == nil {
						exact[i] = nil
					}
				}
			}
			for d := range draws {
				u := drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, d), q)
				fromQ += drawnExcess(oos, q, u, trees, f.prior) / draws
				u = drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, d), posteriors)
				fromRaw += drawnExcess(oos, posteriors, u, trees, f.prior) / draws
				if exact != nil {
					u = drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, d), exact)
					fromExact += drawnExcess(oos, exact, u, trees, f.prior) / draws
				}
				u = drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, d), qSmooth)
				fromSmooth += drawnExcess(oos, qSmooth, u, trees, f.prior) / draws
			}
			for d := range refits {
				drawn := drawnLabels(y, q, drawUniforms(f.drawRuntime.stream(seeds.LabelDraw, d), q))
				// Only the log-loss's control variate: the refit's rows with
				// a posterior need not be q's, and its screening pilot sees
				// every drawn label, so the first-order term's expectation
				// would no longer be exactly 0.
				g, o, _, _ := fittedOneStep(t, x, drawn, uint64(1000*r+d+7))
				fromRefit += (o.oneStepEntropy(g.prior) - logLossOf(q, drawn)) / refits
			}
			plain = append(plain, mi-c.exact)
			built = append(built, mi+fromQ-c.exact)
			unshrunk = append(unshrunk, mi+fromRaw-c.exact)
			oracle = append(oracle, mi+fromExact-c.exact)
			smoothed = append(smoothed, mi+fromSmooth-c.exact)
			refitted = append(refitted, mi+fromRefit-c.exact)
		}
		fromTruth := "—"
		if known {
			fromTruth = withSE(oracle)
		}
		fmt.Printf("| %s | %.4f | %s | %s | %s | %s | %s | %s |\n", c.name, c.exact, withSE(plain), withSE(built), withSE(unshrunk), withSE(smoothed), withSE(refitted), fromTruth)
	}

	const sameSets = 120
	fmt.Println()
	fmt.Println("| cell | data sets | error of I(X;Y): the labels through the trees grown on them | other labels, drawn as the data's, through the same trees | the other labels through trees grown on them |")
	fmt.Println("|---|---|---|---|---|")
	noise := func(m sim.MISimulation, j int) func(r int) (*Features, []int, func(*rand.Rand) []int) {
		return func(r int) (*Features, []int, func(*rand.Rand) []int) {
			x, y := simColumn(t, m, j, uint64(5000+r))
			return x, y, func(rng *rand.Rand) []int {
				fresh := make([]int, len(y))
				for i := range fresh {
					if rng.Float64() >= m.Prior {
						fresh[i] = 1
					}
				}
				return fresh
			}
		}
	}
	for _, c := range []struct {
		name  string
		exact float64
		data  func(r int) (*Features, []int, func(*rand.Rand) []int)
	}{
		{"separated's noise column alone, prior 0.9, n = 2,000", 0, noise(unbalanced(sim.Separated, 2000), 1)},
		{"overlapping's first column alone, n = 500", 0, noise(sim.MISimulation{Setting: sim.Overlapping, N: 500, D: 2, Prior: 0.5, Mu: 1}, 0)},
		{"the categorical column alone, n = 300", 0.1383, func(r int) (*Features, []int, func(*rand.Rand) []int) {
			x, y, level := discreteLevelData(t, 300, false, uint64(7000+r))
			return x, y, func(rng *rand.Rand) []int {
				fresh := make([]int, len(y))
				for i, l := range level {
					fresh[i] = drawClass(rng, discreteLevelPosteriors[l])
				}
				return fresh
			}
		}},
	} {
		var own, other, regrown []float64
		for r := range sameSets {
			x, y, draw := c.data(r)
			f, oos, trees, mi := fittedOneStep(t, x, y, uint64(r+1))
			own = append(own, mi-c.exact)
			fresh := draw(rand.New(rand.NewPCG(uint64(r), 7)))
			hFresh, _ := LabelEntropy(fresh)
			other = append(other, hFresh-drawnSums(oos, fresh, trees).oneStepEntropy(f.prior)-c.exact)
			_, _, _, miRegrown := fittedOneStep(t, x, fresh, uint64(r+101))
			regrown = append(regrown, miRegrown-c.exact)
		}
		fmt.Printf("| %s | %d | %s | %s | %s |\n", c.name, sameSets, withSE(own), withSE(other), withSE(regrown))
	}
}

// withSE writes the mean of v ± its standard error.
func withSE(v []float64) string {
	return fmt.Sprintf("%+.4f ± %.4f", meanOf(v), sdOf(v)/math.Sqrt(float64(len(v))))
}

// fittedOneStep fits FitUF's default forest to x and y with seed and
// returns it, its rows' out-of-sample sums and trees as the label draws
// hold them (heldSums), and the one-step's I(X;Y).
func fittedOneStep(t *testing.T, x *Features, y []int, seed uint64) (*Forest, *outOfSample, []votingTree, float64) {
	t.Helper()
	f, err := FitUF(x, y, UFConfig{}, Runtime{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	oos, trees := heldSums(f, y)
	hy, _ := LabelEntropy(y)
	return f, oos, trees, hy - oos.oneStepEntropy(f.prior)
}

// simColumn samples m with seed and keeps column j alone.
func simColumn(t *testing.T, m sim.MISimulation, j int, seed uint64) (*Features, []int) {
	t.Helper()
	x, y := simFeatures(t, m, seed)
	one, err := x.SelectCols([]int{j})
	if err != nil {
		t.Fatal(err)
	}
	return one, y
}

// smoothedByVotes returns each row's mean raw vote posterior over count
// draws of labels from the posteriors q through trees: Σ_j w_ij q_j, the
// posteriors smoothed once more by the forest's weights (nil where q is).
func smoothedByVotes(oos *outOfSample, q [][]float64, trees []votingTree, rt Runtime, count int) [][]float64 {
	out := make([][]float64, len(q))
	for s := range count {
		u := drawUniforms(rt.stream(seeds.LabelDraw, 1000+s), q)
		o := drawnSums(oos, drawnLabels(oos.y, q, u), trees)
		for i, p := range q {
			if p == nil {
				continue
			}
			if out[i] == nil {
				out[i] = make([]float64, len(p))
			}
			for c := range p {
				out[i][c] += o.sum[i*o.width+c] / float64(o.trees[i]) / float64(count)
			}
		}
	}
	return out
}
