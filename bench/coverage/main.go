// Command coverage measures how often ufmi's confidence intervals contain
// the exact value. For each of the paper's four MI settings (prior 1/2,
// mu 1), n in {500, 2000} and d in {2, 10}, it draws independent data sets,
// estimates I(X;Y) with an interval, and reports per cell the share of
// intervals containing the exact MI, the mean bias, the mean width, the
// spread of the estimates, the mean standard error, and the share that would
// contain it without the bias (intervals containing exact + mean bias). It measures two
// conditional MIs the same way: I(Y; x1 | the other columns) of the separated
// setting (x1 holds all the signal, so it equals I(X;Y)) and I(Y; x2 | the
// other columns) of the three_class setting (H(Y|x1) by quadrature). Every estimate goes to a CSV; -doc rewrites the table between
// the coverage markers of a Markdown file (docs/inference.md).
//
//	go run ./bench/coverage [-reps 100] [-trees 300] [-level 0.95] [-method uf] [-doc docs/inference.md] [-min-leaf N] [-max-features N] [-fixed-leaves] [-preset oblique] [-unsharpened] [-unscreened] [-cell K] [-trunk [-corr 0]] [-linear] [-prior 0.5] [-mu 1]
//
// -prior and -mu change the simulations' class prior and mean shift (the
// table's are 1/2 and 1), for cells outside the table.
//
// -cell K measures only the table's K-th cell (numbered as in the progress
// lines) on the same data sets as the full table: with -reps above 100 its
// first 100 data sets are the table's and the rest extend them. -trunk
// measures the trunk (sim.TrunkSimulation, ||μ|| = 1.2247) instead, whose
// information is spread over every coordinate along an oblique direction:
// I(X;Y) and I(Y; x2 | rest), the latter exact from a trunk of the other
// coordinates alone; -corr gives its coordinates a correlation within each
// class (correlated columns). -linear also computes the linear bound of every I(X;Y)
// estimate (ufmi.Estimate.LinearBound) and adds a table: how often the
// interval lies below its limit (ufmi mi -bound's note) and the limit below
// the exact value.
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/docsection"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// baseSeed is the seed every cell's repetitions derive from.
const baseSeed = 13

// trunkNorm is ||μ|| of the -trunk cells: exact I(X;Y) 0.4319, and at
// d = 2 I(Y; x2 | x1) 0.0951.
const trunkNorm = 1.2247

// cell is one configuration whose coverage is measured.
type cell struct {
	setting sim.MISetting
	trunk   bool // sim.TrunkSimulation (||μ|| = trunkNorm) instead of setting
	n, d    int
	// target, when positive, measures I(Y; x_target | the other columns)
	// (1-based) instead of I(X;Y).
	target int
	// prior and mu are the simulation's class prior and mean shift (the
	// trunk takes the prior alone); corr is the trunk's correlation.
	prior, mu, corr float64
}

// settingName is the cell's setting as the table names it.
func (c cell) settingName() string {
	if c.trunk {
		return "trunk"
	}
	return c.setting.String()
}

func (c cell) quantity() string {
	if c.target > 0 {
		return fmt.Sprintf("I(Y; x%d | rest)", c.target)
	}
	return "I(X;Y)"
}

// result is one estimate with its interval.
type result struct {
	estimate float64
	ci       ufmi.Interval
	seconds  float64
	// linear is the linear bound (with -linear, I(X;Y) cells; Level 0
	// otherwise); belowLinear, Estimate.BelowLinearBound (the CLI's note).
	linear      struct{ Level, Value, SE, Low float64 }
	belowLinear bool
	// restBias and allBias are, for a conditional MI, the errors of its
	// two fits' MIs, I(Y; rest) and I(X;Y): their difference is the
	// estimate's.
	restBias, allBias float64
	// exact is the exact posteriors' interval on the same data set.
	exact exactInterval
}

func main() {
	reps := flag.Int("reps", 100, "independent data sets per cell")
	trees := flag.Int("trees", 300, "trees per forest")
	level := flag.Float64("level", 0.95, "confidence level")
	method := flag.String("method", "uf", "estimator: uf (the default UF) or rf-oob")
	ns := flag.String("n", "500,2000", "comma-separated sample sizes")
	ds := flag.String("d", "2,10", "comma-separated dimensions")
	cmi := flag.Bool("cmi", true, "also measure the conditional MIs I(Y; x1 | rest) (separated) and I(Y; x2 | rest) (three_class)")
	out := flag.String("out", "data/sim/coverage_full.csv", "CSV of every estimate")
	docPath := flag.String("doc", "", "rewrite the table between the coverage markers of this Markdown file (docs/inference.md)")
	minLeaf := flag.Int("min-leaf", 0, "ablation: structure rows every UF leaf keeps at least (0: the default's); not with -doc")
	preset := flag.String("preset", "default", "UF preset (ufmi mi -preset names); not with -doc unless default")
	fixedLeaves := flag.Bool("fixed-leaves", false, "ablation: leaves keep their minimum whatever n (UFConfig.FixedLeaves); not with -doc")
	maxFeatures := flag.Int("max-features", 0, "ablation: features each node draws (0: the preset's); not with -doc")
	linear := flag.Bool("linear", false, "also compute the linear bound (EstimatorConfig.LowerBound, a second forest each) and tabulate how often the interval lies below its limit; not with -doc")
	trunk := flag.Bool("trunk", false, "measure the trunk instead (sim.TrunkSimulation, ||mu|| = 1.2247): I(X;Y) and I(Y; x2 | rest) per n and d; not with -doc")
	onlyCell := flag.Int("cell", 0, "measure only this cell of the table (1-based, as numbered in the progress lines), on the table's data sets; not with -doc")
	unsharpened := flag.Bool("unsharpened", false, "ablation: score the UF's out-of-sample posteriors unsharpened (UFConfig.NoSharpening); not with -doc")
	unscreened := flag.Bool("unscreened", false, "ablation: no feature screening (UFConfig.NoScreening: each node draws its features uniformly); not with -doc")
	oblique := flag.Bool("oblique", false, "ablation: the preset's forest with oblique splits (tree.Config.Oblique, directions from class means); not with -doc")
	prior := flag.Float64("prior", 0.5, "the simulations' class prior (sim.MISimulation.Prior; the trunk's too); not with -doc unless 0.5")
	mu := flag.Float64("mu", 1, "the MI settings' mean shift (sim.MISimulation.Mu); not with -doc unless 1")
	corr := flag.Float64("corr", 0, "with -trunk: the correlation of every two coordinates within a class (sim.TrunkSimulation.Corr)")
	flag.Parse()
	if *corr != 0 && !*trunk {
		fmt.Fprintln(os.Stderr, "coverage: -corr sets the trunk's correlation: give -trunk too")
		os.Exit(2)
	}
	if *docPath != "" {
		if changed := ablations(); len(changed) > 0 {
			fmt.Fprintf(os.Stderr, "coverage: -doc writes the default UF's whole table; drop %s\n", strings.Join(changed, ", "))
			os.Exit(2)
		}
	}
	uf, err := ufmi.ParseUFPreset(*preset)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(2)
	}
	if *minLeaf > 0 {
		uf.Tree.MinSamplesLeaf = *minLeaf
	}
	if *maxFeatures > 0 {
		uf.Tree.MaxFeatures = tree.FeatureCount(*maxFeatures)
	}
	if *fixedLeaves {
		uf.FixedLeaves = true
	}
	if *unsharpened {
		uf.NoSharpening = true
	}
	if *unscreened {
		uf.NoScreening, uf.PilotTrees, uf.PilotFloor = true, 0, 0
	}
	if *oblique {
		uf.Tree.Oblique, uf.Tree.ObliqueDirections = true, tree.MeanDifferences
	}
	m, err := ufmi.ParseMethod(*method)
	if err == nil {
		err = checkQuadrature()
	}
	var nList, dList []int
	if err == nil {
		nList, err = ints(*ns)
	}
	if err == nil {
		dList, err = ints(*ds)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(2)
	}
	s := study{reps: *reps, trees: *trees, level: *level, method: m, ns: nList, ds: dList, cmi: *cmi, trunk: *trunk,
		linear: *linear, onlyCell: *onlyCell, outPath: *out, docPath: *docPath, uf: uf, prior: *prior, mu: *mu, corr: *corr}
	if err := s.run(); err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(1)
	}
}

func ints(list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("bad integer %q", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// study is one run of the coverage study: what the flags ask for.
type study struct {
	reps, trees int // data sets per cell, trees per forest
	level       float64
	method      ufmi.Method
	ns, ds      []int
	// cmi adds the conditional-MI cells; trunk measures the trunk instead
	// of the MI settings; linear adds the linear bound's table.
	cmi, trunk, linear bool
	onlyCell           int // 1-based; 0: every cell
	outPath, docPath   string
	uf                 ufmi.UFConfig
	prior, mu          float64 // the simulations' class prior and mean shift
	corr               float64 // the trunk's correlation
}

// docFlags are the flags -doc accepts at any value: the others are
// ablations, and -doc writes the default UF's table.
var docFlags = map[string]bool{"reps": true, "trees": true, "level": true, "method": true, "n": true, "d": true, "cmi": true, "out": true, "doc": true}

// ablations lists the flags given at other than their default values that
// -doc does not accept (as -name).
func ablations() []string {
	var changed []string
	visitAblations(func(f *flag.Flag) { changed = append(changed, "-"+f.Name) })
	return changed
}

// ablationFlags spells the flags ablations lists with their values, as
// " -name=value" each (the form a bool flag needs), for the table's
// header and command.
func ablationFlags() string {
	var b strings.Builder
	visitAblations(func(f *flag.Flag) { fmt.Fprintf(&b, " -%s=%s", f.Name, f.Value) })
	return b.String()
}

// visitAblations calls visit for each flag given at other than its default
// value that -doc does not accept.
func visitAblations(visit func(*flag.Flag)) {
	flag.Visit(func(f *flag.Flag) {
		if !docFlags[f.Name] && f.Value.String() != f.DefValue {
			visit(f)
		}
	})
}

// run measures every cell (or s.onlyCell), writes every estimate to
// s.outPath after each cell, prints the table and, with s.docPath, writes
// it there.
func (s study) run() error {
	withCMI := s.cmi && !s.trunk
	var cells []cell
	if s.trunk {
		// I(X;Y) and I(Y; x2 | rest) of the trunk, whose information is
		// spread over every coordinate along an oblique direction.
		for _, target := range []int{0, 2} {
			for _, n := range s.ns {
				for _, d := range s.ds {
					cells = append(cells, cell{trunk: true, n: n, d: d, target: target})
				}
			}
		}
	}
	for _, setting := range sim.MISettings() {
		if s.trunk {
			break
		}
		for _, n := range s.ns {
			for _, d := range s.ds {
				// three_class needs two columns; at -d 1 it is left out.
				if (sim.MISimulation{Setting: setting, N: n, D: d, Prior: s.prior, Mu: s.mu}).Validate() == nil {
					cells = append(cells, cell{setting: setting, n: n, d: d})
				}
			}
		}
	}
	if withCMI {
		for _, c := range []cell{{setting: sim.Separated, target: 1}, {setting: sim.ThreeClass, target: 2}} {
			for _, n := range s.ns {
				for _, d := range s.ds {
					if d >= 2 { // a conditional MI needs a column to condition on
						c.n, c.d = n, d
						cells = append(cells, c)
					}
				}
			}
		}
	}
	for i := range cells {
		cells[i].prior, cells[i].mu, cells[i].corr = s.prior, s.mu, s.corr
	}
	if s.onlyCell < 0 || s.onlyCell > len(cells) {
		return fmt.Errorf("-cell %d: the table has cells 1 to %d", s.onlyCell, len(cells))
	}
	records := [][]string{{"quantity", "setting", "n", "d", "rep", "estimate", "truth", "ci_low", "ci_high", "se_data", "se_forest", "seconds", "rest_error", "all_error", "exact_posteriors_estimate", "exact_posteriors_se"}}
	cfg := ufmi.EstimatorConfig{Method: s.method, Confidence: s.level, LowerBound: s.linear, Runtime: ufmi.Runtime{Workers: 1}}
	cfg.UF, cfg.Forest.Trees = s.uf, s.trees
	cfg.UF.Trees = s.trees
	start := time.Now()
	var table []summary
	for ci, c := range cells {
		if s.onlyCell > 0 && ci+1 != s.onlyCell {
			continue
		}
		results, want, err := measure(c, ci, s.reps, cfg)
		if err != nil {
			return err
		}
		for r, res := range results {
			restError, allError := "", "" // an MI has one fit
			if c.target > 0 {
				restError, allError = f6(res.restBias), f6(res.allBias)
			}
			exactEstimate, exactSE := "", "" // the trunk's conditional MI has no exact posteriors
			if res.exact.ok {
				exactEstimate, exactSE = f6(res.exact.estimate), f6(res.exact.se)
			}
			records = append(records, []string{c.quantity(), c.settingName(), strconv.Itoa(c.n), strconv.Itoa(c.d), strconv.Itoa(r),
				f6(res.estimate), f6(want.quantity), f6(res.ci.Low), f6(res.ci.High), f6(res.ci.SEData), f6(res.ci.SEForest),
				fmt.Sprintf("%.3f", res.seconds), restError, allError, exactEstimate, exactSE})
		}
		// Every estimate so far, rewritten after each cell.
		if err := atomicfile.Write(s.outPath, func(w io.Writer) error { return csv.NewWriter(w).WriteAll(records) }); err != nil {
			return err
		}
		row := summarise(c, want, results, s.level)
		table = append(table, row)
		fmt.Fprintf(os.Stderr, "%2d/%d %-16s %-11s n=%-4d d=%-2d coverage %.2f bias %+.4f width %.4f sd %.4f se %.4f without bias %.2f  (%s)\n",
			ci+1, len(cells), c.quantity(), c.settingName(), c.n, c.d, row.coverage, row.bias, row.width, row.sd, row.se, row.unbiased, time.Since(start).Round(time.Second))
	}
	text := formatTable(table, s.reps, s.trees, s.level, s.method, s.prior, s.mu, ablationFlags(), time.Since(start))
	fmt.Print(text)
	reportBlockTables(os.Stderr, table)
	if s.docPath != "" {
		return docsection.ReplaceInFile(s.docPath, "coverage", text)
	}
	return nil
}

func f6(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

// measure estimates cell c on reps independent data sets (the repetitions
// running in parallel, one goroutine per fit) and returns the cell's exact values.
func measure(c cell, index, reps int, cfg ufmi.EstimatorConfig) ([]result, exact, error) {
	simulation, want, err := c.simulation()
	if err != nil {
		return nil, exact{}, err
	}
	cellSeed := seeds.Derive(baseSeed, seeds.Repetition, index)
	results := make([]result, reps)
	err = pool.ForEach(reps, 0, nil, func(_, r int) error {
		seed := seeds.Derive(cellSeed, seeds.Repetition, r)
		rows, y, err := simulation.Sample(seed)
		if err != nil {
			return err
		}
		x, err := ufmi.NewFeatures(rows)
		if err != nil {
			return err
		}
		fc := cfg
		fc.Seed = seed
		t0 := time.Now()
		res := result{exact: c.exactPosteriorInterval(rows, y)}
		if c.target > 0 {
			var rest []int
			for j := 0; j < c.d; j++ {
				if j != c.target-1 {
					rest = append(rest, j)
				}
			}
			est, err := ufmi.ConditionalMI(x, y, rest, []int{c.target - 1}, fc)
			if err != nil {
				return err
			}
			res.estimate, res.ci = est.CMI, est.CI
			hy, err := ufmi.LabelEntropy(y)
			if err != nil {
				return err
			}
			res.restBias, res.allBias = hy-est.HYGivenA-want.rest, hy-est.HYGivenAB-want.all
		} else {
			est, err := ufmi.EstimateMI(x, y, fc)
			if err != nil {
				return err
			}
			res.estimate, res.ci, res.linear, res.belowLinear = est.MI, est.CI, est.LinearBound, est.BelowLinearBound()
		}
		res.seconds = time.Since(t0).Seconds() // the exact posteriors' interval included: microseconds
		results[r] = res
		return nil
	})
	return results, want, err
}

// exact holds a cell's exact values: its quantity, and for a conditional
// MI I(Y; x_target | rest) the exact I(Y; rest) and I(X;Y) of its two fits.
type exact struct {
	quantity, rest, all float64
}

// simulation returns the cell's simulation and its exact values.
func (c cell) simulation() (interface {
	Sample(seed uint64) ([][]float64, []int, error)
}, exact, error) {
	if c.trunk {
		s := sim.TrunkSimulation{N: c.n, D: c.d, Prior: c.prior, Norm: trunkNorm, Corr: c.corr}
		truth, err := s.Truth()
		if err != nil || c.target == 0 {
			return s, exact{quantity: truth.MI}, err
		}
		part, err := s.TruthWithout(c.target - 1)
		return s, exact{quantity: truth.MI - part.MI, rest: part.MI, all: truth.MI}, err
	}
	s := sim.MISimulation{Setting: c.setting, N: c.n, D: c.d, Prior: c.prior, Mu: c.mu}
	truth, err := s.Truth()
	if err != nil {
		return nil, exact{}, err
	}
	// I(Y; x1 | rest) of the separated setting is I(X;Y): the rest is noise.
	e := exact{quantity: truth.MI, all: truth.MI}
	if c.setting == sim.ThreeClass && c.target == 2 {
		e.rest = truth.HY - threeClassHYGivenX1(c.prior, c.mu)
		e.quantity = truth.MI - e.rest
	}
	return s, e, nil
}

// summary is one cell's row of the table.
type summary struct {
	cell
	coverage, bias, width, sd, se float64
	// unbiased is the share of intervals containing the exact value plus the bias: the
	// coverage an unbiased estimator with the same spread and SE would have.
	unbiased float64
	// exact holds the cell's exact values; restBias and allBias are the
	// mean errors of a conditional MI's two fits (result.restBias, allBias).
	exact             exact
	restBias, allBias float64
	// blocks is the coverage of each consecutive block of 100 data sets
	// (a shorter tail left out): the first is the table measured at 100 per
	// cell.
	blocks []float64
	// exactCoverage and exactFirst are the exact posteriors' intervals'
	// coverage over every data set and over the first 100 (NaN without
	// them).
	exactCoverage, exactFirst float64
	// With -linear: the share of intervals lying below the linear bound's
	// limit (ufmi mi -bound's note), the share of limits below the exact
	// value, and the mean linear bound; linearSets counts the estimates.
	noteShare, limitBelow, linearMean float64
	linearSets                        int
}

func summarise(c cell, want exact, results []result, level float64) summary {
	s := summary{cell: c, exact: want}
	s.exactCoverage, s.exactFirst = exactCoverage(results, want.quantity, normalQuantile(level))
	truth := want.quantity
	n := float64(len(results))
	mean := 0.0
	for _, r := range results {
		if r.ci.Contains(truth) {
			s.coverage += 1 / n
		}
		s.bias += (r.estimate - truth) / n
		s.restBias += r.restBias / n
		s.allBias += r.allBias / n
		s.width += (r.ci.High - r.ci.Low) / n
		s.se += r.ci.SE / n
		mean += r.estimate / n
	}
	for _, r := range results {
		if r.linear.Level > 0 {
			s.linearSets++
			if r.belowLinear {
				s.noteShare++
			}
			if r.linear.Low < truth {
				s.limitBelow++
			}
			s.linearMean += r.linear.Value
		}
	}
	if s.linearSets > 0 {
		sets := float64(s.linearSets)
		s.noteShare, s.limitBelow, s.linearMean = s.noteShare/sets, s.limitBelow/sets, s.linearMean/sets
	}
	for _, r := range results {
		s.sd += (r.estimate - mean) * (r.estimate - mean) / (n - 1)
		if r.ci.Contains(truth + s.bias) {
			s.unbiased += 1 / n
		}
	}
	s.sd = math.Sqrt(s.sd)
	s.blocks = hundreds(results, truth)
	return s
}

// reportBlockTables writes, with two or more blocks of 100 data sets per
// cell, the tables of 100 per cell those blocks make (block b of every
// cell) and, for each, the cells with I > 0 whose coverage is below 0.90:
// how often a table of 100 per cell meets that target.
func reportBlockTables(w io.Writer, table []summary) {
	if len(table) == 0 || len(table[0].blocks) < 2 {
		return
	}
	met := 0
	for b := range table[0].blocks {
		var below []string
		for _, r := range table {
			if r.exact.quantity > 0 && r.blocks[b] < 0.90-1e-9 {
				below = append(below, fmt.Sprintf("%s %s n=%d d=%d %.2f", r.quantity(), r.settingName(), r.n, r.d, r.blocks[b]))
			}
		}
		if len(below) == 0 {
			met++
		}
		fmt.Fprintf(w, "table of block %d (data sets %d-%d): %d cells with I > 0 below 0.90 %v\n", b+1, 100*b, 100*b+99, len(below), below)
	}
	fmt.Fprintf(w, "%d of %d tables of 100 per cell have every cell with I > 0 at 0.90 or more\n", met, len(table[0].blocks))
}

// exactCoverage returns the share of the exact posteriors' intervals (at
// normal quantile z) containing truth, over every result and over the
// first 100; NaN where the cell has none or its exact value is 0.
func exactCoverage(results []result, truth, z float64) (all, first float64) {
	if truth == 0 {
		// overlapping: every exact φ is 0 but for rounding, no interval to speak of
		return math.NaN(), math.NaN()
	}
	covered, firstCovered, count := 0, 0, 0
	for r, res := range results {
		if !res.exact.ok {
			return math.NaN(), math.NaN()
		}
		count++
		if res.exact.contains(truth, z) {
			covered++
			if r < 100 {
				firstCovered++
			}
		}
	}
	if count == 0 {
		return math.NaN(), math.NaN()
	}
	return float64(covered) / float64(count), float64(firstCovered) / float64(min(count, 100))
}

// hundreds returns the coverage of each consecutive block of 100 data sets
// (a shorter tail is left out) of exact value truth.
func hundreds(results []result, truth float64) []float64 {
	var blocks []float64
	for b := 0; b+100 <= len(results); b += 100 {
		covered := 0.0
		for _, r := range results[b : b+100] {
			if r.ci.Contains(truth) {
				covered += 0.01
			}
		}
		blocks = append(blocks, covered)
	}
	return blocks
}

// formatTable renders the summaries as a Markdown table; changed are the
// ablation flags given (ablationFlags), which its header and command name.
func formatTable(rows []summary, reps, trees int, level float64, method ufmi.Method, prior, mu float64, changed string, took time.Duration) string {
	var b strings.Builder
	model := "ufmi's default UF"
	switch {
	case method != ufmi.MethodUF:
		model = string(method)
	case changed != "":
		model = "ufmi's UF with" + changed
	}
	binSE := math.Sqrt(level * (1 - level) / float64(reps))
	fmt.Fprintf(&b, "Share of %g%% intervals containing the exact value, %s, %d trees, %d independent data sets per cell "+
		"(prior %s, mu %g; one binomial standard error of a share near %g is %.3f); `go run ./bench/coverage%s`, %.0f minutes on 2 cores. "+
		"The column \"coverage without the bias\" is the share of intervals containing the exact value plus the cell's mean bias. "+
		"The columns of the exact posteriors are the coverage of the interval an estimator that knew the exact posteriors would give on the same data sets "+
		"(the mean of the rows' exact log-likelihood ratios log p(y|x) − log p(y|rest) ± z times their standard error): where it misses too, "+
		"the data set's own information lies that far from the exact value.\n\n",
		100*level, model, trees, reps, priorText(prior), mu, level, binSE, repsFlag(reps)+changed, took.Minutes())
	blocks := reps >= 200
	if blocks {
		b.WriteString("The two columns after the coverage are the coverage of the first 100 data sets of each cell (a table of 100 per cell) " +
			"and of the lowest of its consecutive blocks of 100.\n\n")
		b.WriteString("| quantity | setting | n | d | exact | coverage | first 100 | lowest 100 | mean bias | mean width | sd of estimates | mean SE | coverage without the bias | exact posteriors: coverage | their first 100 |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	} else {
		b.WriteString("| quantity | setting | n | d | exact | coverage | mean bias | mean width | sd of estimates | mean SE | coverage without the bias | exact posteriors: coverage |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %.4f | %.*f |", strings.ReplaceAll(r.quantity(), "|", "\\|"), r.settingName(), r.n, r.d, r.exact.quantity, coverageDigits(reps), r.coverage)
		if blocks {
			fmt.Fprintf(&b, " %.2f | %.2f |", r.blocks[0], slices.Min(r.blocks))
		}
		fmt.Fprintf(&b, " %+.4f | %.4f | %.4f | %.4f | %.2f | %s |", r.bias, r.width, r.sd, r.se, r.unbiased, shareText(r.exactCoverage, coverageDigits(reps)))
		if blocks {
			fmt.Fprintf(&b, " %s |", shareText(r.exactFirst, 2))
		}
		b.WriteString("\n")
	}
	writeSubTable(&b, rows, func(r summary) bool { return r.target > 0 },
		"A conditional MI's two fits: the mean error of the MI of the fit on the rest, I(Y; rest), and of the fit on all columns, I(X;Y); "+
			"the conditional MI's bias is the second less the first.",
		"| quantity | setting | n | d | I(Y; rest): exact | its fit's error | I(X;Y): exact | its fit's error | conditional MI's bias |\n|---|---|---|---|---|---|---|---|---|",
		func(r summary) string {
			return fmt.Sprintf("| %s | %s | %d | %d | %.4f | %+.4f | %.4f | %+.4f | %+.4f |", strings.ReplaceAll(r.quantity(), "|", "\\|"), r.settingName(), r.n, r.d,
				r.exact.rest, r.restBias, r.exact.all, r.allBias, r.allBias-r.restBias)
		})
	writeSubTable(&b, rows, func(r summary) bool { return r.linearSets > 0 },
		"The linear bound (`-linear`; I(X;Y) cells): the share of intervals lying below its 95% limit (where `ufmi mi -bound` adds its note), "+
			"the share of limits below the exact value, and the mean bound.",
		"| setting | n | d | exact | interval below the limit | limit below the exact value | mean linear bound |\n|---|---|---|---|---|---|---|",
		func(r summary) string {
			return fmt.Sprintf("| %s | %d | %d | %.4f | %.2f | %.2f | %.4f |", r.settingName(), r.n, r.d, r.exact.quantity, r.noteShare, r.limitBelow, r.linearMean)
		})
	return b.String()
}

// writeSubTable appends, when some rows are kept, a paragraph intro and a
// Markdown table of header and one line per kept row.
func writeSubTable(b *strings.Builder, rows []summary, keep func(summary) bool, intro, header string, line func(summary) string) {
	written := false
	for _, r := range rows {
		if !keep(r) {
			continue
		}
		if !written {
			fmt.Fprintf(b, "\n%s\n\n%s\n", intro, header)
			written = true
		}
		b.WriteString(line(r) + "\n")
	}
}

// shareText writes a share with the given decimals, or "—" for NaN (a
// cell without exact posteriors).
func shareText(v float64, digits int) string {
	if math.IsNaN(v) {
		return "—"
	}
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// repsFlag is the -reps flag that gives reps data sets per cell ("" for
// the default 100).
func repsFlag(reps int) string {
	if reps == 100 {
		return ""
	}
	return fmt.Sprintf(" -reps %d", reps)
}

// priorText writes the prior 0.5 as the table always has, 1/2.
func priorText(prior float64) string {
	if prior == 0.5 {
		return "1/2"
	}
	return strconv.FormatFloat(prior, 'g', -1, 64)
}

// coverageDigits is the number of decimals a share of reps data sets needs.
func coverageDigits(reps int) int {
	if reps > 100 {
		return 3
	}
	return 2
}

// conditionalEntropy1D is H(Y|X) for a one-dimensional Gaussian mixture
// (class c: prior priors[c], N(means[c], sds[c]²)), by composite Simpson
// integration over ±20 standard deviations.
func conditionalEntropy1D(priors, means, sds []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for c := range means {
		lo, hi = min(lo, means[c]-20*sds[c]), max(hi, means[c]+20*sds[c])
	}
	const steps = 200000
	h := (hi - lo) / steps
	joint := make([]float64, len(priors))
	f := func(x float64) float64 {
		total := 0.0
		for c := range priors {
			z := (x - means[c]) / sds[c]
			joint[c] = priors[c] * math.Exp(-z*z/2) / (sds[c] * math.Sqrt(2*math.Pi))
			total += joint[c]
		}
		v := 0.0
		for _, j := range joint {
			if j > 0 {
				v -= j * math.Log(j/total)
			}
		}
		return v
	}
	sum := f(lo) + f(hi)
	for i := 1; i < steps; i++ {
		wgt := 2.0
		if i%2 == 1 {
			wgt = 4
		}
		sum += wgt * f(lo+float64(i)*h)
	}
	return sum * h / 3
}

// threeClassHYGivenX1 is H(Y | x1) of the three_class setting: x1 is
// N(0, 1), N(mu, 1) and N(-mu, 1) in classes 0, 1 and 2.
func threeClassHYGivenX1(prior, mu float64) float64 {
	return conditionalEntropy1D(threeClassX1Mixture(prior, mu))
}

// checkQuadrature compares conditionalEntropy1D with the simulations' exact
// H(Y|X) of the separated and scaled settings, whose signal is in x1 alone.
func checkQuadrature() error {
	for _, c := range []struct {
		setting sim.MISetting
		sds     []float64
	}{{sim.Separated, []float64{1, 1}}, {sim.Scaled, []float64{1, 0.1}}} {
		truth, err := sim.MISimulation{Setting: c.setting, N: 1, D: 1, Prior: 0.5, Mu: 1}.Truth()
		if err != nil {
			return err
		}
		got := conditionalEntropy1D([]float64{0.5, 0.5}, []float64{1, -1}, c.sds)
		if math.Abs(got-truth.HYGivenX) > 1e-8 {
			return fmt.Errorf("quadrature gives H(Y|X) = %.10f for %v, the exact value is %.10f", got, c.setting, truth.HYGivenX)
		}
	}
	return nil
}
