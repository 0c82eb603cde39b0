package ufmi

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// labelFeature returns one feature equal to the label: x separates the
// classes exactly, so I(X;Y) = H(Y).
func labelFeature(t *testing.T, y []int) *Features {
	t.Helper()
	rows := make([][]float64, len(y))
	for i, c := range y {
		rows[i] = []float64{float64(c)}
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// The leaf minimum is lowered to half the rarest class's structure rows
// only where that is below it: never for fully grown trees, nor for the
// default's leaves of 6 where every class has at least 24 rows (12 on the
// default's half), nor by a class of fewer than 4 structure rows while
// another class has more.
func TestSmallDataLeaf(t *testing.T) {
	classes := func(sizes ...int) []int {
		var y []int
		for c, n := range sizes {
			for range n {
				y = append(y, c)
			}
		}
		return y
	}
	for _, c := range []struct {
		leaf int
		y    []int
		ns   int
		want int
	}{
		{6, classes(10, 10), 10, 2},         // 20 rows: 5 structure rows a class
		{6, classes(90, 10), 50, 2},         // a rare class of 10 rows
		{6, classes(76, 24), 50, 6},         // 12 structure rows: two leaves of 6
		{6, classes(77, 23), 50, 5},         // 11
		{6, classes(84, 76), 80, 6},         // the golden data "two"
		{6, classes(31, 37, 36, 36), 70, 6}, // "mixed": 15 structure rows of its rarest class
		{6, classes(99, 1), 50, 6},          // a single row: too few to lower the leaves
		{6, classes(94, 6), 50, 6},          // 3 structure rows: likewise
		{6, classes(92, 8), 50, 2},          // 4 structure rows: two leaves of 2
		{6, classes(4, 4, 4), 6, 1},         // every class that small: small data, at least 1
		{1, classes(10, 10), 10, 1},         // fully grown: unchanged
		{20, classes(500, 500), 500, 20},
		{20, classes(950, 50), 500, 12},
	} {
		if got := smallDataLeaf(c.leaf, c.y, c.y[len(c.y)-1]+1, c.ns); got != c.want {
			t.Errorf("leaf %d, %d rows, %d structure rows: %d, want %d", c.leaf, len(c.y), c.ns, got, c.want)
		}
	}
}

// The cases of the issue: the default UF's leaves of 6 structure rows could
// not split 20 rows with x equal to the label (I = 0.0000 for the exact
// log 2), nor isolate a class of 10 rows among 100 (0.0000 for H(Y) =
// 0.3251). With the leaf minimum adapted both come within 0.01 of the exact
// value (the issue asks 0.2), the interval is above 0 and the refit test
// rejects independence at its smallest p-value (19 permutations: 0.05).
func TestDefaultUFOnSmallSeparableData(t *testing.T) {
	balanced := make([]int, 20)
	for i := range balanced {
		balanced[i] = i % 2
	}
	rare := make([]int, 100)
	for i := range 10 {
		rare[i] = 1
	}
	for name, y := range map[string][]int{"20 rows": balanced, "a class of 10 of 100 rows": rare} {
		x := labelFeature(t, y)
		cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: 1}}
		est, err := EstimateMI(x, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(est.MI-est.HY) > 0.01 || est.CI.Low <= 0 {
			t.Errorf("%s: I = %.4f, interval [%.4f, %.4f], want within 0.01 of H(Y) = %.4f and above 0", name, est.MI, est.CI.Low, est.CI.High, est.HY)
		}
		res, err := PermutationTest(x, y, MIStatistic(EstimatorConfig{UF: UFConfig{Trees: 20}}), PermutationConfig{Permutations: 19, Runtime: Runtime{Seed: 2}})
		if err != nil || res.PValue != 0.05 {
			t.Errorf("%s: refit test p = %v (%v), want 0.05", name, res.PValue, err)
		}
	}
}

// The fast test keeps its configured leaves: on 20 rows its trees grow on 3
// rows, too few for two leaves of 6, and the test says so rather than
// returning p = 1.
func TestFastTestRefusesForestWithoutSplits(t *testing.T) {
	y := make([]int, 20)
	for i := range y {
		y[i] = i % 2
	}
	_, err := FastPermutationTest(labelFeature(t, y), y, EstimatorConfig{}, PermutationConfig{Permutations: 19})
	if err == nil || !strings.Contains(err.Error(), "none of the fast test's 300 trees split") {
		t.Errorf("fast test on 20 rows: %v, want an error naming the trees that do not split", err)
	}
	// The conditional test grows the same forest, and its error names it
	// and does not send the caller to the refit test, which it has not.
	rows := make([][]float64, len(y))
	for i, c := range y {
		rows[i] = []float64{float64(c), float64((i * 7) % 20)}
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ConditionalPermutationTest(x, y, []int{1}, []int{0}, EstimatorConfig{}, PermutationConfig{Permutations: 19})
	if err == nil || !strings.Contains(err.Error(), "none of the conditional test's 300 trees split") || strings.Contains(err.Error(), "refit test (") {
		t.Errorf("conditional test on 20 rows: %v, want an error naming the conditional test's trees, without the refit test", err)
	}
	if !errors.Is(err, ErrTooFewRowsForTest) {
		t.Errorf("conditional test on 20 rows: %v does not match ErrTooFewRowsForTest", err)
	}
}

// Every way in which the data are too small for a test's forest matches
// ErrTooFewRowsForTest (a table of subsets reports a missing p-value for
// it), with a message naming the test; a caller's mistake does not.
func TestTooFewRowsForTestIsMatchable(t *testing.T) {
	for _, c := range []struct {
		y    []int
		want string
	}{
		{[]int{0, 0, 0, 1}, "structure half (2 rows) holds a single class"},
		{[]int{0, 1, 0, 1, 0, 1, 0, 1}, "structure half (4 rows) is too small for its forest (4 rows: a structure fraction of 0.3 leaves 1 row to grow the trees on"},
		{slices.Repeat([]int{0, 1}, 10), "none of the fast test's 300 trees split"},
	} {
		y := c.y
		_, err := FastPermutationTest(labelFeature(t, y), y, EstimatorConfig{}, PermutationConfig{Permutations: 9})
		if !errors.Is(err, ErrTooFewRowsForTest) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "fast test") {
			t.Errorf("%d rows: %v, want an error matching ErrTooFewRowsForTest with %q", len(y), err, c.want)
		}
	}
	y := []int{0, 1, 0, 1, 0, 1, 0, 1}
	_, err := FastPermutationTest(labelFeature(t, y), y, EstimatorConfig{}, PermutationConfig{Permutations: -1})
	if err == nil || errors.Is(err, ErrTooFewRowsForTest) {
		t.Errorf("-1 permutations: %v, want an error that is not ErrTooFewRowsForTest", err)
	}
}

// On 8 rows of two overlapping classes the one-step fell just below 0
// (-0.005, its noise terms outweighing the log-loss): read as 0 it gave
// I = log 2, perfect information, beside a plug-in of 0.03. Below 0 the
// estimate is the plug-in, as it is where the one-step breaks down above.
func TestNegativeOneStepFallsBackToPlugIn(t *testing.T) {
	rows := [][]float64{
		{1.2882, 1.4494, 0.0663}, {0.2355, -1.0922, 0.5313}, {-1.0221, -1.4368, 0.1993}, {1.1334, 0.5465, -0.4140},
		{0.0050, -0.0647, -1.5058}, {1.5380, 0.3207, 2.8891}, {0.2030, -0.1447, 1.2328}, {1.1988, 0.9090, 0.1345},
	}
	y := []int{0, 1, 0, 1, 0, 1, 0, 1}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	rt := Runtime{Seed: 1}
	def, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 50}, Runtime: rt})
	if err != nil {
		t.Fatal(err)
	}
	plug, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 50, PlugIn: true}, Runtime: rt})
	if err != nil {
		t.Fatal(err)
	}
	if def.MI != plug.MI || def.MI > 0.2 {
		t.Errorf("8 overlapping rows: MI %v, plug-in %v: want the plug-in, far below log 2", def.MI, plug.MI)
	}
}

// oneStepOrPlugIn answers a one-step far above log K, a breakdown, with the
// plug-in, and keeps one up to (K-1)/2 above log K, so that null estimates
// are not clipped. 4 rows of alternating labels along x broke down until
// classes without vote rows in a tree took their frequency there
// (outOfSample.add): each class of 2 rows has one vote row per tree, so
// that every row's own class had no other vote in any tree scoring it,
// and the one-step read -3.9 nats of MI. It now reads about -0.30 (on 4
// rows the fill gives a row's class 2/5, its other rows' frequency plus one
// of each class), within the margin, and is kept.
func TestOneStepBreakdownFallsBackToPlugIn(t *testing.T) {
	rows, y := [][]float64{{0}, {1}, {2}, {3}}, []int{0, 1, 0, 1}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	def, err := EstimateMI(x, y, EstimatorConfig{})
	if err != nil {
		t.Fatal(err)
	}
	plug, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{PlugIn: true}})
	if err != nil {
		t.Fatal(err)
	}
	if def.MI == plug.MI || def.MI < -0.5 {
		t.Errorf("4 alternating rows: MI %v, plug-in %v: want the one-step, above -0.5", def.MI, plug.MI)
	}
	if got := oneStepOrPlugIn(0.5, math.Log(2)+0.45, 2); got != math.Log(2)+0.45 {
		t.Errorf("a one-step 0.45 above log 2 was replaced by %v", got)
	}
	if got := oneStepOrPlugIn(0.5, math.Log(3)+1.1, 3); got != 0.5 {
		t.Errorf("a one-step 1.1 above log 3 gave %v, not the plug-in", got)
	}
}

// A class of 1-3 rows among 400 used to lower the whole forest's leaves to
// 1, and the default then read I(X;Y) high on one column that says nothing:
// with a class of 1 row 15 of 20 intervals excluded 0 (mean +0.048), of 2
// rows 5 of 20 (+0.035), as a probe found (on two columns of noise the
// leaves of 1 did no such harm). Such a class no longer lowers
// the leaves: at most 1 of 20 intervals excludes 0 and the mean estimate
// is within 0.03 of 0.
func TestTinyClassDoesNotInflateTheEstimate(t *testing.T) {
	for _, tiny := range []int{1, 2} {
		excluding, mean := 0, 0.0
		const sets = 20
		for r := range sets {
			rng := rand.New(rand.NewPCG(uint64(r), 41))
			rows, y := make([][]float64, 400), make([]int, 400)
			for i := range rows {
				rows[i] = []float64{rng.NormFloat64()}
				y[i] = rng.IntN(2)
				if i < tiny {
					y[i] = 2
				}
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			est, err := EstimateMI(x, y, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			mean += est.MI / sets
			if est.CI.Low > 0 {
				excluding++
			}
		}
		t.Logf("a class of %d rows: mean %+.4f, %d of 20 intervals exclude 0", tiny, mean, excluding)
		if excluding > 1 || math.Abs(mean) > 0.03 {
			t.Errorf("a class of %d rows among 400, I = 0: mean %+.4f, %d of 20 intervals exclude 0; want within 0.03 of 0 and at most 1", tiny, mean, excluding)
		}
	}
}

// A class of 2 rows is split by the default's stratified halves into one
// structure row and one vote row in every tree, so that its vote row, scored
// with its own vote taken out, finds no vote of its class anywhere in the
// tree; a class of 1 row never has another. Until classes without vote rows
// in a tree took their frequency there (outOfSample.add), such a row's
// posterior of its class was 0 in every tree and only the log-loss's
// pseudo-tree kept it finite: on 100 rows whose x is the label the estimate
// read -0.084 for 0.098 (2 rows) and -0.039 for 0.056 (1 row), and lower
// with more trees; now 0.016 and 0.0004. The class's share of I(X;Y) is still lost (the CLI notes
// it), but the estimate stays between 0 and H(Y) and no longer moves with
// the number of trees.
func TestTinyClassStaysBetweenZeroAndHY(t *testing.T) {
	for _, tiny := range []int{1, 2} {
		rows, y := make([][]float64, 100), make([]int, 100)
		for i := range rows {
			if i == 17 || tiny == 2 && i == 60 {
				y[i] = 1
			}
			rows[i] = []float64{float64(y[i])}
		}
		x, err := NewFeatures(rows)
		if err != nil {
			t.Fatal(err)
		}
		var mi []float64
		for _, trees := range []int{100, 1000} {
			est, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: trees}, Confidence: 0.95})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("a class of %d rows, %d trees: I %.4f, H(Y) %.4f, interval [%.4f, %.4f]", tiny, trees, est.MI, est.HY, est.CI.Low, est.CI.High)
			if est.MI < -0.01 || est.MI > est.HY {
				t.Errorf("a class of %d rows, %d trees: I %.4f, want between 0 (less 0.01) and H(Y) = %.4f", tiny, trees, est.MI, est.HY)
			}
			mi = append(mi, est.MI)
		}
		if math.Abs(mi[1]-mi[0]) > 0.01 {
			t.Errorf("a class of %d rows: I moved from %.4f (100 trees) to %.4f (1,000): the estimate follows the number of trees", tiny, mi[0], mi[1])
		}
	}
}

// On one feature the default fits three leaf sizes and keeps the one whose
// rows' out-of-sample log-loss is lowest; on 3 rows no row is out of sample
// in any tree, and no candidate has a score. Until 2026-11-30 (fourth) none
// was then kept: the estimate read H(Y|X) = 0 (I = H(Y) on a constant
// column), an interval asked for came back empty without an error, and the
// lower bound panicked (a reviewer's probe). The first candidate now stands,
// and the interval and the bound give the documented error.
func TestOneFeatureWithoutOutOfSampleRows(t *testing.T) {
	x, err := NewFeatures([][]float64{{1}, {1}, {1}})
	if err != nil {
		t.Fatal(err)
	}
	y := []int{0, 1, 0}
	est, err := EstimateMI(x, y, EstimatorConfig{Runtime: Runtime{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if est.HYGivenX < 0.5 || est.MI > 0.1 {
		t.Errorf("a constant column on 3 rows: H(Y|X) %.4f, I %.4f; want H(Y|X) near H(Y) = %.4f", est.HYGivenX, est.MI, est.HY)
	}
	for _, cfg := range []EstimatorConfig{{Confidence: 0.95}, {Confidence: 0.95, LowerBound: true}} {
		cfg.Runtime.Seed = 1
		if _, err := EstimateMI(x, y, cfg); err == nil || !strings.Contains(err.Error(), "no confidence interval: 0 of the 3 rows are out of sample") {
			t.Errorf("%+v: error %v, want no confidence interval", cfg, err)
		}
	}
}
