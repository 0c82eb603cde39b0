package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"github.com/ufmi-dev/ufmi/internal/names"
	"github.com/ufmi-dev/ufmi/internal/plural"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sharded"
)

// subsetJSON is one row of "ufmi table -json".
type subsetJSON struct {
	Features      string  `json:"features"`
	MIIn          float64 `json:"mi_in"`
	CMIOutGivenIn float64 `json:"cmi_out_given_in"`
	MIAll         float64 `json:"mi_all"`
	SDMIIn        float64 `json:"sd_mi_in"`
	SDCMI         float64 `json:"sd_cmi_out_given_in"`
	// With -ci: the intervals of the three estimates.
	MIInLow   *float64 `json:"mi_in_ci_low,omitempty"`
	MIInHigh  *float64 `json:"mi_in_ci_high,omitempty"`
	CMILow    *float64 `json:"cmi_out_given_in_ci_low,omitempty"`
	CMIHigh   *float64 `json:"cmi_out_given_in_ci_high,omitempty"`
	MIAllLow  *float64 `json:"mi_all_ci_low,omitempty"`
	MIAllHigh *float64 `json:"mi_all_ci_high,omitempty"`
	// With -ci: which intervals were brought down to log K, the most an MI
	// of K classes can be (ufmi.Interval.AtMaximum); the estimate may lie
	// above such an interval.
	MIInAtMaximum  bool `json:"mi_in_ci_at_maximum,omitempty"`
	CMIAtMaximum   bool `json:"cmi_out_given_in_ci_at_maximum,omitempty"`
	MIAllAtMaximum bool `json:"mi_all_ci_at_maximum,omitempty"`
	// With -perm: permutation p-values of I(Y; X_in) by each test asked for,
	// and (uf only) the conditional test's of I(Y; X_out | X_in).
	PRefit       *float64 `json:"p_value_refit,omitempty"`
	PFast        *float64 `json:"p_value_fast,omitempty"`
	PConditional *float64 `json:"p_value_conditional,omitempty"`
	// The pairs of vote rows the conditional test swapped X_out within.
	PairsConditional *int `json:"pairs_conditional,omitempty"`
	// The tests (fast, conditional) whose forest the data were too small
	// for, each with why; their p-values are missing ("n/a" in text).
	TooSmall map[string]string `json:"tests_too_small,omitempty"`
}

// tableColumns is the most feature columns table takes, the library's
// limit on a subset table's groups (TestTableColumnsMatchTheLibrary).
const tableColumns = 16

func runTable(args []string, stdout, stderr io.Writer) error {
	return tableCommand(args, stdout, stderr, invocation{})
}

// tableCommand is "ufmi table", run as inv says (from job.json for "ufmi
// merge", or to check its arguments for "ufmi slurm").
func tableCommand(args []string, stdout, stderr io.Writer, inv invocation) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	var opts csvEstimateFlags
	opts.register(fs, "comma-separated feature columns, at most 16 (default: every other column but the -drop ones)", "print a JSON array, one object per subset")
	repeats := fs.Int("repeats", 1, fmt.Sprintf("fits per subset, averaged (spread reported), 1..%d", limits.Repeats))
	perm := fs.Int("perm", 0, fmt.Sprintf("permutations for a p-value of I(Y;X_in) per subset and, with the uf method, of I(Y;X_out|X_in) by the conditional test, 0..%d (0: none)", limits.Permutations))
	test := fs.String("test", testRefit, "permutation test for -perm: refit, fast (one UF; uf only) or both")
	sh := shardFlags{invocation: inv}
	sh.register(fs)
	if err := sh.parse(fs, args, stderr); err != nil {
		return err
	}
	if err := opts.requireInputs(); err != nil {
		return err
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	if !sh.fromJob() {
		printNotices(stderr, "table", ignoredFlags(fs, cfg.Method))
	}
	if err := checkRange("repeats", *repeats, 1, limits.Repeats, ""); err != nil {
		return err
	}
	if sh.active() && cfg.Confidence > 0 {
		return fmt.Errorf("-ci with -results is not supported: shards keep the estimates, not their intervals")
	}
	tests, err := parseTests(*test, true)
	if err != nil {
		return err
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
	options, err := opts.options()
	if err != nil {
		return err
	}
	data, err := loadLabelled(opts.in, columnSpec{target: opts.target, features: opts.features, drop: opts.drop,
		targetMayBeFeature: true, options: options, private: sh.fromJob()})
	if err != nil {
		return err
	}
	printNotices(stderr, "table", data.notices)
	reportDropped(stderr, "table", data.dropped)
	if m := len(data.featureNames); m > tableColumns {
		return fmt.Errorf("%s: %d feature columns; the table has a row for every subset of its columns and takes at most %d: name at most %d with -features", opts.in, m, tableColumns, tableColumns)
	}
	if err := opts.checkRows(cfg.Method, data.x.Rows()); err != nil {
		return err
	}
	if err := opts.checkClasses(cfg, opts.target, len(data.labels.Classes), data.x.Rows()); err != nil {
		return err
	}
	if !sh.fromJob() {
		printNotices(stderr, "table", fewRowsPerClass(cfg, data.labels.K(), data.x.Rows()))
		if len(data.featureColumns()) > 1 { // rows with I(Y; X_out | X_in)
			printNotices(stderr, "table", manyClassConditional(cfg, data.labels.K(), false, *perm > 0))
			printNotices(stderr, "table", correlatedConditional(cfg, data.x, data.featureColumns(), data.featureColumns()))
		}
	}
	if sh.active() && *perm > 0 {
		return fmt.Errorf("-perm with -results is not supported: shards run the subset fits only")
	}
	if err := sh.resolve(fs, "table"); err != nil {
		return err
	}
	groups := uftable.Singletons(data.featureColumns())
	sh.opts.Classes = data.labels.Classes // the label names enter the job's fingerprint
	if sh.active() {
		// What the sharded computation refuses, every task refuses: before
		// the job claims its folder (record) or ufmi slurm writes a script.
		dry := sh.opts
		dry.CheckOnly = true
		if _, _, err := sharded.SubsetTable(data.x, data.labels.Codes, groups, *repeats, cfg, dry); err != nil {
			return err
		}
	}
	if sh.checkOnly {
		return sh.checked()
	}
	// The conditional test of I(Y; X_out | X_in) fits a UF.
	conditional := *perm > 0 && (cfg.Method == "" || cfg.Method == ufmi.MethodUF)
	if *perm > 0 && !conditional {
		printNotices(stderr, "table", []string{fmt.Sprintf("-perm gives no p-value of I(Y;X_out|X_in) with method %s: the conditional test fits a UF", cfg.Method)})
	}
	var rows []ufmi.SubsetRow
	if sh.active() {
		if err := sh.record(); err != nil {
			return err
		}
		var out sharded.Outcome
		rows, out, err = sharded.SubsetTable(data.x, data.labels.Codes, groups, *repeats, cfg, sh.opts)
		if err == nil && !out.Complete() {
			return printOutcome(stdout, out, sh.results, opts.asJSON)
		}
	} else {
		counted := cfg
		counted.Progress = progressTo(stderr, opts.asJSON, "subset fits") // counts the subset fits
		rows, err = ufmi.SubsetTable(data.x, data.labels.Codes, groups, *repeats, counted)
	}
	if err != nil {
		return err
	}
	out := make([]subsetJSON, len(rows))
	var few []string    // the subsets whose conditional test formed few pairs
	var capped []string // the subsets with an interval brought down to log K
	for i, r := range rows {
		in := make([]string, len(r.Groups))
		for j, g := range r.Groups {
			in[j] = data.featureNames[g]
		}
		out[i] = subsetJSON{Features: names.FlagList(in), MIIn: r.MIIn.Mean, CMIOutGivenIn: r.CMIOutGivenIn.Mean,
			MIAll: r.MIAll.Mean, SDMIIn: r.MIIn.SD, SDCMI: r.CMIOutGivenIn.SD}
		if cfg.Confidence > 0 {
			out[i].MIInLow, out[i].MIInHigh = &r.MIIn.CI.Low, &r.MIIn.CI.High
			out[i].CMILow, out[i].CMIHigh = &r.CMIOutGivenIn.CI.Low, &r.CMIOutGivenIn.CI.High
			out[i].MIAllLow, out[i].MIAllHigh = &r.MIAll.CI.Low, &r.MIAll.CI.High
			out[i].MIInAtMaximum, out[i].CMIAtMaximum, out[i].MIAllAtMaximum = r.MIIn.CI.AtMaximum, r.CMIOutGivenIn.CI.AtMaximum, r.MIAll.CI.AtMaximum
			if r.MIIn.CI.AtMaximum || r.CMIOutGivenIn.CI.AtMaximum || r.MIAll.CI.AtMaximum {
				capped = append(capped, out[i].Features)
			}
		}
		progress := func(test string) ufmi.Progress {
			return progressTo(stderr, opts.asJSON, fmt.Sprintf("permutations (%s test of %s)", test, out[i].Features))
		}
		if *perm > 0 {
			if err := out[i].addPValues(tests, data.x, data.labels.Codes, r.Columns, cfg, *perm, progress); err != nil {
				return err
			}
		}
		if outside := columnsOutside(data.featureColumns(), r.Columns); conditional && len(outside) > 0 {
			res, err := conditionalTest(data.x, data.labels.Codes, r.Columns, outside, cfg, *perm, progress(testConditional))
			switch {
			case errors.Is(err, ufmi.ErrTooFewRowsForTest):
				out[i].markTooSmall(testConditional, err)
			case err != nil:
				return err
			default:
				out[i].PConditional, out[i].PairsConditional = &res.PValue, &res.Pairs
				if fewPairs(res.Pairs, data.x.Rows()) {
					few = append(few, out[i].Features)
				}
			}
		}
	}
	if notes := tooSmallNotices(out); len(notes) > 0 {
		printNotices(stderr, "table", notes)
	}
	if !sh.fromJob() {
		// After the fits, which may refuse the data, as mi's notes.
		printNotices(stderr, "table", dataNotes(cfg.Method, opts.in, data.labels, data.x))
		hy, _ := ufmi.LabelEntropy(data.labels.Codes)
		printNotices(stderr, "table", outsideMIRange(cfg.Method, data.labels.K(), hy, out))
		printNotices(stderr, "table", kNNTies(cfg.Method, data.x, eachColumn(data.x)))
		printNotices(stderr, "table", rfOOBInterval(cfg.Method, cfg.Confidence))
	}
	if len(capped) > 0 {
		k := data.labels.K()
		printNotices(stderr, "table", []string{fmt.Sprintf("%d subsets (X_in %s) have an interval whose high end was brought down to log %d = %.4f, the most an MI of %d classes can be; "+
			"an estimate above it lies outside its interval (*_ci_at_maximum in -json; docs/inference.md, \"At and near zero\")", len(capped), plural.FirstOf(capped, 3, "; "), k, math.Log(float64(k)), k)})
	}
	if len(few) > 0 {
		printNotices(stderr, "table", []string{fmt.Sprintf("the conditional test formed fewer than a tenth of the about %d pairs the vote half could hold for %d subsets (X_in %s): their p-values of I(Y;X_out|X_in) have little power and a large one says little (pairs_conditional in -json; more rows or fewer features give more pairs)", possiblePairs(data.x.Rows()), len(few), plural.FirstOf(few, 3, "; "))})
	}
	for _, r := range out {
		if err := checkPrintable(number{"I(Y;X_in) of " + r.Features, &r.MIIn}, number{"I(Y;X_out|X_in) of " + r.Features, &r.CMIOutGivenIn},
			number{"I(Y;X)", &r.MIAll}, number{"the sd of I(Y;X_in) of " + r.Features, &r.SDMIIn}, number{"the sd of I(Y;X_out|X_in) of " + r.Features, &r.SDCMI},
			number{"an interval of " + r.Features, r.MIInLow}, number{"an interval of " + r.Features, r.MIInHigh},
			number{"an interval of " + r.Features, r.CMILow}, number{"an interval of " + r.Features, r.CMIHigh},
			number{"an interval of I(Y;X)", r.MIAllLow}, number{"an interval of I(Y;X)", r.MIAllHigh},
			number{"a p-value of " + r.Features, r.PRefit}, number{"a p-value of " + r.Features, r.PFast},
			number{"the conditional p-value of " + r.Features, r.PConditional}); err != nil {
			return err
		}
	}
	if opts.asJSON {
		return json.NewEncoder(stdout).Encode(out)
	}
	writeTableText(stdout, out, cfg.Confidence, *repeats > 1, tests, *perm > 0, conditional)
	return nil
}

// columnsOutside returns the columns of all not in in, in order.
func columnsOutside(all, in []int) []int {
	var out []int
	for _, c := range all {
		if !slices.Contains(in, c) {
			out = append(out, c)
		}
	}
	return out
}

// writeTableText prints the subset table as aligned columns: each estimate
// followed by its interval (with -ci; then, with repeats, I(Y;X_in)'s
// repeat sd after its interval) or I(Y;X_in)'s repeat sd (without; "-"
// with one repeat),
// then the p-value of each test asked for and, with conditional, the
// conditional test's p-value of I(Y;X_out|X_in) ("-" where X_out is
// empty). The X_in column is as wide as its longest entry.
func writeTableText(w io.Writer, rows []subsetJSON, confidence float64, repeated bool, tests []string, withP, conditional bool) {
	width := len("X_in")
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r.Features)) // fmt pads by code points
	}
	if confidence > 0 {
		ci := percent(confidence) + " CI"
		fmt.Fprintf(w, "%-*s %10s %18s", width, "X_in", "I(Y;X_in)", ci)
		if repeated {
			fmt.Fprintf(w, " %10s", "sd")
		}
		fmt.Fprintf(w, " %16s %18s %10s %18s", "I(Y;X_out|X_in)", ci, "I(Y;X)", ci)
	} else {
		fmt.Fprintf(w, "%-*s %10s %10s %16s %10s", width, "X_in", "I(Y;X_in)", "sd", "I(Y;X_out|X_in)", "I(Y;X)")
	}
	if withP {
		for _, t := range tests {
			fmt.Fprintf(w, " %10s", "p "+t)
		}
	}
	if conditional {
		fmt.Fprintf(w, " %10s", "p cond")
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		if confidence > 0 {
			fmt.Fprintf(w, "%-*s %10.4f %18s", width, r.Features, r.MIIn, span(r.MIInLow, r.MIInHigh))
			if repeated {
				fmt.Fprintf(w, " %10.4f", r.SDMIIn)
			}
			fmt.Fprintf(w, " %16.4f %18s %10.4f %18s", r.CMIOutGivenIn, span(r.CMILow, r.CMIHigh), r.MIAll, span(r.MIAllLow, r.MIAllHigh))
		} else {
			sd := "-" // one repeat has no spread to show
			if repeated {
				sd = fmt.Sprintf("%.4f", r.SDMIIn)
			}
			fmt.Fprintf(w, "%-*s %10.4f %10s %16.4f %10.4f", width, r.Features, r.MIIn, sd, r.CMIOutGivenIn, r.MIAll)
		}
		if withP {
			for _, t := range tests {
				r.writeP(w, t)
			}
		}
		switch {
		case r.PConditional != nil || r.TooSmall[testConditional] != "":
			r.writeP(w, testConditional)
		case conditional:
			fmt.Fprintf(w, " %10s", "-")
		}
		fmt.Fprintln(w)
	}
}

// writeP prints the row's p-value of test, or "n/a" where the data were
// too small for the test's forest.
func (r *subsetJSON) writeP(w io.Writer, test string) {
	var p *float64
	switch test {
	case testRefit:
		p = r.PRefit
	case testFast:
		p = r.PFast
	case testConditional:
		p = r.PConditional
	}
	if p == nil {
		fmt.Fprintf(w, " %10s", "n/a")
		return
	}
	fmt.Fprintf(w, " %10.4g", *p)
}

// markTooSmall records that the data were too small for test's forest.
func (r *subsetJSON) markTooSmall(test string, err error) {
	if r.TooSmall == nil {
		r.TooSmall = map[string]string{}
	}
	r.TooSmall[test] = strings.TrimPrefix(err.Error(), "ufmi: ")
}

// tooSmallNotices says, per test, for which subsets the data were too
// small for the test's forest, with the first subset's reason.
func tooSmallNotices(rows []subsetJSON) []string {
	var notes []string
	for _, test := range []string{testFast, testConditional} {
		var subsets []string
		reason := ""
		for _, r := range rows {
			if why := r.TooSmall[test]; why != "" {
				subsets = append(subsets, r.Features)
				if reason == "" {
					reason = why
				}
			}
		}
		if len(subsets) > 0 {
			which := fmt.Sprintf("%d subsets", len(subsets))
			if len(subsets) == 1 {
				which = "1 subset"
			}
			notes = append(notes, fmt.Sprintf("no p-value of the %s test for %s (X_in %s): %s (n/a in text, tests_too_small in -json)", test, which, plural.FirstOf(subsets, 3, "; "), reason))
		}
	}
	return notes
}

// addPValues tests I(Y; X_in) for the subset's columns with each test.
func (r *subsetJSON) addPValues(tests []string, x *ufmi.Features, y []int, cols []int, cfg ufmi.EstimatorConfig, perms int, progress func(test string) ufmi.Progress) error {
	xs, err := x.SelectCols(cols)
	if err != nil {
		return err
	}
	for _, t := range tests {
		p, err := permutationPValue(t, xs, y, cfg, perms, progress(t))
		if errors.Is(err, ufmi.ErrTooFewRowsForTest) {
			r.markTooSmall(t, err)
			continue
		}
		if err != nil {
			return err
		}
		if t == testFast {
			r.PFast = &p
		} else {
			r.PRefit = &p
		}
	}
	return nil
}

// span formats an interval as [low, high].
func span(low, high *float64) string { return fmt.Sprintf("[%.4f, %.4f]", *low, *high) }
