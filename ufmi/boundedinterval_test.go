package ufmi

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The unified interval covers θ with its level for every θ ≥ 0, zero
// included (Monte Carlo, 10,000 draws of x ~ N(θ, 1) per θ and level; one
// standard error of a coverage near 0.95 is 0.0022, and the test allows
// 0.009), and never lies below zero, where the symmetric interval lies
// entirely below zero whenever x < -z.
func TestBoundedIntervalCoversEveryThetaAtItsLevel(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 11))
	for _, level := range []float64{0.9, 0.95} {
		for _, theta := range []float64{0, 0.2, 0.7, 1.5, 2.5, 4} {
			const draws = 10000
			covered := 0
			for range draws {
				x := theta + rng.NormFloat64()
				lo, hi := boundedInterval(x, 1, level)
				if lo < 0 || hi <= 0 || lo > hi {
					t.Fatalf("x %.4f: interval [%v, %v]", x, lo, hi)
				}
				if theta >= lo && theta <= hi {
					covered++
				}
			}
			got := float64(covered) / draws
			if math.Abs(got-level) > 0.009 {
				t.Errorf("level %.2f, θ %.1f: coverage %.4f", level, theta, got)
			}
		}
	}
}

// From two z's of standard error above zero the interval is exactly the
// symmetric one, and the two rules meet there; at x = 0 it is [0, zσ];
// below zero it starts at 0, and shrinks but never vanishes.
func TestBoundedIntervalShape(t *testing.T) {
	t.Parallel()
	const se, level = 0.01, 0.95
	z := math.Sqrt2 * math.Erfinv(level)
	for _, x := range []float64{2*z*se + 1e-12, 0.05, 0.3} {
		lo, hi := boundedInterval(x, se, level)
		if lo != x-z*se || hi != x+z*se {
			t.Errorf("x %v: [%v, %v], want x ± zσ", x, lo, hi)
		}
	}
	below, _ := boundedInterval(2*z*se*(1-1e-9), se, level)
	if math.Abs(below-z*se) > 1e-9 {
		t.Errorf("just below 2zσ the low end is %v, want about zσ = %v", below, z*se)
	}
	if lo, hi := boundedInterval(0, se, level); lo != 0 || math.Abs(hi-z*se) > 1e-9 {
		t.Errorf("x 0: [%v, %v], want [0, %v]", lo, hi, z*se)
	}
	prev := math.Inf(1)
	for _, x := range []float64{-0.001, -0.01, -0.03, -0.1} {
		lo, hi := boundedInterval(x, se, level)
		if lo != 0 || !(hi > 0) || !(hi < prev) {
			t.Errorf("x %v: [%v, %v] (previous high %v): want [0, high] with 0 < high shrinking as x falls", x, lo, hi, prev)
		}
		prev = hi
	}
}
