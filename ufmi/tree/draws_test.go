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
	// One draw by weights 1, 3, 0: feature 0 a quarter of the time,
	// feature 2 never.
	b := replacementSplitter(t, 1, []float64{1, 3, 0})
	const nodes = 40000
	counts := make([]int, 3)
	for range nodes {
		var seen []int
		best := b.chooseSplit(scanRecorder(b, &seen, nil))
		if len(seen) != 1 || best == nil || best.feature != seen[0] {
			t.Fatalf("one draw scanned %v and chose %v", seen, best)
		}
		counts[seen[0]]++
	}
	if p := float64(counts[0]) / nodes; math.Abs(p-0.25) > 0.01 || counts[2] != 0 {
		t.Errorf("features scanned %v: want about 1/4 for feature 0 and none for feature 2", counts)
	}
}

func TestDrawWithReplacementRepeats(t *testing.T) {
	t.Parallel()
	// Two draws among three equally weighted features examine a single
	// feature a third of the time, and never scan one twice; without
	// replacement they would always examine two.
	b := replacementSplitter(t, 2, []float64{1, 1, 1})
	const nodes = 30000
	single := 0
	for range nodes {
		var seen []int
		best := b.chooseSplit(scanRecorder(b, &seen, nil))
		if len(seen) == 2 && seen[0] == seen[1] || len(seen) == 0 || len(seen) > 2 {
			t.Fatalf("a node scanned %v", seen)
		}
		if want := max(seen[0], seen[len(seen)-1]); best.feature != want {
			t.Fatalf("scanned %v, chose feature %d, want the best, %d", seen, best.feature, want)
		}
		if len(seen) == 1 {
			single++
		}
	}
	if p := float64(single) / nodes; math.Abs(p-1.0/3) > 0.015 {
		t.Errorf("a single feature examined in %.3f of nodes, want 1/3", p)
	}
	// Draws that cover every feature of positive weight examine them all.
	all := replacementSplitter(t, 2, []float64{1, 5, 0})
	for range 1000 {
		var seen []int
		all.chooseSplit(scanRecorder(all, &seen, nil))
		if len(seen) != 2 || seen[0] == seen[1] {
			t.Fatalf("2 draws of 2 drawable features scanned %v, want both", seen)
		}
	}
}

func TestDrawWithReplacementRedrawsConstantFeatures(t *testing.T) {
	t.Parallel()
	// Feature 1 is constant in the node: its draws do not count, so the
	// one draw always ends on feature 0, and each feature is scanned once
	// (feature 2, of weight 0, never).
	b := replacementSplitter(t, 1, []float64{1, 50, 0})
	for range 2000 {
		var seen []int
		best := b.chooseSplit(scanRecorder(b, &seen, map[int]bool{1: true}))
		if best == nil || best.feature != 0 || len(seen) > 2 || seen[len(seen)-1] != 0 {
			t.Fatalf("scanned %v, chose %v: want feature 0 found, each feature scanned once", seen, best)
		}
	}
	// Every feature constant: no split, after scanning each drawable once.
	var seen []int
	if best := b.chooseSplit(scanRecorder(b, &seen, map[int]bool{0: true, 1: true})); best != nil || len(seen) != 2 {
		t.Errorf("all constant: chose %v after scanning %v, want no split after 2 scans", best, seen)
	}
}
