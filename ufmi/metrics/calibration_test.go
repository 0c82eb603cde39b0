package metrics

import (
	"math"
	"strings"
	"testing"
)

func TestCohenKappaHandComputed(t *testing.T) {
	t.Parallel()
	// 10 rows: agreement 7/10; marginals true (5, 5), predicted (6, 4):
	// p_e = 0.5·0.6 + 0.5·0.4 = 0.5, kappa = (0.7-0.5)/(1-0.5) = 0.4.
	yt := []int{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}
	yp := []int{0, 0, 0, 0, 1, 1, 1, 1, 0, 0}
	k, err := CohenKappa(yt, yp, 2)
	if err != nil || math.Abs(k-0.4) > 1e-12 {
		t.Fatalf("kappa %v (%v), want 0.4", k, err)
	}
	if k, _ := CohenKappa(yt, yt, 2); k != 1 {
		t.Fatalf("perfect agreement: %v", k)
	}
	if _, err := CohenKappa(yt, yp[:3], 2); err == nil {
		t.Fatal("mismatched lengths accepted")
	}
	// k only bounds the codes: a huge k allocates nothing per class and,
	// with codes shifted up to near it, gives the same kappa.
	huge := 1 << 40
	shift := func(y []int) []int {
		out := make([]int, len(y))
		for i, c := range y {
			out[i] = huge - 2 + c
		}
		return out
	}
	if got, err := CohenKappa(shift(yt), shift(yp), huge); err != nil || got != k {
		t.Fatalf("k = 2^40: kappa %v (%v), want %v", got, err, k)
	}
	if _, err := CohenKappa(yt, yp, 0); err == nil || !strings.Contains(err.Error(), "k >= 1") {
		t.Fatalf("k = 0: %v", err)
	}
}

func TestECEAndMCEHandComputed(t *testing.T) {
	t.Parallel()
	// Four rows, 2 bins on (0,1]: confidences 0.6, 0.9, 0.7, 1.0 (all in
	// bin 2 except none in bin 1 since every confidence > 0.5).
	proba := [][]float64{{0.6, 0.4}, {0.1, 0.9}, {0.7, 0.3}, {0, 1}}
	y := []int{0, 1, 1, 1} // correct, correct, wrong, correct
	ece, err := ECE(proba, y, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Bin 2: conf = (0.6+0.9+0.7+1)/4 = 0.8, acc = 3/4: ECE = |0.75-0.8| = 0.05.
	if math.Abs(ece-0.05) > 1e-12 {
		t.Fatalf("ECE %v, want 0.05", ece)
	}
	// With 10 bins: (0.5,0.6]: {0.6 ok}; (0.6,0.7]: {0.7 wrong}; (0.8,0.9]: {0.9 ok}; (0.9,1]: {1 ok}.
	ece10, _ := ECE(proba, y, 10)
	want := (math.Abs(1-0.6) + math.Abs(0-0.7) + math.Abs(1-0.9) + 0) / 4
	if math.Abs(ece10-want) > 1e-12 {
		t.Fatalf("ECE with 10 bins %v, want %v", ece10, want)
	}
	mce, _ := MCE(proba, y, 10)
	if math.Abs(mce-0.7) > 1e-12 {
		t.Fatalf("MCE %v, want 0.7", mce)
	}
	rel, _ := Reliability(proba, y, 10)
	if rel[5].Count != 1 || rel[9].Count != 1 || rel[9].Lo != 0.9 {
		t.Fatalf("bins %+v", rel)
	}
	acc, _ := Accuracy(proba, y)
	if acc != 0.75 {
		t.Fatalf("accuracy %v", acc)
	}
	for want, call := range map[string]func() error{
		"sums to":        func() error { _, err := ECE([][]float64{{0.5, 0.4}}, []int{0}, 20); return err },
		"labels":         func() error { _, err := ECE(proba, y[:2], 20); return err },
		"bins":           func() error { _, err := ECE(proba, y, 0); return err },
		"no predictions": func() error { _, err := MCE(nil, nil, 20); return err },
	} {
		if err := call(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
	}
}

// Every confidence lands in the bin whose edges hold it, (Lo, Hi], also
// one ulp above an edge, where conf·bins rounds onto the edge (a probe:
// nextafter(2/3, 1) with 3 bins went to the bin below, ECE 0.617 for
// 0.283).
func TestBinsByTheirEdges(t *testing.T) {
	for bins := 1; bins <= 300; bins++ {
		for l := 0; l <= bins; l++ {
			edge := float64(l) / float64(bins)
			for _, conf := range []float64{edge, math.Nextafter(edge, 2), math.Nextafter(edge, -1)} {
				if conf < 0.5 || conf > 1 {
					continue // a predicted class's posterior is at least 1/K; 1/2 suffices here
				}
				b := binOf(conf, bins)
				lo, hi := float64(b)/float64(bins), float64(b+1)/float64(bins)
				if !(conf > lo && conf <= hi) {
					t.Fatalf("%d bins: %v in bin (%v, %v]", bins, conf, lo, hi)
				}
			}
		}
	}
	c := math.Nextafter(2.0/3, 1)
	ece, err := ECE([][]float64{{c, 1 - c}, {0.9, 0.1}}, []int{0, 1}, 3)
	if err != nil || math.Abs(ece-0.28333333333333333) > 1e-12 {
		t.Errorf("ECE = %v (%v), want 0.28333 (both rows in the top bin)", ece, err)
	}
}
