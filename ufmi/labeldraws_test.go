package ufmi

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestLabelDrawsStreamedAsHeld checks that the streamed estimate with label
// draws is FitUF + HonestConditionalEntropy's bit for bit, and that it does
// not depend on the number of workers.
func TestLabelDrawsStreamedAsHeld(t *testing.T) {
	m := sim.MISimulation{Setting: sim.ThreeClass, N: 300, D: 2, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 11)
	uf := UFConfig{Trees: 40, LabelDraws: 6}
	var got []float64
	for _, workers := range []int{1, 3} {
		e, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 5, Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.HYGivenX)
	}
	f, err := FitUF(x, y, uf, Runtime{Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	held, err := f.HonestConditionalEntropy(false, nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 40}, Runtime: Runtime{Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != got[1] || got[0] != held {
		t.Fatalf("H(Y|X) with label draws: %v and %v streamed (1 and 3 workers), %v held", got[0], got[1], held)
	}
	if got[0] == plain.HYGivenX {
		t.Fatalf("label draws left the estimate unchanged (%v)", got[0])
	}
}

// TestLabelDrawsRefusals checks the settings label draws cannot serve.
func TestLabelDrawsRefusals(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Overlapping, N: 100, D: 1, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 1)
	for _, c := range []struct {
		uf   UFConfig
		want string
	}{
		{UFConfig{LabelDraws: -1}, "label draws -1 must be in 2..1000"},
		{UFConfig{LabelDraws: 1}, "label draws 1 must be in 2..1000"},
		{UFConfig{LabelDraws: 1001}, "label draws 1001 must be in 2..1000"},
		{UFConfig{LabelDraws: 5, EvalShare: 0.4}, "leave EvalShare 0"},
		{UFConfig{LabelDraws: 5, PlugIn: true}, "PlugIn and TreeLevelEntropy"},
		{UFConfig{LabelDraws: 5, TreeLevelEntropy: true}, "PlugIn and TreeLevelEntropy"},
		{UFConfig{LabelDraws: 5, NoSharpening: true, NoLocalLinear: true}, "every class's out-of-sample posterior"},
	} {
		_, err := EstimateMI(x, y, EstimatorConfig{UF: c.uf})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", c.uf, err, c.want)
		}
	}
	if _, err := resolveUF(EstimatorConfig{UF: labelDrawsUF()}); err != errShardedLabelDraws {
		t.Errorf("a sharded run with label draws: error %v, want %v", err, errShardedLabelDraws)
	}
	if _, err := growTreeBlock(x, y, labelDrawsUF(), nil, 0, 1, Runtime{}); err != errShardedLabelDraws {
		t.Errorf("a tree block with label draws: error %v, want %v", err, errShardedLabelDraws)
	}
}

// TestShrinkToInformation checks that the moved posteriors hold the
// information asked for, none for a target of 0, and are left alone when
// they hold less.
func TestShrinkToInformation(t *testing.T) {
	q := [][]float64{{0.9, 0.1}, nil, {0.2, 0.8}, {0.6, 0.4}}
	information := func(q [][]float64) float64 {
		mean, h, rows := make([]float64, 2), 0.0, 0
		for _, p := range q {
			if p != nil {
				mean[0], mean[1], h, rows = mean[0]+p[0], mean[1]+p[1], h+Entropy(p), rows+1
			}
		}
		mean[0], mean[1] = mean[0]/float64(rows), mean[1]/float64(rows)
		return Entropy(mean) - h/float64(rows)
	}
	full := information(q)
	for _, target := range []float64{0, full / 3, full / 2} {
		got, shrunk := shrinkToInformation(q, target)
		if !shrunk {
			t.Errorf("target %.6f below what q hold: not shrunk", target)
		}
		if got[1] != nil {
			t.Fatalf("a row without a posterior got %v", got[1])
		}
		if v := information(got); math.Abs(v-target) > 1e-9 {
			t.Errorf("target %.6f: the moved posteriors hold %.6f", target, v)
		}
	}
	if got, shrunk := shrinkToInformation(q, 2*full); shrunk || got[0][0] != 0.9 || got[3][1] != 0.4 {
		t.Errorf("a target above what q hold moved them: %v", got)
	}
}

// labelDrawsErrors returns the mean error against truth of the default's
// estimates and the label-draws preset's on sets data sets (seed r+1 for
// data set r), with how many of the preset's 95% intervals contain truth
// and exclude 0; given and target select a conditional MI (nil given: the
// MI of all columns).
func labelDrawsErrors(t *testing.T, base UFConfig, data func(r int) (*Features, []int), given, target []int, truth float64, sets int) (plain, drawn float64, cover, excluding int) {
	t.Helper()
	estimate := func(x *Features, y []int, uf UFConfig, seed uint64) (float64, Interval) {
		cfg := EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: seed}}
		if given == nil {
			e, err := EstimateMI(x, y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			return e.MI, e.CI
		}
		e, err := ConditionalMI(x, y, given, target, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return e.CMI, e.CI
	}
	for r := range sets {
		x, y := data(r)
		mi, _ := estimate(x, y, base, uint64(r+1))
		plain += (mi - truth) / float64(sets)
		withDraws := base
		withDraws.LabelDraws = labelDrawsUF().LabelDraws
		mi, ci := estimate(x, y, withDraws, uint64(r+1))
		drawn += (mi - truth) / float64(sets)
		if ci.Contains(truth) {
			cover++
		}
		if ci.Low > 0 {
			excluding++
		}
		if ci.Low < 0 {
			t.Fatalf("data set %d: an interval below 0: %+v", r, ci)
		}
	}
	return plain, drawn, cover, excluding
}

// TestLabelDrawsMendDiscreteBesideNoise checks the preset on the cell the
// draws were built for: a 6-level categorical column beside a noise
// column, n = 1,000 (I = 0.1383), where the default reads low by about
// 0.018 (docs/inference.md, "A discrete column beside noise"). 12 data sets.
func TestLabelDrawsMendDiscreteBesideNoise(t *testing.T) {
	data := func(r int) (*Features, []int) {
		x, y, _ := discreteLevelData(t, 1000, true, uint64(7000+r))
		return x, y
	}
	plain, drawn, cover, _ := labelDrawsErrors(t, UFConfig{}, data, nil, nil, discreteLevelMI(), 12)
	t.Logf("mean error: default %+.4f, label draws %+.4f; %d of 12 intervals cover", plain, drawn, cover)
	if plain > -0.010 {
		t.Errorf("the default's mean error %+.4f: the cell no longer shows the shortfall this test is about", plain)
	}
	if math.Abs(drawn) > 0.007 || cover < 11 {
		t.Errorf("label draws: mean error %+.4f (want within 0.007), %d of 12 intervals cover (want at least 11)", drawn, cover)
	}
}

// TestLabelDrawsAtZero checks the preset where X carries nothing
// (overlapping, n = 500, d = 2): the correction must not lift the estimate
// off zero (the draws' world is shrunk to the estimated information); at
// most 2 of 20 intervals exclude 0 and none lies below it.
func TestLabelDrawsAtZero(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Overlapping, N: 500, D: 2, Prior: 0.5, Mu: 1}
	data := func(r int) (*Features, []int) { return simFeatures(t, m, uint64(3000+r)) }
	plain, drawn, _, excluding := labelDrawsErrors(t, UFConfig{}, data, nil, nil, 0, 20)
	t.Logf("mean estimate at I = 0: default %+.4f, label draws %+.4f; %d of 20 intervals exclude 0", plain, drawn, excluding)
	if math.Abs(drawn) > 0.008 || excluding > 2 {
		t.Errorf("label draws at I = 0: mean %+.4f (want within 0.008), %d of 20 intervals exclude 0 (want at most 2)", drawn, excluding)
	}
}

// TestLabelDrawsLeaveSeparableDataAlone checks that the draws correct
// nothing where no row's out-of-sample posterior misclassifies it: on
// nearly separable data (scaled, mu 2, n = 500) the estimate and interval
// of a data set whose rows show no label noise are the default's, bit for
// bit, and on a data set with misclassified rows the draws move the
// estimate.
func TestLabelDrawsLeaveSeparableDataAlone(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Scaled, N: 500, D: 2, Prior: 0.5, Mu: 2}
	separable, noisy := 0, 0
	for r := range 8 {
		x, y := simFeatures(t, m, uint64(500+r))
		var got []Estimate
		for _, uf := range []UFConfig{DefaultUF(), labelDrawsUF()} {
			e, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, e)
		}
		plain, drawn := got[0], got[1]
		if !drawn.CI.NoneMisclassified {
			noisy++
			if drawn.MI == plain.MI {
				t.Errorf("data set %d: rows misclassified, yet the draws left the estimate %v", r, drawn.MI)
			}
			continue
		}
		separable++
		if drawn.MI != plain.MI || drawn.CI.Low != plain.CI.Low || drawn.CI.High != plain.CI.High || drawn.CI.SEDraws != 0 {
			t.Errorf("data set %d without a misclassified row: label draws %v %+v, the default %v %+v", r, drawn.MI, drawn.CI, plain.MI, plain.CI)
		}
	}
	if separable == 0 || noisy == 0 {
		t.Fatalf("%d separable and %d noisy data sets: the test needs both", separable, noisy)
	}
}

// TestClassAtNeverDrawsAZero checks that rounding past a distribution's
// sum falls back on the last class with mass, not on a class of
// probability 0 (whose log-loss in a draw would be infinite).
func TestClassAtNeverDrawsAZero(t *testing.T) {
	p := []float64{0.001, 0.059, 0.94, 0}
	if c := classAt(math.Nextafter(1, 0), p); c != 2 {
		t.Errorf("classAt(1-ulp, %v) = %d, want 2", p, c)
	}
	if c := classAt(0.0005, p); c != 0 {
		t.Errorf("classAt(0.0005, %v) = %d, want 0", p, c)
	}
}

// TestLabelDrawsConditionalManyWeakClasses checks a conditional MI of zero
// whose two fits' biases do not cancel with the rest fitted on its given
// column alone (the preset "default-2026-11-30d"): 9 classes along x1
// (mean class/3), x2 noise, I(Y; x2 | x1) = 0, n = 1,080, where that
// preset reads about +0.05 and its draws about 0 (docs/inference.md, "A
// discrete column beside noise"; the default's swapped rest mends it too,
// TestSwappedRestCentresConditionalZeros). 6 data sets.
func TestLabelDrawsConditionalManyWeakClasses(t *testing.T) {
	plain, drawn, _, excluding := labelDrawsErrors(t, defaultUF20261130d(), lineClassesSets(t, 9, 120, 1.0/3), []int{0}, []int{1}, 0, 6)
	t.Logf("mean estimate of a zero conditional MI: default-2026-11-30d %+.4f, with label draws %+.4f; %d of 6 intervals exclude 0", plain, drawn, excluding)
	if plain < 0.03 {
		t.Errorf("default-2026-11-30d's mean %+.4f: the cell no longer shows the defect this test is about", plain)
	}
	if math.Abs(drawn) > 0.02 || excluding > 1 {
		t.Errorf("label draws: mean %+.4f (want within 0.02), %d of 6 intervals exclude 0 (want at most 1)", drawn, excluding)
	}
}

// TestDrawnOneStepSharesTheSketch checks that a draw's one-step, which
// takes the estimate's sketch and label-free fit sums instead of summing
// its own, is the one-step of sums built from scratch with the drawn
// labels, bit for bit (without sharpening, so that the one-step is the
// log-loss less the sketch's noise term), and that with the default's
// sharpening and with a capped noise term the sums are those from scratch.
func TestDrawnOneStepSharesTheSketch(t *testing.T) {
	m := sim.MISimulation{Setting: sim.ThreeClass, N: 400, D: 3, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 2)
	f, err := FitUF(x, y, UFConfig{Trees: 30, NoSharpening: true}, Runtime{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	oos, trees := heldSums(f, y)
	drawn := make([]int, len(y))
	for i := range drawn {
		drawn[i] = (y[i] + i%2) % f.k
	}
	full := newOutOfSample(drawn, f.k, false, true, f.rule.sharpenFolds).withLocalLinear(f.rule.local)
	for _, tr := range trees {
		full.add(tr, nil)
	}
	want := full.oneStepEntropy(f.prior)
	unsketched := newOutOfSample(drawn, f.k, false, false, 0).withLocalLinear(f.rule.local)
	for _, tr := range trees {
		unsketched.add(tr, nil)
	}
	if f.rule.local == nil || unsketched.oneStepEntropy(f.prior) == want {
		t.Fatal("the case has no local-linear fit or no noise term: it tests nothing")
	}
	if got := drawnSums(oos, drawn, trees).oneStepEntropy(f.prior); got != want || math.IsNaN(got) {
		t.Fatalf("drawn one-step %v, from sums of its own %v", got, want)
	}
	for _, uf := range []UFConfig{{Trees: 30}, {Trees: 30, CappedNoise: true}} {
		f, err := FitUF(x, y, uf, Runtime{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		oos, trees := heldSums(f, y)
		full := newOutOfSample(drawn, f.k, false, true, f.rule.sharpenFolds).withLocalLinear(f.rule.local).withCappedNoise(f.rule.cappedNoise)
		for _, tr := range trees {
			full.add(tr, nil)
		}
		got := drawnSums(oos, drawn, trees)
		if !slices.Equal(got.sum, full.sum) || !slices.Equal(got.trees, full.trees) || got.oneStepEntropy(f.prior) != full.oneStepEntropy(f.prior) {
			t.Errorf("%+v: a draw's sums differ from those summed from scratch", uf)
		}
	}
}

// heldSums returns the out-of-sample sums of the held forest f's trees
// with the vote labels y, as the estimate builds them (its sketch and
// local-linear fit and noise term), and the trees as the draws hold them.
func heldSums(f *Forest, y []int) (*outOfSample, []votingTree) {
	oos := newOutOfSample(y, f.k, false, true, f.rule.sharpenFolds).withLocalLinear(f.rule.local).withCappedNoise(f.rule.cappedNoise)
	trees := make([]votingTree, len(f.trees))
	for i := range f.trees {
		trees[i] = votingTreeOf(&f.trees[i], f.trees[i].rowLeaf)
		oos.add(trees[i], nil)
	}
	return oos, trees
}

// TestLabelDrawsSlope checks the correction's slope, which the interval's
// spread takes: where X carries nothing (overlapping, 10 columns) the
// posteriors shrunk to a little information give a larger correction than
// the null world's, so the slope is positive; where the target lies above
// what the posteriors hold they are not shrunk and the slope is 0.
func TestLabelDrawsSlope(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Overlapping, N: 500, D: 10, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 3004)
	f, err := FitUF(x, y, UFConfig{LabelDraws: 20}, Runtime{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	oos := newOutOfSample(y, f.k, false, true, f.rule.sharpenFolds).withLocalLinear(f.rule.local)
	d := newLabelDraws(20, f.drawRuntime)
	for i := range f.trees {
		oos.add(votingTreeOf(&f.trees[i], f.trees[i].rowLeaf), nil)
		d.hold(&f.trees[i])
	}
	oneStep := oos.oneStepEntropy(f.prior)
	_, held := meanEntropyOf(outOfSamplePosteriors(oos, f.prior, false))
	if held == 0 || math.IsNaN(oneStep) {
		t.Fatal("no out-of-sample posteriors")
	}
	d.run(oos, f.prior, 0.004)
	if !(d.slope > 0) {
		t.Errorf("at I = 0, shrunk to 0.004 nats: slope %v, want > 0", d.slope)
	}
	t.Logf("slope at 0.004 nats: %.3f (correction %+.5f)", d.slope, d.excess)
	d.run(oos, f.prior, 10)
	if d.slope != 0 {
		t.Errorf("a target above the posteriors' information: slope %v, want 0", d.slope)
	}
}

// TestLabelDrawsPermutationTest checks that the refit test runs with the
// preset: its statistic is the plug-in, which the draws do not correct, so
// they are left out of it (PlugIn with LabelDraws is otherwise an error).
func TestLabelDrawsPermutationTest(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Separated, N: 200, D: 2, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 8)
	uf := labelDrawsUF()
	uf.Trees = 20
	res, err := PermutationTest(x, y, MIStatistic(EstimatorConfig{UF: uf}), PermutationConfig{Permutations: 9, Runtime: Runtime{Seed: 1}})
	if err != nil {
		t.Fatalf("the refit test with label draws: %v", err)
	}
	if res.PValue != 0.1 {
		t.Errorf("p-value %v on separated data, want 0.1 (the smallest of 9 permutations)", res.PValue)
	}
}

// meanEntropyOf is the mean entropy of the posteriors q that are not nil,
// and how many there are.
func meanEntropyOf(q [][]float64) (float64, int) {
	sum, rows := 0.0, 0
	for _, p := range q {
		if p != nil {
			sum += Entropy(p)
			rows++
		}
	}
	if rows == 0 {
		return 0, 0
	}
	return sum / float64(rows), rows
}
