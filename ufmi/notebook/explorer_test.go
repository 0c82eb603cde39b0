package notebook

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// The check: at its default state the explorer's UF estimate (and
// its KSG) is exactly what ufmi.EstimateMI gives on the same simulated data
// with the library's defaults and the same seed.
func TestExplorerDefaultMatchesEstimateMI(t *testing.T) {
	state := DefaultExplorerState()
	r, err := Explore(state)
	if err != nil {
		t.Fatal(err)
	}
	simulation := sim.MISimulation{Setting: sim.Separated, N: state.N, D: state.D, Prior: state.Prior, Mu: state.Mu}
	rows, y, err := simulation.Sample(state.Seed)
	if err != nil {
		t.Fatal(err)
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Confidence: 0.95, Runtime: ufmi.Runtime{Seed: state.Seed}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Final("UF")
	if err != nil {
		t.Fatal(err)
	}
	if got.MI != want.MI || got.CI.Low != want.CI.Low || got.CI.High != want.CI.High || got.N != state.N {
		t.Errorf("explorer UF = %v [%v, %v] on %d rows, EstimateMI = %v [%v, %v]",
			got.MI, got.CI.Low, got.CI.High, got.N, want.MI, want.CI.Low, want.CI.High)
	}
	wantKSG, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{Method: ufmi.MethodKSG, Runtime: ufmi.Runtime{Seed: state.Seed}})
	if err != nil {
		t.Fatal(err)
	}
	if gotKSG, err := r.Final("KSG"); err != nil || gotKSG.MI != wantKSG.MI {
		t.Errorf("explorer KSG = %v (%v), EstimateMI = %v", gotKSG.MI, err, wantKSG.MI)
	}
	truth, _ := simulation.Truth()
	if r.Truth != truth.MI || r.Truth <= 0 {
		t.Errorf("explorer truth %v, sim's %v", r.Truth, truth.MI)
	}
	t.Logf("default state: UF %.4f, KSG %.4f, truth %.4f, %d estimates in %s", got.MI, wantKSG.MI, r.Truth, len(r.Points), r.Elapsed)
}

func TestExplorerSampleFollowsTheState(t *testing.T) {
	base := DefaultExplorerState()
	base.N = 400
	sample := func(s ExplorerState) (*ufmi.Features, []int) {
		t.Helper()
		x, y, err := s.Sample()
		if err != nil {
			t.Fatal(err)
		}
		return x, y
	}
	x0, y0 := sample(base)
	more := base
	more.N = 800
	x1, y1 := sample(more)
	if x1.Rows() != 800 || x0.Rows() != 400 || x0.Cols() != base.D {
		t.Fatalf("n = 400 and 800 gave %d × %d and %d rows", x0.Rows(), x0.Cols(), x1.Rows())
	}
	if !slices.Equal(y0, y1[:400]) || x0.At(399, 4) != x1.At(399, 4) {
		t.Error("a smaller n is not the first rows of a larger n's sample")
	}
	for _, change := range []func(*ExplorerState){
		func(s *ExplorerState) { s.Setting = "scaled" },
		func(s *ExplorerState) { s.Setting = "trunk" },
		func(s *ExplorerState) { s.Mu = 2 },
		func(s *ExplorerState) { s.Seed = 2 },
	} {
		s := base
		change(&s)
		x, y := sample(s)
		if x.At(0, 0) == x0.At(0, 0) && slices.Equal(y, y0) {
			t.Errorf("%s drew the data of %s", s.Describe(), base.Describe())
		}
	}
}

func TestExplorerRejectsBadStates(t *testing.T) {
	for _, c := range []struct {
		change func(*ExplorerState)
		want   string
	}{
		{func(s *ExplorerState) { s.N = 50 }, "n = 50 is too small"},
		{func(s *ExplorerState) { s.N = 1 << 20 }, "too large"},
		{func(s *ExplorerState) { s.D = 0 }, "dimension D must be at least 1"},
		{func(s *ExplorerState) { s.Setting, s.D = "three_class", 1 }, "at least 2 for setting three_class"},
		{func(s *ExplorerState) { s.D = 500 }, "d = 500 is too large"},
		{func(s *ExplorerState) { s.Mu = 0 }, "separation μ must be finite and above 0"},
		{func(s *ExplorerState) { s.Prior = 1 }, "Prior must be in (0, 1)"},
		{func(s *ExplorerState) { s.Setting = "spiral" }, `unknown setting "spiral"`},
		{func(s *ExplorerState) { s.Methods = []string{"UF", "SVM"} }, `unknown method "SVM"`},
		{func(s *ExplorerState) { s.Methods = nil }, "at least one method"},
		{func(s *ExplorerState) { s.Methods = []string{"KSG", "KSG"} }, `"KSG" is chosen twice`},
	} {
		s := DefaultExplorerState()
		c.change(&s)
		err := s.Validate()
		_, exploreErr := Explore(s)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "ufmi: explorer: ") ||
			exploreErr == nil || exploreErr.Error() != err.Error() {
			t.Errorf("%s: Validate = %v, Explore = %v; want %q", s.Describe(), err, exploreErr, c.want)
		}
	}
}

func TestCurveSizes(t *testing.T) {
	for n, want := range map[int][]int{2000: {250, 500, 1000, 2000}, 250: {125, 250}, 100: {100}, 16000: {2000, 4000, 8000, 16000}} {
		if got := curveSizes(n); !slices.Equal(got, want) {
			t.Errorf("curveSizes(%d) = %v, want %v", n, got, want)
		}
	}
}

// A small state of each setting runs with every method, and its figure and
// tables show what they should.
func TestExplorerEverySettingAndMethod(t *testing.T) {
	for _, setting := range ExplorerSettings() {
		s := ExplorerState{Setting: setting, N: 200, D: 3, Mu: 1, Prior: 0.5, Methods: ExplorerMethods(), Seed: 3}
		r, err := Explore(s)
		if err != nil {
			t.Fatalf("%s: %v", setting, err)
		}
		if len(r.Points) != 2*len(ExplorerMethods()) || r.Points[0].N != 100 {
			t.Errorf("%s: %d points, first on %d rows", setting, len(r.Points), r.Points[0].N)
		}
		if setting == "overlapping" && r.Truth != 0 {
			t.Errorf("overlapping truth %v", r.Truth)
		}
		png, err := r.Figure()
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("%s: figure: %v", setting, err)
		}
		table := r.Table()
		for _, want := range []string{"UF (oblique)", "Mixed-KSG", "n = 200"} {
			if !strings.Contains(table, want) {
				t.Errorf("%s: the table lacks %q:\n%s", setting, want, table)
			}
		}
	}
}

func TestExploreDimsAndFirstBelow(t *testing.T) {
	base := DefaultExplorerState()
	base.N = 300
	results, err := ExploreDims(base, []int{1, 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2 || results[0].State.D != 1 || results[1].State.D != 20 {
		t.Fatalf("ExploreDims gave %d results", len(results))
	}
	if table := ExplorerTable(results); !strings.Contains(table, "KSG") || !strings.Contains(table, ">separated</td>") {
		t.Errorf("ExplorerTable:\n%s", table)
	}
	// KSG keeps most of the information in one dimension and loses it in 20.
	first, err := FirstBelow(results, "KSG", 0.5)
	if err != nil || first.State.D != 20 {
		t.Errorf("FirstBelow = d %d, %v; want d 20", first.State.D, err)
	}
	if _, err := FirstBelow(results, "KSG", 0); err == nil {
		t.Error("FirstBelow found an estimate below 0 × the truth")
	}
	if _, err := FirstBelow(results, "IRF", 0.5); err == nil {
		t.Error("FirstBelow of a method not explored gave no error")
	}
	if got := results[0].Closest(); got != "UF" && got != "KSG" {
		t.Errorf("Closest = %q", got)
	}
}

// The controls map a widget's value to the state, clamped to their range,
// and every methods choice is a valid state.
func TestExplorerControls(t *testing.T) {
	controls := explorerControls(DefaultExplorerState())
	s := DefaultExplorerState()
	for _, c := range []struct {
		control, value int
		check          func(ExplorerState) bool
	}{
		{0, 4, func(s ExplorerState) bool { return s.Setting == "trunk" }},
		{1, 3, func(s ExplorerState) bool { return slices.Equal(s.Methods, []string{"UF", "UF (oblique)", "KSG"}) }},
		{2, 0, func(s ExplorerState) bool { return s.N == 250 }},
		{2, 99, func(s ExplorerState) bool { return s.N == 8000 }},
		{3, 12, func(s ExplorerState) bool { return s.D == 12 }},
		{4, 13, func(s ExplorerState) bool { return s.Mu == 1.3 }},
		{4, -5, func(s ExplorerState) bool { return s.Mu == 0.1 }},
		{5, 7, func(s ExplorerState) bool { return s.Seed == 7 }},
	} {
		controls[c.control].set(&s, c.value)
		if !c.check(s) {
			t.Errorf("%s set to %d gave %s", controls[c.control].label, c.value, s.Describe())
		}
	}
	for i, set := range explorerMethodSets {
		s := DefaultExplorerState()
		s.Methods = set
		if err := s.Validate(); err != nil || methodSetIndex(set) != i {
			t.Errorf("methods choice %d: %v", i, err)
		}
	}
	if methodSetIndex(DefaultExplorerState().Methods) != 0 || explorerSizes[nearestSize(DefaultExplorerState().N)] != 2000 || nearestSize(3100) != 4 {
		t.Error("the controls do not open at the default state")
	}
}

// The control loop draws once per rest of the controls, the latest state,
// never a state already drawn, and returns on stop or when idle.
func TestControlLoopDebounces(t *testing.T) {
	start := DefaultExplorerState()
	changes := make(chan stateChange, 64)
	for d := 1; d <= 20; d++ {
		changes <- func(s *ExplorerState) { s.D = d }
	}
	stop := make(chan struct{})
	var echoed int
	drawn := make(chan ExplorerState, 10)
	loop := controlLoop{quiet: 50 * time.Millisecond, idle: time.Minute,
		echo: func(_ ExplorerState, waiting bool) {
			if waiting {
				echoed++
			}
		},
		draw: func(s ExplorerState) { drawn <- s },
	}
	done := make(chan ExplorerState)
	go func() { done <- loop.run(start, changes, stop) }()
	select {
	case s := <-drawn:
		if s.D != 20 {
			t.Errorf("drew d = %d, want the last, 20", s.D)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no draw after the controls rested")
	}
	// Moving d away and back to the drawn state draws nothing, and a
	// change that changes nothing is not echoed.
	changes <- func(s *ExplorerState) { s.D = 3 }
	changes <- func(s *ExplorerState) { s.D = 20 }
	changes <- func(s *ExplorerState) { s.D = 20 }
	time.Sleep(300 * time.Millisecond)
	close(stop)
	final := <-done
	if len(drawn) != 0 || final.D != 20 || echoed != 22 {
		t.Errorf("after stop: %d more draws, final d = %d, %d echoes (want 0, 20, 22)", len(drawn), final.D, echoed)
	}
	quiet := controlLoop{quiet: time.Millisecond, idle: 20 * time.Millisecond, echo: func(ExplorerState, bool) {},
		draw: func(ExplorerState) { t.Error("drew without a change") }}
	if idle := quiet.run(start, make(chan stateChange), make(chan struct{})); !idle.equal(start) {
		t.Errorf("idle return %s", idle.Describe())
	}
}
