package metrics

import (
	"math"
	"slices"
	"testing"
)

// bruteSignedRankP enumerates every sign pattern of the ranks.
func bruteSignedRankP(ranks []float64, w float64, alt Alternative) float64 {
	n := len(ranks)
	le, ge := 0, 0
	for mask := 0; mask < 1<<n; mask++ {
		s := 0.0
		for i, r := range ranks {
			if mask&(1<<i) != 0 {
				s += r
			}
		}
		if s <= w+1e-9 {
			le++
		}
		if s >= w-1e-9 {
			ge++
		}
	}
	total := float64(int(1) << n)
	switch alt {
	case AltLess:
		return float64(le) / total
	case AltGreater:
		return float64(ge) / total
	}
	return math.Min(1, 2*math.Min(float64(le), float64(ge))/total)
}

func TestWilcoxonExactTextbook(t *testing.T) {
	t.Parallel()
	// scipy.stats.wilcoxon's documented example (Cushny and Peebles'
	// differences): W+ = 96 of 120 (ranks 10 and 14 negative), two-sided p = 0.041259765625 and
	// one-sided "greater" p = 0.0206298828125, both exact.
	d := []float64{6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75}
	res, err := WilcoxonSignedRank(d, AltGreater, ZeroWilcox)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exact || res.WPlus != 96 {
		t.Fatalf("result %+v", res)
	}
	ranks := make([]float64, len(d))
	for i := range ranks {
		ranks[i] = float64(i + 1)
	}
	for _, alt := range []Alternative{AltLess, AltGreater, AltTwoSided} {
		res, _ := WilcoxonSignedRank(d, alt, ZeroWilcox)
		if want := bruteSignedRankP(ranks, res.WPlus, alt); math.Abs(res.PValue-want) > 1e-12 {
			t.Errorf("alternative %d: p %v, enumeration %v", alt, res.PValue, want)
		}
	}
	two, _ := WilcoxonSignedRank(d, AltTwoSided, ZeroWilcox)
	if math.Abs(two.PValue-0.041259765625) > 1e-12 || math.Abs(res.PValue-0.0206298828125) > 1e-12 {
		t.Errorf("p-values %v (two-sided), %v (greater); scipy documents 0.041259765625 and 0.0206298828125", two.PValue, res.PValue)
	}
}

func TestWilcoxonNormalApproximationWithTiesAndZeros(t *testing.T) {
	t.Parallel()
	// Differences with a zero and tied magnitudes: Wilcox drops the zero;
	// ranks of |d| = 1,2,2,3,3,4: 1, 2.5, 2.5, 4.5, 4.5, 6.
	d := []float64{0, 1, -2, 2, 3, 3, -4}
	res, err := WilcoxonSignedRank(d, AltLess, ZeroWilcox)
	if err != nil {
		t.Fatal(err)
	}
	// W+ = 1 + 2.5 + 4.5 + 4.5 = 12.5; mean = 21/2 = 10.5;
	// variance = (1 + 2·2.5² + 2·4.5² + 6²)/4 = (1+12.5+40.5+36)/4 = 22.5.
	z := (12.5 - 10.5) / math.Sqrt(22.5)
	want := 0.5 * math.Erfc(-z/math.Sqrt2)
	if res.Exact || res.N != 6 || res.WPlus != 12.5 || math.Abs(res.PValue-want) > 1e-12 {
		t.Fatalf("got %+v, want W+ 12.5, n 6, p %v", res, want)
	}
	// Pratt keeps the zero in the ranking: ranks 1 (zero), 2, 3.5, 3.5, 5.5, 5.5, 7.
	pr, _ := WilcoxonSignedRank(d, AltLess, ZeroPratt)
	wPlus := 2 + 3.5 + 5.5 + 5.5
	mean := (2 + 3.5 + 3.5 + 5.5 + 5.5 + 7) / 2
	variance := (4 + 2*3.5*3.5 + 2*5.5*5.5 + 49) / 4
	wantP := 0.5 * math.Erfc(-((wPlus-mean)/math.Sqrt(variance))/math.Sqrt2)
	if pr.WPlus != wPlus || math.Abs(pr.PValue-wantP) > 1e-12 {
		t.Fatalf("Pratt: got %+v, want W+ %v, p %v", pr, wPlus, wantP)
	}
	if _, err := WilcoxonSignedRank([]float64{0, 0}, AltLess, ZeroWilcox); err == nil {
		t.Fatal("all-zero differences accepted")
	}
	if _, err := WilcoxonSignedRank([]float64{1, math.NaN()}, AltLess, ZeroWilcox); err == nil {
		t.Fatal("NaN accepted")
	}
}

// Mid-ranks are 1-based, tied values sharing the mean of their ranks.
func TestMidRanks(t *testing.T) {
	if r := MidRanks([]float64{3, 1, 3, 2}); !slices.Equal(r, []float64{3.5, 1, 3.5, 2}) {
		t.Fatalf("mid-ranks %v, want [3.5 1 3.5 2]", r)
	}
}
