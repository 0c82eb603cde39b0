package metrics

import (
	"fmt"
	"maps"
	"math"
	"slices"
)

// checkPredictions validates posterior rows against labels and returns K.
func checkPredictions(proba [][]float64, y []int) (int, error) {
	if len(proba) == 0 {
		return 0, fmt.Errorf("ufmi: no predictions")
	}
	if len(proba) != len(y) {
		return 0, fmt.Errorf("ufmi: %d posterior rows for %d labels", len(proba), len(y))
	}
	k := len(proba[0])
	for i, p := range proba {
		if len(p) != k {
			return 0, fmt.Errorf("ufmi: posterior row %d has %d classes, row 0 has %d", i, len(p), k)
		}
		s := 0.0
		for _, v := range p {
			if math.IsNaN(v) || v < 0 {
				return 0, fmt.Errorf("ufmi: posterior row %d holds %v", i, v)
			}
			s += v
		}
		if math.Abs(s-1) > 1e-6 {
			return 0, fmt.Errorf("ufmi: posterior row %d sums to %v, not 1", i, s)
		}
		if y[i] < 0 || y[i] >= k {
			return 0, fmt.Errorf("ufmi: label %d of row %d is not a class code 0..%d", y[i], i, k-1)
		}
	}
	return k, nil
}

// Accuracy is the fraction of rows whose most probable class is the label.
func Accuracy(proba [][]float64, y []int) (float64, error) {
	if _, err := checkPredictions(proba, y); err != nil {
		return 0, err
	}
	right := 0
	for i, c := range Argmax(proba) {
		if c == y[i] {
			right++
		}
	}
	return float64(right) / float64(len(y)), nil
}

// CohenKappa is Cohen's kappa (p_o - p_e) / (1 - p_e) between true and
// predicted class codes 0..k-1, where p_o is the agreement and p_e the
// agreement expected by chance from the two marginals. The paper reports
// its negation as a loss. When p_e = 1 (both lists hold one and the same
// class) kappa is undefined; it is reported as 1 if all rows agree, else 0.
// k must be positive; memory grows with the classes present, not with k.
func CohenKappa(yTrue, yPred []int, k int) (float64, error) {
	if len(yTrue) == 0 || len(yTrue) != len(yPred) {
		return 0, fmt.Errorf("ufmi: Cohen's kappa needs equal, non-empty label lists (got %d and %d)", len(yTrue), len(yPred))
	}
	if k < 1 {
		return 0, fmt.Errorf("ufmi: Cohen's kappa needs k >= 1 classes, got %d", k)
	}
	rowSum, colSum := map[int]float64{}, map[int]float64{}
	agree := 0.0
	for i := range yTrue {
		a, b := yTrue[i], yPred[i]
		if a < 0 || a >= k || b < 0 || b >= k {
			return 0, fmt.Errorf("ufmi: labels of row %d (%d, %d) are not class codes 0..%d", i, a, b, k-1)
		}
		rowSum[a]++
		colSum[b]++
		if a == b {
			agree++
		}
	}
	n := float64(len(yTrue))
	po, pe := agree/n, 0.0
	for _, c := range slices.Sorted(maps.Keys(rowSum)) { // in code order: the same sum every run
		pe += rowSum[c] * colSum[c] / (n * n)
	}
	if pe == 1 {
		if po == 1 {
			return 1, nil
		}
		return 0, nil
	}
	return (po - pe) / (1 - pe), nil
}

// binOf is the bin of confidence conf among bins bins, (l/bins, (l+1)/bins]
// by the bins' own edges (ReliabilityBin.Lo and Hi): conf·bins is rounded,
// and for a confidence one ulp above an edge it can round onto the edge
// (nextafter(2/3, 1)·3 = 2), which would put it in the bin below.
func binOf(conf float64, bins int) int {
	l := int(math.Ceil(conf*float64(bins))) - 1
	for l > 0 && conf <= float64(l)/float64(bins) {
		l--
	}
	for l < bins-1 && conf > float64(l+1)/float64(bins) {
		l++
	}
	return min(max(l, 0), bins-1)
}

// MaxBins bounds the bins of Reliability, ECE and MCE.
const MaxBins = 1_000_000

// ReliabilityBin is one confidence bin of a reliability diagram.
type ReliabilityBin struct {
	Lo, Hi     float64 // the bin is (Lo, Hi]
	Count      int
	Confidence float64 // mean confidence (posterior of the predicted class) in the bin
	Accuracy   float64 // fraction of correct predictions in the bin
}

// Reliability sorts the rows into bins equal-width bins on (0, 1] by the
// posterior of the predicted class, as the paper does (bin l holds
// confidences in ((l-1)/L, l/L]; a confidence of exactly 1 is in the last
// bin), and reports each bin's count, mean confidence and accuracy. bins
// must be in 1..MaxBins.
func Reliability(proba [][]float64, y []int, bins int) ([]ReliabilityBin, error) {
	if bins < 1 || bins > MaxBins {
		return nil, fmt.Errorf("ufmi: %d bins must be in 1..%d", bins, MaxBins)
	}
	if _, err := checkPredictions(proba, y); err != nil {
		return nil, err
	}
	out := make([]ReliabilityBin, bins)
	for l := range out {
		out[l].Lo, out[l].Hi = float64(l)/float64(bins), float64(l+1)/float64(bins)
	}
	pred := Argmax(proba)
	for i, p := range proba {
		conf := p[pred[i]]
		l := binOf(conf, bins)
		out[l].Count++
		out[l].Confidence += conf
		if pred[i] == y[i] {
			out[l].Accuracy++
		}
	}
	for l := range out {
		if c := float64(out[l].Count); c > 0 {
			out[l].Confidence /= c
			out[l].Accuracy /= c
		}
	}
	return out, nil
}

// ECE is the expected calibration error: sum over bins of |B|/m ·
// |acc(B) - conf(B)| (the paper uses 20 bins).
func ECE(proba [][]float64, y []int, bins int) (float64, error) {
	rel, err := Reliability(proba, y, bins)
	if err != nil {
		return 0, err
	}
	e := 0.0
	for _, b := range rel {
		e += float64(b.Count) / float64(len(y)) * math.Abs(b.Accuracy-b.Confidence)
	}
	return e, nil
}

// MCE is the maximum calibration error: the largest |acc(B) - conf(B)| over
// non-empty bins.
func MCE(proba [][]float64, y []int, bins int) (float64, error) {
	rel, err := Reliability(proba, y, bins)
	if err != nil {
		return 0, err
	}
	m := 0.0
	for _, b := range rel {
		if b.Count > 0 {
			m = math.Max(m, math.Abs(b.Accuracy-b.Confidence))
		}
	}
	return m, nil
}

// Argmax returns the index of the largest value of every row (lowest index
// on ties): the predicted class of each posterior row.
func Argmax(proba [][]float64) []int {
	out := make([]int, len(proba))
	for i, p := range proba {
		best := 0
		for c := range p {
			if p[c] > p[best] {
				best = c
			}
		}
		out[i] = best
	}
	return out
}
