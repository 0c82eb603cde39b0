// Command ccbound holds ufmi's MI estimates on real tables against a bound
// that any consistent estimate must clear: for every OpenML-CC18 data set of
// the mirror with at most -max-rows rows, H(Y) minus the cross-fitted
// log-loss of a classifier is a lower bound on I(X;Y) (bench/
// classifier_bound.py: logistic regression, boosting and a random forest,
// 5 folds, scikit-learn from Debian's python3-sklearn). It prints, per data
// set, the best bound, which classifier gave it and each UF preset's
// estimate ± its standard error with, after a slash, the forest's own lower bound
// (Estimate.LowerBound.Value: H(Y) minus the cross-fitted log-loss of its
// out-of-sample posteriors), then, per preset, how many estimates lie more
// than 0.03 nats below the classifiers' bound and how many more than two
// standard errors of the estimate (its interval's SE), the median gap
// (bound minus estimate), the median of the classifiers' bound minus the forest's,
// and on how many tables the estimate's interval lies below the 95% limit of
// ufmi's own linear bound (Estimate.LinearBound, a column of the table), where
// ufmi mi -bound notes it.
// With ObliqueUF among the presets (-presets default,...,oblique), it then
// prints every data set's gap in standard errors of the first preset and,
// where it misses by more than two, the measured reason (reasons.go).
//
// Both sides see the paper's preprocessing of the whole table (median /
// mode imputation and one-hot encoding, cc18.Preprocess), which uses no
// label, so the bound stays a bound.
//
// With -bounds FILE, the bounds are read from FILE when it holds them
// (lines "id bound classifier", tab-separated) and written to it when
// computed, so that later runs of other presets skip the classifiers.
//
//	UFMI_MIRROR=... go run ./bench/ccbound [-max-rows 12000] [-presets default,paper] [-ids 11,15] [-trees 300] [-bounds FILE] [-no-local-linear]
//	    [-max-features N] [-pilot-floor F] [-min-leaf N] [-unsharpened] [-fixed-leaves]   (one change to every preset, for ablations)
package main

import (
	"errors"
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
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

func main() {
	maxRows := flag.Int("max-rows", 12000, "largest data set measured")
	presets := flag.String("presets", "default", "UF presets to estimate with (ufmi mi -preset names)")
	ids := flag.String("ids", "", "comma-separated OpenML ids (default: every data set of the mirror within -max-rows)")
	trees := flag.Int("trees", ufmi.DefaultTrees, "trees of every UF")
	boundsFile := flag.String("bounds", "", "file caching the classifier bounds by OpenML id")
	maxFeatures := flag.Int("max-features", 0, "features each node examines in every preset (0: the preset's)")
	minLeaf := flag.Int("min-leaf", 0, "structure rows every leaf keeps at least, in every preset (0: the preset's)")
	unsharpened := flag.Bool("unsharpened", false, "score every one-step preset's out-of-sample posteriors unsharpened (UFConfig.NoSharpening)")
	fixedLeaves := flag.Bool("fixed-leaves", false, "every preset's leaves keep their minimum whatever n (UFConfig.FixedLeaves)")
	noLocalLinear := flag.Bool("no-local-linear", false, "score every one-step preset's out-of-sample posteriors without the local-linear fit (UFConfig.NoLocalLinear)")
	pilotFloor := flag.Float64("pilot-floor", 0, "screening weight every feature keeps in every screened preset (0: the preset's)")
	flag.Parse()
	edit := func(c *ufmi.UFConfig) {
		if *minLeaf > 0 {
			c.Tree.MinSamplesLeaf = *minLeaf
		}
		if *maxFeatures > 0 {
			c.Tree.MaxFeatures = tree.FeatureCount(*maxFeatures)
		}
		if *unsharpened {
			c.NoSharpening = true
		}
		if *pilotFloor > 0 && !c.NoScreening {
			c.PilotFloor = *pilotFloor
		}
		if *fixedLeaves {
			c.FixedLeaves = true
		}
		if *noLocalLinear {
			c.NoLocalLinear = true
		}
	}
	mirror := os.Getenv("UFMI_MIRROR")
	if mirror == "" {
		fmt.Fprintln(os.Stderr, "ccbound: set UFMI_MIRROR to the data mirror (its cc18/ folder)")
		os.Exit(2)
	}
	if err := run(mirror, *maxRows, strings.Split(*presets, ","), *ids, *trees, *boundsFile, edit); err != nil {
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
	se        []float64 // each estimate's standard error (its interval's)
	own       []float64 // each preset's own lower bound
	// belowLinear: each estimate's interval lies below the linear bound's
	// limit (Estimate.BelowLinearBound, the CLI's note).
	belowLinear []bool
	// linear and linearLow are ufmi's linear bound (Estimate.LinearBound)
	// and its 95% limit, the same for every preset.
	linear, linearLow float64
}

func run(mirror string, maxRows int, presets []string, idList string, trees int, boundsFile string, edit func(*ufmi.UFConfig)) error {
	cache, err := readBounds(boundsFile)
	if err != nil {
		return err
	}
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
		edit(&configs[i])
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
	fmt.Printf("| data set | n | K | H(Y) | bound (by) | ufmi's linear bound (limit) | %s estimate ± SE / own bound |\n|---|---|---|---|---|---|%s\n",
		strings.Join(presets, " estimate ± SE / own bound | "), strings.Repeat("---|", len(presets)))
	var results []result
	for _, id := range ids {
		d, err := cc18.Load(id, opts)
		if err != nil {
			return err
		}
		if d.Rows() > maxRows {
			continue
		}
		cached, known := cache[id]
		r, err := measure(d, dir, script, configs, cached, known)
		if err != nil {
			return fmt.Errorf("%s: %w", d.Name, err)
		}
		if !known && boundsFile != "" {
			if err := appendBound(boundsFile, id, r); err != nil {
				return err
			}
		}
		cells := make([]string, len(r.estimates))
		for i, v := range r.estimates {
			cells[i] = fmt.Sprintf("%.3f ± %.3f / %.3f", v, r.se[i], r.own[i])
		}
		fmt.Printf("| %s | %d | %d | %.3f | %.3f (%s) | %.3f (%.3f) | %s |\n", r.name, r.n, r.k, r.hy, r.bound, r.by, r.linear, r.linearLow, strings.Join(cells, " | "))
		results = append(results, r)
	}
	for i, p := range presets {
		gaps, ownGaps := make([]float64, len(results)), make([]float64, len(results))
		below, belowSE, ownAbove, belowLinear := 0, 0, 0, 0
		for j, r := range results {
			gaps[j], ownGaps[j] = r.bound-r.estimates[i], r.bound-r.own[i]
			if gaps[j] > 0.03 {
				below++
			}
			if gaps[j] > 2*r.se[i] {
				belowSE++
			}
			if ownGaps[j] < 0 {
				ownAbove++
			}
			if r.belowLinear[i] {
				belowLinear++
			}
		}
		fmt.Printf("\n%s: %d of %d data sets more than 0.03 nats below the bound, %d more than 2 standard errors of the estimate; median gap %.3f; "+
			"own bound above the classifiers' in %d, median classifiers' minus own %.3f; interval below the linear bound's limit (ufmi mi -bound's note) in %d\n",
			p, below, len(results), belowSE, median(gaps), ownAbove, median(ownGaps), belowLinear)
	}
	printReasons(presets, results)
	return nil
}

// cachedBound is a data set's bound read from a -bounds file.
type cachedBound struct {
	bound float64
	by    string
}

// readBounds reads a -bounds file ("" or a missing file: no bounds).
func readBounds(path string) (map[int]cachedBound, error) {
	out := map[int]cachedBound{}
	if path == "" {
		return out, nil
	}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		var id int
		var c cachedBound
		if _, err := fmt.Sscanf(line, "%d\t%g\t%s", &id, &c.bound, &c.by); err != nil {
			return nil, fmt.Errorf("%s line %d: %q is not \"id bound classifier\"", path, i+1, line)
		}
		out[id] = c
	}
	return out, nil
}

// appendBound adds a data set's bound to a -bounds file.
func appendBound(path string, id int, r result) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%d\t%.17g\t%s\n", id, r.bound, r.by)
	return errors.Join(err, f.Close())
}

// measure computes one data set's bound (unless known, then cached) and
// estimates.
func measure(d *cc18.Dataset, dir, script string, configs []ufmi.UFConfig, cached cachedBound, known bool) (result, error) {
	all := make([]int, d.Rows())
	for i := range all {
		all[i] = i
	}
	x, _, err := cc18.Preprocess(d, all, all[:1])
	if err != nil {
		return result{}, err
	}
	hy, err := ufmi.LabelEntropy(d.Y)
	if err != nil {
		return result{}, err
	}
	r := result{name: d.Name, n: d.Rows(), hy: hy, bound: cached.bound, by: cached.by}
	if !known {
		if r.bound, r.by, err = classifierBound(d, x, hy, dir, script); err != nil {
			return result{}, err
		}
	}
	features, err := ufmi.NewFeatures(x)
	if err != nil {
		return result{}, err
	}
	for _, c := range configs {
		// The interval brings the forest's own lower bound.
		est, err := ufmi.EstimateMI(features, d.Y, ufmi.EstimatorConfig{UF: c, Confidence: 0.95, LowerBound: true, Runtime: ufmi.Runtime{Seed: 1}})
		if err != nil {
			return result{}, err
		}
		r.k = est.Classes
		r.estimates = append(r.estimates, est.MI)
		r.se = append(r.se, est.CI.SE)
		r.own = append(r.own, est.LowerBound.Value)
		r.belowLinear = append(r.belowLinear, est.BelowLinearBound())
		r.linear, r.linearLow = est.LinearBound.Value, est.LinearBound.Low
	}
	return r, nil
}

// classifierBound runs bench/classifier_bound.py on the preprocessed rows
// x and returns the best bound H(Y) - log-loss and its classifier.
func classifierBound(d *cc18.Dataset, x [][]float64, hy float64, dir, script string) (float64, string, error) {
	path := filepath.Join(dir, fmt.Sprintf("%d.csv", d.ID))
	if err := peer.WriteCSV(path, x, d.Y); err != nil {
		return 0, "", err
	}
	out, err := exec.Command("/usr/bin/python3", script, path, "5", "1", "2").CombinedOutput()
	if err != nil {
		return 0, "", fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	bound, by := math.Inf(-1), ""
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var name string
		var loss float64
		if _, err := fmt.Sscan(line, &name, &loss); err != nil {
			return 0, "", fmt.Errorf("unreadable classifier line %q", line)
		}
		if b := hy - loss; b > bound {
			bound, by = b, name
		}
	}
	return bound, by, nil
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
