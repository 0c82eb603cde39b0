package tree

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/synth"
)

// replacementSplitter is a splitter of len(weights) features making mtry
// draws with replacement by weights.
func replacementSplitter(t *testing.T, mtry int, weights []float64) *Builder {
	t.Helper()
	rows, y := synth.Separated(50, len(weights), 1)
	params, err := Config{MaxFeatures: FeatureCount(mtry), FeatureWeights: weights, Draws: WithReplacement}.Resolve(len(weights))
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder(NewPresort(synth.Columns(rows), nil), codes32(y), 2, params)
	b.rng = rand.New(rand.NewPCG(7, 7))
	return b
}

// scanRecorder returns a scan that records the features it is asked for,
// treats those in constant as constant in the node (no split), and scores
// every other feature f as f+1, so that the best split is the highest
// feature scanned.
func scanRecorder(b *Builder, seen *[]int, constant map[int]bool) func(f int) *split {
	return func(f int) *split {
		*seen = append(*seen, f)
		if constant[f] {
			return nil
		}
		s := b.cur
		*s = split{pos: 0, score: float64(f + 1)}
		return s
	}
}

func TestDrawWithReplacementFrequencies(t *testing.T) {
	t.Parallel()
	// Three draws by weights 1, 3, 0, 2, 2: feature 0 is among the
	// features scanned in 1 - (7/8)³ of the nodes, feature 2 never.
	b := replacementSplitter(t, 3, []float64{1, 3, 0, 2, 2})
	const nodes = 40000
	counts := make([]int, 5)
	for range nodes {
		var seen []int
		if best := b.chooseSplit(scanRecorder(b, &seen, nil)); best == nil {
			t.Fatalf("no split after scanning %v", seen)
		}
		for _, f := range seen {
			counts[f]++
		}
	}
	want := 1 - math.Pow(7.0/8, 3)
	if p := float64(counts[0]) / nodes; math.Abs(p-want) > 0.012 || counts[2] != 0 {
		t.Errorf("features scanned %v: want feature 0 in %.3f of nodes and feature 2 in none", counts, want)
	}
}

func TestDrawWithReplacementRepeats(t *testing.T) {
	t.Parallel()
	// Three draws among four equally weighted features examine a single
	// feature in 1/16 of the nodes and three in 3/8, and never scan one
	// twice; without replacement they would always examine three.
	b := replacementSplitter(t, 3, []float64{1, 1, 1, 1})
	const nodes = 40000
	distinct := make([]int, 4)
	for range nodes {
		var seen []int
		best := b.chooseSplit(scanRecorder(b, &seen, nil))
		if len(seen) == 0 || len(seen) > 3 {
			t.Fatalf("a node scanned %v", seen)
		}
		want := -1
		for i, f := range seen {
			want = max(want, f)
			for _, g := range seen[:i] {
				if f == g {
					t.Fatalf("a node scanned %v: feature %d twice", seen, f)
				}
			}
		}
		if best.feature != want {
			t.Fatalf("scanned %v, chose feature %d, want the best, %d", seen, best.feature, want)
		}
		distinct[len(seen)]++
	}
	if p1, p3 := float64(distinct[1])/nodes, float64(distinct[3])/nodes; math.Abs(p1-1.0/16) > 0.006 || math.Abs(p3-3.0/8) > 0.012 {
		t.Errorf("one feature examined in %.3f of nodes (want 1/16), three in %.3f (want 3/8)", p1, p3)
	}
	// Fewer than minDrawsWithReplacement draws, or draws that cover every
	// feature of positive weight, examine distinct features as without
	// replacement.
	for _, c := range []struct {
		mtry    int
		weights []float64
	}{{2, []float64{1, 5, 1, 1}}, {3, []float64{1, 5, 1, 0}}} {
		all := replacementSplitter(t, c.mtry, c.weights)
		for range 1000 {
			var seen []int
			all.chooseSplit(scanRecorder(all, &seen, nil))
			if len(seen) != c.mtry || seen[0] == seen[1] {
				t.Fatalf("%d draws by weights %v scanned %v, want %d distinct features", c.mtry, c.weights, seen, c.mtry)
			}
		}
	}
}

func TestDrawWithReplacementRedrawsConstantFeatures(t *testing.T) {
	t.Parallel()
	// Feature 1 carries most of the weight but is constant in the node:
	// its draws do not count, so each node still ends with three draws of
	// the others, and each feature is scanned at most once (feature 2, of
	// weight 0, never).
	b := replacementSplitter(t, 3, []float64{1, 50, 0, 1, 1})
	for range 2000 {
		var seen []int
		best := b.chooseSplit(scanRecorder(b, &seen, map[int]bool{1: true}))
		if best == nil || best.feature == 1 || len(seen) > 4 {
			t.Fatalf("scanned %v, chose %v: want a split of a feature other than 1", seen, best)
		}
		times := map[int]int{}
		for _, f := range seen {
			if times[f]++; times[f] > 1 || f == 2 {
				t.Fatalf("scanned %v: want each feature at most once, feature 2 never", seen)
			}
		}
	}
	// Every feature constant: no split, after scanning each drawable once.
	var seen []int
	if best := b.chooseSplit(scanRecorder(b, &seen, map[int]bool{0: true, 1: true, 3: true, 4: true})); best != nil || len(seen) != 4 {
		t.Errorf("all constant: chose %v after scanning %v, want no split after 4 scans", best, seen)
	}
}
