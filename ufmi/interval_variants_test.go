package ufmi

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// The measurements behind Interval's choices (docs/inference.md, "Why this method"),
// run on demand:
//
//	UFMI_INTERVAL_STUDY=1 go test -run 'TestIntervalPosteriorVariants|TestIntervalForestSEAgainstRefits' -v -timeout 2h ./ufmi
//
// UFMI_INTERVAL_REPS sets the data sets per cell (default 30).

// posteriorVariants returns, for each training row, φ_i = log p̂(y_i|x_i) -
// log p̂(y_i) under six choices of p̂: the forest's own ("full"), vote trees
// with the row's own vote ("vote"), the trees the row grew ("structure"),
// all trees with the own vote taken out ("allLOO"), vote trees with the own
// vote taken out ("voteLOO", Interval's choice), each with the pseudo-tree;
// and the model-based SD ("model": E over Y ~ p̂(·|x_i), y_i unused).
func posteriorVariants(f *Forest, y []int) (map[string][]float64, float64) {
	n, k := f.train.n, f.k
	names := []string{"full", "vote", "structure", "allLOO", "voteLOO"}
	sum, cnt := map[string][]float64{}, map[string][]float64{}
	for _, nm := range names {
		sum[nm], cnt[nm] = make([]float64, n), make([]float64, n)
	}
	add := func(nm string, i int, p float64) { sum[nm][i] += p; cnt[nm][i]++ }
	forest := make([]float64, n*k)
	for t := range f.trees {
		ft := &f.trees[t]
		counts := make([]float64, ft.tree.Leaves()*k)
		for i := 0; i < n; i++ {
			if ft.vote.contains(i) {
				counts[int(ft.rowLeaf[i])*k+y[i]]++
			}
		}
		for i := 0; i < n; i++ {
			l := int(ft.rowLeaf[i])
			p := ft.posterior[l*k : l*k+k]
			for c, v := range p {
				forest[i*k+c] += v / float64(len(f.trees))
			}
			add("full", i, p[y[i]])
			switch {
			case ft.structure.contains(i):
				add("structure", i, p[y[i]])
				add("allLOO", i, p[y[i]])
			case ft.vote.contains(i):
				add("vote", i, p[y[i]])
				lc := counts[l*k : l*k+k]
				m := 0.0
				for _, v := range lc {
					m += v
				}
				if m > 1 {
					add("voteLOO", i, (lc[y[i]]-1)/(m-1))
					add("allLOO", i, (lc[y[i]]-1)/(m-1))
				}
			}
		}
	}
	phis := map[string][]float64{}
	for _, nm := range names {
		phi := make([]float64, n)
		for i := range phi {
			prior := f.prior[y[i]]
			phi[i] = math.Log((sum[nm][i]+prior)/(cnt[nm][i]+1)) - math.Log(prior)
		}
		phis[nm] = phi
	}
	e1, e2 := 0.0, 0.0
	for i := 0; i < n; i++ {
		for c, p := range forest[i*k : i*k+k] {
			if p > 0 {
				r := math.Log(p / f.prior[c])
				e1 += p * r / float64(n)
				e2 += p * r * r / float64(n)
			}
		}
	}
	return phis, math.Sqrt(e2 - e1*e1)
}

func intervalStudyReps(t *testing.T) int {
	skipUnlessStudy(t, "UFMI_INTERVAL_STUDY", "the interval study")
	reps := 30
	if v := os.Getenv("UFMI_INTERVAL_REPS"); v != "" {
		reps, _ = strconv.Atoi(v)
	}
	return reps
}

// For each posterior variant: the mean SE (data part) over the observed
// spread of the estimates, per cell of the coverage study's grid.
func TestIntervalPosteriorVariants(t *testing.T) {
	reps := intervalStudyReps(t)
	variants := []string{"full", "vote", "structure", "allLOO", "voteLOO", "model"}
	for _, s := range sim.MISettings() {
		for _, n := range []int{500, 2000} {
			for _, d := range []int{2, 10} {
				simulation := sim.MISimulation{Setting: s, N: n, D: d, Prior: 0.5, Mu: 1}
				var mis []float64
				se := map[string]float64{}
				for r := range reps {
					seed := seeds.Derive(99, seeds.Repetition, r)
					x, y := simFeatures(t, simulation, seed)
					f, err := FitUF(x, y, DefaultUF(), Runtime{Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					hy, _ := LabelEntropy(y)
					h, _ := f.HonestConditionalEntropy(false, nil)
					phis, model := posteriorVariants(f, y)
					for nm, phi := range phis {
						_, sd := meanSD(phi)
						se[nm] += sd / math.Sqrt(float64(n)) / float64(reps)
					}
					se["model"] += model / math.Sqrt(float64(n)) / float64(reps)
					mis = append(mis, hy-h)
				}
				_, spread := meanSD(mis)
				line := fmt.Sprintf("%-11s n=%-4d d=%-2d spread %.4f  SE/spread:", s, n, d, spread)
				for _, nm := range variants {
					line += fmt.Sprintf(" %s %.2f", nm, se[nm]/spread)
				}
				t.Log(line)
			}
		}
	}
}

// SEForest against the spread of 20 refits of one data set with different
// forest seeds (which also redraw the screening pilot).
func TestIntervalForestSEAgainstRefits(t *testing.T) {
	intervalStudyReps(t)
	for _, s := range sim.MISettings() {
		for _, c := range [][2]int{{500, 2}, {2000, 10}} {
			simulation := sim.MISimulation{Setting: s, N: c[0], D: c[1], Prior: 0.5, Mu: 1}
			x, y := simFeatures(t, simulation, seeds.Derive(5, seeds.Repetition, 0))
			var mis []float64
			meanSE := 0.0
			for r := range 20 {
				est, err := EstimateMI(x, y, EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: seeds.Derive(11, seeds.Repetition, r)}})
				if err != nil {
					t.Fatal(err)
				}
				mis = append(mis, est.MI)
				meanSE += est.CI.SEForest / 20
			}
			_, sd := meanSD(mis)
			t.Logf("%-11s n=%-4d d=%-2d: spread over forest seeds %.5f, mean SEForest %.5f", s, c[0], c[1], sd, meanSE)
		}
	}
}

// Interval's φ is the vote-trees-without-the-own-vote variant, exactly.
func TestIntervalPhiIsVoteLeaveOneOut(t *testing.T) {
	x, y := separatedData(600, 3, 1)
	uf := DefaultUF()
	uf.Trees = 50
	f, err := FitUF(x, y, uf, Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	parts, err := f.intervalParts(y, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	phis, _ := posteriorVariants(f, y)
	for i, v := range parts.phi {
		if math.Abs(v-phis["voteLOO"][i]) > 1e-12 {
			t.Fatalf("row %d: φ %v, vote leave-one-out %v", i, v, phis["voteLOO"][i])
		}
	}
}
