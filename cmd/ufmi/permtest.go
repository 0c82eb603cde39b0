package main

import (
	"flag"
	"fmt"
	"slices"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// The permutation tests -test names: refit (PermutationTest, the estimator
// refitted for every permutation), fast (FastPermutationTest, one UF) and,
// for I(Y; X | given), conditional (ConditionalPermutationTest).
const (
	testRefit       = "refit"
	testFast        = "fast"
	testConditional = "conditional"
)

// parseTests reads -test: refit or fast, and with both allowed "both".
func parseTests(v string, both bool) ([]string, error) {
	switch {
	case v == testRefit || v == testFast:
		return []string{v}, nil
	case v == "both" && both:
		return []string{testRefit, testFast}, nil
	case both:
		return nil, fmt.Errorf("-test %q: want refit, fast or both", v)
	}
	return nil, fmt.Errorf("-test %q: want refit or fast (or, with -given, conditional)", v)
}

// checkFastTest rejects the fast test of an estimator other than UF before
// anything is computed (FastPermutationTest would refuse it only after the
// estimates).
func checkFastTest(tests []string, method ufmi.Method, perm int) error {
	if perm > 0 && slices.Contains(tests, testFast) && method != "" && method != ufmi.MethodUF {
		return fmt.Errorf("the fast permutation test fits a UF; method %s has no fast test", method)
	}
	return nil
}

// checkTestHasPerm rejects -test given without -perm: no test would run,
// and the flag would be ignored without a word.
func checkTestHasPerm(fs *flag.FlagSet, perm int) error {
	if perm > 0 {
		return nil
	}
	test := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "test" {
			test = f.Value.String()
		}
	})
	if test != "" {
		return fmt.Errorf("-test %s needs -perm N: without permutations no test runs", test)
	}
	return nil
}

// permutationPValue runs the named test of Y against x with perms
// permutations and cfg's seed and workers.
func permutationPValue(test string, x *ufmi.Features, y []int, cfg ufmi.EstimatorConfig, perms int, progress ufmi.Progress) (float64, error) {
	pc := ufmi.PermutationConfig{Permutations: perms, Runtime: ufmi.Runtime{Seed: cfg.Seed, Workers: cfg.Workers, Progress: progress}}
	var res ufmi.PermutationResult
	var err error
	if test == testFast {
		res, err = ufmi.FastPermutationTest(x, y, cfg, pc)
	} else {
		res, err = ufmi.PermutationTest(x, y, ufmi.MIStatistic(cfg), pc)
	}
	return res.PValue, err
}

// conditionalTest runs the conditional test of I(Y; x_target | x_given) =
// 0 with perms permutations and cfg's seed and workers.
func conditionalTest(x *ufmi.Features, y []int, given, target []int, cfg ufmi.EstimatorConfig, perms int, progress ufmi.Progress) (ufmi.PermutationResult, error) {
	pc := ufmi.PermutationConfig{Permutations: perms, Runtime: ufmi.Runtime{Seed: cfg.Seed, Workers: cfg.Workers, Progress: progress}}
	return ufmi.ConditionalPermutationTest(x, y, given, target, cfg, pc)
}

// possiblePairs is about how many pairs the conditional test's vote half
// (half of rows rows) could hold.
func possiblePairs(rows int) int { return rows / 4 }

// fewPairs reports whether the conditional test formed fewer than a tenth
// of the pairs its vote half could hold: its p-value then has little power.
func fewPairs(pairs, rows int) bool { return pairs*10 < possiblePairs(rows) }

// checkConditionalTest rejects the conditional test of an estimator other
// than UF before anything is computed.
func checkConditionalTest(method ufmi.Method, perm int) error {
	if perm > 0 && method != "" && method != ufmi.MethodUF {
		return fmt.Errorf("the conditional permutation test fits a UF; method %s has no conditional test (-perm with -given)", method)
	}
	return nil
}
