package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/internal/presetname"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

// errUsage reports a flag error already printed by the flag package.
var errUsage = errors.New("usage")

// errHelp reports that -h printed a command's flags, as asked: exit status 0.
var errHelp = errors.New("help shown")

// presetUsage describes -preset (the names ufmi.ParseUFPreset takes).
const presetUsage = "UF preset: default, capped-noise, label-draws, default-2026-12-01c, default-2026-12-01b, default-2026-12-01, default-2026-11-30d, default-2026-11-30c, default-2026-11-30b, default-2026-11-30, default-2026-11-29c, default-2026-11-29b, default-2026-11-29, default-2026-11-28, default-2026-11-27, default-2026-11-25, unsharpened, plugin, paper, authors, oblique, oblique-2026-11-29, oblique-2026-11-28 or oblique-2026-11-25"

// estimatorFlags are the flags shared by the estimating subcommands.
type estimatorFlags struct {
	method, preset string
	trees, k       int
	seed           uint64
	workers        int
	manyClasses    bool
}

func (e *estimatorFlags) register(fs *flag.FlagSet, defaultMethod string) {
	e.method, e.preset = defaultMethod, "default"
	fs.Var(canonicalName{&e.method, canonicalMethod}, "method", "estimator `name`: uf, rf-split, rf-oob, sigrf, irf, ksg, mixed-ksg, ross")
	fs.Var(canonicalName{&e.preset, presetname.Canonical}, "preset", "`name` of the "+presetUsage)
	registerTrees(fs, &e.trees, "trees per forest (SigRF/IRF: in all, trees/5 in each of 5 folds, at least 5)")
	fs.IntVar(&e.k, "k", 5, fmt.Sprintf("neighbours for the kNN estimators, 1..%d and fewer than the rows", maxK))
	fs.Uint64Var(&e.seed, "seed", 1, "random seed")
	fs.BoolVar(&e.manyClasses, "many-classes", false, fmt.Sprintf("estimate with a target of %d or more classes and fewer than %d rows per class (it looks continuous), or, with the uf method's one-step, fewer than %d (far off either way): an error without this flag", classes.ManyClasses, classes.RowsPerClass, classes.OneStepRowsPerClass))
	registerWorkers(fs, &e.workers)
}

// canonicalName is a string flag stored under its canonical spelling, so
// that "-method UF" and "-method uf" (or "-preset local-linear" and
// "-preset default") record the same job in a results folder. An unknown
// name is stored as given, for the estimator's own error.
type canonicalName struct {
	value     *string
	canonical func(string) string
}

func (c canonicalName) String() string {
	if c.value == nil {
		return ""
	}
	return *c.value
}

func (c canonicalName) Set(s string) error {
	*c.value = c.canonical(s)
	return nil
}

// canonicalMethod is the name ufmi.ParseMethod reads s as.
func canonicalMethod(s string) string {
	if m, err := ufmi.ParseMethod(s); err == nil {
		return string(m)
	}
	return s
}

// registerTrees adds -trees; registerWorkers adds -workers.
func registerTrees(fs *flag.FlagSet, trees *int, usage string) {
	fs.IntVar(trees, "trees", ufmi.DefaultTrees, fmt.Sprintf("%s, 1..%d", usage, limits.Trees))
}

func registerWorkers(fs *flag.FlagSet, workers *int) {
	fs.IntVar(workers, "workers", 0, fmt.Sprintf("goroutines, 0..%d (0: all cores; at most 4 per core); results do not depend on it", maxWorkers()))
}

// maxK bounds -k before the data are read; -k must also be below the rows.
const maxK = 1_000_000

// maxWorkers bounds -workers: four goroutines per core.
func maxWorkers() int { return 4 * runtime.NumCPU() }

// checkRange returns an error naming the flag when v is outside lo..hi;
// note, when given, says what the range means.
func checkRange(name string, v, lo, hi int, note string) error {
	if v >= lo && v <= hi {
		return nil
	}
	if note != "" {
		note = " (" + note + ")"
	}
	return fmt.Errorf("-%s %d must be in %d..%d%s", name, v, lo, hi, note)
}

// checkTreesAndWorkers checks the -trees and -workers flags.
func checkTreesAndWorkers(trees, workers int) error {
	if err := checkRange("trees", trees, 1, limits.Trees, ""); err != nil {
		return err
	}
	return checkRange("workers", workers, 0, maxWorkers(),
		fmt.Sprintf("0: all cores; at most 4 × the %d cores", runtime.NumCPU()))
}

// config builds the estimator configuration the flags describe, from
// the model catalogue (ufmi/models).
func (e *estimatorFlags) config() (ufmi.EstimatorConfig, error) {
	if _, err := ufmi.ParseMethod(e.method); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	if _, err := ufmi.ParseUFPreset(e.preset); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	if err := checkTreesAndWorkers(e.trees, e.workers); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	if err := checkRange("k", e.k, 1, maxK, "and fewer than the rows"); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	model, err := models.Named(e.method, e.preset, e.trees)
	if err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	cfg := model.Estimator
	cfg.KNN.K, cfg.Seed, cfg.Workers, cfg.ManyClasses = e.k, e.seed, e.workers, e.manyClasses
	return cfg, nil
}

// checkClasses refuses k classes in n rows of the target column that look
// continuous, or, for cfg's UF one-step, leave it far off either way,
// unless -many-classes accepts them: the library's checks, worded for the
// command line.
func (e *estimatorFlags) checkClasses(cfg ufmi.EstimatorConfig, target string, k, n int) error {
	if e.manyClasses {
		return nil
	}
	if err := classes.CheckCount(k, n, "target "+strconv.Quote(target), "pass -many-classes"); err != nil {
		return cliError{err}
	}
	if !cfg.OneStepUF() {
		return nil
	}
	if err := classes.CheckOneStepCount(k, n, "target "+strconv.Quote(target), "pass -many-classes"); err != nil {
		return cliError{err}
	}
	return nil
}

// checkRows checks -k against the n rows of the data, for the kNN methods.
func (e *estimatorFlags) checkRows(method ufmi.Method, n int) error {
	if method.KNN() && e.k >= n {
		return fmt.Errorf("-k %d must be below the number of rows (%d)", e.k, n)
	}
	return nil
}

// ignoredFlags returns a note for each flag given on fs that method does
// not use: -preset (the uf method's), -k (the kNN methods') and -trees
// (the forests').
func ignoredFlags(fs *flag.FlagSet, method ufmi.Method) []string {
	var notes []string
	fs.Visit(func(f *flag.Flag) {
		switch {
		case f.Name == "preset" && method != ufmi.MethodUF:
			notes = append(notes, presetUnused(string(method)))
		case f.Name == "k" && !method.KNN():
			notes = append(notes, fmt.Sprintf("-k sets the kNN methods' neighbours (ksg, mixed-ksg, ross); method %s does not use it", method))
		case f.Name == "trees" && method.KNN():
			notes = append(notes, fmt.Sprintf("-trees sets the forests' trees; method %s does not use it", method))
		}
	})
	return notes
}

// presetUnused is the note on -preset given with a method other than uf.
func presetUnused(method string) string {
	return fmt.Sprintf("-preset sets the uf method's forest; method %s does not use it", method)
}

// flagGiven reports whether the flag named name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// parseFlags parses args, turning -h into errHelp (it prints the flags) and
// flag errors into errUsage (one line naming the bad flag or value).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fmt.Fprintf(stderr, "usage of ufmi %s:\n", fs.Name())
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return errHelp
	case err != nil:
		fmt.Fprintf(stderr, "ufmi %s: %v (ufmi %s -h lists the flags)\n", fs.Name(), err, fs.Name())
		return errUsage
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "ufmi %s: unexpected arguments: %s%s\n", fs.Name(), strings.Join(fs.Args(), " "), fileHint(fs))
		return errUsage
	}
	return nil
}

// fileHint suggests the flag that names a file when a stray argument looks
// like one (it ends in .csv or .csv.gz, or names an existing file): "ufmi
// mi data.csv" means "ufmi mi -in data.csv". Flags after the first stray
// argument are not parsed; the hint then says so.
func fileHint(fs *flag.FlagSet) string {
	for i, a := range fs.Args() {
		lower := strings.ToLower(a)
		st, err := os.Stat(a)
		if !strings.HasSuffix(lower, ".csv") && !strings.HasSuffix(lower, ".csv.gz") && (err != nil || !st.Mode().IsRegular()) {
			continue
		}
		order := ""
		if slices.ContainsFunc(fs.Args()[i:], func(s string) bool { return strings.HasPrefix(s, "-") }) {
			order = "; flags after it were not read: give every flag before other arguments"
		}
		switch {
		case fs.Lookup("in") != nil:
			return fmt.Sprintf(" (to read %s, give -in %s%s)", a, a, order)
		case fs.Lookup("train") != nil:
			return fmt.Sprintf(" (to read %s, give -train %s or -test %s%s)", a, a, a, order)
		}
		return ""
	}
	return ""
}

// trimPrefix drops the library's "ufmi: " prefix, since the command names itself.
func trimPrefix(err error) string {
	return strings.TrimPrefix(err.Error(), "ufmi: ")
}

// csvEstimateFlags are the flags of the subcommands that estimate from one
// labelled CSV file (mi and table): -in, -target, -features, -json and the
// estimator flags.
type csvEstimateFlags struct {
	in, target, features string
	asJSON               bool
	ci                   confidenceFlag
	estimatorFlags
	tableFlags
}

// register adds the flags; featuresUsage and jsonUsage describe -features
// and -json for the subcommand.
func (f *csvEstimateFlags) register(fs *flag.FlagSet, featuresUsage, jsonUsage string) {
	fs.StringVar(&f.in, "in", "", "CSV file with a header row")
	fs.StringVar(&f.target, "target", "", "label column")
	fs.StringVar(&f.features, "features", "", featuresUsage)
	fs.BoolVar(&f.asJSON, "json", false, jsonUsage)
	fs.Var(&f.ci, "ci", "confidence level of intervals for the estimates, e.g. 0.95 (methods uf and rf-oob)")
	f.estimatorFlags.register(fs, "uf")
	f.tableFlags.register(fs)
}

// requireInputs checks that -in and -target are given, and trims the
// target's spaces, as the reader trims the header names (and -features'
// names).
func (f *csvEstimateFlags) requireInputs() error {
	f.target = strings.TrimSpace(f.target)
	if f.in == "" {
		return fmt.Errorf("-in is required: the CSV file to read")
	}
	if f.target == "" {
		return fmt.Errorf("-target is required")
	}
	return nil
}

// tableFlags say how CSV cells become features and labels (package
// ufmi/table): missing-cell markers, categorical columns, missing targets.
type tableFlags struct {
	na, categorical, drop string
	dropMissingTarget     bool
}

func (f *tableFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.na, "na", strings.Join(uftable.DefaultNA, ","),
		`comma-separated cell texts that mark a missing value; the list replaces the default (the empty cell, NA and NaN): to add "?" give -na ',NA,NaN,?'`)
	fs.StringVar(&f.categorical, "categorical", "", "comma-separated numeric columns to treat as categorical (text columns always are)")
	fs.StringVar(&f.drop, "drop", "", "comma-separated columns left out of the default features, e.g. an identifier (a column listed here and among the features is an error)")
	fs.BoolVar(&f.dropMissingTarget, "drop-missing-target", false, "drop rows whose target is missing (counted in the output) instead of failing")
}

// options turns the flags into conversion options.
func (f *tableFlags) options() (uftable.Options, error) {
	o := uftable.Options{NA: strings.Split(f.na, ","), DropMissingTarget: f.dropMissingTarget}
	if f.categorical == "" {
		return o, nil
	}
	categorical, err := splitDistinctNames("categorical", f.categorical)
	if err != nil {
		return uftable.Options{}, err
	}
	o.Categorical = categorical
	return o, nil
}

// reportDropped notes on w the rows dropped for a missing target.
func reportDropped(w io.Writer, command string, dropped int) {
	if dropped > 0 {
		printNotices(w, command, []string{"dropped " + plural.Count(dropped, "row") + " with a missing target"})
	}
}

// config is the estimator flags' configuration with the -ci level.
func (f *csvEstimateFlags) config() (ufmi.EstimatorConfig, error) {
	cfg, err := f.estimatorFlags.config()
	if err != nil {
		return cfg, err
	}
	if f.ci.set && !(f.ci.level > 0 && f.ci.level < 1) {
		return cfg, fmt.Errorf("-ci %v must be in (0, 1)", f.ci.level)
	}
	cfg.Confidence = f.ci.level
	return cfg, nil
}

// confidenceFlag is -ci: a confidence level, unset (no interval) by default.
type confidenceFlag struct {
	level float64
	set   bool
}

func (c *confidenceFlag) String() string {
	if c == nil || !c.set {
		return ""
	}
	return strconv.FormatFloat(c.level, 'g', -1, 64)
}

func (c *confidenceFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number")
	}
	c.level, c.set = v, true
	return nil
}
