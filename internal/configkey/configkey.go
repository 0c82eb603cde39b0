// Package configkey spells forest configurations as the text that keys
// cached results: the CC18 result files (ufmi/cc18) and the fingerprint of
// a sharded tree-block job (ufmi/sharded).
//
// The text is that which fmt printed for the configuration structs before
// the runtime (seed, workers, progress) left them and zero fields came to
// mean their defaults field by field: UFConfig's old fields Stratify,
// PilotTrees 0 for no screening and EmptyLeaf numbered uniform 0, prior 1,
// abstain 2; the runtime fields printed as zero (or, for a tree-block job,
// its seed); a UF's fully grown trees spelled MinSamplesLeaf 0 and all
// features the zero MaxFeatures. A configuration is spelled as the presets
// (DefaultUF, PaperUF, ...) were then, so results cached then are found
// again for the same effective settings. The text must never follow the
// structs' layout again: tests pin it.
package configkey

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// runtimeGoSyntax is the old layout's runtime fields, printed as zero.
const runtimeGoSyntax = "Workers:0, Seed:0x0, Progress:(ufmi.Progress)(nil)"

// legacyUF holds a UFConfig's settings as the old UFConfig spelled them.
type legacyUF struct {
	trees                  int
	tree                   tree.Config
	structure, eval, kappa float64
	emptyLeaf              int    // uniform 0, prior 1, abstain 2
	emptyLeafName          string // its String()
	stratify, treeLevel    bool
	pilotTrees             int
	pilotFloor             float64
	leavesFollowRows       bool // leaves scaled to the structure rows (UFConfig.FixedLeaves false, leaves above 2)
	localLinear            bool // UFConfig.LocalLinearFit
	discriminant           bool // the fit's second coordinate the discriminant (UFConfig.NoDiscriminant false)
}

// Old spellings of UF settings whose zero value now means a default.
const (
	ufStructureFraction = 0.5  // DefaultUF's and the paper's
	ufMinLeaf           = 6    // DefaultUF's leaves
	ufMinFeatures       = 2    // DefaultUF's sqrt features, at least 2
	ufPilotTrees        = 60   // DefaultUF's pilot
	ufPilotFloor        = 0.01 // DefaultUF's floor
	ufMinScaledLeaf     = 2    // leaves this small never follow the rows
)

// suffixText spells, after the old fields, leaves that follow the
// structure rows (leaves, no verb): nothing for fixed leaves, whose keys
// predate them; then local-linear posteriors (local, no verb), nothing
// without them; then their discriminant coordinate (discriminant, no
// verb), nothing without it, whose keys predate it.
func suffixText(l legacyUF, leaves, local, discriminant string) string {
	s := ""
	if l.leavesFollowRows {
		s = leaves
	}
	if l.localLinear {
		s += local
		if l.discriminant {
			s += discriminant
		}
	}
	return s
}

func legacy(c ufmi.UFConfig) legacyUF {
	l := legacyUF{trees: c.Trees, tree: c.Tree, structure: c.StructureFraction, eval: c.EvalShare, kappa: c.Kappa,
		emptyLeafName: c.EmptyLeaf.String(), stratify: !c.Unstratified, treeLevel: c.TreeLevelEntropy}
	if l.trees == 0 {
		l.trees = ufmi.DefaultTrees
	}
	if l.structure == 0 {
		l.structure = ufStructureFraction
	}
	switch c.Tree.MinSamplesLeaf {
	case 0:
		l.tree.MinSamplesLeaf = ufMinLeaf
	case 1:
		l.tree.MinSamplesLeaf = 0 // fully grown, as the paper's presets spelled it
	}
	l.leavesFollowRows = !c.FixedLeaves && l.tree.MinSamplesLeaf > ufMinScaledLeaf
	l.localLinear = c.LocalLinearFit()
	l.discriminant = !c.NoDiscriminant
	if c.Tree.MaxFeatures == (tree.MaxFeatures{}) {
		l.tree.MaxFeatures = tree.SqrtFeatures().AtLeast(ufMinFeatures)
	}
	if c.Tree.Draws == tree.DefaultDraws {
		l.tree.Draws = tree.WithReplacement // a UF's default
	}
	switch c.EmptyLeaf {
	case ufmi.EmptyUniform:
		l.emptyLeaf = 0
	case ufmi.EmptyPrior:
		l.emptyLeaf = 1
	case ufmi.EmptyAbstain:
		l.emptyLeaf = 2
	default:
		l.emptyLeaf = int(c.EmptyLeaf) + 100 // invalid: never fitted, never equal to a valid key
	}
	if !c.NoScreening {
		l.pilotTrees, l.pilotFloor = c.PilotTrees, c.PilotFloor
		if l.pilotTrees == 0 {
			l.pilotTrees = ufPilotTrees
		}
		if l.pilotFloor == 0 {
			l.pilotFloor = ufPilotFloor
		}
	}
	return l
}

// treeGoSyntax is the old %#v of tree settings, all features spelled as the
// zero MaxFeatures (as the old zero value meant). The fields are spelled one
// by one, so that fields tree.Config gains later change no old key.
func treeGoSyntax(tc tree.Config) string {
	if tc.MaxFeatures == tree.AllFeatures() {
		tc.MaxFeatures = tree.MaxFeatures{}
	}
	return fmt.Sprintf("tree.Config{Criterion:%#v, MaxFeatures:%#v, MinSamplesLeaf:%#v, MinSamplesSplit:%#v, MaxDepth:%#v, FeatureWeights:%#v%s%s}",
		tc.Criterion, tc.MaxFeatures, tc.MinSamplesLeaf, tc.MinSamplesSplit, tc.MaxDepth, tc.FeatureWeights,
		obliqueText(tc, ", Oblique:%#v, ObliqueNonZeros:%#v", ", ObliqueDirections:%#v"), drawsText(tc, ", Draws:%v"))
}

// treeFields is the old %+v of tree settings, field by field.
func treeFields(tc tree.Config) string {
	return fmt.Sprintf("{Criterion:%v MaxFeatures:%v MinSamplesLeaf:%v MinSamplesSplit:%v MaxDepth:%v FeatureWeights:%v%s%s}",
		tc.Criterion, tc.MaxFeatures, tc.MinSamplesLeaf, tc.MinSamplesSplit, tc.MaxDepth, tc.FeatureWeights,
		obliqueText(tc, " Oblique:%v ObliqueNonZeros:%v", " ObliqueDirections:%v"), drawsText(tc, " Draws:%v"))
}

// drawsText spells the feature draws (format, of one verb) of a tree that
// draws with replacement and examines fewer than all features (whose trees
// then differ wherever a node makes at least 3 draws): nothing otherwise,
// whose keys predate them. A legacy (UF) tree's unset draws are already resolved; elsewhere
// (a random forest's) unset draws are without replacement.
func drawsText(tc tree.Config, format string) string {
	if tc.Draws != tree.WithReplacement || tc.MaxFeatures == tree.AllFeatures() || tc.MaxFeatures == (tree.MaxFeatures{}) {
		return ""
	}
	return fmt.Sprintf(format, tc.Draws)
}

// obliqueText spells the oblique fields of an oblique tree (nothing for an
// axis-aligned one, whose keys predate them), the mean number of columns
// per projection resolved; the directions (directions, a format of one
// verb) only when not RandomProjections, whose keys predate them.
func obliqueText(tc tree.Config, format, directions string) string {
	if !tc.Oblique {
		return ""
	}
	nz := tc.ObliqueNonZeros
	if nz == 0 {
		nz = tree.DefaultObliqueNonZeros
	}
	s := fmt.Sprintf(format, true, nz)
	if tc.ObliqueDirections != tree.RandomProjections {
		s += fmt.Sprintf(directions, tc.ObliqueDirections)
	}
	return s
}

// UFGoSyntax spells a UF configuration as the old %#v of UFConfig with the
// runtime fields zero (the CC18 result key).
func UFGoSyntax(c ufmi.UFConfig) string {
	l := legacy(c)
	return fmt.Sprintf("ufmi.UFConfig{Trees:%d, Tree:%s, StructureFraction:%#v, EvalShare:%#v, Kappa:%#v, EmptyLeaf:%d, "+
		"Stratify:%t, TreeLevelEntropy:%t, PilotTrees:%d, PilotFloor:%#v, %s%s}",
		l.trees, treeGoSyntax(l.tree), l.structure, l.eval, l.kappa, l.emptyLeaf,
		l.stratify, l.treeLevel, l.pilotTrees, l.pilotFloor, runtimeGoSyntax, suffixText(l, ", Leaves:follow-rows", ", LocalLinear:true", ", Discriminant:true"))
}

// ForestGoSyntax spells an RF configuration as the old %#v of ForestConfig
// with the runtime fields zero (the CC18 result key). Its zero fields meant
// the same defaults then.
func ForestGoSyntax(c ufmi.ForestConfig) string {
	return fmt.Sprintf("ufmi.ForestConfig{Trees:%d, Tree:%s, Sampling:%d, SampleFraction:%#v, %s}",
		c.Trees, treeGoSyntax(c.Tree), int(c.Sampling), c.SampleFraction, runtimeGoSyntax)
}

// UFFields spells a UF configuration run with the given seed as the old
// %+v of UFConfig with that seed, workers 0 and no progress (the tree-block
// job's fingerprint), followed by " Entropy:one-step" for a forest-level
// estimate that is not the plug-in (UFConfig.PlugIn), whose blocks hold
// more sums and whose result differs from the plug-in's, and " sharpened"
// after it when its out-of-sample posteriors are (UFConfig.NoSharpening
// false), then " Leaves:follow-rows" when its leaves follow the structure
// rows (UFConfig.FixedLeaves false, leaves above 2), " LocalLinear" with
// local-linear posteriors and " Discriminant" when their second coordinate
// is the discriminant (UFConfig.NoDiscriminant false), and last
// " Sharpening:5-folds" when sharpened posteriors' exponents are fitted in
// five folds (UFConfig.SharpenOnHalves false), then " CappedNoise" when the
// one-step's noise term is capped per class (UFConfig.CappedNoise).
func UFFields(c ufmi.UFConfig, seed uint64) string {
	l := legacy(c)
	oneStep, sharpening := "", ""
	if c.OneStep() {
		oneStep = " Entropy:one-step"
		if !c.NoSharpening {
			oneStep += " sharpened"
			if !c.SharpenOnHalves {
				sharpening = " Sharpening:5-folds"
			}
		}
		if c.CappedNoise {
			sharpening += " CappedNoise"
		}
	}
	return fmt.Sprintf("{Trees:%d Tree:%s StructureFraction:%v EvalShare:%v Kappa:%v EmptyLeaf:%s Stratify:%t "+
		"TreeLevelEntropy:%t PilotTrees:%d PilotFloor:%v Workers:0 Seed:%d Progress:<nil>%s%s%s}",
		l.trees, treeFields(l.tree), l.structure, l.eval, l.kappa, l.emptyLeafName, l.stratify,
		l.treeLevel, l.pilotTrees, l.pilotFloor, seed, oneStep, suffixText(l, " Leaves:follow-rows", " LocalLinear", " Discriminant"), sharpening)
}
