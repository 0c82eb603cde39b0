package models

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/synth"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

func separated(t *testing.T, n, d int, seed uint64) (*ufmi.Features, []int) {
	t.Helper()
	rows, y := synth.Separated(n, d, seed)
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	return x, y
}

// proba is p's posteriors of x, p and err being what a fit returned.
func proba(t *testing.T, p Predictor, err error, x *ufmi.Features) [][]float64 {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.PredictProba(x, 1)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalProba(a, b [][]float64) bool {
	return slices.EqualFunc(a, b, func(p, q []float64) bool { return slices.Equal(p, q) })
}

// calibrationFolds is ufmi's default number of folds (a calibrated forest
// reports one progress step per fold), and FoldTrees(DefaultTrees) its
// default trees per fold: the calibrated forest of the zero config is,
// bit for bit, the one Calibrated(DefaultTrees) fits.
func TestFoldTreesMatchCalibratedDefaults(t *testing.T) {
	x, y := separated(t, 120, 3, 1)
	total := 0
	rt := ufmi.Runtime{Seed: 5, Workers: 1, Progress: func(_, n int) { total = n }}
	zero, err := ufmi.FitCalibrated(x, y, ufmi.CalibratedConfig{}, rt)
	want := proba(t, zero, err, x)
	if total != calibrationFolds {
		t.Errorf("the calibrated forest has %d folds; FoldTrees divides by %d", total, calibrationFolds)
	}
	m := Calibrated("SigRF", ufmi.MethodSigRF, ufmi.DefaultTrees, tree.Config{})
	if got := m.Estimator.Forest.Trees; got != FoldTrees(ufmi.DefaultTrees) {
		t.Errorf("Calibrated(%d trees): %d trees per fold, want %d", ufmi.DefaultTrees, got, FoldTrees(ufmi.DefaultTrees))
	}
	p, err := m.Fit(x, y, 5)
	if got := proba(t, p, err, x); !equalProba(got, want) {
		t.Errorf("FoldTrees(%d) = %d trees per fold: not the calibrated forest's default",
			ufmi.DefaultTrees, FoldTrees(ufmi.DefaultTrees))
	}
	for trees, want := range map[int]int{1: 1, 4: 1, 5: 1, 50: 10, 500: 100} {
		if got := FoldTrees(trees); got != want {
			t.Errorf("FoldTrees(%d) = %d, want %d", trees, got, want)
		}
	}
}

// Fit fits what ufmi's own fits do: UF, RF and the calibrated forests with
// the calibration of their method.
func TestFitIsUfmisFit(t *testing.T) {
	x, y := separated(t, 90, 2, 2)
	const seed = 9
	rt := ufmi.Runtime{Seed: seed}
	uf := UF("UF", withTrees(ufmi.PaperUF(), 10))
	rf := RF("RF", ufmi.MethodRFSplit, 10, tree.Config{})
	fit := func(m Model) [][]float64 {
		p, err := m.Fit(x, y, seed)
		return proba(t, p, err, x)
	}
	ufWant, err := ufmi.FitUF(x, y, uf.Estimator.UF, rt)
	rfWant, err2 := ufmi.FitRF(x, y, rf.Estimator.Forest, rt)
	cases := []struct {
		m    Model
		want [][]float64
	}{
		{uf, proba(t, ufWant, err, x)},
		{rf, proba(t, rfWant, err2, x)},
	}
	for _, method := range []ufmi.Method{ufmi.MethodSigRF, ufmi.MethodIRF} {
		m := Calibrated(string(method), method, 10, tree.Config{})
		cf, err := ufmi.FitCalibrated(x, y, ufmi.CalibratedConfig{Method: method, Forest: m.Estimator.Forest}, rt)
		cases = append(cases, struct {
			m    Model
			want [][]float64
		}{m, proba(t, cf, err, x)})
	}
	for _, c := range cases {
		if !equalProba(fit(c.m), c.want) {
			t.Errorf("%s: Fit differs from ufmi's fit", c.m.Name)
		}
	}
	if _, err := KNN("KSG", ufmi.MethodKSG, 5).Fit(x, y, seed); err == nil {
		t.Error("KSG fitted a posterior model")
	}
	custom := Model{Name: "custom", Custom: func(x *ufmi.Features, y []int, s uint64) (Predictor, error) {
		return ufmi.FitRF(x, y, ufmi.ForestConfig{Trees: 3}, ufmi.Runtime{Seed: s})
	}}
	if _, err := custom.Fit(x, y, seed); err != nil {
		t.Errorf("custom: %v", err)
	}
}

func TestCatalogues(t *testing.T) {
	names := func(ms []Model) string {
		var s []string
		for _, m := range ms {
			s = append(s, m.Name)
		}
		return fmt.Sprint(s)
	}
	if got, want := names(Standard(20)), "[UF UF (paper) RF-oob RF-split SigRF IRF KSG Mixed-KSG]"; got != want {
		t.Errorf("Standard: %s, want %s", got, want)
	}
	if got, want := names(Posterior(20, ufmi.PaperUF())), "[RF SigRF IRF UF]"; got != want {
		t.Errorf("Posterior: %s, want %s", got, want)
	}
	for _, m := range Standard(20) {
		c := m.Estimator
		switch c.Method {
		case ufmi.MethodUF:
			if c.UF.Trees != 20 {
				t.Errorf("%s: %d trees", m.Name, c.UF.Trees)
			}
		case ufmi.MethodSigRF, ufmi.MethodIRF:
			if c.Forest.Trees != 4 {
				t.Errorf("%s: %d trees per fold", m.Name, c.Forest.Trees)
			}
		case ufmi.MethodRFOOB, ufmi.MethodRFSplit:
			if c.Forest.Trees != 20 {
				t.Errorf("%s: %d trees", m.Name, c.Forest.Trees)
			}
		default:
			if c.KNN.K != 5 {
				t.Errorf("%s: k = %d", m.Name, c.KNN.K)
			}
		}
	}
	sel, err := Select(Standard(20), "KSG", "UF")
	if err != nil || names(sel) != "[KSG UF]" {
		t.Errorf("Select: %s, %v", names(sel), err)
	}
	if _, err := Select(Standard(20), "nope"); err == nil {
		t.Error("Select kept an unknown model")
	}
}

func TestNamed(t *testing.T) {
	for _, c := range []struct {
		method, preset string
		name           string
		want           ufmi.Method
	}{
		{"uf", "paper", "UF", ufmi.MethodUF}, {"rf", "", "RF", ufmi.MethodRFSplit},
		{"rf-oob", "", "rf-oob", ufmi.MethodRFOOB}, {"sigrf", "", "sigrf", ufmi.MethodSigRF},
		{"irf", "", "irf", ufmi.MethodIRF}, {"ksg", "", "ksg", ufmi.MethodKSG},
		// In any case: "UF" used to reach the kNN wrapper, "RF" an error.
		{"UF", "Paper", "UF", ufmi.MethodUF}, {"RF", "", "RF", ufmi.MethodRFSplit}, {"SigRF", "", "sigrf", ufmi.MethodSigRF},
	} {
		m, err := Named(c.method, c.preset, 300)
		if err != nil || m.Name != c.name || m.Estimator.Method != c.want {
			t.Errorf("Named(%q) = %s %s, %v", c.method, m.Name, m.Estimator.Method, err)
		}
	}
	m, _ := Named("uf", "paper", 30)
	if fmt.Sprintf("%#v", m.Estimator.UF) != fmt.Sprintf("%#v", withTrees(ufmi.PaperUF(), 30)) {
		t.Errorf("Named uf paper: %#v", m.Estimator.UF)
	}
	if m, _ := Named("irf", "", 300); m.Estimator.Forest.Trees != 60 {
		t.Errorf("Named irf: %d trees per fold, want 60", m.Estimator.Forest.Trees)
	}
	for _, bad := range [][2]string{{"uf", "nope"}, {"nope", ""}} {
		if _, err := Named(bad[0], bad[1], 10); err == nil {
			t.Errorf("Named(%q, %q) accepted", bad[0], bad[1])
		}
	}
	// Fewer trees than folds, or none, are errors (they used to become one
	// tree per fold).
	for method, trees := range map[string]int{"sigrf": 4, "irf": 1, "uf": 0, "rf": -1} {
		if _, err := Named(method, "", trees); err == nil {
			t.Errorf("Named(%q) with %d trees accepted", method, trees)
		}
	}
}

// ExperimentUF keeps the settings of the paper's posterior experiments
// (ufmi's golden numbers pin the estimates of the same settings).
func TestExperimentUF(t *testing.T) {
	want := ufmi.UFConfig{Trees: 300, StructureFraction: 0.63, EmptyLeaf: ufmi.EmptyUniform,
		Tree: tree.Config{MinSamplesLeaf: 1, MaxFeatures: tree.AllFeatures(), Draws: tree.WithoutReplacement}, Unstratified: true, NoScreening: true, PlugIn: true}
	if got := ExperimentUF(); fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
		t.Errorf("ExperimentUF() = %#v\nwant %#v", got, want)
	}
}
