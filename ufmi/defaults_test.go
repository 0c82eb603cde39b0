package ufmi

import (
	"fmt"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// goSyntax prints a config with every field, for comparisons.
func goSyntax(v any) string { return fmt.Sprintf("%#v", v) }

// mustResolve is cfg with every default filled in.
func mustResolve(t *testing.T, cfg UFConfig) UFConfig {
	t.Helper()
	r, err := cfg.resolved()
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	return r
}

// The zero UFConfig is DefaultUF, every default spelled out as the
// constants of defaults.go say.
func TestZeroUFConfigIsDefaultUF(t *testing.T) {
	want := UFConfig{Trees: 300, StructureFraction: 0.5, EmptyLeaf: EmptyPrior,
		Tree:       tree.Config{MinSamplesLeaf: 6, MaxFeatures: tree.SqrtFeatures().AtLeast(2), Draws: tree.WithReplacement},
		PilotTrees: 60, PilotFloor: 0.01}
	if got := mustResolve(t, UFConfig{}); goSyntax(got) != goSyntax(want) {
		t.Errorf("UFConfig{} resolves to\n%#v\nwant\n%#v", got, want)
	}
	if goSyntax(DefaultUF()) != goSyntax(want) {
		t.Errorf("DefaultUF() is\n%#v\nwant\n%#v", DefaultUF(), want)
	}
	if got := mustResolve(t, DefaultUF()); goSyntax(got) != goSyntax(want) {
		t.Errorf("DefaultUF() resolves to\n%#v", got)
	}
	var zero EmptyLeafPolicy
	if zero != EmptyPrior || zero.String() != "prior" {
		t.Errorf("the zero empty-leaf policy is %v, want prior", zero)
	}
	for p, name := range map[EmptyLeafPolicy]string{EmptyPrior: "prior", EmptyUniform: "uniform", EmptyAbstain: "abstain"} {
		if p.String() != name {
			t.Errorf("%d.String() = %q, want %q", int(p), p.String(), name)
		}
	}
}

// A partly set config keeps what it sets and takes DefaultUF's value for
// every field left zero.
func TestPartialUFConfigKeepsItsFields(t *testing.T) {
	for _, c := range []struct {
		partial UFConfig
		change  func(*UFConfig)
	}{
		{UFConfig{Trees: 20}, func(c *UFConfig) { c.Trees = 20 }},
		{UFConfig{Trees: 20, Kappa: 3}, func(c *UFConfig) { c.Trees, c.Kappa = 20, 3 }},
		{UFConfig{EmptyLeaf: EmptyUniform, Unstratified: true}, func(c *UFConfig) { c.EmptyLeaf, c.Unstratified = EmptyUniform, true }},
		{UFConfig{StructureFraction: 0.4, EvalShare: 0.5, TreeLevelEntropy: true},
			func(c *UFConfig) { c.StructureFraction, c.EvalShare, c.TreeLevelEntropy = 0.4, 0.5, true }},
		{UFConfig{Tree: tree.Config{MinSamplesLeaf: 1}}, func(c *UFConfig) { c.Tree.MinSamplesLeaf = 1 }},
		{UFConfig{Tree: tree.Config{MaxFeatures: tree.AllFeatures(), Criterion: tree.Entropy}},
			func(c *UFConfig) { c.Tree.MaxFeatures, c.Tree.Criterion = tree.AllFeatures(), tree.Entropy }},
		{UFConfig{PilotTrees: 10}, func(c *UFConfig) { c.PilotTrees = 10 }},
		{UFConfig{PilotFloor: 0.05}, func(c *UFConfig) { c.PilotFloor = 0.05 }},
		{UFConfig{NoScreening: true}, func(c *UFConfig) { c.NoScreening, c.PilotTrees, c.PilotFloor = true, 0, 0 }},
	} {
		want := DefaultUF()
		c.change(&want)
		if got := mustResolve(t, c.partial); goSyntax(got) != goSyntax(want) {
			t.Errorf("%+v resolves to\n%#v\nwant\n%#v", c.partial, got, want)
		}
	}
}

// Each preset resolves to the settings it had when zero fields meant
// something else: the old spelling (tree.Config{} for fully grown trees on
// all features, Stratify false, PilotTrees 0 for no screening) gives the
// same tree parameters, split and screening. The default's trees draw
// their features with replacement since they became the default's.
func TestPresetsKeepTheirSettings(t *testing.T) {
	paperTree := tree.Config{MinSamplesLeaf: 1, MaxFeatures: tree.AllFeatures(), Draws: tree.WithoutReplacement}
	cases := map[string]struct {
		got, want UFConfig
		oldTree   tree.Config // the tree the preset spelled before
	}{
		"default": {DefaultUF(), UFConfig{Trees: 300, StructureFraction: 0.5, EmptyLeaf: EmptyPrior,
			Tree: tree.Config{MinSamplesLeaf: 6, MaxFeatures: tree.SqrtFeatures().AtLeast(2), Draws: tree.WithReplacement}, PilotTrees: 60, PilotFloor: 0.01},
			tree.Config{MinSamplesLeaf: 6, MaxFeatures: tree.SqrtFeatures().AtLeast(2), Draws: tree.WithReplacement}},
		"paper": {PaperUF(), UFConfig{Trees: 300, StructureFraction: 0.5, EmptyLeaf: EmptyUniform, Tree: paperTree,
			Unstratified: true, NoScreening: true, PlugIn: true}, tree.Config{}},
		"authors": {AuthorsUF(), UFConfig{Trees: 300, StructureFraction: 0.4, EvalShare: 0.5, Kappa: 3, EmptyLeaf: EmptyUniform,
			Tree: paperTree, Unstratified: true, TreeLevelEntropy: true, NoScreening: true, PlugIn: true}, tree.Config{}},
		"experiment": {experimentUF(), UFConfig{Trees: 300, StructureFraction: 0.63, EmptyLeaf: EmptyUniform, Tree: paperTree,
			Unstratified: true, NoScreening: true, PlugIn: true}, tree.Config{}},
	}
	for name, c := range cases {
		got := mustResolve(t, c.got)
		if goSyntax(got) != goSyntax(c.want) || goSyntax(c.got) != goSyntax(c.want) {
			t.Errorf("%s: %#v resolves to\n%#v\nwant\n%#v", name, c.got, got, c.want)
		}
		for _, d := range []int{1, 2, 3, 5, 20} {
			now, err1 := got.Tree.Resolve(d)
			before, err2 := c.oldTree.Resolve(d)
			if err1 != nil || err2 != nil || fmt.Sprintf("%+v", now) != fmt.Sprintf("%+v", before) {
				t.Errorf("%s, %d features: tree parameters %+v, before %+v (%v, %v)", name, d, now, before, err1, err2)
			}
		}
	}
	for _, name := range []string{"default", "paper", "authors"} {
		p, err := ParseUFPreset(name)
		if err != nil || goSyntax(p) != goSyntax(cases[name].want) {
			t.Errorf("ParseUFPreset(%q) = %#v, %v", name, p, err)
		}
	}
	// A random forest's unset tree is the paper's, as the zero tree.Config
	// always was.
	for _, d := range []int{1, 4, 20} {
		now, _ := rfTreeDefaults(tree.Config{}).Resolve(d)
		before, _ := tree.Config{}.Resolve(d)
		if fmt.Sprintf("%+v", now) != fmt.Sprintf("%+v", before) {
			t.Errorf("RF tree of %d features: %+v, before %+v", d, now, before)
		}
	}
}

// Invalid values are errors, never replaced by a default; so are settings
// that contradict each other.
func TestUFConfigRejectsInvalidValues(t *testing.T) {
	for name, cfg := range map[string]UFConfig{
		"negative trees":                {Trees: -1},
		"structure fraction 1":          {StructureFraction: 1},
		"negative structure fraction":   {StructureFraction: -0.1},
		"evaluation share 1":            {EvalShare: 1},
		"negative kappa":                {Kappa: -3},
		"empty-leaf policy 3":           {EmptyLeaf: 3},
		"negative pilot trees":          {PilotTrees: -1},
		"negative pilot floor":          {PilotFloor: -0.01},
		"pilot trees without screening": {NoScreening: true, PilotTrees: 10},
		"pilot floor without screening": {NoScreening: true, PilotFloor: 0.05},
		"weights given under screening": {Tree: tree.Config{FeatureWeights: []float64{1, 2}}},
	} {
		if _, err := cfg.resolved(); err == nil {
			t.Errorf("%s: %+v accepted", name, cfg)
		}
	}
	if _, err := (UFConfig{NoScreening: true, Tree: tree.Config{FeatureWeights: []float64{1, 2}}}).resolved(); err != nil {
		t.Errorf("weights given without screening: %v", err)
	}
}

// A derived runtime: child takes the derived seed and drops progress,
// serial runs on one goroutine, stage counts a stage within a longer run.
func TestRuntimeDerivations(t *testing.T) {
	var calls [][2]int
	rt := Runtime{Seed: 7, Workers: 3, Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }}
	if c := rt.child(seeds.FoldModel, 2); c.Seed != seeds.Derive(7, seeds.FoldModel, 2) || c.Workers != 3 || c.Progress != nil {
		t.Errorf("child: %+v", c)
	}
	if s := rt.serial(); s.Seed != 7 || s.Workers != 1 || s.Progress != nil {
		t.Errorf("serial: %+v", s)
	}
	rt.stage(0, 30).report(4, 10)
	rt.stage(10, 0).report(30, 30)
	if fmt.Sprint(calls) != "[[4 40] [40 40]]" {
		t.Errorf("stages reported %v, want [[4 40] [40 40]]", calls)
	}
	Runtime{}.stage(5, 5).report(1, 1) // no progress: nothing to call
}

// No estimator package decides "unset" by reflection: zero values are
// checked field by field.
func TestNoReflectionInEstimatorPackages(t *testing.T) {
	for _, dir := range []string{".", "tree", "knn"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, path := range files {
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == "reflect" {
					t.Errorf("%s imports reflect", path)
				}
			}
		}
	}
}

// The oblique preset is the default with its local-linear fit on the two
// top columns (NoDiscriminant) and discriminant oblique splits; the preset
// before 2026-11-29, third, the same with its sharpening exponents fitted
// on halves (the 2026-11-29 default's); the preset before 2026-11-29, by
// its name, that default with class-mean splits weighted by the variances
// alone; the preset before 2026-11-28 the
// 2026-11-25 default (features drawn without replacement, fixed leaves, no
// local-linear fit, the pilot's weights kept whatever its importances) with
// those.
func TestObliquePreset(t *testing.T) {
	withSplits := func(c UFConfig, rule tree.ObliqueDirections) UFConfig {
		c.Tree.Oblique, c.Tree.ObliqueDirections = true, rule
		return c
	}
	axis := DefaultUF()
	axis.NoDiscriminant = true // the 2026-11-29 default's local-linear fit
	// A conditional MI's leaves as before 2026-11-30: not measured with
	// oblique splits.
	axis.PlainLeavesInDifferences = true
	halves := axis
	halves.SharpenOnHalves = true    // the sharpening before 2026-11-29, third
	halves.NoLeafSelection = true    // leaves on one feature before 2026-11-29, fourth
	halves.NoTargetResiduals = true  // a conditional MI's targets before 2026-11-30, sixth
	halves.plainRest = true          // a conditional MI's rest before 2026-11-30, eighth
	halves.scoreResidualsOnly = true // its residuals before 2026-12-01, third
	before := halves
	before.Tree.Draws, before.FixedLeaves, before.NoLocalLinear, before.ScreenAlways = tree.WithoutReplacement, true, true, true
	for name, want := range map[string]UFConfig{"oblique": withSplits(axis, tree.Discriminants),
		"oblique-2026-11-29": withSplits(halves, tree.Discriminants),
		"oblique-2026-11-28": withSplits(halves, tree.MeanDifferences), "oblique-2026-11-25": withSplits(before, tree.MeanDifferences)} {
		c, err := ParseUFPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		if goSyntax(c) != goSyntax(want) {
			t.Errorf("preset %s: %#v", name, c)
		}
	}
	if _, err := ParseUFPreset("obtuse"); err == nil || !strings.Contains(err.Error(), "oblique-2026-11-28") {
		t.Errorf("unknown preset error %v does not list oblique-2026-11-28", err)
	}
	// Names are read in any case, as method names are.
	for name, want := range map[string]UFConfig{"Paper": PaperUF(), "DEFAULT": DefaultUF(), "Capped-Noise": cappedNoiseUF()} {
		if c, err := ParseUFPreset(name); err != nil || goSyntax(c) != goSyntax(want) {
			t.Errorf("preset %q: %v", name, err)
		}
	}
}

// The plugin preset is the 2026-11-25 default (features drawn without
// replacement, fixed leaves, no local-linear fit, the pilot's weights kept
// whatever its importances) with the plug-in estimate
// alone, by name. A forest fitted with PlugIn gives the plug-in, the mean entropy of
// its posteriors, as EstimateMI does with PlugIn; the unfitted one-step
// (NoLocalLinear) gives the one-step estimate of the same forest: the rows' out-of-sample log-loss
// less its noise term, which the sketch estimates within 10% of the exact
// weights' (noiseFromWeights).
func TestPlugInPreset(t *testing.T) {
	c, err := ParseUFPreset("plugin")
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultUF()
	want.PlugIn, want.Tree.Draws, want.FixedLeaves, want.NoLocalLinear, want.ScreenAlways = true, tree.WithoutReplacement, true, true, true
	want.NoDiscriminant, want.SharpenOnHalves, want.NoLeafSelection = true, true, true
	want.PlainLeavesInDifferences, want.NoTargetResiduals, want.plainRest, want.scoreResidualsOnly = true, true, true, true
	if goSyntax(c) != goSyntax(want) {
		t.Errorf("plugin preset %#v", c)
	}
	x, y := simFeatures(t, sim.MISimulation{Setting: sim.ThreeClass, N: 400, D: 3, Prior: 0.5, Mu: 1}, 7)
	uf := UFConfig{Trees: 40, PlugIn: true}
	f, err := FitUF(x, y, uf, Runtime{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	plugIn, err := f.HonestConditionalEntropy(false, nil)
	if err != nil {
		t.Fatal(err)
	}
	proba, err := f.PredictProba(x, 1)
	if err != nil {
		t.Fatal(err)
	}
	if mean, _ := meanEntropy(proba); math.Abs(mean-plugIn) > 1e-12 {
		t.Errorf("PlugIn forest: H(Y|X) %v, the mean entropy of its posteriors %v", plugIn, mean)
	}
	est, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if est.HYGivenX != plugIn {
		t.Errorf("EstimateMI with PlugIn: H(Y|X) %v, the fitted forest's plug-in %v", est.HYGivenX, plugIn)
	}
	// The raw log-loss from the interval's φ: H(Y) minus their mean.
	logLoss := est.HY - columnMean(est.parts.phi)
	noise := noiseFromWeights(f, y)
	uf.PlugIn, uf.NoLocalLinear = false, true
	oneStep, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 2}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("plug-in %.6f, log-loss %.6f, exact noise term %.6f, one-step %.6f", plugIn, logLoss, noise, oneStep.HYGivenX)
	if got := logLoss - oneStep.HYGivenX; math.Abs(got-noise) > 0.1*noise || noise < 0.005 {
		t.Errorf("default: H(Y|X) %v is the log-loss %v less %v; the exact noise term is %v", oneStep.HYGivenX, logLoss, got, noise)
	}
}
