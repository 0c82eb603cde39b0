// Command nulltest measures ufmi's two permutation tests of X ⊥ Y with the
// default UF:
//
//   - type-I error of the fast (split) test: the overlapping setting (X
//     independent of Y), d in {2, 20}, n in {300, 2000}, -sets data sets per
//     cell, rejection rates at levels 0.05 and 0.01;
//   - type-I error of the refit test on the first -refit-null-sets of those
//     data sets (-refit-null-perms refits each: exact by exchangeability,
//     measured as a check);
//   - power of the fast and the refit test on the same data sets: the
//     separated setting with a small mean shift mu per n (-power-sets data
//     sets; the refit test with -refit-perms permutations).
//
// Every p-value goes to a CSV (rows already there are kept and skipped, so
// an interrupted run resumes); the tables go to stdout and, with -doc,
// between the nulltest markers of a Markdown file (docs/inference.md).
//
//	go run ./bench/nulltest [-sets 500] [-refit-null-sets 100] [-power-sets 50] [-trees 100] [-perms 1000] [-refit-perms 200] [-refit-null-perms 100] [-doc docs/inference.md]
//
// -shares 0.15,0.3,0.5 instead prints the fast test's power in the power
// cells (-share-sets data sets each, the same data sets as the power table's
// first ones) for each share of the structure half that grows a tree
// (ufmi.PermutationConfig.FastShare): how DefaultFastShare was chosen.
package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/bench/internal/tally"
	"github.com/ufmi-dev/ufmi/internal/docsection"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// cell is one (n, d) of the grid; mu is the separated setting's mean shift
// for the power runs.
type cell struct {
	n, d int
	mu   float64
}

// cells are the grid. The shifts give both tests power between 0.2 and 0.9.
var cells = []cell{{300, 2, 0.2}, {300, 20, 0.2}, {2000, 2, 0.08}, {2000, 20, 0.08}}

type options struct {
	sets, powerSets, trees, perms, refitPerms int
	refitNullSets, refitNullPerms             int
	out, doc                                  string
	shares                                    string // with -shares: only the power of the fast test per share
	shareSets                                 int
}

func main() {
	var o options
	flag.IntVar(&o.sets, "sets", 500, "null data sets per cell (type-I error)")
	flag.IntVar(&o.powerSets, "power-sets", 50, "data sets per cell for power (both tests)")
	flag.IntVar(&o.trees, "trees", 100, "trees per forest (the default UF's 60-tree pilot kept)")
	flag.IntVar(&o.perms, "perms", 1000, "permutations of the fast test")
	flag.IntVar(&o.refitPerms, "refit-perms", 200, "permutations (refits) of the refit test")
	flag.IntVar(&o.refitNullSets, "refit-null-sets", 100, "null data sets per cell for the refit test's type-I error (the first of the fast test's)")
	flag.IntVar(&o.refitNullPerms, "refit-null-perms", 100, "permutations (refits) of the refit test on null data sets")
	flag.StringVar(&o.out, "csv", "data/sim/nulltest.csv", "CSV of every p-value")
	flag.StringVar(&o.doc, "doc", "", "rewrite the tables between the nulltest markers of this Markdown file (docs/inference.md)")
	flag.StringVar(&o.shares, "shares", "", "instead: the fast test's power in the power cells for each of these fast-test shares (e.g. 0.15,0.3,0.5)")
	flag.IntVar(&o.shareSets, "share-sets", 100, "with -shares: data sets per cell")
	flag.Parse()
	if o.shares != "" {
		if err := compareShares(o); err != nil {
			fmt.Fprintln(os.Stderr, "nulltest:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "nulltest:", err)
		os.Exit(1)
	}
}

// result is one test of one data set.
type result struct {
	kind     string // "type1" or "power"
	n, d     int
	mu       float64
	set      int
	test     string // "fast" or "refit"
	perms    int
	p        float64
	observed float64
	seconds  float64
}

var header = []string{"kind", "n", "d", "mu", "set", "test", "trees", "permutations", "p_value", "observed", "seconds"}

func (r result) key() string {
	return fmt.Sprintf("%s/%d/%d/%d/%s/%d", r.kind, r.n, r.d, r.set, r.test, r.perms)
}

func run(o options) error {
	done, err := readResults(o.out)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(o.out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := csv.NewWriter(f)
	if len(done) == 0 {
		w.Write(header)
	}
	var all []result
	start := time.Now()
	// do runs one test unless the CSV holds it, and keeps its result.
	do := func(r result, x *ufmi.Features, y []int, seed uint64) error {
		if old, ok := done[r.key()]; ok {
			all = append(all, old)
			return nil
		}
		cfg := estimator(o.trees)
		pc := ufmi.PermutationConfig{Permutations: r.perms, Runtime: ufmi.Runtime{Seed: seed}}
		t0 := time.Now()
		var res ufmi.PermutationResult
		var err error
		if r.test == "fast" {
			res, err = ufmi.FastPermutationTest(x, y, cfg, pc)
		} else {
			res, err = ufmi.PermutationTest(x, y, ufmi.MIStatistic(cfg), pc)
		}
		if err != nil {
			return err
		}
		r.p, r.observed, r.seconds = res.PValue, res.Observed, time.Since(t0).Seconds()
		all = append(all, r)
		w.Write([]string{r.kind, strconv.Itoa(r.n), strconv.Itoa(r.d), fmt.Sprint(r.mu), strconv.Itoa(r.set), r.test,
			strconv.Itoa(o.trees), strconv.Itoa(r.perms), fmt.Sprint(r.p), fmt.Sprintf("%.6f", r.observed), fmt.Sprintf("%.3f", r.seconds)})
		w.Flush()
		fmt.Fprintf(os.Stderr, "\r%s n=%d d=%d set %d %s: p=%.3f (%s)      ", r.kind, r.n, r.d, r.set, r.test, r.p, time.Since(start).Round(time.Second))
		return w.Error()
	}
	// Type-I error: every test on the first of the same null data sets.
	for _, t := range []struct {
		name        string
		sets, perms int
	}{{"fast", o.sets, o.perms}, {"refit", o.refitNullSets, o.refitNullPerms}} {
		for _, c := range cells {
			for i := range t.sets {
				seed := seeds.Derive(1, seeds.Repetition, i)
				x, y, err := sample(sim.MISimulation{Setting: sim.Overlapping, N: c.n, D: c.d, Prior: 0.5}, seed)
				if err != nil {
					return err
				}
				if err := do(result{kind: "type1", n: c.n, d: c.d, set: i, test: t.name, perms: t.perms}, x, y, seed); err != nil {
					return err
				}
			}
		}
	}
	for _, c := range cells {
		for i := range o.powerSets {
			x, y, seed, err := powerData(c, i)
			if err != nil {
				return err
			}
			for _, t := range []struct {
				name  string
				perms int
			}{{"fast", o.perms}, {"refit", o.refitPerms}} {
				if err := do(result{kind: "power", n: c.n, d: c.d, mu: c.mu, set: i, test: t.name, perms: t.perms}, x, y, seed); err != nil {
					return err
				}
			}
		}
	}
	fmt.Fprintln(os.Stderr)
	tables := formatTables(all, o)
	fmt.Print(tables)
	if o.doc != "" {
		return docsection.ReplaceInFile(o.doc, "nulltest", tables)
	}
	return nil
}

// estimator is the default UF with the given number of trees, the
// estimator of both tests.
func estimator(trees int) ufmi.EstimatorConfig {
	uf := ufmi.DefaultUF()
	uf.Trees = trees
	return ufmi.EstimatorConfig{UF: uf}
}

// powerData is data set i of power cell c (separated setting, shift c.mu)
// and the seed of its tests.
func powerData(c cell, i int) (*ufmi.Features, []int, uint64, error) {
	seed := seeds.Derive(2, seeds.Repetition, i)
	x, y, err := sample(sim.MISimulation{Setting: sim.Separated, N: c.n, D: c.d, Prior: 0.5, Mu: c.mu}, seed)
	return x, y, seed, err
}

func sample(s sim.MISimulation, seed uint64) (*ufmi.Features, []int, error) {
	rows, y, err := s.Sample(seed)
	if err != nil {
		return nil, nil, err
	}
	x, err := ufmi.NewFeatures(rows)
	return x, y, err
}

// readResults reads the rows of an earlier run, by key.
func readResults(path string) (map[string]result, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]result{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	out := map[string]result{}
	first := true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if first {
			first = false
			if strings.Join(rec, ",") != strings.Join(header, ",") {
				return nil, fmt.Errorf("%s: unexpected header %v", path, rec)
			}
			continue
		}
		var res result
		res.kind, res.test = rec[0], rec[5]
		res.n, _ = strconv.Atoi(rec[1])
		res.d, _ = strconv.Atoi(rec[2])
		res.mu, _ = strconv.ParseFloat(rec[3], 64)
		res.set, _ = strconv.Atoi(rec[4])
		res.perms, _ = strconv.Atoi(rec[7])
		res.p, _ = strconv.ParseFloat(rec[8], 64)
		res.observed, _ = strconv.ParseFloat(rec[9], 64)
		res.seconds, _ = strconv.ParseFloat(rec[10], 64)
		out[res.key()] = res
	}
}

// formatTables renders the type-I and power tables in Markdown.
func formatTables(all []result, o options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Type-I error of the fast test: rejection rate of a true H0 (overlapping setting, X independent of Y), default UF with %d trees, %d permutations, %d data sets per cell (± binomial standard error).\n\n", o.trees, o.perms, o.sets)
	writeTypeIRows(&b, all, "fast")
	if o.refitNullSets > 0 {
		fmt.Fprintf(&b, "\nType-I error of the refit test on the first %d of those data sets per cell, %d permutations (refits) each (± binomial standard error).\n\n", o.refitNullSets, o.refitNullPerms)
		writeTypeIRows(&b, all, "refit")
	}
	fmt.Fprintf(&b, "\nPower at level 0.05, both tests on the same data sets (separated setting, mean shift mu, so I(X;Y) is small), %d data sets per cell, default UF with %d trees; fast test %d permutations, refit test %d permutations (refits).\n\n", o.powerSets, o.trees, o.perms, o.refitPerms)
	b.WriteString("| n | d | mu | power, fast | power, refit | seconds, fast | seconds, refit |\n|---|---|---|---|---|---|---|\n")
	for _, c := range cells {
		pf, sf := pick(all, "power", c, "fast")
		pr, sr := pick(all, "power", c, "refit")
		if len(pf) == 0 || len(pr) == 0 {
			continue
		}
		fmt.Fprintf(&b, "| %d | %d | %g | %.2f | %.2f | %.2f | %.1f |\n", c.n, c.d, c.mu, tally.Rate(pf, 0.05), tally.Rate(pr, 0.05), tally.Mean(sf), tally.Mean(sr))
	}
	return b.String()
}

// writeTypeIRows writes the type-I table of one test, a row per cell.
func writeTypeIRows(b *strings.Builder, all []result, test string) {
	b.WriteString("| n | d | reject at 0.05 | reject at 0.01 | mean p | seconds per test |\n|---|---|---|---|---|---|\n")
	for _, c := range cells {
		ps, secs := pick(all, "type1", c, test)
		if len(ps) == 0 {
			continue
		}
		r05, r01 := tally.Rate(ps, 0.05), tally.Rate(ps, 0.01)
		fmt.Fprintf(b, "| %d | %d | %.3f ± %.3f | %.3f ± %.3f | %.3f | %.2f |\n", c.n, c.d, r05, tally.SE(r05, len(ps)), r01, tally.SE(r01, len(ps)), tally.Mean(ps), tally.Mean(secs))
	}
}

// pick returns the p-values and seconds of one kind, cell and test.
func pick(all []result, kind string, c cell, test string) (ps, secs []float64) {
	for _, r := range all {
		if r.kind == kind && r.n == c.n && r.d == c.d && r.test == test {
			ps, secs = append(ps, r.p), append(secs, r.seconds)
		}
	}
	return ps, secs
}
