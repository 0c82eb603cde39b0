package ufmi

import "math"

// An MI's interval where the rows show no label noise (Interval.NoneMisclassified).
//
// When every scored row's out-of-sample posterior puts more than half its
// mass on the row's label, each row's term of the influence function sits
// near its ceiling, -log p̂(y_i): the SE, their spread, says how the
// observed rows vary, not how many misclassified rows a sample of this size
// could have missed. With labels that are nearly but not exactly
// deterministic (a few rows in a thousand on the wrong side of a sharp
// boundary) a sample without any of them reads I = H(Y) with an interval of
// zero width. The interval's lower end then comes from the error rate that
// no misclassification among m rows still allows instead:
//
//   - the classifier that predicts each row's most probable class out of
//     sample made no error on m rows, so its error rate is at most
//     p_u = 1 - α^(1/m) with confidence 1 - α (Clopper and Pearson's limit
//     for 0 errors), α = (1 - level)/2, the interval's lower tail;
//   - Fano's inequality bounds H(Y|X) by the error rate P_e of any
//     classifier: H(Y|X) ≤ h(P_e) + P_e·log(K - 1), h the binary entropy;
//
// so I(X;Y) ≥ H(Y) - h(p_u) - p_u·log(K - 1), with H(Y) the plug-in. Low
// is the lower of that limit and the normal one. A conditional MI,
// H(Y|A) - H(Y|A,B), takes the same limit on each fit: where the fit on
// all its columns misclassified no row, its Low is the normal one less
// Fano's limit on H(Y|A,B); where the fit on the given columns A
// misclassified none, its High is at least Fano's limit on H(Y|A), which
// the conditional MI cannot exceed. The limit holds whatever
// the forest (a poor classifier only errs more), as the lower bound does,
// and like it takes the rows' out-of-sample predictions as those of one
// classifier. docs/inference.md ("Rows without label noise") measures it.

// missCount is what the separable limit needs of one fit's rows: how many
// were scored and misclassified, with the plug-in H(Y) and the classes.
type missCount struct {
	scored, missed, k int
	hy                float64
}

// countMisses counts the rows of φ = log p̂(y_i|x_i) - log p̂(y_i) (NaN:
// not scored) whose posterior of their label, exp(φ_i)·p̂(y_i), is at most
// one half: a superset of the rows the most probable class misclassifies.
func countMisses(phi []float64, y []int, prior []float64, hy float64) missCount {
	m := missCount{k: len(prior), hy: hy}
	for i, v := range phi {
		if math.IsNaN(v) {
			continue
		}
		m.scored++
		if misclassifies(v + math.Log(prior[y[i]])) {
			m.missed++
		}
	}
	return m
}

// misclassifies reports whether a row whose out-of-sample posterior of its
// label is exp(logProb) counts as misclassified: that posterior is at most
// one half.
func misclassifies(logProb float64) bool { return logProb <= -math.Ln2 }

// separable reports whether m's fit scored rows and misclassified none.
func (m missCount) separable() bool { return m.scored > 0 && m.missed == 0 }

// worse is the count of two fits' rows that takes the more misclassified
// and the fewer scored: the separable limits hold for their mean only if
// neither fit misclassified a row.
func (m missCount) worse(o missCount) missCount {
	m.scored = min(m.scored, o.scored)
	m.missed = max(m.missed, o.missed)
	return m
}

// entropyLimit is Fano's upper limit on H(Y | the fit's columns) of rows
// none of which was misclassified, h(p_u) + p_u·log(K - 1) with p_u as in
// separableLimit (log K when p_u reaches (K-1)/K).
func (m missCount) entropyLimit(level float64) float64 {
	return m.entropyLimitAt((1 - level) / 2)
}

// entropyLimitAt is entropyLimit with p_u the upper limit of the error rate
// at one-sided confidence 1 - alpha.
func (m missCount) entropyLimitAt(alpha float64) float64 {
	pu := -math.Expm1(math.Log(alpha) / float64(m.scored))
	k := float64(m.k)
	if pu >= (k-1)/k {
		return math.Log(k)
	}
	h := -pu*math.Log(pu) - (1-pu)*math.Log1p(-pu)
	return h + pu*math.Log(k-1)
}

// maxInformation is the most an MI or conditional MI of m's K classes can
// be, log K (0 for fewer than two classes, when m was not counted).
func (m missCount) maxInformation() float64 {
	if m.k < 2 {
		return 0
	}
	return math.Log(float64(m.k))
}

// separableLimit is the lower limit on I(X;Y), at the two-sided level,
// of rows none of which was misclassified: H(Y) - h(p_u) - p_u·log(K - 1)
// with p_u = 1 - α^(1/scored), α = (1 - level)/2; 0 when p_u allows any
// error rate up to (K-1)/K (then Fano bounds nothing) or the limit falls
// below 0.
func (m missCount) separableLimit(level float64) float64 {
	return max(0, m.hy-m.entropyLimit(level))
}
