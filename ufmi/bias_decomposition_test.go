package ufmi

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// excessParts is where a one-step's log-loss exceeds H(Y|X) on one data
// set, as means over the rows (docs/inference.md, "Where the rest of the
// bias comes from"): excess is KL(p_i ‖ q_i) for the rows' exact posteriors
// p_i and out-of-sample posteriors q_i (the log-loss's excess with the
// label noise averaged out), smoothing is KL(p_i ‖ q̄_i) for q̄_i the same
// weights applied to the other rows' exact posteriors (what the posterior
// would be without noise), noiseTerm the one-step's estimate of the rest.
type excessParts struct{ excess, smoothing, noiseTerm float64 }

// decomposeExcess measures excessParts for forest f on rows with exact
// posteriors p and labels y, the out-of-sample posteriors fitted
// local-linearly on local's coordinates or not (nil).
func decomposeExcess(f *Forest, p [][]float64, y []int, local *localCoordinates) excessParts {
	n, k := len(y), f.k
	oos := newOutOfSample(y, k, false, true, sharpeningFolds).withLocalLinear(local)
	for t := range f.trees {
		oos.add(votingTreeOf(&f.trees[t], f.trees[t].rowLeaf), nil)
	}
	w, trees := rowWeights(f, n)
	var parts excessParts
	cls, z := make([]float64, k), make([]float64, sketchWidth)
	raw, zraw := make([]float64, oos.width), make([]float64, oos.sketchRow())
	used := 0
	for i := 0; i < n; i++ {
		m := oos.rowSince(i, nil, cls, z, raw, zraw)
		if m == 0 {
			continue
		}
		used++
		parts.noiseTerm += oos.noiseOf(z, m, cls, f.prior)
		// q̄_i: the row's weights (local-linear ones with a fit) on the
		// other rows' exact posteriors, mixed with the pseudo-tree as q_i is.
		ell := w[i]
		if local != nil {
			ell = localLinearWeights(w[i], trees[i], local, i)
		}
		smooth := make([]float64, k)
		for j, v := range ell {
			for c := range smooth {
				smooth[c] += v * p[j][c]
			}
		}
		norm := float64(m + 1)
		for c := 0; c < k; c++ {
			if p[i][c] == 0 {
				continue
			}
			q := (cls[c] + f.prior[c]) / norm
			qbar := max((smooth[c]+f.prior[c])/norm, 1e-12)
			parts.excess += p[i][c] * math.Log(p[i][c]/q)
			parts.smoothing += p[i][c] * math.Log(p[i][c]/qbar)
		}
	}
	u := float64(used)
	return excessParts{parts.excess / u, parts.smoothing / u, parts.noiseTerm / u}
}

// localLinearWeights returns row i's local-linear weights (summing to its
// trees, as w does) from its forest weights w, without the floor, solved
// as the fit solves (solveLocalLinear).
func localLinearWeights(w []float64, trees float64, local *localCoordinates, i int) []float64 {
	const m = localLinearColumns
	total := 0.0
	for _, v := range w {
		total += v
	}
	var ubar [localLinearColumns]float64
	var cov [localLinearColumns][localLinearColumns]float64
	u := func(j, c int) float64 { return local.coords[j*m+c] - local.coords[i*m+c] }
	for j, v := range w {
		for c := 0; c < m; c++ {
			ubar[c] += v / total * u(j, c)
		}
	}
	for j, v := range w {
		for c := 0; c < m; c++ {
			for e := 0; e < m; e++ {
				cov[c][e] += v / total * (u(j, c) - ubar[c]) * (u(j, e) - ubar[e])
			}
		}
	}
	var vec [localLinearColumns]float64
	solveLocalLinear(vec[:m], ubar[:m], func(c, e int) float64 { return cov[c][e] })
	ell := make([]float64, len(w))
	for j, v := range w {
		s := 0.0
		for c := 0; c < m; c++ {
			s += (u(j, c) - ubar[c]) * vec[c]
		}
		ell[j] = v / total * trees * (1 + localLinearShrink*s)
	}
	return ell
}

// TestBiasDecompositionStudy splits the one-step's excess log-loss into the
// forest kernel's smoothing and the posteriors' noise, with and without the
// local-linear fit, on the paper's settings (exact posteriors known), and
// checks that the noise term estimates the noise:
//
//	UFMI_BIAS_STUDY=decompose go test -run TestBiasDecompositionStudy -v ./ufmi
//
// (16 data sets per cell, about a minute). Without UFMI_BIAS_STUDY it runs 3
// data sets of two cells as a check.
func TestBiasDecompositionStudy(t *testing.T) {
	type cell struct {
		s    sim.MISetting
		n, d int
		x1   bool // the forest sees x1 alone (three_class: H(Y | x1), a fit of I(Y; x2 | x1))
	}
	cells := []cell{{sim.ThreeClass, 500, 2, false}, {sim.Overlapping, 500, 2, false}}
	reps := 3
	if os.Getenv("UFMI_BIAS_STUDY") == "decompose" {
		reps = 16
		cells = []cell{{sim.Overlapping, 500, 2, false}, {sim.Separated, 500, 10, false}, {sim.ThreeClass, 500, 2, false}, {sim.ThreeClass, 500, 10, false},
			{sim.ThreeClass, 2000, 10, false}, {sim.Scaled, 500, 2, false}, {sim.ThreeClass, 500, 2, true}}
	} else if testing.Short() {
		t.Skip("fits 12 forests")
	}
	fmt.Println("| setting | n | d | smoothing | noise | noise term | local-linear: smoothing | noise | noise term |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	// The default's forest, the 2026-11-27 default's on two or more
	// features; on x1 alone the latter's is fitted for the columns without
	// the fit.
	uf := UFConfig{}
	for _, c := range cells {
		setting := sim.MISimulation{Setting: c.s, N: c.n, D: c.d, Prior: 0.5}
		var plain, local excessParts
		for r := 0; r < reps; r++ {
			xr, y, err := setting.Sample(uint64(1000 + r))
			if err != nil {
				t.Fatal(err)
			}
			p, _ := setting.Posteriors(xr)
			if c.x1 {
				xr, p = threeClassOnX1(xr)
			}
			x, _ := NewFeatures(xr)
			rt := Runtime{Seed: uint64(77 + r), Workers: 2}
			f, err := FitUF(x, y, uf, rt)
			if err != nil {
				t.Fatal(err)
			}
			a, b := decomposeExcess(f, p, y, nil), decomposeExcess(f, p, y, f.rule.local)
			if c.x1 {
				// The default's forest (leaves of 3 at n = 500) without the
				// fit; the preset's keeps leaves of 6 on one feature.
				plainForest, err := FitUF(x, y, UFConfig{}, rt)
				if err != nil {
					t.Fatal(err)
				}
				a = decomposeExcess(plainForest, p, y, nil)
			}
			for _, acc := range []struct {
				sum  *excessParts
				part excessParts
			}{{&plain, a}, {&local, b}} {
				acc.sum.excess += acc.part.excess / float64(reps)
				acc.sum.smoothing += acc.part.smoothing / float64(reps)
				acc.sum.noiseTerm += acc.part.noiseTerm / float64(reps)
			}
		}
		name, d := c.s.String(), c.d
		if c.x1 {
			name, d = name+", x1 alone", 1
		}
		fmt.Printf("| %v | %d | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |\n", name, c.n, d,
			plain.smoothing, plain.excess-plain.smoothing, plain.noiseTerm, local.smoothing, local.excess-local.smoothing, local.noiseTerm)
		// The noise term estimates the noise (to 0.004 nats; measured within
		// 0.003), and the fit takes out most of three classes' smoothing.
		if d := plain.noiseTerm - (plain.excess - plain.smoothing); math.Abs(d) > 0.004 && !c.x1 {
			t.Errorf("%v n=%d d=%d: noise term %.4f, noise %.4f", c.s, c.n, c.d, plain.noiseTerm, plain.excess-plain.smoothing)
		}
		if c.s == sim.ThreeClass && !c.x1 && local.smoothing > 0.6*plain.smoothing {
			t.Errorf("%v n=%d d=%d: smoothing %.4f with the local-linear fit, %.4f without", c.s, c.n, c.d, local.smoothing, plain.smoothing)
		}
	}
}

// threeClassOnX1 returns three_class rows reduced to x1, with the exact
// posteriors given x1 alone: the classes' x1 means are 0, μ = 1 and -1
// (sd 1), their priors 1/2, 1/4, 1/4.
func threeClassOnX1(x [][]float64) ([][]float64, [][]float64) {
	one, p := make([][]float64, len(x)), make([][]float64, len(x))
	for i, row := range x {
		one[i] = []float64{row[0]}
		g := func(mean float64) float64 { return math.Exp(-(row[0] - mean) * (row[0] - mean) / 2) }
		a, b, c := 0.5*g(0), 0.25*g(1), 0.25*g(-1)
		p[i] = []float64{a / (a + b + c), b / (a + b + c), c / (a + b + c)}
	}
	return one, p
}
