package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
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
	ci                   confidenceFlag
	estimatorFlags
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
