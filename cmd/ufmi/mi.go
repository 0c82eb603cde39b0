package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/internal/limits"
	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sharded"
)

// miReport is what "ufmi mi" prints.
type miReport struct {
	Method   string   `json:"method"`
	Preset   string   `json:"preset"`
	N        int      `json:"n"`
	Classes  int      `json:"classes"`
	HY       float64  `json:"h_y"`
	HYGivenX float64  `json:"h_y_given_x"`
	HYGivenZ *float64 `json:"h_y_given_z,omitempty"` // H(Y | given columns), with -given
	// With -given: true when h_y_given_z was fitted beside the feature
	// columns swapped between rows close in the given columns (neighbours
	// along a numeric one, within the levels of categorical ones: the
	// swapped rest, ufmi.CMIEstimate.RestSwapped), read to share the other
	// fit's bias.
	RestSwapped bool     `json:"rest_swapped,omitempty"`
	MI          float64  `json:"mi"`
	CILevel     *float64 `json:"ci_level,omitempty"` // with -ci: the interval for mi
	CILow       *float64 `json:"ci_low,omitempty"`
	CIHigh      *float64 `json:"ci_high,omitempty"`
	// With -ci: true when no row's out-of-sample posterior misclassified
	// it, and ci_low is then at most Fano's limit (ufmi.Interval.NoneMisclassified).
	CINoneMisclassified bool `json:"ci_none_misclassified,omitempty"`
	// With -ci and -given: true when the fit on the -given columns
	// misclassified no row, and ci_high is then at least Fano's limit on H(Y|Z).
	CIGivenNoneMisclassified bool `json:"ci_given_none_misclassified,omitempty"`
	// With -ci: true when ci_high was brought down to log K, the most the
	// MI of K classes can be (ufmi.Interval.AtMaximum).
	CIAtMaximum bool `json:"ci_at_maximum,omitempty"`
	// With -bound (mi without -given, methods uf and rf-oob): the lower
	// bound on mi that holds whatever the model, its standard error, and
	// its one-sided lower confidence limit at ci_level, the certified number.
	Bound      *float64 `json:"mi_lower_bound,omitempty"`
	BoundSE    *float64 `json:"mi_lower_bound_se,omitempty"`
	BoundLimit *float64 `json:"mi_lower_limit,omitempty"`
	// With -bound too: the same bound from a cross-fitted ridge logistic
	// regression, which sees information spread over many weak numeric
	// features that axis-aligned trees under-report.
	LinearBound      *float64 `json:"mi_linear_bound,omitempty"`
	LinearBoundSE    *float64 `json:"mi_linear_bound_se,omitempty"`
	LinearBoundLimit *float64 `json:"mi_linear_limit,omitempty"`
	PValue           *float64 `json:"p_value"`
	Test             *string  `json:"test"` // the permutation test behind p_value: refit, fast or conditional
	// With the conditional test: the pairs of vote rows whose features it
	// swaps, and their median distance in the -given columns (on the normal
	// scale of their quantiles: standard deviations of a normal column).
	Pairs        *int     `json:"pairs,omitempty"`
	PairDistance *float64 `json:"median_pair_distance,omitempty"`
	// Seconds is this run's time; for a sharded job's result, of the cells
	// this run computed and the merge, not the other shards' computing.
	Seconds float64 `json:"seconds"`
	Dropped int     `json:"dropped_missing_target,omitempty"` // rows dropped with -drop-missing-target
	// For a sharded job's result: the cells this run computed, of all.
	cellsRan, cells int
}

func runMI(args []string, stdout, stderr io.Writer) error {
	return miCommand(args, stdout, stderr, invocation{})
}

// miCommand is "ufmi mi", run as inv says (from job.json for "ufmi merge",
// or to check its arguments for "ufmi slurm").
func miCommand(args []string, stdout, stderr io.Writer, inv invocation) error {
	fs := flag.NewFlagSet("mi", flag.ContinueOnError)
	var opts csvEstimateFlags
	opts.register(fs, "comma-separated feature columns, a name holding a comma in double quotes (default: every other column but the -given and -drop ones)", "print one JSON object")
	given := fs.String("given", "", "comma-separated columns to condition on: prints I(Y; features | given)")
	bound := fs.Bool("bound", false, "add the certified lower bounds on I(X;Y), the forest's and a logistic regression's (uf and rf-oob; with -ci's level, 0.95 without -ci; with screening it costs a second forest)")
	perm := fs.Int("perm", 0, fmt.Sprintf("permutations for a p-value (of the labels; with -given, swaps of the features within pairs of rows), 0..%d (0: none)", limits.Permutations))
	test := fs.String("test", testRefit, "permutation test for -perm: refit (refits the estimator per permutation) or fast (one UF on half the rows, the other half's votes permuted; uf only); with -given always conditional (one UF on half the rows, the features swapped within pairs of the other half's rows near in the -given columns; uf only)")
	treesPerCell := fs.Int("trees-per-cell", 0, "with -results: grow the uf forest in cells of this many trees, for n too large for one machine's time (each cell needs every row, but only its trees); the merge adds the cells' per-row sums in tree order (0: one cell for the whole estimate)")
	sh := shardFlags{invocation: inv}
	sh.register(fs)
	if err := sh.parse(fs, args, stderr); err != nil {
		return err
	}
	if err := opts.requireInputs(); err != nil {
		return err
	}
	tests, err := parseMITest(fs, *test, *given)
	if err != nil {
		return err
	}
	if *given != "" {
		*test = testConditional
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	if !sh.fromJob() {
		printNotices(stderr, "mi", ignoredFlags(fs, cfg.Method))
	}
	if *bound && *given != "" {
		return fmt.Errorf("-bound with -given is not supported: the lower bound is for I(X;Y), and a difference of two bounds bounds nothing")
	}
	if *bound && sh.active() {
		return fmt.Errorf("-bound with -results is not supported: shards keep the estimate, not its bound")
	}
	if *bound {
		cfg.LowerBound = true
		if cfg.Confidence == 0 {
			cfg.Confidence = 0.95
		}
	}
	if err := checkRange("perm", *perm, 0, limits.Permutations, "0: no test"); err != nil {
		return err
	}
	if err := checkFastTest(tests, cfg.Method, *perm); err != nil {
		return err
	}
	if err := checkTestHasPerm(fs, *perm); err != nil {
		return err
	}
	if *given != "" {
		if err := checkConditionalTest(cfg.Method, *perm); err != nil {
			return err
		}
	}
	if sh.active() && *test == testFast {
		return fmt.Errorf("-test fast with -results is not supported: the fast test fits one forest and needs no shards")
	}
	if sh.active() && *given != "" {
		return fmt.Errorf("-results with -given is not supported: shards run the estimate and its permutation test")
	}
	if sh.active() && cfg.Confidence > 0 {
		return fmt.Errorf("-ci with -results is not supported: shards keep the estimate, not its interval")
	}
	if err := checkTreesPerCell(*treesPerCell, opts.trees, sh.active(), cfg.Method, *perm); err != nil {
		return err
	}
	if err := sh.resolve(fs, "mi"); err != nil {
		return err
	}
	start := time.Now()
	options, err := opts.options()
	if err != nil {
		return err
	}
	data, err := loadLabelled(opts.in, columnSpec{target: opts.target, features: opts.features, given: *given, drop: opts.drop,
		options: options, private: sh.fromJob()})
	if err != nil {
		return err
	}
	printNotices(stderr, "mi", data.notices)
	if err := opts.checkRows(cfg.Method, data.x.Rows()); err != nil {
		return err
	}
	if err := opts.checkClasses(cfg, opts.target, len(data.labels.Classes), data.x.Rows()); err != nil {
		return err
	}
	x, labels := data.x, data.labels
	sh.opts.Classes = labels.Classes // the label names enter the job's fingerprint
	runSharded := func(o sharded.Options) (sharded.MIResult, error) {
		if *treesPerCell > 0 {
			return sharded.MITreeBlocks(x, labels.Codes, cfg, *treesPerCell, o)
		}
		return sharded.MIPermutationTest(x, labels.Codes, cfg, *perm, o)
	}
	shardedRun := data.givenCount == 0 && sh.active()
	if shardedRun {
		// What the sharded computation refuses, every task refuses: before
		// the job claims its folder (record) or ufmi slurm writes a script.
		dry := sh.opts
		dry.CheckOnly = true
		if _, err := runSharded(dry); err != nil {
			return err
		}
	}
	if sh.checkOnly {
		return sh.checked()
	}
	rep := miReport{Method: string(cfg.Method), Preset: opts.preset, N: x.Rows(), Classes: labels.K(), Dropped: data.dropped}
	if cfg.Method != ufmi.MethodUF {
		rep.Preset = ""
	}
	if data.givenCount > 0 {
		cmi, err := ufmi.ConditionalMI(x, labels.Codes, data.givenColumns(), data.featureColumns(), cfg)
		if err != nil {
			return err
		}
		hy, _ := ufmi.LabelEntropy(labels.Codes)
		rep.HY, rep.HYGivenX, rep.MI = hy, cmi.HYGivenAB, cmi.CMI
		rep.HYGivenZ, rep.RestSwapped = &cmi.HYGivenA, cmi.RestSwapped
		rep.setInterval(cmi.CI)
		if *perm > 0 {
			res, err := conditionalTest(x, labels.Codes, data.givenColumns(), data.featureColumns(), cfg, *perm, progressTo(stderr, opts.asJSON, "permutations"))
			if err != nil {
				return err
			}
			rep.PValue, rep.Test = &res.PValue, test
			rep.Pairs, rep.PairDistance = &res.Pairs, &res.MedianPairDistance
			printNotices(stderr, "mi", conditionalPairsNote(res.Pairs, x.Rows()))
		}
	} else if shardedRun {
		if err := sh.record(); err != nil {
			return err
		}
		res, err := runSharded(sh.opts)
		if err != nil {
			return err
		}
		if !res.Outcome.Complete() {
			return printOutcome(stdout, res.Outcome, sh.results, opts.asJSON)
		}
		rep.HY, rep.HYGivenX, rep.MI = res.Estimate.HY, res.Estimate.HYGivenX, res.Estimate.MI
		rep.cellsRan, rep.cells = res.Outcome.Ran, res.Outcome.Total
		if res.Test != nil {
			rep.PValue, rep.Test = &res.Test.PValue, test
		}
	} else {
		est, err := ufmi.EstimateMI(x, labels.Codes, cfg)
		if err != nil && *bound && !flagGiven(fs, "ci") {
			return boundNeedsRows(err)
		}
		if err != nil {
			return err
		}
		rep.HY, rep.HYGivenX, rep.MI = est.HY, est.HYGivenX, est.MI
		rep.setInterval(est.CI)
		if b := est.LowerBound; b.Level > 0 {
			rep.Bound, rep.BoundSE, rep.BoundLimit = &b.Value, &b.SE, &b.Low
		}
		if b := est.LinearBound; b.Level > 0 {
			rep.LinearBound, rep.LinearBoundSE, rep.LinearBoundLimit = &b.Value, &b.SE, &b.Low
			if est.BelowLinearBound() {
				note := fmt.Sprintf("the estimate's interval (up to %.4f) lies below what a logistic regression certifies (%.4f): "+
					"the forest under-reports information spread over features in oblique directions", est.CI.High, b.Low)
				if rep.Preset != "oblique" {
					note += "; with many numeric features try -preset oblique"
				}
				printNotices(stderr, "mi", []string{note})
			}
		} else if cfg.LowerBound {
			printNotices(stderr, "mi", []string{"no linear bound: its design matrix (rows × standardised and indicator columns) would exceed 25 million cells"})
		}
		if *perm > 0 {
			p, err := permutationPValue(*test, x, labels.Codes, cfg, *perm, progressTo(stderr, opts.asJSON, "permutations"))
			if err != nil {
				return err
			}
			rep.PValue, rep.Test = &p, test
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	if cfg.Method == ufmi.MethodUF && !sh.fromJob() {
		// After the estimate, which may refuse the data; not for a
		// recorded job, where the note would show the file's content.
		printNotices(stderr, "mi", dataNotes(cfg.Method, opts.in, data.labels, data.x))
		printNotices(stderr, "mi", fewRowsPerClass(cfg, data.labels.K(), data.x.Rows()))
		if data.givenCount > 0 {
			printNotices(stderr, "mi", manyClassConditional(cfg, data.labels.K(), rep.RestSwapped, *perm > 0))
			if cfg.UF.NoTargetResiduals {
				printNotices(stderr, "mi", correlatedConditional(cfg, data.x, data.givenColumns(), data.featureColumns()))
			}
		}
	}
	if !sh.fromJob() {
		printNotices(stderr, "mi", kNNUnits(cfg.Method))
		sets := [][]int{indexRange(0, x.Cols())} // the column sets the estimate fits
		if data.givenCount > 0 {
			sets = append(sets, data.givenColumns())
		}
		printNotices(stderr, "mi", kNNTies(cfg.Method, x, sets))
		printNotices(stderr, "mi", rfOOBInterval(cfg.Method, cfg.Confidence))
		// The kNN estimators are not bounded: any MI outside [0, H(Y)], or
		// [0, the estimate of H(Y|Z)] (nil for the forests).
		name, upperName, upper := "I(X;Y)", "H(Y)", rep.HY
		if rep.HYGivenZ != nil {
			name, upperName, upper = "I(X;Y|Z)", "H(Y|Z) as estimated", *rep.HYGivenZ
		}
		printNotices(stderr, "mi", kNNOutsideRange(cfg.Method, name, rep.MI, upperName, upper))
		if !cfg.Method.KNN() || rep.HYGivenZ != nil {
			// (A kNN H(Y|X) below 0 is an I(X;Y) above H(Y), noted above.)
			printNotices(stderr, "mi", aboveLogK(cfg.Method, labels.K(), rep.HYGivenX, rep.HYGivenZ))
		}
	}
	if err := checkPrintable(number{"H(Y)", &rep.HY}, number{"H(Y|X)", &rep.HYGivenX}, number{"H(Y|Z)", rep.HYGivenZ},
		number{"I(X;Y)", &rep.MI}, number{"the interval's low end", rep.CILow}, number{"the interval's high end", rep.CIHigh},
		number{"the lower bound", rep.Bound}, number{"the lower bound's limit", rep.BoundLimit},
		number{"the linear bound", rep.LinearBound}, number{"the linear bound's limit", rep.LinearBoundLimit},
		number{"the p-value", rep.PValue}); err != nil {
		return err
	}
	if opts.asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "method       %s\n", rep.Method)
	if rep.Preset != "" {
		fmt.Fprintf(stdout, "preset       %s\n", rep.Preset)
	}
	fmt.Fprintf(stdout, "n            %d\nclasses      %d\n", rep.N, rep.Classes)
	if rep.Dropped > 0 {
		fmt.Fprintf(stdout, "dropped      %s with a missing target\n", plural.Count(rep.Dropped, "row"))
	}
	fmt.Fprintf(stdout, "H(Y)         %.4f nats\n", rep.HY)
	if rep.HYGivenZ != nil {
		swappedNote := ""
		if rep.RestSwapped {
			swappedNote = "; fitted beside X swapped between rows close in Z"
		}
		fmt.Fprintf(stdout, "H(Y|Z)       %.4f nats   (Z = %s%s)\n", *rep.HYGivenZ, *given, swappedNote)
		fmt.Fprintf(stdout, "H(Y|X,Z)     %.4f nats\n", rep.HYGivenX)
		fmt.Fprintf(stdout, "I(X;Y|Z)     %.4f nats\n", rep.MI)
	} else {
		fmt.Fprintf(stdout, "H(Y|X)       %.4f nats\n", rep.HYGivenX)
		fmt.Fprintf(stdout, "I(X;Y)       %.4f nats\n", rep.MI)
	}
	if rep.CILevel != nil {
		fmt.Fprintf(stdout, "%-12s [%.4f, %.4f] nats", percent(*rep.CILevel)+" CI", *rep.CILow, *rep.CIHigh)
		if rep.CINoneMisclassified {
			fmt.Fprint(stdout, "   (no row misclassified out of sample: the low end reaches Fano's limit)")
		}
		if rep.CIGivenNoneMisclassified {
			fmt.Fprint(stdout, "   (Z alone misclassifies no row: the high end reaches Fano's limit on H(Y|Z))")
		}
		if rep.CIAtMaximum {
			fmt.Fprintf(stdout, "   (the high end is log %d, the most it can be with %d classes)", rep.Classes, rep.Classes)
		}
		fmt.Fprintln(stdout)
	}
	if rep.BoundLimit != nil {
		writeBoundLine(stdout, "whatever the model", *rep.BoundLimit, *rep.CILevel, *rep.Bound, *rep.BoundSE)
	}
	if rep.LinearBoundLimit != nil {
		writeBoundLine(stdout, "logistic regression", *rep.LinearBoundLimit, *rep.CILevel, *rep.LinearBound, *rep.LinearBoundSE)
	}
	if rep.PValue != nil {
		fmt.Fprintf(stdout, "p-value      %.4g  (%s, %s test)\n", *rep.PValue, plural.Count(*perm, "permutation"), *rep.Test)
	}
	if rep.Pairs != nil {
		if *rep.Pairs == 0 {
			fmt.Fprintf(stdout, "pairs        0  (no two rows near enough in Z to swap the features between)\n")
		} else {
			fmt.Fprintf(stdout, "pairs        %d  (features swapped within them; median distance in Z %.3g on a normal scale)\n", *rep.Pairs, *rep.PairDistance)
		}
	}
	switch {
	case rep.cellsRan == 0 && rep.cells > 0:
		fmt.Fprintf(stdout, "seconds      %.2f  (this run, which merged the job's %s; the shards' computing is not counted)\n", rep.Seconds, plural.Count(rep.cells, "cell"))
	case rep.cellsRan < rep.cells:
		fmt.Fprintf(stdout, "seconds      %.2f  (this run, which computed %d of the job's %s and merged them)\n", rep.Seconds, rep.cellsRan, plural.Count(rep.cells, "cell"))
	default:
		fmt.Fprintf(stdout, "seconds      %.2f\n", rep.Seconds)
	}
	return nil
}

// parseMITest reads mi's -test against -given: with -given the only test
// is the conditional one (permuting the labels, as the refit and fast
// tests do, breaks their relation to the -given columns too), and the
// conditional test needs -given. It returns the refit or fast test asked
// for without -given.
func parseMITest(fs *flag.FlagSet, test, given string) ([]string, error) {
	set := flagGiven(fs, "test")
	switch {
	case test == testConditional && given == "":
		return nil, fmt.Errorf("-test conditional needs -given: it tests I(Y; features | given) = 0 (without -given use refit or fast)")
	case test == testConditional:
		return nil, nil
	}
	tests, err := parseTests(test, false)
	if err != nil {
		return nil, err
	}
	if given != "" && set {
		return nil, fmt.Errorf("-test %s with -given is not supported: permuting labels does not test conditional independence; with -given, -perm runs the conditional test (-test conditional)", test)
	}
	return tests, nil
}

// checkTreesPerCell validates -trees-per-cell: it splits one uf forest
// into the cells of a results folder, and has no permutation test.
func checkTreesPerCell(perCell, trees int, sharded bool, method ufmi.Method, perm int) error {
	switch {
	case perCell == 0:
		return nil
	case perCell < 0:
		return fmt.Errorf("-trees-per-cell %d: want a positive number of trees (0: no tree cells)", perCell)
	case !sharded:
		return fmt.Errorf("-trees-per-cell needs -results DIR: it splits the forest into cells of a results folder")
	case method != ufmi.MethodUF:
		return fmt.Errorf("-trees-per-cell splits a uf forest; method %s grows none", method)
	case perm > 0:
		return fmt.Errorf("-trees-per-cell with -perm is not supported: each permutation refits a whole forest; shard the permutations instead (-perm with -results, without -trees-per-cell)")
	case perCell > trees:
		return fmt.Errorf("-trees-per-cell %d: want 1..%d (the forest's trees, -trees)", perCell, trees)
	}
	return nil
}

// number is a value a command prints, with its name for an error.
type number struct {
	name string
	v    *float64 // nil: not printed
}

// checkPrintable returns an error naming the first number that is NaN or
// infinite: the commands print finite numbers or exit 1, never "NaN" (and
// JSON cannot hold one).
func checkPrintable(numbers ...number) error {
	for _, n := range numbers {
		if n.v != nil && (math.IsNaN(*n.v) || math.IsInf(*n.v, 0)) {
			return fmt.Errorf("%s came out as %v, which ufmi does not print; nothing was printed (too few rows for this estimate?)", n.name, *n.v)
		}
	}
	return nil
}

// setInterval reports iv when one was asked for.
func (r *miReport) setInterval(iv ufmi.Interval) {
	if iv.Level > 0 {
		r.CILevel, r.CILow, r.CIHigh = &iv.Level, &iv.Low, &iv.High
		r.CINoneMisclassified, r.CIGivenNoneMisclassified = iv.NoneMisclassified, iv.GivenNoneMisclassified
		r.CIAtMaximum = iv.AtMaximum
	}
}

// boundNeedsRows words the library's refusal of an interval for a run
// that asked for -bound alone: the bound's standard error needs the same
// rows, and no interval was asked for.
func boundNeedsRows(err error) error {
	msg := err.Error()
	if !strings.HasPrefix(msg, "ufmi: no confidence interval: ") {
		return err
	}
	msg = strings.Replace(msg, "no confidence interval: ", "no lower bound (-bound): ", 1)
	return errors.New(strings.Replace(msg, "the interval's standard error", "its standard error", 1))
}

// writeBoundLine prints a lower bound's line: its one-sided limit at level,
// what it holds for, the bound and its SE, and a word when the limit is not
// above 0 (a valid bound that certifies nothing, printed as it is).
func writeBoundLine(w io.Writer, source string, limit, level, bound, se float64) {
	fmt.Fprintf(w, "I(X;Y) >=    %.4f nats   (%s one-sided, %s; bound %.4f, SE %.4f", limit, percent(level), source, bound, se)
	if limit <= 0 {
		fmt.Fprint(w, "; not above 0, it certifies no information")
	}
	fmt.Fprintln(w, ")")
}
