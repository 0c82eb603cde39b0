package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// TestSwappedRestCategoricalStudy measures the swapped rest beside a
// categorical given column (cycles within its levels, where the level of
// the median row holds at least levelRowsToSwap rows) against the rest
// fitted alone (the preset default-2026-12-01) on the same data sets and
// seeds. Two designs: classes along a latent column cut into levels
// (binnedClassLevels), and levels of their own class probabilities
// (randomClassLevels), each beside a target of noise or of classes nu
// apart. Run with
//
//	UFMI_SWAP_STUDY=1 go test -run TestSwappedRestCategoricalStudy -v -timeout 1h ./ufmi
//
// (about 5 minutes on 2 cores); the table is in docs/inference.md, "The
// swapped rest".
func TestSwappedRestCategoricalStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_SWAP_STUDY", "the swapped-rest study")
	type cell struct {
		name  string
		n     int
		sets  int
		draw  func(rng *rand.Rand) (*Features, []int)
		exact float64
	}
	binned := func(k, levels, n int, mu, nu float64) cell {
		return cell{fmt.Sprintf("%d classes along x_A (%.2g apart) cut into %d levels, x_B %s", k, mu, levels, targetName(nu)), n, 40,
			func(rng *rand.Rand) (*Features, []int) { return binnedClassLevels(t, rng, k, levels, n, mu, nu) },
			binnedLevelsCMI(k, levels, mu, nu)}
	}
	random := func(levels, n int, spread, nu float64) cell {
		p := levelProbabilities(levels, spread)
		name := fmt.Sprintf("2 classes, %d levels of P(Y = 1) uniform on [%.1f, %.1f], x_B %s", levels, 0.5-spread/2, 0.5+spread/2, targetName(2*nu))
		if spread == 0 {
			name = fmt.Sprintf("2 classes, %d levels independent of Y, x_B %s", levels, targetName(2*nu))
		}
		return cell{name, n, 60,
			func(rng *rand.Rand) (*Features, []int) { return randomClassLevels(t, rng, p, n, nu) },
			randomLevelsCMI(p, nu)}
	}
	cells := []cell{
		binned(4, 10, 1000, 0.5, 0), binned(4, 100, 1000, 0.5, 0), binned(9, 10, 1080, 1.0/3, 0),
		binned(9, 50, 1080, 1.0/3, 0), binned(3, 20, 500, 1, 0),
		binned(3, 20, 500, 1, 0.7), binned(9, 20, 1080, 1.0/3, 1.0/3), binned(9, 50, 1080, 1.0/3, 1.0/3),
		binned(3, 300, 1000, 1, 0.7),
		random(30, 1000, 0.8, 0.5), random(100, 1000, 0.8, 0.5), random(100, 1000, 0.8, 1.25),
		random(100, 1000, 0, 1.25), random(300, 1000, 0, 1.25),
	}
	fmt.Println("| cell | n | median row's level (rows) | exact | rest alone: mean error | sd | intervals excluding 0 | containing the exact value | mean width | the default: mean error | sd | excluding 0 | containing | mean width |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cells {
		var alone, def swapTally
		levelRows := 0
		for r := range c.sets {
			x, y := c.draw(rand.New(rand.NewPCG(seeds.Derive(78, seeds.Repetition, r), uint64(c.n))))
			levelRows += medianLevelRows(x.cols[0])
			cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
			est, err := ConditionalMI(x, y, []int{0}, []int{1}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			def.add(est, c.exact)
			cfg.UF = defaultUF20261201()
			if est, err = ConditionalMI(x, y, []int{0}, []int{1}, cfg); err != nil {
				t.Fatal(err)
			}
			alone.add(est, c.exact)
		}
		fmt.Printf("| %s | %d | %.0f | %.4f | %s | %s |\n", c.name, c.n, float64(levelRows)/float64(c.sets), c.exact, alone.row(), def.row())
	}
}

func targetName(nu float64) string {
	if nu == 0 {
		return "noise"
	}
	return fmt.Sprintf("%.3g apart", nu)
}

// binnedLevelsCMI is the exact I(Y; x_B | x_A) of binnedClassLevels's
// design: H(Y|x_A) over the levels, less H(Y|x_A, x_B) integrated over x_B
// on a grid of step 0.01.
func binnedLevelsCMI(k, levels int, mu, nu float64) float64 {
	centre := func(y int) float64 { return float64(y) - float64(k-1)/2 }
	inLevel := func(l, y int) float64 { // P(x_A = l | Y = y)
		lo, hi := latentLevelEdges(l, levels)
		return normalCDF(hi-mu*centre(y)) - normalCDF(lo-mu*centre(y))
	}
	joint := make([][]float64, levels) // P(x_A = l, Y = y)
	for l := range joint {
		joint[l] = make([]float64, k)
		for y := range k {
			joint[l][y] = inLevel(l, y) / float64(k)
		}
	}
	return levelsCMI(joint, func(y int) float64 { return nu * centre(y) })
}

// randomLevelsCMI is the exact I(Y; x_B | x_A) of randomClassLevels's
// design with level probabilities p.
func randomLevelsCMI(p []float64, nu float64) float64 {
	joint := make([][]float64, len(p))
	for l, q := range p {
		w := 1 / float64(len(p))
		joint[l] = []float64{w * (1 - q), w * q}
	}
	return levelsCMI(joint, func(y int) float64 { return nu * (2*float64(y) - 1) })
}

// levelsCMI is I(Y; x_B | x_A) for the joint law joint[l][y] of a
// categorical x_A and Y, and x_B | Y = y normal of mean mean(y) and unit
// variance, independent of x_A given Y.
func levelsCMI(joint [][]float64, mean func(y int) float64) float64 {
	const step = 0.01
	hA, hAB := 0.0, 0.0
	for _, row := range joint {
		hA += entropyOfWeights(row)
		for b := -12.0; b < 12; b += step {
			q := make([]float64, len(row))
			for y, w := range row {
				d := b - mean(y)
				q[y] = w * math.Exp(-d*d/2) / math.Sqrt(2*math.Pi) * step
			}
			hAB += entropyOfWeights(q)
		}
	}
	return hA - hAB
}

// entropyOfWeights is s·H(w/s) for nonnegative weights w of sum s: the
// weight's share of a conditional entropy (0 for weights summing to 0).
func entropyOfWeights(w []float64) float64 {
	s := 0.0
	for _, v := range w {
		s += v
	}
	if s == 0 {
		return 0
	}
	p := make([]float64, len(w))
	for y, v := range w {
		p[y] = v / s
	}
	return s * classes.Entropy(p)
}

// levelProbabilities draws P(Y = 1) of each level uniform on
// [0.5 − spread/2, 0.5 + spread/2], from a generator of its own (the same
// levels for every data set of a cell).
func levelProbabilities(levels int, spread float64) []float64 {
	rng := rand.New(rand.NewPCG(9, 9))
	p := make([]float64, levels)
	for l := range p {
		p[l] = 0.5 - spread/2 + spread*rng.Float64()
	}
	return p
}

// randomClassLevels draws n rows of a categorical x_A uniform over the
// levels of p, Y = 1 with probability p[level], and x_B = nu·(2Y − 1) +
// N(0, 1).
func randomClassLevels(t *testing.T, rng *rand.Rand, p []float64, n int, nu float64) (*Features, []int) {
	t.Helper()
	code, b, y := make([]float64, n), make([]float64, n), make([]int, n)
	for i := range n {
		l := rng.IntN(len(p))
		code[i] = float64(l)
		if rng.Float64() < p[l] {
			y[i] = 1
		}
		b[i] = nu*(2*float64(y[i])-1) + rng.NormFloat64()
	}
	return categoricalBeside(t, code, len(p), b), y
}
