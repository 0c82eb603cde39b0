package ufmi

import (
	"runtime"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/memory"
	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

// These tests fake the available memory, which every fit reads: they do
// not run in parallel.

const fakeGB = 1_000_000_000

// Fits that cannot fit are refused before anything is grown, with the
// sizes, the estimate and the remedy in one line; ordinary fits pass.
func TestFitRefusesWhatDoesNotFit(t *testing.T) {
	defer memory.Fake(fakeGB)()
	x, y := separatedData(10000, 2, 1)
	uf := DefaultUF()
	uf.Trees = 1_000_000
	_, errUF := FitUF(x, y, uf, Runtime{})
	_, errRF := FitRF(x, y, ForestConfig{Trees: 1_000_000}, Runtime{})
	for name, err := range map[string]error{"UF": errUF, "RF": errRF} {
		if err == nil {
			t.Fatalf("%s: 1,000,000 trees on 10,000 rows passed a 1 GB limit", name)
		}
		msg := err.Error()
		for _, want := range []string{"ufmi: fitting 1000000 trees on 10000 rows needs about ",
			"; this machine has 1.0 GB available: use fewer trees or fewer rows"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: error %q lacks %q", name, msg, want)
			}
		}
	}
	small, ys := separatedData(300, 2, 2)
	if _, err := FitUF(small, ys, withTrees(PaperUF(), 100), Runtime{}); err != nil {
		t.Fatalf("a small UF failed under 1 GB: %v", err)
	}
	if _, err := FitRF(small, ys, ForestConfig{Trees: 100}, Runtime{}); err != nil {
		t.Fatalf("a small RF failed under 1 GB: %v", err)
	}
}

// Many wide rows on many workers need builder buffers more than trees:
// the remedy says so.
func TestWorkingMemoryRemedy(t *testing.T) {
	s := forestSize{n: 1_000_000, d: 1000, k: 2, trees: 1, sampleRows: 1_000_000, workers: 64}
	defer memory.Fake(fakeGB)()
	err := s.check()
	if err == nil || !strings.HasSuffix(err.Error(), "use fewer rows, features or workers") {
		t.Fatalf("check = %v", err)
	}
}

// A calibrated forest keeps one forest per fold: refused when the folds
// together do not fit, although one would.
func TestCalibratedChecksEveryFold(t *testing.T) {
	x, y := separatedData(2000, 2, 3)
	one := forestSize{n: 1600, d: 2, k: 2, trees: 400, sampleRows: 1600, workers: 1}
	limit := memory.Bytes(2*one.kept() + one.working())
	defer memory.Fake(limit)()
	if err := one.check(); err != nil {
		t.Fatalf("one fold's forest should fit: %v", err)
	}
	_, err := FitCalibrated(x, y, CalibratedConfig{Forest: ForestConfig{Trees: 400}}, Runtime{Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "fitting 5 calibration folds of 400 trees on 2000 rows needs about") {
		t.Fatalf("FitCalibrated = %v", err)
	}
}

// A permutation test runs Workers fits at once: refused when they do not
// fit together, accepted on one worker.
func TestPermutationTestChecksConcurrentFits(t *testing.T) {
	x, y := separatedData(400, 2, 4)
	stat := MIStatistic(EstimatorConfig{UF: withTrees(PaperUF(), 50)})
	oneFit := memory.Largest(func() { _, _ = stat(x, y, Runtime{Seed: 1}) })
	if oneFit == 0 {
		t.Fatal("the statistic made no memory check")
	}
	defer memory.Fake(oneFit * 3 / 2)()
	_, err := PermutationTest(x, y, stat, PermutationConfig{Permutations: 8, Runtime: Runtime{Seed: 1, Workers: 4}})
	if err == nil || !strings.Contains(err.Error(), "running 4 permutation fits at once on 400 rows needs about") ||
		!strings.HasSuffix(err.Error(), "use fewer workers, trees or rows") {
		t.Fatalf("PermutationTest on 4 workers = %v", err)
	}
	if _, err := PermutationTest(x, y, stat, PermutationConfig{Permutations: 8, Runtime: Runtime{Seed: 1, Workers: 1}}); err != nil {
		t.Fatalf("PermutationTest on 1 worker: %v", err)
	}
}

// The estimate of a fitted forest's memory is above what it holds, but
// not absurdly: within a factor of 4 of the measured heap.
func TestKeptEstimateIsClose(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the heap of two 200-tree fits")
	}
	x, y := separatedData(4000, 4, 5)
	for _, c := range []struct {
		name string
		fit  func() (*Forest, error)
		size forestSize
	}{
		{"RF", func() (*Forest, error) { return FitRF(x, y, ForestConfig{Trees: 200}, Runtime{Workers: 1}) },
			forestSize{n: 4000, d: 4, k: 2, trees: 200, sampleRows: 4000}},
		{"UF", func() (*Forest, error) { return FitUF(x, y, withTrees(PaperUF(), 200), Runtime{Workers: 1}) },
			forestSize{n: 4000, d: 4, k: 2, trees: 200, sampleRows: 2000, honest: true}},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f, err := c.fit()
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(f)
		held, est := float64(after.HeapAlloc)-float64(before.HeapAlloc), c.size.kept()
		t.Logf("%s: holds %.1f MB, estimated %.1f MB", c.name, held/1e6, est/1e6)
		if est < held || est > 4*held {
			t.Errorf("%s: estimate %.1f MB for %.1f MB held", c.name, est/1e6, held/1e6)
		}
	}
}

// Issue 21: a numeric target with many distinct values became one class
// per value, and n = 10,000 took more than 4.9 GB. Such labels (at least
// 50 classes, fewer than 5 rows per class) are an error unless
// EstimatorConfig.ManyClasses accepts them, and the memory check counts the
// classes, so that a run that does not fit is refused before it allocates.
func TestContinuousTargetIsRefused(t *testing.T) {
	x, _ := separatedData(200, 2, 6)
	distinct := make([]int, 200)
	for i := range distinct {
		distinct[i] = i / 2 // 100 classes of 2 rows
	}
	want := "y looks continuous (100 distinct values in 200 rows)"
	_, err := EstimateMI(x, distinct, EstimatorConfig{UF: UFConfig{Trees: 4}})
	testcheck.Error(t, "EstimateMI", err, want)
	_, err = EstimateMI(x, distinct, EstimatorConfig{Method: MethodKSG})
	testcheck.Error(t, "EstimateMI ksg", err, want)
	_, err = FastPermutationTest(x, distinct, EstimatorConfig{UF: UFConfig{Trees: 4}}, PermutationConfig{Permutations: 3})
	testcheck.Error(t, "FastPermutationTest", err, want)
	_, err = PermutationTest(x, distinct, MIStatistic(EstimatorConfig{UF: UFConfig{Trees: 4}}), PermutationConfig{Permutations: 3})
	testcheck.Error(t, "PermutationTest", err, want)
	if _, err := EstimateMI(x, distinct, EstimatorConfig{UF: UFConfig{Trees: 4}, ManyClasses: true}); err != nil {
		t.Errorf("with ManyClasses: %v", err)
	}
	// The rule's edges: 49 classes of 2 rows, 50 classes of 5 rows pass.
	for _, c := range []struct{ n, k int }{{98, 49}, {250, 50}} {
		xs, _ := separatedData(c.n, 2, 7)
		y := make([]int, c.n)
		for i := range y {
			y[i] = i % c.k
		}
		if _, err := EstimateMI(xs, y, EstimatorConfig{Method: MethodRFSplit, Forest: ForestConfig{Trees: 4}}); err != nil {
			t.Errorf("%d classes in %d rows: %v", c.k, c.n, err)
		}
	}
	// 2,000 classes in 2,000 rows: the streamed forest's accumulators and
	// builders grow with n × k and are counted before anything grows.
	big, _ := separatedData(2000, 2, 8)
	ids := make([]int, 2000)
	for i := range ids {
		ids[i] = i
	}
	defer memory.Fake(100_000_000)()
	_, err = EstimateMI(big, ids, EstimatorConfig{UF: withTrees(PaperUF(), 4), ManyClasses: true, Runtime: Runtime{Workers: 1}})
	testcheck.Error(t, "2,000 classes under 100 MB", err, "streaming 4 trees on 2000 rows, 2 of them in memory at once, needs about")
}
