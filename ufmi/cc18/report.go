package cc18

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Cells formats the table as the paper prints it: "median (p)" per cell,
// with an asterisk when the one-sided p-value is below alpha; the diagonal
// is empty. The first column holds the row learner.
func (p Pairwise) Cells(alpha float64) (header []string, rows [][]any) {
	header = append([]string{string(p.Metric)}, p.Learners...)
	for r, lr := range p.Learners {
		row := []any{lr}
		for c := range p.Learners {
			if r == c {
				row = append(row, "")
				continue
			}
			star := ""
			if p.PValue[r][c] < alpha {
				star = "*"
			}
			row = append(row, fmt.Sprintf("%.3f%s (%.3f)", p.Median[r][c], star, p.PValue[r][c]))
		}
		rows = append(rows, row)
	}
	return header, rows
}

// PooledBins adds up one learner's reliability bins over every fold and
// dataset: counts add, confidence and accuracy are count-weighted means.
func PooledBins(scores []FoldScore, learner string) []metrics.ReliabilityBin {
	var out []metrics.ReliabilityBin
	for _, s := range scores {
		if s.Learner != learner {
			continue
		}
		if out == nil {
			out = make([]metrics.ReliabilityBin, len(s.Bins))
			for b := range out {
				out[b].Lo, out[b].Hi = s.Bins[b].Lo, s.Bins[b].Hi
			}
		}
		for b, bin := range s.Bins {
			n := float64(bin.Count)
			out[b].Confidence += bin.Confidence * n
			out[b].Accuracy += bin.Accuracy * n
			out[b].Count += bin.Count
		}
	}
	for b := range out {
		if n := float64(out[b].Count); n > 0 {
			out[b].Confidence /= n
			out[b].Accuracy /= n
		}
	}
	return out
}

// PaperTables are the medians the paper prints (row minus column, over the
// CC18 datasets) for Cohen's kappa loss, ECE and MCE (its appendix tables
// fig:ck_wilcoxon, fig:ece_wilcoxon and fig:mce_wilcoxon), learners RF, IRF,
// SigRF, UF; an asterisk marks one-sided Wilcoxon p < 0.05.
var PaperTables = map[Metric][4][4]string{
	KappaLoss: {
		{"", "-0.003*", "-0.003*", "-0.036*"},
		{"0.003", "", "0.000*", "-0.030*"},
		{"0.003", "0.000", "", "-0.028*"},
		{"0.036", "0.030", "0.028", ""},
	},
	ECE: {
		{"", "0.017", "0.004", "0.014"},
		{"-0.017*", "", "-0.016*", "-0.007*"},
		{"-0.004", "0.016", "", "0.002"},
		{"-0.014*", "0.007", "-0.002", ""},
	},
	MCE: {
		{"", "0.029", "0.007", "0.037"},
		{"-0.029*", "", "-0.010*", "-0.006"},
		{"-0.007", "0.010", "", "0.003"},
		{"-0.037*", "0.006", "-0.003", ""},
	},
}

// MeanConfidence returns one learner's mean confidence (posterior of the
// predicted class) and accuracy over every scored test row: confidence
// below accuracy means under-confident posteriors.
func MeanConfidence(scores []FoldScore, learner string) (confidence, accuracy float64) {
	n := 0
	for _, b := range PooledBins(scores, learner) {
		confidence += b.Confidence * float64(b.Count)
		accuracy += b.Accuracy * float64(b.Count)
		n += b.Count
	}
	if n == 0 {
		return 0, 0
	}
	return confidence / float64(n), accuracy / float64(n)
}
