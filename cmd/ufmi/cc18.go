package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi/cc18"
)

// runCC18 runs the calibration study on OpenML-CC18 datasets and prints
// the pairwise tables for Cohen's kappa loss, ECE and MCE.
func runCC18(args []string, stdout, stderr io.Writer) error {
	return cc18Command(args, stdout, stderr, false)
}

// cc18Command is "ufmi cc18"; with checkOnly it stops with errArgsChecked
// once its flags and dataset list have passed their checks ("ufmi slurm").
func cc18Command(args []string, stdout, stderr io.Writer, checkOnly bool) error {
	fs := flag.NewFlagSet("cc18", flag.ContinueOnError)
	ids := fs.String("ids", "available", `dataset ids (comma-separated), "available" (those in the mirror) or "all" (the 72 of the suite)`)
	size := fs.String("size", "quick", "forest sizes: quick (50 trees, 5×10 calibrated, at most 3000 rows per dataset) or paper (500 trees, 5×100, all rows)")
	results := fs.String("results", "data/cc18-results", "folder of result files, one per dataset × fold × forest, in one subfolder per -size and -seed, quick or paper for seed 1 and e.g. quick-seed2 for others (resumed when computed with the same data, settings and seed; empty: none)")
	mirror := fs.String("mirror", "", "mirror folder of gzip'd CSV files (default: $UFMI_MIRROR/cc18)")
	seed := fs.Uint64("seed", 1, "random seed")
	asJSON := fs.Bool("json", false, "print the tables as JSON")
	shardFlag := fs.String("shard", "", "evaluate only shard I/N of the cells (dataset × fold × forest; I from 0) into -results; a run without -shard computes the missing cells and prints the tables")
	shards := fs.Int("shards", 0, "evaluate shard $SLURM_ARRAY_TASK_ID (or $JOB_COMPLETION_INDEX) of this many")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	settings := cc18.QuickSettings()
	switch *size {
	case "quick":
	case "paper":
		settings = cc18.PaperSettings()
	default:
		return fmt.Errorf("-size %q: want quick or paper", *size)
	}
	load := cc18.LoadOptions{MirrorDir: *mirror}
	resultsDir := ""
	if *results != "" {
		resultsDir = filepath.Join(*results, cc18Subfolder(*size, *seed))
	}
	list, err := parseIDs(*ids, load)
	if err != nil {
		return err
	}
	if checkOnly {
		return errArgsChecked
	}
	start := time.Now()
	status := newStatusLine(stderr)
	opts := cc18.SweepOptions{IDs: list, Load: load, Learners: cc18.Forests(settings), Seed: *seed, MaxRows: settings.MaxRows,
		ResultsDir: resultsDir, Log: noteWriter{w: status, command: "cc18"}}
	if !*asJSON { // -json turns progress off, as in mi and table
		opts.Progress = func(done, total int) {
			status.update(done, total, "datasets %d/%d (last: %d, %s)", done, total, list[done-1], time.Since(start).Round(time.Second))
		}
	}
	if *shardFlag != "" || *shards != 0 {
		return runCC18Shard(opts, *shardFlag, *shards, stdout, *asJSON)
	}
	scores, err := cc18.Sweep(opts)
	if err != nil {
		return err
	}
	learners := []string{"RF", "IRF", "SigRF", "UF"}
	var tables []cc18.Pairwise
	for _, m := range []cc18.Metric{cc18.KappaLoss, cc18.ECE, cc18.MCE} {
		t, err := cc18.PairwiseTable(scores, m, learners)
		if err != nil {
			return err
		}
		tables = append(tables, t)
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(jsonTables(tables))
	}
	fmt.Fprintln(stdout, "mean confidence of the predicted class and accuracy, over every test row:")
	for _, l := range learners {
		conf, acc := cc18.MeanConfidence(scores, l)
		fmt.Fprintf(stdout, "  %-6s confidence %.3f  accuracy %.3f\n", l, conf, acc)
	}
	fmt.Fprintln(stdout)
	for _, t := range tables {
		fmt.Fprintf(stdout, "%s: median row minus column over %d datasets (one-sided Wilcoxon p)\n", t.Metric, t.Datasets)
		fmt.Fprintf(stdout, "%-6s", "")
		for _, l := range t.Learners {
			fmt.Fprintf(stdout, " %17s", l)
		}
		fmt.Fprintln(stdout)
		for r, l := range t.Learners {
			fmt.Fprintf(stdout, "%-6s", l)
			for c := range t.Learners {
				if r == c {
					fmt.Fprintf(stdout, " %17s", "")
					continue
				}
				fmt.Fprintf(stdout, " %8.4f (%6.4f)", t.Median[r][c], t.PValue[r][c])
			}
			fmt.Fprintln(stdout)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "seconds: %.1f\n", time.Since(start).Seconds())
	return nil
}

// parseIDs reads the -ids flag.
func parseIDs(s string, load cc18.LoadOptions) ([]int, error) {
	switch s {
	case "available":
		ids := cc18.Available(load)
		if len(ids) == 0 {
			return nil, noMirrorError(load.MirrorDir)
		}
		return ids, nil
	case "all":
		var ids []int
		for _, d := range cc18.Suite {
			ids = append(ids, d.ID)
		}
		return ids, nil
	}
	var ids []int
	for _, f := range strings.Split(s, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("-ids: %q is not a dataset id", f)
		}
		if _, ok := cc18.Lookup(id); !ok {
			return nil, fmt.Errorf("-ids: %d is not an OpenML-CC18 dataset", id)
		}
		if slices.Contains(ids, id) {
			return nil, fmt.Errorf("-ids lists dataset %d twice", id)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// jsonTables turns NaN (the diagonal) into null for JSON.
func jsonTables(tables []cc18.Pairwise) []map[string]any {
	var out []map[string]any
	for _, t := range tables {
		clean := func(m [][]float64) [][]*float64 {
			res := make([][]*float64, len(m))
			for r := range m {
				res[r] = make([]*float64, len(m[r]))
				for c, v := range m[r] {
					if !math.IsNaN(v) {
						v := v
						res[r][c] = &v
					}
				}
			}
			return res
		}
		out = append(out, map[string]any{"metric": t.Metric, "learners": t.Learners, "datasets": t.Datasets,
			"median": clean(t.Median), "p_value": clean(t.PValue)})
	}
	return out
}

// runCC18Shard evaluates one shard of the cells into the results folder.
func runCC18Shard(o cc18.SweepOptions, flagValue string, count int, stdout io.Writer, asJSON bool) error {
	var spec shard.Spec
	var err error
	switch {
	case flagValue != "" && count != 0:
		return fmt.Errorf("give -shard I/N or -shards N, not both")
	case flagValue != "":
		spec, err = shard.Parse(flagValue)
	default:
		spec, err = shard.FromEnv(count, os.Getenv)
	}
	if err != nil {
		return err
	}
	if o.ResultsDir == "" {
		return fmt.Errorf("-shard and -shards need -results DIR")
	}
	out, err := cc18.SweepShard(o, spec)
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(map[string]any{"shard": spec.String(), "cells_computed": out.Ran,
			"cells_done": out.Done, "cells": out.Total, "complete": out.Complete()})
	}
	fmt.Fprintln(stdout, out)
	fmt.Fprintln(stdout, "when every shard is done, the same command without -shard prints the tables")
	return nil
}

// noteWriter shows the lines a library writes to its log (one line per
// Write, starting "ufmi: ") as the command's notes: "ufmi COMMAND: note: ".
type noteWriter struct {
	w       io.Writer
	command string
}

func (n noteWriter) Write(p []byte) (int, error) {
	_, err := fmt.Fprintf(n.w, "ufmi %s: note: %s", n.command, strings.TrimPrefix(string(p), "ufmi: "))
	return len(p), err
}

// cc18Subfolder is the subfolder of -results for a sweep of size and seed:
// the size for seed 1 (the folder earlier versions used), the size and the
// seed otherwise, so that sweeps of two seeds keep their own cells instead
// of recomputing each other's.
func cc18Subfolder(size string, seed uint64) string {
	if seed == 1 {
		return size
	}
	return fmt.Sprintf("%s-seed%d", size, seed)
}

// noMirrorError says why -ids available found no dataset: no mirror named
// (dir empty, UFMI_MIRROR unset), or the folder named holds none, with a
// hint where it is the mirror's root rather than its cc18 folder.
func noMirrorError(dir string) error {
	holdsListing := func(folder string) bool {
		_, err := os.Stat(filepath.Join(folder, "column_types.csv"))
		return err == nil
	}
	where, named, hint := dir, "-mirror", ""
	if dir == "" {
		m := os.Getenv("UFMI_MIRROR")
		if m == "" {
			return fmt.Errorf("no CC18 mirror found: set UFMI_MIRROR or -mirror, or name datasets with -ids")
		}
		where, named = filepath.Join(m, "cc18"), "$UFMI_MIRROR/cc18"
		if holdsListing(m) {
			hint = fmt.Sprintf(" (UFMI_MIRROR names the cc18 folder itself: set it to the mirror's root, %s)", filepath.Dir(m))
		}
	} else if holdsListing(filepath.Join(dir, "cc18")) {
		hint = fmt.Sprintf(" (its subfolder cc18 holds one: give -mirror %s)", filepath.Join(dir, "cc18"))
	}
	return fmt.Errorf("no CC18 dataset found in %s = %s: a mirror folder holds column_types.csv and the datasets' gzip'd CSV files%s; or name datasets with -ids to download them", named, where, hint)
}
