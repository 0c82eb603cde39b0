package knn

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mathext"
)

// Brute-force O(n²) versions of the three estimators, written straight from
// their definitions (see the doc comments of KSG, MixedKSG and RossMI).

func knnBruteDist(a, b []float64) float64 {
	d := 0.0
	for j := range a {
		d = math.Max(d, math.Abs(a[j]-b[j]))
	}
	return d
}

// knnBruteJoint returns the max-norm distance in the joint space (x, y) with
// the label as a numeric coordinate, and the x-only and y-only distances.
func knnBruteJoint(rows [][]float64, y []int, i, j int) (joint, dx, dy float64) {
	dx = knnBruteDist(rows[i], rows[j])
	dy = math.Abs(float64(y[i]) - float64(y[j]))
	return math.Max(dx, dy), dx, dy
}

// knnBruteKth is the k-th smallest joint distance from row i to the others.
func knnBruteKth(rows [][]float64, y []int, i, k int) float64 {
	var ds []float64
	for j := range rows {
		if j != i {
			d, _, _ := knnBruteJoint(rows, y, i, j)
			ds = append(ds, d)
		}
	}
	slices.Sort(ds)
	return ds[k-1]
}

func knnBruteKSG(rows [][]float64, y []int, k int) float64 {
	n := len(rows)
	mean := 0.0
	for i := range rows {
		r := knnBruteKth(rows, y, i, k) + 1e-15
		nx, ny := 0, 0
		for j := range rows {
			if j == i {
				continue
			}
			_, dx, dy := knnBruteJoint(rows, y, i, j)
			if dx <= r {
				nx++
			}
			if dy <= r {
				ny++
			}
		}
		mean += (mathext.Digamma(float64(nx)) + mathext.Digamma(float64(ny))) / float64(n)
	}
	return mathext.Digamma(float64(k)) + math.Log(float64(n)) - mean
}

func knnBruteMixedKSG(rows [][]float64, y []int, k int) float64 {
	n := len(rows)
	ans := 0.0
	for i := range rows {
		eps := knnBruteKth(rows, y, i, k)
		kt, nx, ny := k, 0, 0
		if eps == 0 {
			kt = 0
			for j := range rows {
				d, dx, dy := knnBruteJoint(rows, y, i, j)
				if d <= 1e-15 {
					kt++
				}
				if dx <= 1e-15 {
					nx++
				}
				if dy <= 1e-15 {
					ny++
				}
			}
		} else {
			for j := range rows {
				_, dx, dy := knnBruteJoint(rows, y, i, j)
				if dx <= eps-1e-15 {
					nx++
				}
				if dy <= eps-1e-15 {
					ny++
				}
			}
		}
		ans += (mathext.Digamma(float64(kt)) + math.Log(float64(n)) - mathext.Digamma(float64(nx)) - mathext.Digamma(float64(ny))) / float64(n)
	}
	return ans
}

func knnBruteRoss(rows [][]float64, y []int, k int) float64 {
	size := map[int]int{}
	for _, c := range y {
		size[c]++
	}
	var kept []int
	for i, c := range y {
		if size[c] > 1 {
			kept = append(kept, i)
		}
	}
	n := float64(len(kept))
	var sumK, sumN, sumM float64
	for _, i := range kept {
		ki := min(k, size[y[i]]-1)
		var ds []float64
		for _, j := range kept {
			if j != i && y[j] == y[i] {
				ds = append(ds, knnBruteDist(rows[i], rows[j]))
			}
		}
		slices.Sort(ds)
		di := ds[ki-1]
		m := 0
		for _, j := range kept {
			d := knnBruteDist(rows[i], rows[j])
			if d < di || (di == 0 && d == 0) {
				m++
			}
		}
		sumK += mathext.Digamma(float64(ki))
		sumN += mathext.Digamma(float64(size[y[i]]))
		sumM += mathext.Digamma(float64(m))
	}
	return mathext.Digamma(n) + sumK/n - sumN/n - sumM/n
}

// knnTestData draws n rows of d features and labels in 0..classes-1. When
// levels > 0 every feature takes one of levels integer values (many exact
// ties); levels < 0 takes -levels values 1, 2, ..., each nudged up by 0 to
// 3 ulps, so that distances differ from each other by less than the
// estimators' 1e-15 tolerances; otherwise features are continuous and
// shifted by the label, so MI is clearly positive.
func knnTestData(t testing.TB, seed uint64, n, d, classes, levels int) ([][]float64, []int, Matrix) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		y[i] = i % classes // every class present
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			if levels != 0 {
				m := max(levels, -levels)
				v := float64(rng.IntN(m))
				if j == 0 && rng.Float64() < 0.5 {
					v = float64(y[i] % m) // dependence on the label
				}
				if levels < 0 {
					v++
					for range rng.IntN(4) {
						v = math.Nextafter(v, math.Inf(1))
					}
				}
				rows[i][j] = v
			} else {
				rows[i][j] = rng.NormFloat64() + 0.8*float64(y[i])*float64(j%2)
			}
		}
	}
	rng.Shuffle(n, func(a, b int) { y[a], y[b] = y[b], y[a]; rows[a], rows[b] = rows[b], rows[a] })
	x, err := FromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows, y, x
}

type knnEstimator struct {
	name  string
	fast  func(Matrix, []int, Config, uint64, int) (float64, error)
	brute func([][]float64, []int, int) float64
}

var knnEstimators = []knnEstimator{
	{"KSG", KSG, knnBruteKSG},
	{"MixedKSG", MixedKSG, knnBruteMixedKSG},
	{"RossMI", RossMI, knnBruteRoss},
}

func TestKNNEstimatorsMatchBruteForce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                     string
		n, d, classes, levels, k int
	}{
		{"continuous", 120, 3, 2, 0, 5},
		{"continuous-3class-k1", 90, 2, 3, 0, 1},
		{"continuous-large-k", 70, 4, 2, 0, 20},
		{"ties-binary", 150, 2, 2, 2, 5},
		{"ties-3levels", 130, 3, 3, 3, 5},
		{"ties-4levels-k3", 110, 2, 4, 4, 3},
		{"ties-1d", 100, 1, 2, 5, 5},
		{"near-ties", 150, 2, 2, -3, 5},
		{"near-ties-1d", 120, 1, 3, -4, 3},
	}
	for _, c := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			rows, y, x := knnTestData(t, seed, c.n, c.d, c.classes, c.levels)
			for _, e := range knnEstimators {
				// KeepTies: the data as given, ties and all, as the
				// reference and the brute force see them.
				got, err := e.fast(x, y, Config{K: c.k, KeepTies: true}, 0, 2)
				if c.levels < 0 && e.name == "MixedKSG" {
					// Neighbours a few ulps away put ε in (0, 1e-15), where
					// the reference's radius ε - 1e-15 is negative.
					if err == nil || !strings.Contains(err.Error(), "tolerance") {
						t.Errorf("%s %s seed %d: want the tolerance error, got %v", e.name, c.name, seed, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s %s seed %d: %v", e.name, c.name, seed, err)
				}
				want := e.brute(rows, y, c.k)
				if math.Abs(got-want) > 1e-12 || math.IsNaN(got) {
					t.Errorf("%s %s seed %d: got %.15g, brute force %.15g", e.name, c.name, seed, got, want)
				}
			}
		}
	}
}

// Data on a coarse grid exercise Mixed-KSG's zero-radius branch; make sure
// the comparison above is not passing without it.
func TestKNNTieDataHitZeroRadius(t *testing.T) {
	t.Parallel()
	rows, y, _ := knnTestData(t, 1, 150, 2, 2, 2)
	zero := 0
	for i := range rows {
		if knnBruteKth(rows, y, i, 5) == 0 {
			zero++
		}
	}
	if zero < len(rows)/2 {
		t.Fatalf("only %d of %d rows have a zero k-th neighbour distance", zero, len(rows))
	}
}

func TestRossMIDropsSingletonClasses(t *testing.T) {
	t.Parallel()
	rows, y, _ := knnTestData(t, 4, 80, 2, 2, 0)
	rows = append(rows, []float64{0.1, -0.2}, []float64{3, 3})
	y = append(y, 2, 3) // two classes with a single row each
	x, err := FromRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	got, err := RossMI(x, y, Config{}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := knnBruteRoss(rows, y, 5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("got %.15g, brute force %.15g", got, want)
	}
	// Dropping the singletons by hand gives the same estimate.
	x2, _ := FromRows(rows[:80])
	ref, err := RossMI(x2, y[:80], Config{}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got != ref {
		t.Fatalf("with singletons %.17g, without %.17g", got, ref)
	}
}

// A class smaller than K+1 caps its neighbour count at N_c - 1.
func TestRossMICapsKPerClass(t *testing.T) {
	t.Parallel()
	rows, y, _ := knnTestData(t, 5, 60, 3, 2, 0)
	rows = append(rows, []float64{0, 0, 0}, []float64{0.5, 0.1, 0}, []float64{1, 1, 1})
	y = append(y, 2, 2, 2) // class 2 has 3 rows: k = 2 for them
	x, _ := FromRows(rows)
	got, err := RossMI(x, y, Config{K: 5, KeepTies: true}, 0, 0) // the third column repeats 0
	if err != nil {
		t.Fatal(err)
	}
	if want := knnBruteRoss(rows, y, 5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("got %.15g, brute force %.15g", got, want)
	}
}

func TestKNNWorkerCountDoesNotChangeEstimate(t *testing.T) {
	t.Parallel()
	for _, levels := range []int{0, 3} {
		_, y, x := knnTestData(t, 9, 400, 4, 3, levels)
		for _, e := range knnEstimators {
			ref, err := e.fast(x, y, Config{}, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{2, 8, 1 << 40} { // 1<<40: capped at n, not one search buffer each
				got, err := e.fast(x, y, Config{}, 0, w)
				if err != nil {
					t.Fatal(err)
				}
				if math.Float64bits(got) != math.Float64bits(ref) {
					t.Errorf("%s levels %d: %d workers give %.17g, 1 worker %.17g", e.name, levels, w, got, ref)
				}
			}
		}
	}
}

func TestKNNJitter(t *testing.T) {
	t.Parallel()
	rows, y, x := knnTestData(t, 2, 120, 2, 2, 3)
	cfg := Config{Jitter: 1e-3}
	kd, err := newKNNData(x, y, cfg, 42, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	jittered := make([][]float64, len(rows))
	for i := range rows {
		jittered[i] = append([]float64(nil), kd.row(i)[:2]...)
		for j, v := range jittered[i] {
			if math.Abs(v-rows[i][j]) > cfg.Jitter/2 {
				t.Fatalf("row %d feature %d moved by %g, more than Jitter/2", i, j, v-rows[i][j])
			}
		}
		if kd.row(i)[2] != float64(y[i]) {
			t.Fatalf("label coordinate of row %d was jittered", i)
		}
	}
	for _, e := range knnEstimators {
		got, err := e.fast(x, y, cfg, 42, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := e.brute(jittered, y, 5); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s with jitter: got %.15g, brute force on jittered data %.15g", e.name, got, want)
		}
		again, _ := e.fast(x, y, cfg, 42, 0)
		other, _ := e.fast(x, y, Config{Jitter: 1e-3}, 43, 0)
		plain, _ := e.fast(x, y, Config{}, 0, 0)
		if again != got {
			t.Errorf("%s: same seed gave %v then %v", e.name, got, again)
		}
		if other == got || plain == got {
			t.Errorf("%s: jitter had no effect (seed 42 %v, seed 43 %v, none %v)", e.name, got, other, plain)
		}
	}
}

// Features spread near ±1.7e308, whose differences overflow float64, get
// the neighbours exact arithmetic gives: the same estimate, bit for bit, as
// the same data scaled by 2^-30 (where no distance overflows and a power of
// two keeps every comparison), which the brute force confirms. The four
// rows at -1.7e308 have their K-th neighbour beyond the overflow (before
// the fix the kd-tree search ran out of neighbours and panicked).
func TestKNNHugeFeatureRanges(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 3))
	n := 300
	huge, scaled := make([][]float64, n), make([][]float64, n)
	y := make([]int, n)
	for i := range huge {
		y[i] = i % 2
		v := 1.7e308 // a tied level: there the second feature decides
		switch {
		case i < 4:
			v = -1.7e308
		case rng.Float64() < 0.3:
			v = (0.2 + 0.8*rng.Float64()) * 1.7e308
		}
		huge[i] = []float64{v, rng.NormFloat64() + 0.8*float64(y[i])}
		scaled[i] = []float64{math.Ldexp(v, -30), huge[i][1]}
	}
	xHuge, _ := FromRows(huge)
	xScaled, _ := FromRows(scaled)
	if kd, err := newKNNData(xHuge, y, Config{KeepTies: true}, 0, 0, true); err != nil || kd.unit != 0.5 {
		t.Fatalf("huge range: unit %v, error %v; want the halved unit", kd.unit, err)
	}
	for _, e := range knnEstimators {
		// KeepTies: the tied level stays as given, as in the brute force.
		got, err := e.fast(xHuge, y, Config{KeepTies: true}, 0, 0)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		want, err := e.fast(xScaled, y, Config{KeepTies: true}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%s: %.17g near ±1.7e308, %.17g on the data scaled by 2^-30", e.name, got, want)
		}
		if brute := e.brute(scaled, y, 5); math.Abs(want-brute) > 1e-12 {
			t.Errorf("%s: scaled data give %.15g, brute force %.15g", e.name, want, brute)
		}
	}
}

func TestKNNRejectsBadInput(t *testing.T) {
	t.Parallel()
	_, y, x := knnTestData(t, 3, 20, 2, 2, 0)
	tiny, _ := FromRows([][]float64{{0}, {1e-17}, {2e-17}, {3e-17}, {4e-17}, {5e-17}, {6e-17}, {7e-17}})
	single, _ := FromRows([][]float64{{0}, {1}})
	top, _ := FromRows([][]float64{{1.7e308}, {1.7e308}, {1.7e308}, {1.7e308}, {0}, {0}, {0}, {0}})
	cases := []struct {
		name    string
		est     func(Matrix, []int, Config, uint64, int) (float64, error)
		x       Matrix
		y       []int
		cfg     Config
		message string
	}{
		{"nil features", KSG, nil, y, Config{}, "non-empty"},
		{"label count", KSG, x, y[:10], Config{}, "labels for"},
		{"single class", MixedKSG, x, make([]int, 20), Config{}, "single class"},
		{"negative code", RossMI, x, append([]int{-1}, y[1:]...), Config{}, "class codes"},
		{"negative K", KSG, x, y, Config{K: -1}, "K=-1"},
		{"K equals n", MixedKSG, x, y, Config{K: 20}, "K=20"},
		{"negative jitter", KSG, x, y, Config{Jitter: -1}, "jitter"},
		{"NaN jitter", RossMI, x, y, Config{Jitter: math.NaN()}, "jitter"},
		{"sub-tolerance distances", MixedKSG, tiny, []int{0, 1, 0, 1, 0, 1, 0, 1}, Config{K: 2}, "tolerance"},
		{"only singleton classes", RossMI, single, []int{0, 1}, Config{K: 1}, "at least two rows"},
		{"jitter overflowing a value", KSG, top, []int{0, 1, 0, 1, 0, 1, 0, 1}, Config{K: 2, Jitter: 1e308}, "use a smaller jitter"},
		{"code MaxInt", KSG, x, append([]int{math.MaxInt}, y[1:]...), Config{}, "class codes must lie in 0..19"},
	}
	for _, c := range cases {
		_, err := c.est(c.x, c.y, c.cfg, 1, 0)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "ufmi: ") || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: error %q should start with \"ufmi: \" and mention %q", c.name, err, c.message)
		}
	}
}

// Found by FuzzCLI: distances beyond float64 made Ross's search find too few
// neighbours and panic. With the exact halving of huge ranges every
// estimator returns a finite estimate.
func TestKNNOverflowingDistancesFromFuzzing(t *testing.T) {
	t.Parallel()
	huge, _ := FromRows([][]float64{{1e308}, {1e308}, {1.7e308}, {-1.7e308}, {5e-324}, {0}, {0}})
	y := []int{0, 1, 0, 1, 0, 1, 0}
	for name, est := range map[string]func(Matrix, []int, Config, uint64, int) (float64, error){"KSG": KSG, "MixedKSG": MixedKSG, "RossMI": RossMI} {
		// KeepTies: 0 and 5e-324 lie too close for tie-breaking noise
		// (an error, TestKNNBreaksTies); this test is about the overflow.
		v, err := est(huge, y, Config{K: 2, KeepTies: true}, 0, 0)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("%s: %v, %v; want a finite estimate", name, v, err)
		}
	}
}

// Issue 21: KSG and Ross assume continuous features. A 0/1 feature equal to
// the label (n = 200) gave MI -2.376 (KSG) and -2.398 (Ross), a constant
// feature -3.08. By default they break the ties of a column that repeats
// values with tiny seeded noise (Config.KeepTies): the estimates are then
// within 0.03 nats of the sample's MI, H(Y) for the 0/1 feature and 0 for
// the constant one (0.05).
func TestKNNBreaksTies(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200
	y := make([]int, n)
	same, constant := make([]float64, n), make([]float64, n)
	for i := range y {
		y[i] = rng.IntN(2)
		same[i], constant[i] = float64(y[i]), 3
	}
	counts := [2]float64{}
	for _, c := range y {
		counts[c]++
	}
	hy := 0.0
	for _, c := range counts {
		hy -= c / float64(n) * math.Log(c/float64(n))
	}
	for _, e := range []knnEstimator{knnEstimators[0], knnEstimators[2]} {
		for _, c := range []struct {
			name      string
			col       []float64
			want, tol float64
		}{{"0/1 feature equal to the label", same, hy, 0.03}, {"constant feature", constant, 0, 0.05}} {
			x := Columns{c.col}
			got, err := e.fast(x, y, Config{}, 7, 0)
			if err != nil || math.Abs(got-c.want) > c.tol {
				t.Errorf("%s, %s: %v (%v); want %.3f ± %v", e.name, c.name, got, err, c.want, c.tol)
			}
			again, _ := e.fast(x, y, Config{}, 7, 0)
			if again != got {
				t.Errorf("%s, %s: seed 7 gave %v, then %v", e.name, c.name, got, again)
			}
			raw, err := e.fast(x, y, Config{KeepTies: true}, 7, 0)
			if err != nil || raw > -2 {
				t.Errorf("%s, %s with KeepTies: %v (%v); the reference's semantics give below -2", e.name, c.name, raw, err)
			}
		}
	}
	// Mixed-KSG is made for ties: untouched, and right.
	mixed, err := MixedKSG(Columns{same}, y, Config{}, 7, 0)
	keep, _ := MixedKSG(Columns{same}, y, Config{KeepTies: true}, 7, 0)
	if err != nil || mixed != keep || math.Abs(mixed-hy) > 0.03 {
		t.Errorf("MixedKSG: %v (%v), with KeepTies %v; want the same, near %.3f", mixed, err, keep, hy)
	}
	// Columns without repeated values are untouched, bit for bit.
	_, yc, xc := knnTestData(t, 3, 150, 2, 2, 0)
	for _, e := range knnEstimators {
		a, _ := e.fast(xc, yc, Config{}, 7, 0)
		b, _ := e.fast(xc, yc, Config{KeepTies: true}, 7, 0)
		if math.Float64bits(a) != math.Float64bits(b) {
			t.Errorf("%s on continuous data: %v by default, %v with KeepTies", e.name, a, b)
		}
	}
	// Values a few ulps apart leave no room for noise below their gaps.
	near := make([]float64, n)
	for i := range near {
		near[i] = 1
		if i%3 == 0 {
			near[i] = math.Nextafter(1, 2)
		}
	}
	_, err = KSG(Columns{same, near}, y, Config{}, 7, 0)
	if err == nil || !strings.Contains(err.Error(), "feature 1 repeats values (198 of 200 rows) and its distinct values lie only 2.22e-16 apart") {
		t.Errorf("ties an ulp apart: %v", err)
	}
}
