package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// levelData draws n rows of a categorical column with the given level names
// (uniform codes) whose class-1 probability alternates 0.85 / 0.15 with
// the code, so that no order of the codes separates the classes, and a
// noise column.
func levelData(n int, levels []string, seed uint64) ([]Column, []int) {
	rng := rand.New(rand.NewPCG(seed, 5))
	codes, noise, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range codes {
		c := rng.IntN(len(levels))
		codes[i], noise[i] = float64(c), rng.NormFloat64()
		p := 0.15
		if c%2 == 0 {
			p = 0.85
		}
		if rng.Float64() < p {
			y[i] = 1
		}
	}
	return []Column{{Name: "level", Kind: Categorical, Values: codes, Levels: levels}, {Name: "noise", Values: noise}}, y
}

func mustColumns(t *testing.T, cols []Column) *Features {
	t.Helper()
	x, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestCategoricalSplitSendsASetOfLevels(t *testing.T) {
	t.Parallel()
	cols, y := levelData(2000, []string{"a", "b", "c", "d", "e", "f"}, 1)
	x := mustColumns(t, cols[:1])
	f, err := FitRF(x, y, ForestConfig{Trees: 1, Sampling: Subsample, SampleFraction: 1, Tree: tree.Config{MaxDepth: 1}}, Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	tr := f.Tree(0)
	root := tr.Node(0)
	if !root.Categorical || root.Feature != 0 {
		t.Fatalf("root %+v: want a categorical split", root)
	}
	// One split separates the even codes from the odd ones (codes follow the
	// levels' first appearance, so compare by name).
	var left []string
	for _, c := range tr.LeftLevels(0) {
		if c < len(x.Levels(0)) {
			left = append(left, x.Levels(0)[c])
		}
	}
	slices.Sort(left)
	if !slices.Equal(left, []string{"a", "c", "e"}) && !slices.Equal(left, []string{"b", "d", "f"}) {
		t.Errorf("levels sent left: %v; want a, c, e or b, d, f", left)
	}
}

func TestLevelNamesAndTheirOrderDoNotChangeTheEstimate(t *testing.T) {
	t.Parallel()
	cols, y := levelData(600, []string{"a", "b", "c", "d", "e"}, 2)
	est := func(cols []Column) float64 {
		e, err := EstimateMI(mustColumns(t, cols), y, EstimatorConfig{UF: withTrees(DefaultUF(), 60), Runtime: Runtime{Seed: 3}})
		if err != nil {
			t.Fatal(err)
		}
		return e.MI
	}
	base := est(cols)
	// Rename every level and list them in another order: code c of the
	// original becomes code perm[c] of the new list.
	perm := []int{3, 0, 4, 2, 1}
	renamed := make([]string, 5)
	for c, p := range perm {
		renamed[p] = strings.ToUpper(cols[0].Levels[c]) + "-renamed"
	}
	codes := make([]float64, len(cols[0].Values))
	for i, v := range cols[0].Values {
		codes[i] = float64(perm[int(v)])
	}
	other := slices.Clone(cols)
	other[0] = Column{Name: "level", Kind: Categorical, Values: codes, Levels: renamed}
	if got := est(other); got != base {
		t.Errorf("MI %v after renaming and reordering levels, %v before; want bit-identical", got, base)
	}
	if mustColumns(t, other).Column(0)[0] != 0 {
		t.Error("the first row's level should get code 0")
	}
}

func TestUnseenLevelsAreRoutedAsMissing(t *testing.T) {
	t.Parallel()
	cols, y := levelData(500, []string{"a", "b", "c"}, 4)
	x := mustColumns(t, cols)
	f, err := FitUF(x, y, withTrees(DefaultUF(), 40), Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	// Level "z" was never seen: it is routed as a missing value. The new
	// table lists its levels in another order than the training data.
	test := mustColumns(t, []Column{
		{Name: "level", Kind: Categorical, Values: []float64{0, 1, 2, math.NaN()}, Levels: []string{"z", "c", "a"}},
		{Name: "noise", Values: []float64{0.5, 0.5, 0.5, 0.5}}})
	got, err := f.PredictProba(test, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[0], got[3]) {
		t.Errorf("unseen level: %v, missing: %v; want the same posterior", got[0], got[3])
	}
	code := func(name string) float64 { return float64(slices.Index(x.Levels(0), name)) }
	want, err := f.PredictProbaRows([][]float64{{code("c"), 0.5}, {code("a"), 0.5}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[1], want[0]) || !slices.Equal(got[2], want[1]) {
		t.Errorf("levels matched by name: %v, want %v", got[1:3], want)
	}
	numeric := mustColumns(t, []Column{{Name: "level", Values: []float64{1}}, {Name: "noise", Values: []float64{0}}})
	if _, err := f.PredictProba(numeric, 1); err != nil {
		t.Errorf("a numeric column holding training codes: %v", err)
	}
	// Codes that name no training level are an error, not a missing value.
	for _, v := range []float64{3, -1, 0.5, 1e300} {
		_, err := f.PredictProbaRows([][]float64{{v, 0.5}}, 1)
		testcheck.Error(t, fmt.Sprint("code ", v), err, fmt.Sprintf("holds %v in row 0, which is no level code of the categorical column the forest was fitted on (integers 0..2, NaN for missing)", v))
	}
	cat := mustColumns(t, []Column{{Name: "level", Kind: Categorical, Values: []float64{0}, Levels: []string{"a"}},
		{Name: "noise", Kind: Categorical, Values: []float64{0}, Levels: []string{"x"}}})
	_, err = f.PredictProba(cat, 1)
	testcheck.Error(t, "categorical where numeric was fitted", err, `column "noise" is categorical, but the forest was fitted on a numeric column`)
	// Columns are matched by position: named in another order, an error.
	swapped := mustColumns(t, []Column{{Name: "noise", Values: []float64{0}}, {Name: "level", Kind: Categorical, Values: []float64{0}, Levels: []string{"a"}}})
	_, err = f.PredictProba(swapped, 1)
	testcheck.Error(t, "columns in another order", err, `feature 0 is "noise" in the rows to predict but "level" where the forest was fitted: give the columns in the training order`)
}

func TestNewColumnFeaturesRejectsBadColumns(t *testing.T) {
	t.Parallel()
	many := make([]string, limits.Levels+1)
	for i := range many {
		many[i] = strings.Repeat("x", i+1)
	}
	nan := math.NaN()
	cases := map[string][]Column{
		`column "c" has 1025 levels; at most 1024`: {{Name: "c", Kind: Categorical, Values: []float64{0}, Levels: many}},
		`column "c" has level code 2 in row 1`:     {{Name: "c", Kind: Categorical, Values: []float64{0, 2}, Levels: []string{"a", "b"}}},
		`level code 0.5`:                           {{Name: "c", Kind: Categorical, Values: []float64{0.5}, Levels: []string{"a"}}},
		`lists level "a" twice`:                    {{Name: "c", Kind: Categorical, Values: []float64{0}, Levels: []string{"a", "a"}}},
		`column "c" is categorical but has no Levels (level code 0 in row 1); give its level names`: {{Name: "c", Kind: Categorical, Values: []float64{nan, 0}}},
		`column "i" is +Inf in row 0`:               {{Name: "i", Values: []float64{math.Inf(1)}}},
		`two feature columns are named "a"`:         {{Name: "a", Values: []float64{1}}, {Name: "a", Values: []float64{2}}},
		`column "b" has 1 values, column "a" has 2`: {{Name: "a", Values: []float64{1, 2}}, {Name: "b", Values: []float64{1}}},
	}
	for want, cols := range cases {
		_, err := NewColumnFeatures(cols)
		testcheck.Error(t, want, err, want)
	}
}

func TestHonestImportanceOfACategoricalColumn(t *testing.T) {
	t.Parallel()
	cols, y := levelData(1000, []string{"a", "b", "c", "d", "e", "f"}, 5)
	imp := unscreenedImportance(t, mustColumns(t, cols), y, 1)
	if imp[0] < 0.1 || math.Abs(imp[1]) > imp[0]/20 {
		t.Errorf("importances %.4f: want the level column above 0.1 and the noise within 1/20 of it", imp)
	}
}

// A column missing in every row is accepted by the constructor (rows to
// predict may lack a value) and refused as training data, by name; a
// categorical column missing in every row needs no levels.
func TestColumnMissingEverywhereIsNoTrainingData(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	x, err := NewColumnFeatures([]Column{{Name: "a", Values: []float64{1, 2, 3, 4}}, {Name: "m", Values: []float64{nan, nan, nan, nan}},
		{Name: "c", Kind: Categorical, Values: []float64{nan, nan, nan, nan}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = EstimateMI(x, []int{0, 1, 0, 1}, EstimatorConfig{})
	testcheck.Error(t, "EstimateMI", err, `column "m" is missing in all 4 rows; drop it`)
	_, err = FitUF(x, []int{0, 1, 0, 1}, PaperUF(), Runtime{})
	testcheck.Error(t, "FitUF", err, `column "m" is missing in all 4 rows; drop it`)
}
