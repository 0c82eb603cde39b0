package notebook

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

func sweepResults(t *testing.T) dataframe.DataFrame {
	t.Helper()
	df, err := frame.FromRecords([]string{"setting", "method", "n", "mi", "mi_true"}, [][]any{
		{"separated", "UF", 100, 0.30, 0.34}, {"separated", "UF", 100, 0.32, 0.34},
		{"separated", "KSG", 100, 0.20, 0.34}, {"separated", "UF", 200, 0.33, 0.34},
		{"overlapping", "UF", 100, 0.01, 0.0}, {"overlapping", "KSG", 100, 0.02, 0.0},
	})
	if err != nil {
		t.Fatal(err)
	}
	return df
}

func TestSettingPanelsOnePanelPerSettingWithTruth(t *testing.T) {
	specs, err := SettingPanels(sweepResults(t), SweepPlot{X: "n", Y: "mi", XLabel: "n", YLabel: "I"})
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 2 || specs[0].Title != "separated" || specs[1].Title != "overlapping" {
		t.Fatalf("panels %d, titles %q %q", len(specs), specs[0].Title, specs[len(specs)-1].Title)
	}
	uf := specs[0].Series[0]
	if uf.Name != "UF" || len(uf.X) != 2 || uf.Y[0] != 0.31 {
		t.Errorf("UF curve in the first panel: %+v", uf)
	}
	if specs[1].Series[0].Name != "" || specs[1].Series[0].Method != "UF" {
		t.Errorf("the second panel's UF: name %q (want none), method %q (want UF, for its colour)", specs[1].Series[0].Name, specs[1].Series[0].Method)
	}
	if specs[0].Truth == nil {
		t.Error("no truth drawn")
	}
	if _, err := SweepPanel(sweepResults(t), SweepPlot{X: "n", Y: "h_y_given_x"}); err == nil {
		t.Error("a missing estimate column was accepted")
	}
}

func TestCachedRunRunsOnceThenReads(t *testing.T) {
	t.Setenv("UFMI_RECOMPUTE", "")
	t.Setenv("UFMI_FULL", "")
	// CachePath is relative to a notebooks folder: ../data/sim/.
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "data", "sim"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "notebooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(root, "notebooks"))
	name := "sweep"
	runs := 0
	run := func(ufmi.Progress) (dataframe.DataFrame, error) { runs++; return sweepResults(t), nil }
	first := CachedRun(name, run)
	second := CachedRun(name, run)
	if _, err := os.Stat(filepath.Join(root, "data", "sim", "sweep_small.csv")); err != nil {
		t.Errorf("no cache file: %v", err)
	}
	if runs != 1 || first.Nrow() != 6 || second.Nrow() != 6 {
		t.Errorf("runs %d, rows %d and %d", runs, first.Nrow(), second.Nrow())
	}
}

func TestMeanWhereAtOneValueAndMethodError(t *testing.T) {
	df := sweepResults(t)
	if v, err := MeanWhere(df, "mi", "n", "200"); err != nil || v != 0.33 {
		t.Errorf("MeanWhere n=200: %v, %v", v, err)
	}
	if _, err := MeanWhere(df, "mi", "n", "300"); err == nil {
		t.Error("MeanWhere: a missing value was found")
	}
	errs, err := MethodError(df, "UF", "n", "mi")
	// UF at n = 100: |0.30-0.34|, |0.32-0.34|, |0.01-0| -> mean 0.07/3; at n = 200: 0.01.
	if err != nil || len(errs) != 2 || math.Abs(errs[0]-0.07/3) > 1e-12 || math.Abs(errs[1]-0.01) > 1e-12 {
		t.Errorf("MethodError: %v, %v", errs, err)
	}
	if _, err := MethodError(df, "IRF", "n", "mi"); err == nil {
		t.Error("MethodError: a missing method was accepted")
	}
}

func TestMeanWhere(t *testing.T) {
	df := sweepResults(t)
	if v, err := MeanWhere(df, "mi", "method", "UF", "n", "100", "setting", "separated"); err != nil || math.Abs(v-0.31) > 1e-12 {
		t.Errorf("MeanWhere: %v, %v", v, err)
	}
	if _, err := MeanWhere(df, "mi", "method", "IRF"); err == nil {
		t.Error("no matching row was accepted")
	}
	if _, err := MeanWhere(df, "mi", "method"); err == nil {
		t.Error("an odd number of strings was accepted")
	}
}

// A method outside viz's known ones keeps one style in every panel, also
// where another is absent; a title's other % signs stay; two truths at one
// x are an error, not the last one drawn.
func TestPanelsKeepStylesAndTitles(t *testing.T) {
	df, err := frame.FromRecords([]string{"setting", "method", "n", "mi", "mi_true"}, [][]any{
		{"A", "alpha", 100, 0.30, 0.34}, {"A", "beta", 100, 0.20, 0.34},
		{"B", "beta", 100, 0.10, 0.12},
	})
	if err != nil {
		t.Fatal(err)
	}
	specs, err := Panels(df, "setting", "accuracy (%) in %s", SweepPlot{X: "n", Y: "mi"})
	if err != nil {
		t.Fatal(err)
	}
	if specs[0].Title != "accuracy (%) in A" || specs[1].Title != "accuracy (%) in B" {
		t.Errorf("titles %q, %q", specs[0].Title, specs[1].Title)
	}
	beta0, beta1 := specs[0].Series[1], specs[1].Series[0]
	if beta0.Name != "beta" || beta1.Method != "beta" || beta0.Slot == 0 || beta0.Slot != beta1.Slot || beta0.Slot == specs[0].Series[0].Slot {
		t.Errorf("beta's slots %d and %d (alpha's %d): want one of its own in both panels", beta0.Slot, beta1.Slot, specs[0].Series[0].Slot)
	}
	if _, err := SweepPanel(df, SweepPlot{X: "n", Y: "mi"}); err == nil || !strings.Contains(err.Error(), `column "mi_true" holds two truths where n = 100`) {
		t.Errorf("two settings in one panel: %v", err)
	}
}

// MeanWhere refuses a matching row whose value is missing, and CheckNumber
// tells apart answers that differ by more than the tolerance and accepts
// an infinite answer equal to the expected one.
func TestMeanWhereNaNAndCheckNumberDigits(t *testing.T) {
	df, err := frame.FromRecords([]string{"method", "mi"}, [][]any{{"UF", 0.3}, {"UF", math.NaN()}, {"KSG", 0.2}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MeanWhere(df, "mi", "method", "UF"); err == nil || !strings.Contains(err.Error(), "missing (NaN)") {
		t.Errorf("a NaN among the rows: %v", err)
	}
	if m, err := MeanWhere(df, "mi", "method", "KSG"); err != nil || m != 0.2 {
		t.Errorf("KSG: %v, %v", m, err)
	}
	if got := checkDigits(1.00004, 1e-5); got != "1.00004" {
		t.Errorf("checkDigits(1.00004, 1e-5) = %q", got)
	}
	if got := checkDigits(1.0/3, 0.01); got != "0.333" {
		t.Errorf("checkDigits(1/3, 0.01) = %q", got)
	}
	if !CheckNumber("inf", math.Inf(1), math.Inf(1), 0.01) {
		t.Error("an infinite answer equal to the expected one was refused")
	}
}
