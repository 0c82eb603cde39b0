package configkey

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"
	"os"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// A tree-block job of the command line's presets (ufmi mi -preset P -trees
// N -seed 3) keeps the fingerprint text it had before the configurations
// changed shape: testdata/treeblock_settings.txt was written by the code of
// then (the old %+v of the resolved UFConfig, workers 0), except the
// default preset's lines, which gained " Entropy:one-step" when the default
// estimate became the combined one, " sharpened" after it when the
// default's posteriors became sharpened, and " Draws:with-replacement" in
// its tree settings when its nodes came to draw features with replacement,
// " Leaves:follow-rows" at the end when its leaves came to follow the
// rows, " LocalLinear" after it when its posteriors came to be fitted
// local-linearly, " Discriminant" after that when the fit's second
// coordinate became the discriminant, and " Sharpening:5-folds" last when
// the sharpening exponents came to be fitted in five folds: its blocks and
// result changed.
func TestTreeBlockSettingsUnchanged(t *testing.T) {
	b, err := os.ReadFile("testdata/treeblock_settings.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, preset := range []string{"default", "paper", "authors"} {
		for _, trees := range []int{300, 23, 10} {
			m, err := models.Named("uf", preset, trees)
			if err != nil {
				t.Fatal(err)
			}
			uf, err := engine.ResolveUF.(func(ufmi.EstimatorConfig) (ufmi.UFConfig, error))(m.Estimator)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("shard %s %d\t%s", preset, trees, UFFields(uf, 3)))
		}
	}
	want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d settings, %d recorded", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("settings text changed:\n got  %s\n want %s", got[i], want[i])
		}
	}
}

// Equal effective settings spell alike, whichever way they are written;
// different settings spell differently.
func TestSpellingFollowsEffectiveSettings(t *testing.T) {
	explicit := ufmi.DefaultUF()
	if UFGoSyntax(ufmi.UFConfig{}) != UFGoSyntax(explicit) || UFFields(ufmi.UFConfig{Trees: 300}, 1) != UFFields(explicit, 1) {
		t.Error("the zero UFConfig and DefaultUF spell differently")
	}
	variants := []ufmi.UFConfig{ufmi.DefaultUF(), ufmi.PaperUF(), ufmi.AuthorsUF(), models.ExperimentUF()}
	for _, change := range []func(*ufmi.UFConfig){
		func(c *ufmi.UFConfig) { c.Unstratified = true },
		func(c *ufmi.UFConfig) { c.EmptyLeaf = ufmi.EmptyAbstain },
		func(c *ufmi.UFConfig) { c.PilotTrees = 61 },
		func(c *ufmi.UFConfig) { c.Tree.MinSamplesLeaf = 5 },
		func(c *ufmi.UFConfig) { c.NoScreening, c.PilotTrees, c.PilotFloor = true, 0, 0 },
		func(c *ufmi.UFConfig) { c.Tree.Oblique = true },
		func(c *ufmi.UFConfig) { c.Tree.Oblique, c.Tree.ObliqueNonZeros = true, 2 },
		func(c *ufmi.UFConfig) { c.Tree.Oblique, c.Tree.ObliqueDirections = true, tree.MeanDifferences },
		func(c *ufmi.UFConfig) { c.Tree.Draws = tree.WithoutReplacement },
		func(c *ufmi.UFConfig) { c.FixedLeaves = true },
		func(c *ufmi.UFConfig) { c.NoDiscriminant = true },
	} {
		c := ufmi.DefaultUF()
		change(&c)
		variants = append(variants, c)
	}
	seen, fields := map[string]int{}, map[string]int{}
	for i, v := range variants {
		if j, ok := seen[UFGoSyntax(v)]; ok {
			t.Errorf("configurations %d and %d spell alike: %s", j, i, UFGoSyntax(v))
		}
		if j, ok := fields[UFFields(v, 1)]; ok {
			t.Errorf("configurations %d and %d spell alike: %s", j, i, UFFields(v, 1))
		}
		seen[UFGoSyntax(v)], fields[UFFields(v, 1)] = i, i
	}
	// The sharpening's folds change the estimate, not the posteriors: the
	// tree-block fingerprint spells them, the CC18 result key does not.
	halves := ufmi.DefaultUF()
	halves.SharpenOnHalves = true
	if UFFields(halves, 1) == UFFields(ufmi.DefaultUF(), 1) || UFGoSyntax(halves) != UFGoSyntax(ufmi.DefaultUF()) {
		t.Error("sharpening on halves: want another fingerprint and the same CC18 key")
	}
	// So does the capped noise term.
	capped := ufmi.DefaultUF()
	capped.CappedNoise = true
	if got := UFFields(capped, 1); got != strings.TrimSuffix(UFFields(ufmi.DefaultUF(), 1), "}")+" CappedNoise}" || UFGoSyntax(capped) != UFGoSyntax(ufmi.DefaultUF()) {
		t.Errorf("capped noise term: fingerprint %s; want the default's with CappedNoise last and the same CC18 key", got)
	}
	// The mean projection size's default spelled out, or unused.
	oblique, spelled, unused := ufmi.DefaultUF(), ufmi.DefaultUF(), ufmi.DefaultUF()
	oblique.Tree.Oblique = true
	spelled.Tree.Oblique, spelled.Tree.ObliqueNonZeros = true, tree.DefaultObliqueNonZeros
	unused.Tree.ObliqueNonZeros = 3
	unused.Tree.ObliqueDirections = tree.MeanDifferences
	spelled.Tree.ObliqueDirections = tree.RandomProjections
	if UFGoSyntax(oblique) != UFGoSyntax(spelled) || UFFields(oblique, 1) != UFFields(spelled, 1) ||
		UFGoSyntax(unused) != UFGoSyntax(ufmi.DefaultUF()) || UFFields(unused, 1) != UFFields(ufmi.DefaultUF(), 1) {
		t.Error("equal oblique settings spell differently")
	}
}
