package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

// errUsage reports a flag error already printed by the flag package.
var errUsage = errors.New("usage")

// estimatorFlags are the flags shared by the estimating subcommands.
type estimatorFlags struct {
	method, preset string
	trees, k       int
	seed           uint64
	workers        int
}

func (e *estimatorFlags) register(fs *flag.FlagSet, defaultMethod string) {
	fs.StringVar(&e.method, "method", defaultMethod, "estimator: uf, rf-split, rf-oob, sigrf, irf, ksg, mixed-ksg, ross")
	fs.StringVar(&e.preset, "preset", "default", "UF preset: default, paper or authors")
	fs.IntVar(&e.trees, "trees", ufmi.DefaultTrees, "trees per forest (SigRF/IRF: in all, over 5 folds)")
	fs.IntVar(&e.k, "k", 5, "neighbours for the kNN estimators")
	fs.Uint64Var(&e.seed, "seed", 1, "random seed")
	fs.IntVar(&e.workers, "workers", 0, "goroutines (0: all cores); results do not depend on it")
}

// config builds the estimator configuration the flags describe, from
// ufmi's model catalogue.
func (e *estimatorFlags) config() (ufmi.EstimatorConfig, error) {
	if _, err := ufmi.ParseMethod(e.method); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	if _, err := ufmi.ParseUFPreset(e.preset); err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	if e.trees < 1 {
		return ufmi.EstimatorConfig{}, fmt.Errorf("-trees %d must be at least 1", e.trees)
	}
	if e.k < 1 {
		return ufmi.EstimatorConfig{}, fmt.Errorf("-k %d must be at least 1", e.k)
	}
	model, err := ufmi.NamedModel(e.method, e.preset, e.trees)
	if err != nil {
		return ufmi.EstimatorConfig{}, err
	}
	cfg := model.Estimator
	cfg.KNN.K, cfg.Seed, cfg.Workers = e.k, e.seed, e.workers
	return cfg, nil
}

// parseFlags parses args, turning -h and flag errors into errUsage.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "unexpected arguments: %s\n", strings.Join(fs.Args(), " "))
		return errUsage
	}
	return nil
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
	f.estimatorFlags.register(fs, "uf")
	f.tableFlags.register(fs)
}

// tableFlags say how CSV cells become features and labels (package
// ufmi/table): missing-cell markers, categorical columns, missing targets.
type tableFlags struct {
	na, categorical   string
	dropMissingTarget bool
}

func (f *tableFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.na, "na", strings.Join(uftable.DefaultNA, ","), "comma-separated cell texts that mark a missing value")
	fs.StringVar(&f.categorical, "categorical", "", "comma-separated numeric columns to treat as categorical (text columns always are)")
	fs.BoolVar(&f.dropMissingTarget, "drop-missing-target", false, "drop rows whose target is missing (counted in the output) instead of failing")
}

// options turns the flags into conversion options.
func (f *tableFlags) options() uftable.Options {
	o := uftable.Options{NA: strings.Split(f.na, ","), DropMissingTarget: f.dropMissingTarget}
	for _, c := range strings.Split(f.categorical, ",") {
		if c = strings.TrimSpace(c); c != "" {
			o.Categorical = append(o.Categorical, c)
		}
	}
	return o
}

// reportDropped notes on w the rows dropped for a missing target.
func reportDropped(w io.Writer, dropped int) {
	if dropped > 0 {
		fmt.Fprintf(w, "dropped %d rows with a missing target\n", dropped)
	}
}
