package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

// withMissing returns the rows of x with each cell of the given columns
// missing with probability rate (seeded), as Features that allow missing.
func withMissing(t *testing.T, x *Features, rate float64, seed uint64, cols ...int) *Features {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	rows := make([][]float64, x.Rows())
	for i := range rows {
		rows[i] = x.Row(i, nil)
		for _, j := range cols {
			if rng.Float64() < rate {
				rows[i][j] = math.NaN()
			}
		}
	}
	m, err := NewFeaturesWithMissing(rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMissingValuesAreRoutedAlikeEverywhere checks that the leaf the
// builder grew each structure row into, the leaf LeafOf routes it to (the
// one rule behind prediction, OOB, the honest vote and importance) agree
// for rows with missing cells, in UF and RF.
func TestMissingValuesAreRoutedAlikeEverywhere(t *testing.T) {
	t.Parallel()
	x0, y := separatedData(400, 3, 6)
	x := withMissing(t, x0, 0.3, 1, 0, 1)
	f, err := FitUF(x, y, withTrees(DefaultUF(), 20), Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	for tr := range f.trees {
		ft := &f.trees[tr]
		for i := 0; i < x.Rows(); i++ {
			if got := ft.tree.LeafOf(x.cols, i); got != ft.rowLeaf[i] {
				t.Fatalf("tree %d, row %d: leaf %d when grown, %d when routed", tr, i, ft.rowLeaf[i], got)
			}
		}
	}
	if _, err := f.HonestImportance(); err != nil {
		t.Fatal(err)
	}
	rf, err := FitRF(x, y, ForestConfig{Trees: 30}, Runtime{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if proba, never := rf.OOBProba(1); len(never) > 0 || math.IsNaN(proba[0][0]) {
		t.Errorf("OOB posteriors with missing cells: %d rows never out of bag", len(never))
	}
	for _, m := range []Method{MethodRFOOB, MethodRFSplit, MethodSigRF, MethodIRF} {
		if _, err := EstimateMI(x, y, EstimatorConfig{Method: m, Forest: ForestConfig{Trees: 20}, Runtime: Runtime{Seed: 1}}); err != nil {
			t.Errorf("%s with missing cells: %v", m, err)
		}
	}
}

// TestMissingnessThatCarriesTheClassIsLearned: x is missing for 90% of class
// 1 and 10% of class 0, and otherwise pure noise, so a missing x says
// P(Y=1) = 0.9. The forest's posterior for a missing x must find it.
func TestMissingnessThatCarriesTheClassIsLearned(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	rows, y := make([][]float64, 2000), make([]int, 2000)
	for i := range rows {
		y[i] = rng.IntN(2)
		v := rng.NormFloat64()
		if rng.Float64() < []float64{0.1, 0.9}[y[i]] {
			v = math.NaN()
		}
		rows[i] = []float64{v}
	}
	x, err := NewFeaturesWithMissing(rows)
	if err != nil {
		t.Fatal(err)
	}
	f, err := FitUF(x, y, withTrees(DefaultUF(), 100), Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	proba, err := f.PredictProbaRows([][]float64{{math.NaN()}, {0}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	testcheck.Close(t, "P(Y=1 | x missing)", proba[0][1], 0.9, 0.05)
	testcheck.Close(t, "P(Y=1 | x present)", proba[1][1], 0.1, 0.05)
}

func TestFeatureConstructorsAndMissingCells(t *testing.T) {
	t.Parallel()
	rows := [][]float64{{1, math.NaN()}, {2, 3}}
	_, err := NewFeatures(rows)
	testcheck.Error(t, "NewFeatures with NaN", err, "NewFeaturesWithMissing treats NaN as missing")
	x, err := NewFeaturesWithMissing(rows)
	if err != nil || x.Missing(1) != 1 || x.Missing(0) != 0 {
		t.Fatalf("NewFeaturesWithMissing: %v (missing %d, %d)", err, x.Missing(0), x.Missing(1))
	}
	_, err = NewFeaturesWithMissing([][]float64{{1, math.Inf(1)}})
	testcheck.Error(t, "Inf", err, "feature 1 of row 0 is +Inf")
	// A column missing in every row is no training data, but rows to
	// predict may lack a value (issue 21: one row to predict with a missing
	// cell was refused).
	allMissing, err := NewFeaturesWithMissing([][]float64{{1, math.NaN()}, {2, math.NaN()}})
	if err != nil {
		t.Fatalf("NewFeaturesWithMissing with a column missing in every row: %v", err)
	}
	_, err = FitRF(allMissing, []int{0, 1}, ForestConfig{Trees: 2}, Runtime{})
	testcheck.Error(t, "all missing", err, "feature 1 is missing in all 2 rows")
}

func TestKNNEstimatorsRejectCategoricalAndMissingColumns(t *testing.T) {
	t.Parallel()
	cols, y := levelData(100, []string{"a", "b", "c"}, 1)
	cat := mustColumns(t, []Column{cols[1], cols[0]})
	x0, y2 := separatedData(100, 2, 1)
	miss := withMissing(t, x0, 0.2, 1, 1)
	for _, m := range []Method{MethodKSG, MethodMixedKSG, MethodRoss} {
		_, err := EstimateMI(cat, y, EstimatorConfig{Method: m})
		testcheck.Error(t, string(m)+" on a categorical column", err, `column "level" is categorical (3 levels)`)
		_, err = EstimateMI(miss, y2, EstimatorConfig{Method: m})
		testcheck.Error(t, string(m)+" with missing cells", err, fmt.Sprintf("feature 1 has %d missing values of 100", miss.Missing(1)))
	}
}
