package study

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/cc18"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// handScores are two folds per dataset: RF on datasets 3, 1, 2 and UF on
// 2, 3, 1 and 9 (RF has no score on 9), with ECE values whose fold means
// differ by a known amount per dataset.
func handScores() []cc18.FoldScore {
	var s []cc18.FoldScore
	for _, d := range []int{3, 1, 2} {
		for f := range 2 {
			s = append(s, cc18.FoldScore{Dataset: d, Fold: f, Learner: "RF", ECE: 0.1*float64(d) + 0.01*float64(f)})
		}
	}
	for _, d := range []int{2, 3, 1, 9} {
		for f := range 2 {
			// UF's mean on dataset d is RF's plus 0.001*d, its folds spread by 0.04.
			s = append(s, cc18.FoldScore{Dataset: d, Fold: f, Learner: "UF", ECE: 0.1*float64(d) + 0.005 + 0.001*float64(d) + 0.04*float64(f) - 0.02})
		}
	}
	return s
}

func TestCC18DifferencesPerDatasetInIDOrder(t *testing.T) {
	got, err := CC18Differences(handScores(), cc18.ECE, "RF", []string{"UF"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Name != "UF - RF" {
		t.Fatalf("categories %+v, want one named UF - RF", got)
	}
	want := []float64{0.001, 0.002, 0.003} // datasets 1, 2, 3; 9 has no RF score
	if len(got[0].Values) != len(want) {
		t.Fatalf("values %v, want %v", got[0].Values, want)
	}
	for i, w := range want {
		if math.Abs(got[0].Values[i]-w) > 1e-12 {
			t.Errorf("dataset %d: difference %v, want %v", i+1, got[0].Values[i], w)
		}
	}
	for _, bad := range []struct {
		base   string
		others []string
		metric cc18.Metric
	}{{"IRF", []string{"UF"}, cc18.ECE}, {"RF", []string{"SigRF"}, cc18.ECE}, {"RF", []string{"UF"}, "brier"}} {
		if _, err := CC18Differences(handScores(), bad.metric, bad.base, bad.others); err == nil || !strings.HasPrefix(err.Error(), "ufmi: ") {
			t.Errorf("base %q, others %v, metric %q: error %v, want a ufmi error", bad.base, bad.others, bad.metric, err)
		}
	}
}

func TestCC18ReliabilityPoolsBins(t *testing.T) {
	bins := func(c1, a1 float64, n1 int) []metrics.ReliabilityBin {
		return []metrics.ReliabilityBin{{Lo: 0, Hi: 0.5}, {Lo: 0.5, Hi: 1, Count: n1, Confidence: c1, Accuracy: a1}}
	}
	scores := []cc18.FoldScore{
		{Dataset: 1, Fold: 0, Learner: "RF", Bins: bins(0.6, 0.7, 10)},
		{Dataset: 1, Fold: 1, Learner: "RF", Bins: bins(0.9, 1.0, 30)},
		{Dataset: 1, Fold: 0, Learner: "UF", Bins: bins(0.8, 0.5, 2)},
	}
	got, err := CC18Reliability(scores, []string{"UF", "RF"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "UF" || got[1].Name != "RF" {
		t.Fatalf("models %+v, want UF then RF", got)
	}
	rf := got[1].Bins[1]
	if rf.Count != 40 || math.Abs(rf.Confidence-0.825) > 1e-12 || math.Abs(rf.Accuracy-0.925) > 1e-12 {
		t.Errorf("RF's pooled upper bin %+v, want 40 rows, confidence 0.825, accuracy 0.925", rf)
	}
	if got[1].Bins[0].Count != 0 {
		t.Errorf("RF's empty bin %+v, want count 0", got[1].Bins[0])
	}
	if _, err := CC18Reliability(scores, []string{"RF", "IRF"}); err == nil {
		t.Error("a learner without scores: no error")
	}
}

func TestCC18PaperFrameMatchesTheComputedLayout(t *testing.T) {
	df, ok, err := CC18PaperFrame(cc18.ECE)
	if err != nil || !ok {
		t.Fatalf("ECE: ok %v, err %v", ok, err)
	}
	header := []string{"ece", "RF", "IRF", "SigRF", "UF"} // as Pairwise.Cells heads a computed table
	if !slices.Equal(df.Names(), header) {
		t.Errorf("columns %v, want the computed table's %v", df.Names(), header)
	}
	rows, err := frame.Strings(df, "ece")
	if err != nil || !slices.Equal(rows, []string{"RF", "IRF", "SigRF", "UF"}) {
		t.Fatalf("row learners %v (%v)", rows, err)
	}
	rf, _ := frame.Strings(df, "RF")
	if rf[3] != "-0.014*" || rf[0] != "" {
		t.Errorf("column RF %q: want the diagonal empty and UF minus RF -0.014*", rf)
	}
	// The paper's appendix table fig:mce_wilcoxon: UF minus RF -0.037 (p 0.026).
	mce, ok, err := CC18PaperFrame(cc18.MCE)
	if err != nil || !ok {
		t.Fatalf("MCE: ok %v, err %v", ok, err)
	}
	if rf, _ := frame.Strings(mce, "RF"); rf[3] != "-0.037*" || rf[1] != "-0.029*" {
		t.Errorf("MCE column RF %q: want IRF minus RF -0.029* and UF minus RF -0.037*", rf)
	}
	if _, ok, err := CC18PaperFrame(cc18.Metric("brier")); ok || err != nil {
		t.Errorf("a metric the paper has no table of: ok %v, err %v", ok, err)
	}
}

func TestCC18DatasetFrame(t *testing.T) {
	df, err := CC18DatasetFrame([]int{29, 11})
	if err != nil {
		t.Fatal(err)
	}
	names, _ := frame.Strings(df, "name")
	rows, _ := frame.Float64Column(df, "instances")
	if !slices.Equal(names, []string{"credit-approval", "balance-scale"}) || !slices.Equal(rows, []float64{690, 625}) {
		t.Errorf("names %v, instances %v", names, rows)
	}
	if _, err := CC18DatasetFrame([]int{29, 99}); err == nil || !strings.Contains(err.Error(), "99") {
		t.Errorf("dataset 99 is not in the suite: error %v", err)
	}
}
