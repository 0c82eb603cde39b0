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

func TestWilcoxonExactWithTiesAndZeros(t *testing.T) {
	t.Parallel()
	// Differences with a zero and tied magnitudes: Wilcox drops the zero;
	// ranks of |d| = 1,2,2,3,3,4: 1, 2.5, 2.5, 4.5, 4.5, 6.
	d := []float64{0, 1, -2, 2, 3, 3, -4}
	res, err := WilcoxonSignedRank(d, AltLess, ZeroWilcox)
	if err != nil {
		t.Fatal(err)
	}
	// W+ = 1 + 2.5 + 4.5 + 4.5 = 12.5, its p-value counted over the 64
	// patterns of signs of these ranks.
	wilcox := []float64{1, 2.5, 2.5, 4.5, 4.5, 6}
	less, greater := bruteSignedRankP(wilcox, 12.5, AltLess), bruteSignedRankP(wilcox, 12.5, AltGreater)
	if !res.Exact || res.N != 6 || res.WPlus != 12.5 || math.Abs(res.PValue-less) > 1e-12 {
		t.Fatalf("got %+v, want exact, W+ 12.5, n 6, p %v", res, less)
	}
	if g, _ := WilcoxonSignedRank(d, AltGreater, ZeroWilcox); math.Abs(g.PValue-greater) > 1e-12 {
		t.Fatalf("greater: p %v, want %v", g.PValue, greater)
	}
	if two, _ := WilcoxonSignedRank(d, AltTwoSided, ZeroWilcox); math.Abs(two.PValue-bruteSignedRankP(wilcox, 12.5, AltTwoSided)) > 1e-12 {
		t.Fatalf("two-sided: p %v, want %v", two.PValue, bruteSignedRankP(wilcox, 12.5, AltTwoSided))
	}
	// Pratt keeps the zero in the ranking: ranks 1 (zero), 2, 3.5, 3.5, 5.5, 5.5, 7.
	pr, _ := WilcoxonSignedRank(d, AltLess, ZeroPratt)
	wPlus := 2 + 3.5 + 5.5 + 5.5
	wantP := bruteSignedRankP([]float64{2, 3.5, 3.5, 5.5, 5.5, 7}, wPlus, AltLess)
	if !pr.Exact || pr.WPlus != wPlus || math.Abs(pr.PValue-wantP) > 1e-12 {
		t.Fatalf("Pratt: got %+v, want W+ %v, p %v", pr, wPlus, wantP)
	}
	// Ten equal magnitudes, all positive: the smallest p-value there is, 2^-10.
	ten := []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	if g, _ := WilcoxonSignedRank(ten, AltGreater, ZeroWilcox); !g.Exact || math.Abs(g.PValue-1.0/1024) > 1e-15 {
		t.Fatalf("ten tied positives: %+v, want exact p 1/1024", g)
	}
	if _, err := WilcoxonSignedRank([]float64{0, 0}, AltLess, ZeroWilcox); err == nil {
		t.Fatal("all-zero differences accepted")
	}
	if _, err := WilcoxonSignedRank([]float64{1, math.NaN()}, AltLess, ZeroWilcox); err == nil {
		t.Fatal("NaN accepted")
	}
}

func TestWilcoxonNormalApproximationBeyondFifty(t *testing.T) {
	t.Parallel()
	// 60 differences, magnitudes tied in pairs, alternating signs but the
	// largest pair positive.
	d := make([]float64, 60)
	for i := range d {
		d[i] = float64(i/2 + 1)
		if i%2 == 1 && i < 58 {
			d[i] = -d[i]
		}
	}
	res, err := WilcoxonSignedRank(d, AltGreater, ZeroWilcox)
	if err != nil {
		t.Fatal(err)
	}
	ranks := MidRanks(func() []float64 {
		a := make([]float64, len(d))
		for i, v := range d {
			a[i] = math.Abs(v)
		}
		return a
	}())
	wPlus, mean, variance := 0.0, 0.0, 0.0
	for i, r := range ranks {
		mean += r / 2
		variance += r * r / 4
		if d[i] > 0 {
			wPlus += r
		}
	}
	want := 1 - 0.5*math.Erfc(-((wPlus-mean)/math.Sqrt(variance))/math.Sqrt2)
	if res.Exact || res.N != 60 || res.WPlus != wPlus || math.Abs(res.PValue-want) > 1e-12 {
		t.Fatalf("got %+v, want the normal approximation: W+ %v, p %v", res, wPlus, want)
	}
}

// Mid-ranks are 1-based, tied values sharing the mean of their ranks.
func TestMidRanks(t *testing.T) {
	if r := MidRanks([]float64{3, 1, 3, 2}); !slices.Equal(r, []float64{3.5, 1, 3.5, 2}) {
		t.Fatalf("mid-ranks %v, want [3.5 1 3.5 2]", r)
	}
	// NaN ranks first, NaNs tied (it hung: NaN equals nothing, itself
	// included, so its run of ties never ended).
	nan := math.NaN()
	if r := MidRanks([]float64{2, nan, 1, nan}); !slices.Equal(r, []float64{4, 1.5, 3, 1.5}) {
		t.Fatalf("mid-ranks with NaN %v, want [4 1.5 3 1.5]", r)
	}
	if r := MidRanks([]float64{nan}); !slices.Equal(r, []float64{1}) {
		t.Fatalf("mid-rank of a lone NaN %v", r)
	}
}
