package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// discreteLevelShares and discreteLevelPosteriors define a categorical
// column of 6 levels and 3 classes: P(level) and P(Y | level).
var (
	discreteLevelShares     = []float64{0.30, 0.25, 0.15, 0.12, 0.10, 0.08}
	discreteLevelPosteriors = [][]float64{{.6, .3, .1}, {.2, .5, .3}, {.4, .4, .2}, {.1, .2, .7}, {.7, .1, .2}, {.3, .3, .4}}
)

// discreteLevelMI is the exact I(X;Y) of the categorical column, H(Y)
// less the level-weighted entropy of P(Y | level) (0.1383 nats); a noise
// column adds nothing.
func discreteLevelMI() float64 {
	py := make([]float64, 3)
	hGiven := 0.0
	for l, w := range discreteLevelShares {
		for c := range py {
			py[c] += w * discreteLevelPosteriors[l][c]
		}
		hGiven += w * Entropy(discreteLevelPosteriors[l])
	}
	return Entropy(py) - hGiven
}

// discreteLevelData draws n rows of the categorical column, with a
// standard normal noise column beside it when noise, and returns each
// row's level (Features renumbers the codes by first appearance).
func discreteLevelData(t *testing.T, n int, noise bool, seed uint64) (*Features, []int, []int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 23))
	levels, noiseValues, y, level := make([]float64, n), make([]float64, n), make([]int, n), make([]int, n)
	for i := range n {
		level[i] = drawClass(rng, discreteLevelShares)
		levels[i], y[i], noiseValues[i] = float64(level[i]), drawClass(rng, discreteLevelPosteriors[level[i]]), rng.NormFloat64()
	}
	cols := []Column{{Name: "level", Kind: Categorical, Values: levels, Levels: []string{"a", "b", "c", "d", "e", "f"}}}
	if noise {
		cols = append(cols, Column{Name: "noise", Values: noiseValues})
	}
	x, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	return x, y, level
}

// TestDiscreteBesideNoiseStudy measures a cell a reviewer's probe found
// below the coverage target: a categorical column of 6 levels and 3
// classes (I(X;Y) = 0.1383) with a column of pure noise beside it, where
// the default reads low by about three quarters of an SE (the trees split
// each level's rows by the noise, so each row's posterior rests on fewer
// votes than its level holds, and the one-step's second-order noise term
// leaves part of the log-loss's excess in). Without the noise column, and
// with the noise column and larger leaves (Tree.MinSamplesLeaf 12 and
// 24), for comparison; mean error, sd and coverage of the 95% intervals.
// A second table splits the one-step's excess log-loss as
// TestBiasDecompositionStudy does (8 data sets per cell, the forest of
// FitUF with leaves of 6): the noise column multiplies the posteriors'
// noise, and the noise term falls short of it. Run with
//
//	UFMI_DISCRETE_NOISE_STUDY=1 go test -run TestDiscreteBesideNoiseStudy -v -timeout 1h ./ufmi
//
// (about 2 minutes on 2 cores); docs/inference.md, "A discrete column
// beside noise", gives the tables.
func TestDiscreteBesideNoiseStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_DISCRETE_NOISE_STUDY", "the discrete-beside-noise study")
	const sets = 100
	truth := discreteLevelMI()
	fmt.Println("| columns | n | data sets | leaves | error | sd | coverage |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, n := range []int{300, 1000, 2000} {
		for _, c := range []struct {
			noise bool
			leaf  int
		}{{false, 0}, {true, 0}, {true, 12}, {true, 24}} {
			var errs []float64
			cover := 0
			for r := range sets {
				x, y, _ := discreteLevelData(t, n, c.noise, uint64(7000+r))
				cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
				cfg.UF.Tree.MinSamplesLeaf = c.leaf
				e, err := EstimateMI(x, y, cfg)
				if err != nil {
					t.Fatal(err)
				}
				errs = append(errs, e.MI-truth)
				if e.CI.Contains(truth) {
					cover++
				}
			}
			columns, leaves := "the categorical column", "the default's"
			if c.noise {
				columns = "it and a noise column"
			}
			if c.leaf > 0 {
				leaves = fmt.Sprint(c.leaf)
			}
			m, s := meanSD(errs)
			fmt.Printf("| %s | %d | %d | %s | %+.4f | %.4f | %.2f |\n", columns, n, sets, leaves, m, s, float64(cover)/sets)
		}
	}
	const decomposed = 8
	fmt.Println()
	fmt.Println("| columns | n | smoothing | noise | noise term |")
	fmt.Println("|---|---|---|---|---|")
	for _, n := range []int{300, 1000} {
		for _, noise := range []bool{false, true} {
			var sum excessParts
			for r := range decomposed {
				x, y, level := discreteLevelData(t, n, noise, uint64(7000+r))
				p := make([][]float64, n)
				for i, l := range level {
					p[i] = discreteLevelPosteriors[l]
				}
				f, err := FitUF(x, y, UFConfig{}, Runtime{Seed: uint64(r + 1)})
				if err != nil {
					t.Fatal(err)
				}
				parts := decomposeExcess(f, p, y, f.rule.local)
				sum.excess += parts.excess / decomposed
				sum.smoothing += parts.smoothing / decomposed
				sum.noiseTerm += parts.noiseTerm / decomposed
			}
			columns := "the categorical column"
			if noise {
				columns = "it and a noise column"
			}
			fmt.Printf("| %s | %d | %.4f | %.4f | %.4f |\n", columns, n, sum.smoothing, sum.excess-sum.smoothing, sum.noiseTerm)
		}
	}
}

// The exact MI of the discrete study's column.
func TestDiscreteLevelMI(t *testing.T) {
	if got := discreteLevelMI(); math.Abs(got-0.138283) > 5e-7 {
		t.Errorf("I(X;Y) of the 6-level column: %.6f, want 0.138283", got)
	}
}
