package ufmi

import (
	"math"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// TestLabelDrawsStreamedAsHeld checks that the streamed estimate with label
// draws is FitUF + HonestConditionalEntropy's bit for bit, and that it does
// not depend on the number of workers.
func TestLabelDrawsStreamedAsHeld(t *testing.T) {
	m := sim.MISimulation{Setting: sim.ThreeClass, N: 300, D: 2, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 11)
	uf := UFConfig{Trees: 40, LabelDraws: 6}
	var got []float64
	for _, workers := range []int{1, 3} {
		e, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Runtime: Runtime{Seed: 5, Workers: workers}})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.HYGivenX)
	}
	f, err := FitUF(x, y, uf, Runtime{Seed: 5, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	held, err := f.HonestConditionalEntropy(false, nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 40}, Runtime: Runtime{Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != got[1] || got[0] != held {
		t.Fatalf("H(Y|X) with label draws: %v and %v streamed (1 and 3 workers), %v held", got[0], got[1], held)
	}
	if got[0] == plain.HYGivenX {
		t.Fatalf("label draws left the estimate unchanged (%v)", got[0])
	}
}

// TestLabelDrawsRefusals checks the settings label draws cannot serve.
func TestLabelDrawsRefusals(t *testing.T) {
	m := sim.MISimulation{Setting: sim.Overlapping, N: 100, D: 1, Prior: 0.5, Mu: 1}
	x, y := simFeatures(t, m, 1)
	for _, c := range []struct {
		uf   UFConfig
		want string
	}{
		{UFConfig{LabelDraws: -1}, "label draws -1 must be in 1..1000"},
		{UFConfig{LabelDraws: 1001}, "label draws 1001 must be in 1..1000"},
		{UFConfig{LabelDraws: 5, PlugIn: true}, "PlugIn and TreeLevelEntropy"},
		{UFConfig{LabelDraws: 5, TreeLevelEntropy: true}, "PlugIn and TreeLevelEntropy"},
		{UFConfig{LabelDraws: 5, NoSharpening: true, NoLocalLinear: true}, "every class's out-of-sample posterior"},
	} {
		_, err := EstimateMI(x, y, EstimatorConfig{UF: c.uf})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %q", c.uf, err, c.want)
		}
	}
	if _, err := resolveUF(EstimatorConfig{UF: labelDrawsUF()}); err != errShardedLabelDraws {
		t.Errorf("a sharded run with label draws: error %v, want %v", err, errShardedLabelDraws)
	}
	if _, err := growTreeBlock(x, y, labelDrawsUF(), nil, 0, 1, Runtime{}); err != errShardedLabelDraws {
		t.Errorf("a tree block with label draws: error %v, want %v", err, errShardedLabelDraws)
	}
}

// TestShrinkToInformation checks that the moved posteriors hold the
// information asked for, none for a target of 0, and are left alone when
// they hold less.
func TestShrinkToInformation(t *testing.T) {
	q := [][]float64{{0.9, 0.1}, nil, {0.2, 0.8}, {0.6, 0.4}}
	information := func(q [][]float64) float64 {
		mean, h, rows := make([]float64, 2), 0.0, 0
		for _, p := range q {
			if p != nil {
				mean[0], mean[1], h, rows = mean[0]+p[0], mean[1]+p[1], h+Entropy(p), rows+1
			}
		}
		mean[0], mean[1] = mean[0]/float64(rows), mean[1]/float64(rows)
		return Entropy(mean) - h/float64(rows)
	}
	full := information(q)
	for _, target := range []float64{0, full / 3, full / 2} {
		got := shrinkToInformation(q, target)
		if got[1] != nil {
			t.Fatalf("a row without a posterior got %v", got[1])
		}
		if v := information(got); math.Abs(v-target) > 1e-9 {
			t.Errorf("target %.6f: the moved posteriors hold %.6f", target, v)
		}
	}
	if got := shrinkToInformation(q, 2*full); got[0][0] != 0.9 || got[3][1] != 0.4 {
		t.Errorf("a target above what q hold moved them: %v", got)
	}
}
