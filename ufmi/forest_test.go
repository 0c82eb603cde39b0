package ufmi

import (
	"maps"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

func sameMatrix(a, b [][]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		for j := range a[i] {
			if a[i][j] != b[i][j] && !(math.IsNaN(a[i][j]) && math.IsNaN(b[i][j])) {
				return false
			}
		}
	}
	return true
}

// forestKinds fits each kind of forest with the given worker count.
var forestKinds = map[string]func(x *Features, y []int, workers int) (*Forest, error){
	"rf": func(x *Features, y []int, w int) (*Forest, error) {
		return FitRF(x, y, ForestConfig{Trees: 40, Tree: tree.Config{MaxFeatures: tree.SqrtFeatures()}}, Runtime{Seed: 5, Workers: w})
	},
	"uf-paper": func(x *Features, y []int, w int) (*Forest, error) {
		c := PaperUF()
		c.Trees = 40
		return FitUF(x, y, c, Runtime{Seed: 5, Workers: w})
	},
	"uf-default": func(x *Features, y []int, w int) (*Forest, error) {
		c := DefaultUF()
		c.Trees, c.PilotTrees = 40, 20
		return FitUF(x, y, c, Runtime{Seed: 5, Workers: w})
	},
	"uf-authors": func(x *Features, y []int, w int) (*Forest, error) {
		c := AuthorsUF()
		c.Trees, c.Unstratified = 40, false
		return FitUF(x, y, c, Runtime{Seed: 5, Workers: w})
	},
}

func TestPosteriorsSumToOne(t *testing.T) {
	x, y := benchData(500, 5, 2)
	for name, fit := range forestKinds {
		f, err := fit(x, y, 2)
		if err != nil {
			t.Fatal(name, err)
		}
		proba, err := f.PredictProba(x, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range proba {
			s := 0.0
			for _, v := range p {
				if v < 0 || v > 1 {
					t.Fatalf("%s: row %d has probability %v", name, i, v)
				}
				s += v
			}
			if math.Abs(s-1) > 1e-12 {
				t.Fatalf("%s: row %d sums to %v", name, i, s)
			}
		}
	}
}

func TestSameSeedSameAnswerForAnyWorkers(t *testing.T) {
	x, y := benchData(400, 6, 3)
	for name, fit := range forestKinds {
		var ref [][]float64
		for _, w := range []int{1, 2, 8} {
			f, err := fit(x, y, w)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := f.PredictProba(x, w)
			if ref == nil {
				ref = p
			} else if !sameMatrix(ref, p) {
				t.Fatalf("%s: posteriors with %d workers differ from 1 worker", name, w)
			}
		}
	}
}

func TestLabelPermutationPermutesColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	x, y := smallData(rng, 300, 3, 3)
	perm := []int{2, 0, 1}
	y2 := make([]int, len(y))
	for i, v := range y {
		y2[i] = perm[v]
	}
	for _, name := range []string{"rf", "uf-paper"} {
		f1, _ := forestKinds[name](x, y, 2)
		f2, _ := forestKinds[name](x, y2, 2)
		p1, _ := f1.PredictProba(x, 2)
		p2, _ := f2.PredictProba(x, 2)
		for i := range p1 {
			for c := range p1[i] {
				if math.Abs(p1[i][c]-p2[i][perm[c]]) > 1e-12 {
					t.Fatalf("%s: row %d class %d: %v vs permuted %v", name, i, c, p1[i][c], p2[i][perm[c]])
				}
			}
		}
	}
}

// transformColumns applies f to columns 0 and 2 of x.
func transformColumns(x *Features, f func(float64) float64) *Features {
	rows := make([][]float64, x.Rows())
	for i := range rows {
		rows[i] = x.Row(i, nil)
		rows[i][0], rows[i][2] = f(rows[i][0]), f(rows[i][2])
	}
	out, _ := NewFeatures(rows)
	return out
}

// A strictly increasing transform of a feature keeps every tree's partition
// of the rows that grew it, and the leaf posteriors of RF. Points between two
// sample values may move, since thresholds are midpoints. So may the
// default UF's screening weights, measured on its pilot's vote rows, which
// the midpoints route, and with them the features a node draws: its
// partition is compared for the weights measured on x (with leaves of 3,
// its leaves on these 400 rows, the pilot's weights moved the draws).
func TestMonotoneTransformKeepsPartition(t *testing.T) {
	x, y := benchData(400, 4, 4)
	x2 := transformColumns(x, math.Exp)
	screened := DefaultUF()
	screened.Trees, screened.PilotTrees = 40, 20
	weights, err := screeningWeights(x, y, screened, Runtime{Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	kinds := maps.Clone(forestKinds)
	kinds["uf-default"] = func(x *Features, y []int, w int) (*Forest, error) {
		c := DefaultUF()
		c.Trees, c.NoScreening, c.PilotTrees, c.PilotFloor, c.Tree.FeatureWeights = 40, true, 0, 0, weights
		return FitUF(x, y, c, Runtime{Seed: 5, Workers: w})
	}
	for name, fit := range kinds {
		f1, err1 := fit(x, y, 2)
		f2, err2 := fit(x2, y, 2)
		if err := firstError(err1, err2); err != nil {
			t.Fatal(name, err)
		}
		a1, _ := f1.Apply(x)
		a2, _ := f2.Apply(x2)
		for tr := 0; tr < f1.Trees(); tr++ {
			for _, i := range f1.IndexSets(tr).Structure {
				if a1[i][tr] != a2[i][tr] {
					t.Fatalf("%s: row %d tree %d: leaf %d vs %d after a monotone transform", name, i, tr, a1[i][tr], a2[i][tr])
				}
			}
			if name == "rf" && !sameMatrix([][]float64{f1.trees[tr].posterior}, [][]float64{f2.trees[tr].posterior}) {
				t.Fatalf("rf tree %d: leaf posteriors change under a monotone transform", tr)
			}
		}
	}
}

// An increasing affine transform maps midpoints to midpoints, so every
// posterior, at every point, is unchanged.
func TestAffineTransformKeepsPosteriors(t *testing.T) {
	x, y := benchData(400, 4, 4)
	x2 := transformColumns(x, func(v float64) float64 { return 2*v - 3 })
	for name, fit := range forestKinds {
		f1, _ := fit(x, y, 2)
		f2, _ := fit(x2, y, 2)
		p1, _ := f1.PredictProba(x, 2)
		p2, _ := f2.PredictProba(x2, 2)
		if !sameMatrix(p1, p2) {
			t.Fatalf("%s: posteriors change under an affine transform", name)
		}
	}
}

func TestHonestIndexSetsPartitionRows(t *testing.T) {
	x, y := benchData(213, 4, 6)
	for _, name := range []string{"uf-paper", "uf-authors"} {
		f, err := forestKinds[name](x, y, 2)
		if err != nil {
			t.Fatal(err)
		}
		for tr := 0; tr < f.Trees(); tr++ {
			s := f.IndexSets(tr)
			seen := make([]int, x.Rows())
			for _, set := range [][]int{s.Structure, s.Vote, s.Eval, s.OutOfBag} {
				for _, i := range set {
					seen[i]++
				}
			}
			for i, c := range seen {
				if c != 1 {
					t.Fatalf("%s tree %d: row %d is in %d sets", name, tr, i, c)
				}
			}
			if len(s.OutOfBag) != 0 {
				t.Fatalf("%s tree %d: %d rows unused", name, tr, len(s.OutOfBag))
			}
			if name == "uf-authors" && (len(s.Structure) != 85 || len(s.Vote) != 64 || len(s.Eval) != 64) {
				t.Fatalf("authors split of 213 rows: %d/%d/%d, want 85/64/64", len(s.Structure), len(s.Vote), len(s.Eval))
			}
			if name == "uf-paper" && (len(s.Structure) != 107 || len(s.Vote) != 106 || s.Eval != nil) {
				t.Fatalf("paper split of 213 rows: %d/%d/%d, want 107/106/0", len(s.Structure), len(s.Vote), len(s.Eval))
			}
		}
	}
}

func TestStratifiedSplitKeepsClassBalance(t *testing.T) {
	x, y := benchData(1000, 3, 8)
	c := DefaultUF()
	c.Trees = 10
	f, err := FitUF(x, y, c, Runtime{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	total := classes.Counts(y, nil, 2)
	for tr := 0; tr < f.Trees(); tr++ {
		s := f.IndexSets(tr)
		got := classes.Counts(y, s.Structure, 2)
		for k := range got {
			want := float64(total[k]) * float64(len(s.Structure)) / 1000
			if math.Abs(float64(got[k])-want) > 1 {
				t.Fatalf("tree %d class %d: %d structure rows, want about %.1f", tr, k, got[k], want)
			}
		}
	}
}

func TestKappaCorrection(t *testing.T) {
	cases := []struct {
		counts, want []float64
		kappa        float64
	}{
		{[]float64{1, 0}, []float64{0.75, 0.25}, 3},
		{[]float64{1, 0, 0}, []float64{0.6, 0.2, 0.2}, 3},
		{[]float64{2, 0}, []float64{1, 0}, 0},
		{[]float64{0, 0}, []float64{0.5, 0.5}, 3},
	}
	for _, c := range cases {
		row := append([]float64(nil), c.counts...)
		leafCorrect(row, c.kappa, EmptyUniform, []float64{1, 1, 1}, 3)
		for i := range row {
			if math.Abs(row[i]-c.want[i]) > 1e-12 {
				t.Errorf("counts %v kappa %v: got %v, want %v", c.counts, c.kappa, row, c.want)
				break
			}
		}
	}
	row := []float64{0, 0, 0}
	leafCorrect(row, 0, EmptyPrior, []float64{1, 3, 4}, 8)
	if row[0] != 0.125 || row[1] != 0.375 || row[2] != 0.5 {
		t.Errorf("empty leaf with prior policy: %v", row)
	}
}

func TestUFUnderIndependenceAveragesToClassFrequencies(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	n := 2000
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		rows[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
		if rng.Float64() < 0.3 {
			y[i] = 1
		}
	}
	x, _ := NewFeatures(rows)
	freq := float64(classes.Counts(y, nil, 2)[1]) / float64(n)
	for _, cfg := range []UFConfig{PaperUF(), DefaultUF()} {
		cfg.Trees = 100
		f, err := FitUF(x, y, cfg, Runtime{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		proba, _ := f.PredictProba(x, 0)
		mean := 0.0
		for _, p := range proba {
			mean += p[1] / float64(n)
		}
		// The honest posterior is an average of vote frequencies; its mean is
		// within a couple of binomial standard errors of the class frequency.
		if math.Abs(mean-freq) > 0.02 {
			t.Errorf("empty leaf %v: mean posterior %.4f, class frequency %.4f", cfg.EmptyLeaf, mean, freq)
		}
	}
}

func TestOOBProba(t *testing.T) {
	x, y := benchData(300, 3, 9)
	f, err := FitRF(x, y, ForestConfig{Trees: 50}, Runtime{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	proba, never := f.OOBProba(0)
	if len(never) != 0 {
		t.Fatalf("with 50 bootstrap trees every row should be out of bag at least once; %d never", len(never))
	}
	// Row 0's OOB posterior is the mean over exactly the trees that left it out.
	want := make([]float64, 2)
	m := 0
	row := x.Row(0, nil)
	for tr := 0; tr < f.Trees(); tr++ {
		s := f.IndexSets(tr)
		if len(s.Structure) > 0 && s.Structure[0] == 0 {
			continue
		}
		l := f.Tree(tr).Apply(row)
		for c := range want {
			want[c] += f.trees[tr].posterior[l*2+c]
		}
		m++
	}
	for c := range want {
		if math.Abs(want[c]/float64(m)-proba[0][c]) > 1e-12 {
			t.Fatalf("OOB posterior of row 0: %v, want %v", proba[0][c], want[c]/float64(m))
		}
	}
	// With one tree on all rows, nothing is out of bag.
	f1, _ := FitRF(x, y, ForestConfig{Trees: 1, Sampling: Subsample, SampleFraction: 1}, Runtime{})
	if _, never := f1.OOBProba(0); len(never) != x.Rows() {
		t.Fatalf("a forest that used every row reports %d rows never out of bag", len(never))
	}
}

func TestFitRejectsBadInput(t *testing.T) {
	x, y := benchData(50, 2, 1)
	one := make([]int, 50)
	cases := map[string]func() error{
		"single class": func() error { _, err := FitRF(x, one, ForestConfig{}, Runtime{}); return err },
		"labels for":   func() error { _, err := FitRF(x, y[:10], ForestConfig{}, Runtime{}); return err },
		"number of trees -1 must be in 1..1000000": func() error { _, err := FitRF(x, y, ForestConfig{Trees: -1}, Runtime{}); return err },
		"sample fraction": func() error {
			_, err := FitRF(x, y, ForestConfig{Sampling: Subsample, SampleFraction: 1.5}, Runtime{})
			return err
		},
		"empty vote set": func() error { _, err := FitUF(x, y, UFConfig{StructureFraction: 0.999}, Runtime{}); return err },
		"empty vote set ": func() error {
			_, err := FitUF(x, y, UFConfig{StructureFraction: 0.98, EvalShare: 0.5}, Runtime{})
			return err
		},
		"structure fraction": func() error { _, err := FitUF(x, y, UFConfig{StructureFraction: -0.5}, Runtime{}); return err },
		"kappa": func() error {
			_, err := FitUF(x, y, UFConfig{StructureFraction: 0.5, Kappa: -1}, Runtime{})
			return err
		},
		"max features": func() error {
			_, err := FitRF(x, y, ForestConfig{Tree: tree.Config{MaxFeatures: tree.FeatureCount(0)}}, Runtime{})
			return err
		},
	}
	for want, fit := range cases {
		err := fit()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want an error containing %q, got %v", want, err)
		}
	}
	if _, err := NewFeatures([][]float64{{1, math.NaN()}}); err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("NaN feature: %v", err)
	}
	if _, err := NewFeatures([][]float64{{1, 2}, {3}}); err == nil {
		t.Error("ragged rows accepted")
	}
	f, _ := FitRF(x, y, ForestConfig{Trees: 2}, Runtime{})
	other, _ := NewFeatures([][]float64{{1, 2, 3}})
	if _, err := f.PredictProba(other, 0); err == nil || !strings.Contains(err.Error(), "features") {
		t.Errorf("wrong width: %v", err)
	}
}

// smallData draws n rows of d features with few distinct values (so ties
// are common) and k classes that depend on the first feature.
func smallData(rng *rand.Rand, n, d, k int) (*Features, []int) {
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = float64(rng.IntN(6))
		}
		y[i] = (int(rows[i][0]) + rng.IntN(3)) % k
	}
	x, _ := NewFeatures(rows)
	return x, y
}

func TestTreeLeavesArePureWhenFullyGrown(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x, y := smallData(rng, 200, 3, 3)
	f, err := FitRF(x, y, ForestConfig{Trees: 1, Sampling: Subsample, SampleFraction: 1}, Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	tree := f.Tree(0)
	// Every leaf's training rows either share a label or share all feature values.
	byLeaf := map[int][]int{}
	row := make([]float64, 3)
	for i := 0; i < x.Rows(); i++ {
		l := tree.Apply(x.Row(i, row))
		byLeaf[l] = append(byLeaf[l], i)
	}
	for l, rows := range byLeaf {
		for _, r := range rows[1:] {
			if y[r] == y[rows[0]] {
				continue
			}
			for j := 0; j < 3; j++ {
				if x.At(r, j) != x.At(rows[0], j) {
					t.Fatalf("leaf %d mixes labels of rows that differ in feature %d", l, j)
				}
			}
		}
	}
}

// Accessors answer any index: a documented zero, never a panic.
func TestForestAccessorsOutOfRange(t *testing.T) {
	x, _ := NewFeatures([][]float64{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}})
	f, err := FitRF(x, []int{0, 0, 0, 0, 1, 1, 1, 1}, ForestConfig{Trees: 3}, Runtime{})
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{-1, 3, 10000} {
		if f.Tree(i) != nil {
			t.Errorf("Tree(%d) is not nil", i)
		}
		if s := f.IndexSets(i); s.Structure != nil || s.Vote != nil || s.Eval != nil || s.OutOfBag != nil {
			t.Errorf("IndexSets(%d) = %+v, want the zero IndexSets", i, s)
		}
	}
	if f.Tree(2) == nil || len(f.IndexSets(2).Structure) == 0 {
		t.Error("tree 2 of 3 is missing")
	}
}

// Features' accessors answer any index with their documented zero.
func TestFeaturesAccessorsOutOfRange(t *testing.T) {
	x, err := NewColumnFeatures([]Column{{Name: "a", Values: []float64{1, math.NaN()}},
		{Name: "b", Kind: Categorical, Values: []float64{0, 1}, Levels: []string{"p", "q"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range []int{-1, 2, 1 << 40} {
		if !math.IsNaN(x.At(0, j)) || x.Column(j) != nil || x.Name(j) != "" || x.Kind(j) != Numeric ||
			x.Levels(j) != nil || x.Missing(j) != 0 {
			t.Errorf("column %d: not the documented zero values", j)
		}
	}
	if !math.IsNaN(x.At(5, 0)) || x.Row(-1, nil) != nil || x.Row(2, nil) != nil {
		t.Error("a row out of range is not NaN / nil")
	}
	if x.At(0, 0) != 1 || x.Name(1) != "b" || x.Kind(1) != Categorical || x.Missing(0) != 1 || len(x.Row(1, nil)) != 2 {
		t.Error("in-range accessors changed")
	}
	var none *Features
	if none.Name(0) != "" || none.Column(0) != nil || none.Row(0, nil) != nil {
		t.Error("nil Features accessors are not zero")
	}
}

// A nil or zero Forest answers with an error (or nothing), never a panic.
func TestUnfittedForestErrs(t *testing.T) {
	x, _ := separatedData(20, 2, 1)
	for name, f := range map[string]*Forest{"nil": nil, "zero": {}} {
		if _, err := f.PredictProba(x, 1); err == nil || !strings.Contains(err.Error(), "the forest is not fitted") {
			t.Errorf("%s: PredictProba: %v", name, err)
		}
		if _, err := f.Apply(x); err == nil {
			t.Errorf("%s: Apply gave no error", name)
		}
		if _, err := f.HonestConditionalEntropy(false, nil); err == nil {
			t.Errorf("%s: HonestConditionalEntropy gave no error", name)
		}
		if _, err := f.HonestImportance(); err == nil {
			t.Errorf("%s: HonestImportance gave no error", name)
		}
		if p, never := f.OOBProba(1); p != nil || never != nil {
			t.Errorf("%s: OOBProba %v %v", name, p, never)
		}
		if f.Classes() != 0 || f.Trees() != 0 || f.Tree(0) != nil {
			t.Errorf("%s: %d classes, %d trees", name, f.Classes(), f.Trees())
		}
	}
}
