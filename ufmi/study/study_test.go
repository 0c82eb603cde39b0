package study

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

func TestMISweepMatchesDirectEstimates(t *testing.T) {
	ests, err := models.Select(models.Standard(20), "UF", "KSG")
	if err != nil {
		t.Fatal(err)
	}
	sweep := MISweep{Settings: []sim.MISetting{sim.Separated}, Cells: []Cell{{N: 300, D: 2, Prior: 0.5}}, Estimators: ests, Reps: 2, Seed: 5}
	calls := 0
	df, err := sweep.Run(func(done, total int) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 4 || calls != 4 {
		t.Fatalf("want 4 rows and 4 progress calls, got %d and %d", df.Nrow(), calls)
	}
	// Row 2 is rep 1 of UF: the same estimate as a direct call with rep 1's seed.
	rep1 := seeds.Derive(5, seeds.Repetition, 1)
	simulation := sim.MISimulation{Setting: sim.Separated, N: 300, D: 2, Prior: 0.5, Mu: 1}
	rows, y, _ := simulation.Sample(rep1)
	x, _ := ufmi.NewFeatures(rows)
	cfg := ests[0].Estimator
	cfg.Seed = rep1
	want, _ := ufmi.EstimateMI(x, y, cfg)
	if got := df.Col("mi").Elem(2).Float(); got != want.MI || df.Col("method").Elem(2).String() != "UF" {
		t.Fatalf("row 2: %v %v, want UF %v", df.Col("method").Elem(2), got, want.MI)
	}
	if tr := df.Col("mi_true").Elem(0).Float(); math.Abs(tr-0.336831) > 1e-5 {
		t.Fatalf("truth %v", tr)
	}
	if _, err := models.Select(models.Standard(20), "nope"); err == nil {
		t.Fatal("unknown estimator accepted")
	}
	if _, err := (MISweep{}).Run(nil); err == nil {
		t.Fatal("empty sweep accepted")
	}
}

func TestSteepSweepAndGrid(t *testing.T) {
	forests := models.Posterior(20, ufmi.PaperUF())
	df, err := SteepSweep{Alphas: []float64{8}, D: 2, N: 400, Models: forests, Reps: 1, Grid: 10, NoiseDraws: 1, Seed: 1}.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 4 {
		t.Fatalf("want one row per model, got %d", df.Nrow())
	}
	for i := 0; i < df.Nrow(); i++ {
		if h := df.Col("hellinger").Elem(i).Float(); !(h > 0 && h < 0.5) {
			t.Fatalf("Hellinger %v out of range", h)
		}
	}
	grid, err := SteepPosteriorGrid(sim.SteepSimulation{N: 400, D: 3, Alpha: 8}, forests[:1], 5, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if grid.Nrow() != 25 {
		t.Fatalf("want 25 grid points, got %d", grid.Nrow())
	}
	curve, err := SharedComponentCurve(300, 200, forests[3:], 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := curve.Col("truth").Float()
	for i := 1; i < len(tr); i++ {
		if tr[i] < tr[i-1] {
			t.Fatal("curve not ordered by the true posterior")
		}
	}
}

func TestTrunkSweepMatchesDirectEstimates(t *testing.T) {
	ests, err := models.Select(models.Standard(20), "UF", "KSG")
	if err != nil {
		t.Fatal(err)
	}
	sweep := TrunkSweep{Cells: []Cell{{N: 300, D: 5, Prior: 0.5}}, Estimators: ests, Reps: 2, Seed: 5}
	calls := 0
	df, err := sweep.Run(func(done, total int) {
		calls++
		if total != 4 {
			t.Errorf("progress total %d, want 4", total)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 4 || calls != 4 {
		t.Fatalf("want 4 rows and 4 progress calls, got %d and %d", df.Nrow(), calls)
	}
	// Row 3 is rep 1 of KSG: the same estimate as a direct call with rep 1's seed.
	rep1 := seeds.Derive(5, seeds.Repetition, 1)
	rows, y, _ := sim.TrunkSimulation{N: 300, D: 5, Prior: 0.5}.Sample(rep1)
	x, _ := ufmi.NewFeatures(rows)
	cfg := ests[1].Estimator
	cfg.Seed = rep1
	want, _ := ufmi.EstimateMI(x, y, cfg)
	if got := df.Col("mi").Elem(3).Float(); got != want.MI || df.Col("method").Elem(3).String() != "KSG" {
		t.Fatalf("row 3: %v %v, want KSG %v", df.Col("method").Elem(3), got, want.MI)
	}
	for i := 0; i < df.Nrow(); i++ {
		if s := df.Col("setting").Elem(i).String(); s != "trunk" {
			t.Fatalf("row %d: setting %q, want trunk", i, s)
		}
		// ||μ|| = 1 at equal priors: the separated setting's 0.337 nats.
		if tr := df.Col("mi_true").Elem(i).Float(); math.Abs(tr-0.336831) > 1e-5 {
			t.Fatalf("row %d: truth %v", i, tr)
		}
		if mu := df.Col("mu").Elem(i).Float(); mu != 1 {
			t.Fatalf("row %d: mu %v, want the norm 1", i, mu)
		}
	}
	if _, err := (TrunkSweep{}).Run(nil); err == nil {
		t.Fatal("empty sweep accepted")
	}
	if _, err := (TrunkSweep{Cells: []Cell{{N: 300, D: 5}}, Estimators: ests, Reps: 1}).Run(nil); err == nil {
		t.Fatal("prior 0 accepted")
	}
}
