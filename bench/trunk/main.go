// Command trunk measures MI estimators on the "trunk" simulation
// (sim.TrunkSimulation: two Gaussian classes N(±μ, I), μ_j ∝ 1/√j,
// ||μ|| = 1, so that the information is spread over every coordinate and
// the best boundary is oblique; exact I(X;Y) = 0.337 nats at equal priors):
// the default UF, the paper preset, IRF and KSG, and the default UF on the
// same rows rotated so that μ is the first axis (an orthogonal reflection,
// which changes no information), and the default UF with oblique splits
// (uf-oblique: tree.Config.Oblique), and the ObliqueUF preset (uf-means:
// oblique splits on class-mean differences, sharpened posteriors). The rotated column shows how much of
// the loss is the axis-aligned partition's. For each dimension d and sample
// size n it prints the truth and each estimator's mean and standard
// deviation over the data sets.
//
//	go run ./bench/trunk [-d 10,50] [-n 1000,2000,5000] [-reps 5] [-trees 300] [-methods uf,paper,irf,ksg,uf-rotated,uf-oblique,uf-means]
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

func main() {
	dims := flag.String("d", "10,50", "dimensions")
	sizes := flag.String("n", "1000,2000,5000", "sample sizes")
	reps := flag.Int("reps", 5, "data sets per cell")
	trees := flag.Int("trees", ufmi.DefaultTrees, "trees of every forest")
	methods := flag.String("methods", "uf,paper,irf,ksg,uf-rotated,uf-oblique,uf-means", "estimators, in columns")
	flag.Parse()
	if err := run(*dims, *sizes, *reps, *trees, strings.Split(*methods, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "trunk:", err)
		os.Exit(1)
	}
}

// estimators are the columns this command can measure, by name.
var estimators = map[string]func(x [][]float64, y []int, s sim.TrunkSimulation, trees int, seed uint64) (float64, error){
	"uf":    ufEstimate(func() ufmi.UFConfig { return ufmi.DefaultUF() }, false),
	"paper": ufEstimate(ufmi.PaperUF, false),
	"irf": func(x [][]float64, y []int, _ sim.TrunkSimulation, trees int, seed uint64) (float64, error) {
		return estimate(x, y, ufmi.EstimatorConfig{Method: ufmi.MethodIRF, Forest: ufmi.ForestConfig{Trees: trees}, Runtime: ufmi.Runtime{Seed: seed}})
	},
	"ksg": func(x [][]float64, y []int, _ sim.TrunkSimulation, _ int, seed uint64) (float64, error) {
		return estimate(x, y, ufmi.EstimatorConfig{Method: ufmi.MethodKSG, Runtime: ufmi.Runtime{Seed: seed}})
	},
	"uf-rotated": ufEstimate(func() ufmi.UFConfig { return ufmi.DefaultUF() }, true),
	"uf-oblique": ufEstimate(func() ufmi.UFConfig {
		uf := ufmi.DefaultUF()
		uf.Tree.Oblique = true
		return uf
	}, false),
	"uf-means": ufEstimate(ufmi.ObliqueUF, false),
}

// ufEstimate measures a UF preset, on the rows rotated so that μ is the
// first axis when rotated is set.
func ufEstimate(preset func() ufmi.UFConfig, rotated bool) func([][]float64, []int, sim.TrunkSimulation, int, uint64) (float64, error) {
	return func(x [][]float64, y []int, s sim.TrunkSimulation, trees int, seed uint64) (float64, error) {
		if rotated {
			x = rotateToFirstAxis(x, s.Mean())
		}
		uf := preset()
		uf.Trees = trees
		return estimate(x, y, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: seed}})
	}
}

// estimate is EstimateMI's MI on rows x.
func estimate(x [][]float64, y []int, cfg ufmi.EstimatorConfig) (float64, error) {
	f, err := ufmi.NewFeatures(x)
	if err != nil {
		return 0, err
	}
	est, err := ufmi.EstimateMI(f, y, cfg)
	return est.MI, err
}

// rotateToFirstAxis reflects every row by the Householder reflection that
// maps μ/||μ|| to the first axis: z = x - 2v(v·x)/(v·v), v = μ/||μ|| - e1.
// The reflection is orthogonal, so the rows carry the same information.
func rotateToFirstAxis(x [][]float64, mu []float64) [][]float64 {
	norm := 0.0
	for _, m := range mu {
		norm += m * m
	}
	norm = math.Sqrt(norm)
	v := make([]float64, len(mu))
	for j, m := range mu {
		v[j] = m / norm
	}
	v[0]--
	vv := 0.0
	for _, c := range v {
		vv += c * c
	}
	out := make([][]float64, len(x))
	for i, row := range x {
		z := append([]float64(nil), row...)
		if vv > 0 {
			dot := 0.0
			for j, c := range v {
				dot += c * row[j]
			}
			for j, c := range v {
				z[j] -= 2 * c * dot / vv
			}
		}
		out[i] = z
	}
	return out
}

func run(dims, sizes string, reps, trees int, methods []string) error {
	ds, err := ints(dims)
	if err != nil {
		return err
	}
	ns, err := ints(sizes)
	if err != nil {
		return err
	}
	for _, m := range methods {
		if estimators[m] == nil {
			return fmt.Errorf("unknown method %q", m)
		}
	}
	fmt.Printf("| d | n | truth | %s |\n|---|---|---|%s\n", strings.Join(methods, " | "), strings.Repeat("---|", len(methods)))
	for _, d := range ds {
		for _, n := range ns {
			s := sim.TrunkSimulation{N: n, D: d, Prior: 0.5}
			truth, err := s.Truth()
			if err != nil {
				return err
			}
			cells := make([]string, len(methods))
			for k, m := range methods {
				vals := make([]float64, reps)
				for r := range vals {
					x, y, err := s.Sample(uint64(1000*d + r))
					if err != nil {
						return err
					}
					if vals[r], err = estimators[m](x, y, s, trees, uint64(r+1)); err != nil {
						return fmt.Errorf("%s at d=%d, n=%d: %w", m, d, n, err)
					}
				}
				mean, sd := stat.MeanStdDev(vals, nil)
				cells[k] = fmt.Sprintf("%.3f (%.3f)", mean, sd)
			}
			fmt.Printf("| %d | %d | %.3f | %s |\n", d, n, truth.MI, strings.Join(cells, " | "))
		}
	}
	return nil
}

func ints(list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, v)
	}
	return out, nil
}
