// Command ccbound holds ufmi's MI estimates on real tables against a bound
// that any consistent estimate must clear: for every OpenML-CC18 data set of
// the mirror with at most -max-rows rows, H(Y) minus the cross-fitted
// log-loss of a classifier is a lower bound on I(X;Y) (bench/
// classifier_bound.py: logistic regression, boosting and a random forest,
// 5 folds, scikit-learn from Debian's python3-sklearn). It prints, per data
// set, the best bound, which classifier gave it and each UF preset's
// estimate with, after a slash, the forest's own lower bound
// (Estimate.LowerBound.Value: H(Y) minus the cross-fitted log-loss of its
// out-of-sample posteriors), then, per preset, how many estimates lie more
// than 0.03 nats below the classifiers' bound, the median gap (bound minus
// estimate), and the median of the classifiers' bound minus the forest's.
//
// Both sides see the paper's preprocessing of the whole table (median /
// mode imputation and one-hot encoding, cc18.Preprocess), which uses no
// label, so the bound stays a bound.
//
//	UFMI_MIRROR=... go run ./bench/ccbound [-max-rows 12000] [-presets default,paper] [-ids 11,15] [-trees 300]
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/bench/internal/peer"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/cc18"
)

func main() {
	maxRows := flag.Int("max-rows", 12000, "largest data set measured")
	presets := flag.String("presets", "default", "UF presets to estimate with (ufmi mi -preset names)")
	ids := flag.String("ids", "", "comma-separated OpenML ids (default: every data set of the mirror within -max-rows)")
	trees := flag.Int("trees", ufmi.DefaultTrees, "trees of every UF")
	flag.Parse()
	mirror := os.Getenv("UFMI_MIRROR")
	if mirror == "" {
		fmt.Fprintln(os.Stderr, "ccbound: set UFMI_MIRROR to the data mirror (its cc18/ folder)")
		os.Exit(2)
	}
	if err := run(mirror, *maxRows, strings.Split(*presets, ","), *ids, *trees); err != nil {
		fmt.Fprintln(os.Stderr, "ccbound:", err)
		os.Exit(1)
	}
}

// result is one data set's row.
type result struct {
	name      string
	n, k      int
	hy, bound float64
	by        string
	estimates []float64
	own       []float64 // each preset's own lower bound
}

func run(mirror string, maxRows int, presets []string, idList string, trees int) error {
	script := filepath.Join("bench", "classifier_bound.py")
	if _, err := os.Stat(script); err != nil {
		return fmt.Errorf("run from the repository's root (%s not found)", script)
	}
	if _, err := exec.LookPath("/usr/bin/python3"); err != nil {
		return fmt.Errorf("/usr/bin/python3 with python3-sklearn is needed")
	}
	configs := make([]ufmi.UFConfig, len(presets))
	for i, p := range presets {
		var err error
		if configs[i], err = ufmi.ParseUFPreset(p); err != nil {
			return err
		}
		configs[i].Trees = trees
	}
	opts := cc18.LoadOptions{MirrorDir: filepath.Join(mirror, "cc18"), Offline: true}
	ids := cc18.Available(opts)
	if idList != "" {
		ids = nil
		for _, f := range strings.Split(idList, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return fmt.Errorf("-ids: %q is not an OpenML id", f)
			}
			ids = append(ids, id)
		}
	}
	dir, err := os.MkdirTemp("", "ccbound")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Printf("| data set | n | K | H(Y) | bound (by) | %s estimate / own bound |\n|---|---|---|---|---|%s\n",
		strings.Join(presets, " estimate / own bound | "), strings.Repeat("---|", len(presets)))
	var results []result
	for _, id := range ids {
		d, err := cc18.Load(id, opts)
		if err != nil {
			return err
		}
		if d.Rows() > maxRows {
			continue
		}
		r, err := measure(d, dir, script, configs)
		if err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
		cells := make([]string, len(r.estimates))
		for i, v := range r.estimates {
			cells[i] = fmt.Sprintf("%.3f / %.3f", v, r.own[i])
		}
		fmt.Printf("| %s | %d | %d | %.3f | %.3f (%s) | %s |\n", r.name, r.n, r.k, r.hy, r.bound, r.by, strings.Join(cells, " | "))
		results = append(results, r)
	}
	for i, p := range presets {
		gaps, ownGaps := make([]float64, len(results)), make([]float64, len(results))
		below, ownAbove := 0, 0
		for j, r := range results {
			gaps[j], ownGaps[j] = r.bound-r.estimates[i], r.bound-r.own[i]
			if gaps[j] > 0.03 {
				below++
			}
			if ownGaps[j] < 0 {
				ownAbove++
			}
		}
		fmt.Printf("\n%s: %d of %d data sets more than 0.03 nats below the bound; median gap %.3f; "+
			"own bound above the classifiers' in %d, median classifiers' minus own %.3f\n",
			p, below, len(results), median(gaps), ownAbove, median(ownGaps))
	}
	return nil
}

// median is the middle value of v (the upper one of an even count), NaN
// for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	v = append([]float64(nil), v...)
	sort.Float64s(v)
	return v[len(v)/2]
}

// measure computes one data set's bound and estimates.
func measure(d *cc18.Dataset, dir, script string, configs []ufmi.UFConfig) (result, error) {
	all := make([]int, d.Rows())
	for i := range all {
		all[i] = i
	}
	x, _, err := cc18.Preprocess(d, all, all[:1])
	if err != nil {
		return result{}, err
	}
	path := filepath.Join(dir, fmt.Sprintf("%d.csv", d.ID))
	if err := peer.WriteCSV(path, x, d.Y); err != nil {
		return result{}, err
	}
	out, err := exec.Command("/usr/bin/python3", script, path, "5", "1", "2").CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	hy, err := ufmi.LabelEntropy(d.Y)
	if err != nil {
		return result{}, err
	}
	r := result{name: d.Name, n: d.Rows(), hy: hy, bound: math.Inf(-1)}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var name string
		var loss float64
		if _, err := fmt.Sscan(line, &name, &loss); err != nil {
			return result{}, fmt.Errorf("unreadable classifier line %q", line)
		}
		if b := hy - loss; b > r.bound {
			r.bound, r.by = b, name
		}
	}
	features, err := ufmi.NewFeatures(x)
	if err != nil {
		return result{}, err
	}
	for _, c := range configs {
		// The interval brings the forest's own lower bound.
		est, err := ufmi.EstimateMI(features, d.Y, ufmi.EstimatorConfig{UF: c, Confidence: 0.95, Runtime: ufmi.Runtime{Seed: 1}})
		if err != nil {
			return result{}, err
		}
		r.k = est.Classes
		r.estimates = append(r.estimates, est.MI)
		r.own = append(r.own, est.LowerBound.Value)
	}
	return r, nil
}
