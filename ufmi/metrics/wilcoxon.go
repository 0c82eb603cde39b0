package metrics

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Alternative is the alternative hypothesis of a test about the median of
// paired differences.
type Alternative int

const (
	// AltLess: the differences tend to be negative (the paper's one-sided test).
	AltLess Alternative = iota
	// AltGreater: the differences tend to be positive.
	AltGreater
	// AltTwoSided: the differences are not centred on zero.
	AltTwoSided
)

// ZeroMethod says what the signed-rank test does with zero differences.
type ZeroMethod int

const (
	// ZeroWilcox drops zero differences before ranking (the default, as
	// scipy's "wilcox").
	ZeroWilcox ZeroMethod = iota
	// ZeroPratt ranks zeros with the others, then drops their ranks, so they
	// shift the ranks of the non-zero differences (Pratt 1959).
	ZeroPratt
)

// WilcoxonResult is the outcome of a signed-rank test.
type WilcoxonResult struct {
	WPlus  float64 // sum of the ranks of the positive differences
	N      int     // differences whose ranks count (non-zero)
	PValue float64
	Exact  bool // exact null distribution (else normal approximation)
}

// WilcoxonSignedRank tests whether paired differences d are centred on zero.
// Ranks of |d| are averaged over ties. With at most 50 non-zero differences
// the p-value is exact: the null distribution of W+ given the ranks (every
// pattern of signs equally likely), ties and zeros included, where scipy
// and R fall back to the normal approximation when the ranks tie. Beyond 50
// it comes from the normal approximation with the tie-corrected variance
// sum(r²)/4 and no continuity correction (as scipy's default). NaN or
// infinite differences are an error; so is having no non-zero difference,
// and so are values of alt and zeros other than the constants above.
func WilcoxonSignedRank(d []float64, alt Alternative, zeros ZeroMethod) (WilcoxonResult, error) {
	if alt != AltLess && alt != AltGreater && alt != AltTwoSided {
		return WilcoxonResult{}, fmt.Errorf("ufmi: unknown alternative %d (want AltLess, AltGreater or AltTwoSided)", int(alt))
	}
	if zeros != ZeroWilcox && zeros != ZeroPratt {
		return WilcoxonResult{}, fmt.Errorf("ufmi: unknown zero method %d (want ZeroWilcox or ZeroPratt)", int(zeros))
	}
	for i, v := range d {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return WilcoxonResult{}, fmt.Errorf("ufmi: difference %d is %v", i, v)
		}
	}
	var ranked []float64
	for _, v := range d {
		if v == 0 {
			if zeros == ZeroWilcox {
				continue
			}
		}
		ranked = append(ranked, v)
	}
	ranks := signedRanks(ranked)
	var res WilcoxonResult
	var counted []float64 // the ranks of the non-zero differences
	mean, variance := 0.0, 0.0
	for i, v := range ranked {
		if v == 0 {
			continue
		}
		res.N++
		counted = append(counted, ranks[i])
		mean += ranks[i] / 2
		variance += ranks[i] * ranks[i] / 4
		if v > 0 {
			res.WPlus += ranks[i]
		}
	}
	if res.N == 0 {
		return WilcoxonResult{}, fmt.Errorf("ufmi: the signed-rank test needs at least one non-zero difference")
	}
	if res.N <= maxExactSignedRank {
		res.Exact = true
		res.PValue = exactSignedRankP(counted, res.WPlus, alt)
		return res, nil
	}
	z := (res.WPlus - mean) / math.Sqrt(variance)
	switch alt {
	case AltLess:
		res.PValue = normalCDF(z)
	case AltGreater:
		res.PValue = 1 - normalCDF(z)
	default:
		res.PValue = math.Min(1, 2*(1-normalCDF(math.Abs(z))))
	}
	return res, nil
}

// signedRanks returns the ranks of |v| (1-based, averaged over ties).
func signedRanks(v []float64) []float64 {
	abs := make([]float64, len(v))
	for i, x := range v {
		abs[i] = math.Abs(x)
	}
	return MidRanks(abs)
}

// MidRanks returns the ranks of v, 1-based, tied values sharing the mean of
// their ranks. NaN values rank first, tied with each other (the order of
// cmp.Compare); the tests of this package refuse them before ranking.
func MidRanks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	ranks := make([]float64, len(v))
	for p := 0; p < len(idx); {
		q := p + 1
		for q < len(idx) && cmp.Compare(v[idx[q]], v[idx[p]]) == 0 {
			q++
		}
		r := float64(p+q+1) / 2 // mean of ranks p+1 .. q
		for _, i := range idx[p:q] {
			ranks[i] = r
		}
		p = q
	}
	return ranks
}

// maxExactSignedRank is the most non-zero differences whose p-value is
// exact; beyond it the normal approximation is accurate.
const maxExactSignedRank = 50

// exactSignedRankP is the exact p-value of W+ = w given the ranks of the
// non-zero differences, under the null (every pattern of signs equally
// likely), by counting patterns per sum. Mid-ranks are whole or half
// numbers, so the sums are counted in half units.
func exactSignedRankP(ranks []float64, w float64, alt Alternative) float64 {
	half := make([]int, len(ranks))
	max := 0
	for i, r := range ranks {
		half[i] = int(math.Round(2 * r))
		max += half[i]
	}
	counts := make([]float64, max+1)
	counts[0] = 1
	for _, r := range half {
		for s := max; s >= r; s-- {
			counts[s] += counts[s-r]
		}
	}
	total := math.Pow(2, float64(len(ranks)))
	w2 := int(math.Round(2 * w))
	le, ge := 0.0, 0.0
	for s, c := range counts {
		if s <= w2 {
			le += c
		}
		if s >= w2 {
			ge += c
		}
	}
	switch alt {
	case AltLess:
		return le / total
	case AltGreater:
		return ge / total
	}
	return math.Min(1, 2*math.Min(le, ge)/total)
}

// normalCDF is the standard normal distribution function.
func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
