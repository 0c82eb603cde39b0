package ufmi

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The golden test pins every number the estimators print to the bits they
// had when it was recorded: estimates, intervals, lower bounds, p-values, posteriors,
// subset tables and tree blocks, for every method and preset, on three
// small fixed data sets (two, three and four classes; one with a
// categorical column and missing cells). A refactoring that moves code
// without changing arithmetic keeps every line of testdata/golden.txt; a
// change meant to move numbers rewrites it with
//
//	go test ./ufmi -run TestGoldenNumbers -args -update-golden
//
// and says why in the commit (CHANGELOG.md names each such change).

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden.txt with the current numbers")

// goldenData is one fixed data set of the golden test.
type goldenData struct {
	name string
	x    *Features
	y    []int
}

// goldenSets returns the data sets: Gaussian classes shifted on the first
// features with noise features; the last adds a categorical column and
// missing cells.
func goldenSets(t *testing.T) []goldenData {
	t.Helper()
	shifted := func(n, d, k int, seed uint64) ([][]float64, []int) {
		rng := rand.New(rand.NewPCG(seed, 7))
		rows, y := make([][]float64, n), make([]int, n)
		for i := range rows {
			y[i] = rng.IntN(k)
			rows[i] = make([]float64, d)
			for j := range rows[i] {
				rows[i][j] = rng.NormFloat64()
			}
			rows[i][0] += float64(y[i])
			rows[i][1] -= 0.5 * float64(y[i]%2)
		}
		return rows, y
	}
	var sets []goldenData
	for _, c := range []struct {
		name    string
		n, d, k int
	}{{"two", 160, 4, 2}, {"three", 150, 5, 3}} {
		rows, y := shifted(c.n, c.d, c.k, uint64(c.n))
		x, err := NewFeatures(rows)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, goldenData{c.name, x, y})
	}
	rows, y := shifted(140, 3, 4, 99)
	rng := rand.New(rand.NewPCG(3, 3))
	cols := []Column{{Name: "a", Kind: Numeric}, {Name: "b", Kind: Numeric}, {Name: "c", Kind: Numeric},
		{Name: "level", Kind: Categorical, Levels: []string{"p", "q", "r"}}}
	for i, r := range rows {
		for j := range 3 {
			v := r[j]
			if rng.IntN(10) == 0 {
				v = math.NaN()
			}
			cols[j].Values = append(cols[j].Values, v)
		}
		level := float64((y[i] + rng.IntN(2)) % 3)
		if rng.IntN(12) == 0 {
			level = math.NaN()
		}
		cols[3].Values = append(cols[3].Values, level)
	}
	x, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	return append(sets, goldenData{"mixed", x, y})
}

// goldenHash digests float64 bits (and ints as float64).
type goldenHash struct {
	h     [][]float64
	shown []float64
}

func (g *goldenHash) add(v ...float64) { g.h = append(g.h, v); g.shown = append(g.shown, v...) }

func (g *goldenHash) addRows(rows [][]float64) {
	for _, r := range rows {
		g.add(r...)
	}
}

func (g *goldenHash) addInterval(iv Interval) {
	g.add(iv.Level, iv.Low, iv.High, iv.SE, iv.SEData, iv.SEForest)
}

// line is the case's line of golden.txt: the SHA-256 of every value's bits
// and the first values, rounded, for a reader.
func (g *goldenHash) line(name string) string {
	s := sha256.New()
	var b [8]byte
	for _, r := range g.h {
		for _, v := range r {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
			s.Write(b[:])
		}
	}
	shown := g.shown[:min(4, len(g.shown))]
	parts := make([]string, len(shown))
	for i, v := range shown {
		parts[i] = fmt.Sprintf("%.6g", v)
	}
	return fmt.Sprintf("%s %s %s", name, hex.EncodeToString(s.Sum(nil))[:24], strings.Join(parts, ","))
}

// goldenCases computes every case on one data set.
func goldenCases(t *testing.T, d goldenData) []string {
	t.Helper()
	var lines []string
	record := func(name string, f func(g *goldenHash) error) {
		var g goldenHash
		if err := f(&g); err != nil {
			g = goldenHash{}
			g.add(math.NaN())
			name += "(error)"
		}
		lines = append(lines, g.line(d.name+"/"+name))
	}
	// default-2026-11-25 and default-2026-11-27 are the defaults of those
	// days, whose lines they keep.
	presets := map[string]UFConfig{"default": DefaultUF(), "paper": PaperUF(), "authors": AuthorsUF(), "experiment": experimentUF(),
		"default-2026-11-25": defaultUF20261125(), "default-2026-11-27": defaultUF20261127()}
	for _, p := range []string{"default", "paper", "authors", "experiment", "default-2026-11-25", "default-2026-11-27"} {
		uf := presets[p]
		uf.Trees = 24
		cfg := EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 11, Workers: 2}, Confidence: 0.9}
		record("mi-uf-"+p, func(g *goldenHash) error {
			est, err := EstimateMI(d.x, d.y, cfg)
			g.add(est.HY, est.HYGivenX, est.MI, float64(est.Evaluated))
			g.addInterval(est.CI)
			return err
		})
		record("bound-uf-"+p, goldenBound(d.x, d.y, cfg))
		record("cmi-uf-"+p, goldenCMI(d.x, d.y, cfg))
		record("fast-"+p, func(g *goldenHash) error {
			c := cfg
			c.Confidence = 0
			r, err := FastPermutationTest(d.x, d.y, c, PermutationConfig{Permutations: 19, Runtime: Runtime{Seed: 5, Workers: 2}})
			g.add(r.Observed, r.PValue)
			g.add(r.Null...)
			return err
		})
		record("refit-"+p, func(g *goldenHash) error {
			c := cfg
			c.Confidence = 0
			c.UF.Trees = 8
			r, err := PermutationTest(d.x, d.y, MIStatistic(c), PermutationConfig{Permutations: 6, Runtime: Runtime{Seed: 5, Workers: 2}})
			g.add(r.Observed, r.PValue)
			g.add(r.Null...)
			return err
		})
		record("fit-"+p, func(g *goldenHash) error {
			u := uf
			f, err := FitUF(d.x, d.y, u, Runtime{Seed: 3, Workers: 2})
			if err != nil {
				return err
			}
			proba, err := f.PredictProba(d.x.SelectRows([]int{0, 1, 2, 3, 4, 5}), 2)
			g.addRows(proba)
			oob, never := f.OOBProba(2)
			g.addRows(oob)
			g.add(float64(len(never)))
			h, err2 := f.HonestConditionalEntropy(u.TreeLevelEntropy, nil)
			g.add(h)
			return firstError(err, err2)
		})
		record("blocks-"+p, func(g *goldenHash) error {
			rt := Runtime{Seed: 11, Workers: 2}
			ruf, err := resolveUF(EstimatorConfig{UF: uf, Runtime: rt})
			if err != nil {
				return err
			}
			var w []float64
			if !ruf.NoScreening {
				if w, err = screeningWeights(d.x, d.y, ruf, rt); err != nil {
					return err
				}
			}
			var total engine.TreeBlock
			for lo := 0; lo < ruf.Trees; lo += 10 {
				b, err := growTreeBlock(d.x, d.y, ruf, w, lo, min(lo+10, ruf.Trees), rt)
				if err != nil {
					return err
				}
				if lo == 0 {
					total = b
				} else if err := total.Add(b); err != nil {
					return err
				}
			}
			est, err := estimateTreeBlock(&total, d.y, ruf)
			g.add(est.HY, est.HYGivenX, est.MI)
			return err
		})
	}
	for _, m := range methods {
		if m == MethodUF {
			continue
		}
		cfg := EstimatorConfig{Method: m, Runtime: Runtime{Seed: 11, Workers: 2}, Forest: ForestConfig{Trees: 24}}
		if m == MethodRFOOB {
			cfg.Confidence = 0.9
		}
		record("mi-"+string(m), func(g *goldenHash) error {
			est, err := EstimateMI(d.x, d.y, cfg)
			g.add(est.HY, est.HYGivenX, est.MI, float64(est.Evaluated))
			g.addInterval(est.CI)
			return err
		})
		if m == MethodRFOOB {
			record("bound-"+string(m), goldenBound(d.x, d.y, cfg))
		}
	}
	record("rf-fit", func(g *goldenHash) error {
		f, err := FitRF(d.x, d.y, ForestConfig{Trees: 20}, Runtime{Seed: 4, Workers: 2})
		if err != nil {
			return err
		}
		proba, err := f.PredictProba(d.x.SelectRows([]int{7, 8, 9}), 1)
		g.addRows(proba)
		oob, _ := f.OOBProba(2)
		g.addRows(oob)
		return err
	})
	record("calibrated", func(g *goldenHash) error {
		cf, err := FitCalibrated(d.x, d.y, CalibratedConfig{Method: MethodIRF, Forest: ForestConfig{Trees: 10}}, Runtime{Seed: 4})
		if err != nil {
			return err
		}
		proba, err := cf.PredictProba(d.x.SelectRows([]int{7, 8, 9}), 1)
		g.addRows(proba)
		return err
	})
	record("subsets", goldenSubsets(d.x, d.y, DefaultUF()))
	// The preset default-2026-11-30 keeps the default's conditional MIs and
	// subset tables of that day (a plain estimate's leaves in their fits):
	// its lines repeat the default's lines before then.
	before := defaultUF20261130()
	before.Trees = 24
	record("cmi-uf-default-2026-11-30", goldenCMI(d.x, d.y, EstimatorConfig{UF: before, Runtime: Runtime{Seed: 11, Workers: 2}, Confidence: 0.9}))
	record("subsets-default-2026-11-30", goldenSubsets(d.x, d.y, defaultUF20261130()))
	// The preset default-2026-11-30d fits a conditional MI's given column
	// alone, as the default did before the swapped rest: its lines repeat
	// the default's cmi lines before then.
	plain := defaultUF20261130d()
	plain.Trees = 24
	record("cmi-uf-default-2026-11-30d", goldenCMI(d.x, d.y, EstimatorConfig{UF: plain, Runtime: Runtime{Seed: 11, Workers: 2}, Confidence: 0.9}))
	return lines
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func TestGoldenNumbers(t *testing.T) {
	if testing.Short() {
		t.Skip("golden numbers: skipped with -short (runs in the full go test)")
	}
	var got []string
	for _, d := range goldenSets(t) {
		got = append(got, goldenCases(t, d)...)
	}
	path := filepath.Join("testdata", "golden.txt")
	if *updateGolden {
		header := "# TestGoldenNumbers: case, SHA-256 (first 24 hex digits) of its numbers' bits, its first numbers.\n"
		if err := os.WriteFile(path, []byte(header+strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(want) != len(got) {
		t.Errorf("%d golden cases, %d recorded", len(got), len(want))
	}
	for i, line := range got {
		if !slices.Contains(want, line) {
			w := "(none)"
			if i < len(want) {
				w = want[i]
			}
			t.Errorf("numbers changed:\n got  %s\n want %s", line, w)
		}
	}
}

// goldenBound records the lower bound EstimateMI gives with cfg.
// goldenCMI records I(Y; columns 1, 2 | column 0) of cfg with its interval.
func goldenCMI(x *Features, y []int, cfg EstimatorConfig) func(*goldenHash) error {
	return func(g *goldenHash) error {
		c, err := ConditionalMI(x, y, []int{0}, []int{1, 2}, cfg)
		g.add(c.HYGivenA, c.HYGivenAB, c.CMI)
		g.addInterval(c.CI)
		return err
	}
}

// goldenSubsets records the subset table of the three first columns by uf
// (12 trees, 2 repeats) with its intervals.
func goldenSubsets(x *Features, y []int, uf UFConfig) func(*goldenHash) error {
	return func(g *goldenHash) error {
		uf.Trees = 12
		rows, err := SubsetTable(x, y, [][]int{{0}, {1}, {2}}, 2, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 2, Workers: 2}, Confidence: 0.9})
		for _, r := range rows {
			g.add(r.MIIn.Mean, r.CMIOutGivenIn.Mean, r.MIAll.Mean, r.MIIn.SD, r.CMIOutGivenIn.SD, r.MIAll.SD)
			g.addInterval(r.MIIn.CI)
			g.addInterval(r.CMIOutGivenIn.CI)
			g.addInterval(r.MIAll.CI)
		}
		return err
	}
}

func goldenBound(x *Features, y []int, cfg EstimatorConfig) func(*goldenHash) error {
	return func(g *goldenHash) error {
		cfg.LowerBound = true
		est, err := EstimateMI(x, y, cfg)
		b := est.LowerBound
		g.add(b.Value, b.SE, b.Low, b.Level)
		return err
	}
}
