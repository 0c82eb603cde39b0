package ufmi

import (
	"fmt"
	"math"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// The lower bound's study (docs/inference.md, "A lower bound"): the bound
// on independent data (the overlapping setting, I = 0) and on separated and
// three_class (d = 10), 24 data sets per cell, 300 trees, for four forests:
//
//   - default: DefaultUF's bound as EstimateMI reports it, from the
//     cross-fitted forest (crossFittedBound);
//   - in-sample screening: the bound of the estimate's own forest, whose
//     pilot saw every label (what cross-fitting replaces);
//   - replicate pilot: the default's forest screened by a pilot fitted on an
//     independent replicate of the data (weights of the same distribution
//     that saw none of its labels);
//   - no screening: DefaultUF with NoScreening.
//
// "in-sample - replicate" is how far the pilot's sight of every label moves
// the bound, paired by data set.
//
//	UFMI_BOUND_STUDY=1 go test -run TestLowerBoundStudy -v -timeout 3h ./ufmi
func TestLowerBoundStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_BOUND_STUDY", "the lower bound's study")
	const sets = 24
	names := []string{"default (cross-fitted)", "in-sample screening", "replicate pilot", "no screening"}
	fmt.Println("| setting | n | d | exact I | forest | mean bound | sd | mean lower limit | share limit < exact | mean estimate |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []struct {
		setting sim.MISetting
		n, d    int
	}{{sim.Overlapping, 300, 2}, {sim.Overlapping, 300, 10}, {sim.Overlapping, 300, 30}, {sim.Overlapping, 300, 100},
		{sim.Overlapping, 1000, 10}, {sim.Overlapping, 2000, 2}, {sim.Overlapping, 2000, 10}, {sim.Overlapping, 2000, 30},
		{sim.Overlapping, 2000, 100},
		{sim.Separated, 500, 10}, {sim.Separated, 2000, 10}, {sim.ThreeClass, 500, 10}, {sim.ThreeClass, 2000, 10}} {
		s := sim.MISimulation{Setting: c.setting, N: c.n, D: c.d, Prior: 0.5, Mu: 1}
		truth, err := s.Truth()
		if err != nil {
			t.Fatal(err)
		}
		type acc struct {
			b, b2, low, est float64
			below           int
		}
		res := make([]acc, len(names))
		var diff []float64
		for r := range sets {
			seed := seeds.Derive(77, seeds.Repetition, r)
			x, y := simFeatures(t, s, seed)
			xr, yr := simFeatures(t, s, seeds.Derive(78, seeds.Repetition, r))
			rt := Runtime{Seed: seed}
			w, err := screeningWeights(xr, yr, DefaultUF(), rt)
			if err != nil {
				t.Fatal(err)
			}
			noScreen := DefaultUF()
			noScreen.NoScreening, noScreen.PilotTrees, noScreen.PilotFloor = true, 0, 0
			replicate := noScreen
			replicate.Tree.FeatureWeights = w
			var bounds [4]float64
			for v := range names {
				var value, low, mi float64
				switch v {
				case 1:
					value, low, mi = inSampleBound(t, x, y, rt)
				default:
					uf := map[int]UFConfig{0: DefaultUF(), 2: replicate, 3: noScreen}[v]
					est, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, LowerBound: true, Runtime: rt})
					if err != nil {
						t.Fatal(err)
					}
					if est.LowerBound.Value > est.HY {
						t.Errorf("bound %v above H(Y) %v", est.LowerBound.Value, est.HY)
					}
					value, low, mi = est.LowerBound.Value, est.LowerBound.Low, est.MI
				}
				a := &res[v]
				a.b += value
				a.b2 += value * value
				a.low += low
				a.est += mi
				if low < truth.MI {
					a.below++
				}
				bounds[v] = value
			}
			diff = append(diff, bounds[1]-bounds[2])
		}
		for v, a := range res {
			m := a.b / sets
			sd := math.Sqrt(max(0, a.b2/sets-m*m) * sets / (sets - 1))
			fmt.Printf("| %v | %d | %d | %.4f | %s | %+.4f | %.4f | %+.4f | %.2f | %+.4f |\n", c.setting, c.n, c.d, truth.MI, names[v],
				m, sd, a.low/sets, float64(a.below)/sets, a.est/sets)
		}
		sd, _ := sdSkippingNaN(diff)
		mean := 0.0
		for _, v := range diff {
			mean += v / float64(len(diff))
		}
		fmt.Printf("| %v | %d | %d | | in-sample - replicate | %+.4f | %.4f (SE of the mean %.4f) | | | |\n", c.setting, c.n, c.d, mean, sd, sd/math.Sqrt(float64(len(diff))))
	}
}

// inSampleBound is the bound, its 95% lower limit and the estimate of
// DefaultUF's own forest, whose screening pilot saw every label.
func inSampleBound(t *testing.T, x *Features, y []int, rt Runtime) (value, low, mi float64) {
	t.Helper()
	uf := mustResolve(t, DefaultUF())
	hy, _ := LabelEntropy(y)
	k := 0
	for _, c := range y {
		k = max(k, c+1)
	}
	iv, err := newIntervalSum(y, k, uf.Trees, false, false)
	if err != nil {
		t.Fatal(err)
	}
	h, err := streamHonestEntropy(x, y, uf, rt, nil, iv)
	if err != nil {
		t.Fatal(err)
	}
	value, _, low = lowerBound(iv.parts(hy).bound, 0.95)
	return value, low, hy - h
}
