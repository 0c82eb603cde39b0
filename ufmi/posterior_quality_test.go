package ufmi

import (
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// posteriorsOf fits each forest kind on (x, y) and predicts eval.
func posteriorsOf(t *testing.T, x *Features, y []int, eval *Features, trees int, uf UFConfig) map[string][][]float64 {
	t.Helper()
	out := map[string][][]float64{}
	rf, err := FitRF(x, y, ForestConfig{Trees: trees}, Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	out["RF"], _ = rf.PredictProba(eval, 0)
	for name, m := range map[string]Method{"SigRF": MethodSigRF, "IRF": MethodIRF} {
		cf, err := FitCalibrated(x, y, CalibratedConfig{Method: m, Forest: ForestConfig{Trees: trees / 5}}, Runtime{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		out[name], _ = cf.PredictProba(eval, 0)
	}
	uf.Trees = trees
	f, err := FitUF(x, y, uf, Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	out["UF"], _ = f.PredictProba(eval, 0)
	return out
}

// On the paper's steep-posterior simulation (d=4, n=5000) the paper preset
// (honest fraction 0.37 as in the paper's figure) is closer to the true
// posterior than RF, SigRF and IRF. Reference mean Hellinger distances:
// alpha 8: UF 0.039, RF 0.079, IRF 0.066; alpha 12: UF 0.042, RF 0.073, IRF 0.062.
func TestSteepPosteriorsUFClosestToTruth(t *testing.T) {
	if testing.Short() {
		t.Skip("fits four 300-tree forests on 5000 rows per alpha")
	}
	for _, alpha := range []float64{8, 12} {
		sim := sim.SteepSimulation{N: 5000, D: 4, Alpha: alpha}
		rows, y, err := sim.Sample(1)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := NewFeatures(rows)
		evalRows, err := sim.EvalGrid(50, 2, 2)
		if err != nil {
			t.Fatal(err)
		}
		eval, _ := NewFeatures(evalRows)
		truth := make([][]float64, len(evalRows))
		for i, r := range evalRows {
			truth[i] = sim.Posterior(r)
		}
		uf := PaperUF()
		uf.StructureFraction = 0.63
		h := map[string]float64{}
		for name, p := range posteriorsOf(t, x, y, eval, 300, uf) {
			if h[name], err = metrics.MeanHellinger(p, truth); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("alpha %v: mean Hellinger %v", alpha, h)
		for _, other := range []string{"RF", "SigRF", "IRF"} {
			if h["UF"] >= h[other] {
				t.Errorf("alpha %v: UF's Hellinger %.4f is not below %s's %.4f", alpha, h["UF"], other, h[other])
			}
		}
		if h["UF"] > 0.06 {
			t.Errorf("alpha %v: UF's Hellinger %.4f, reference about 0.04", alpha, h["UF"])
		}
	}
}

// On the overlapping-Gaussians illustration, where the true posterior is
// near 1/2, RF is over-confident while IRF and UF stay near 1/2.
// Reference mean confidence max(p, 1-p) there: RF 0.68, IRF 0.53, UF 0.57.
func TestOverlappingRegionConfidence(t *testing.T) {
	if testing.Short() {
		t.Skip("fits four forests on 6000 rows")
	}
	shared := sim.SharedComponentSimulation{N: 6000}
	rows, y, err := shared.Sample(3)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := NewFeatures(rows)
	evalRows, _, _ := sim.SharedComponentSimulation{N: 20000}.Sample(4)
	var near [][]float64
	for _, r := range evalRows {
		if math.Abs(shared.Posterior(r)[1]-0.5) < 0.05 {
			near = append(near, r)
		}
	}
	eval, _ := NewFeatures(near)
	conf := map[string]float64{}
	for name, p := range posteriorsOf(t, x, y, eval, 100, PaperUF()) {
		for _, row := range p {
			conf[name] += math.Max(row[0], row[1]) / float64(len(p))
		}
	}
	t.Logf("mean confidence where the truth is within 0.05 of 1/2 (%d points): %v", len(near), conf)
	if conf["UF"] >= conf["RF"]-0.05 || conf["IRF"] >= conf["RF"]-0.05 {
		t.Errorf("UF (%.3f) and IRF (%.3f) should be clearly less confident than RF (%.3f)", conf["UF"], conf["IRF"], conf["RF"])
	}
	if conf["UF"] > 0.62 || conf["RF"] < 0.62 {
		t.Errorf("confidence UF %.3f (reference 0.57), RF %.3f (reference 0.68)", conf["UF"], conf["RF"])
	}
}
