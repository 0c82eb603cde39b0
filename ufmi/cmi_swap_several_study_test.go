package ufmi

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// TestSwappedRestSeveralGivenStudy measures the swapped rest beside
// several given columns, a categorical one among them (cycles within the
// joint levels of the categorical given columns, swapRuns), against the
// rest fitted alone (the preset default-2026-12-01b) on the same data sets
// and seeds: binnedClassLevels's design (classes along a latent column cut
// into levels, x_A; a target x_B of noise or of classes nu apart) with a
// second, numeric given column x_C of noise, or of classes half a unit
// apart (then only null targets, whose exact value stays 0). Run with
//
//	UFMI_SWAP_STUDY=1 go test -run TestSwappedRestSeveralGivenStudy -v -timeout 1h ./ufmi
//
// (about 5 minutes on 2 cores); the table is in docs/inference.md,
// "Several given columns".
func TestSwappedRestSeveralGivenStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_SWAP_STUDY", "the swapped-rest study")
	type cell struct {
		k, levels int
		mu, nu    float64
		cApart    float64 // x_C's classes apart (0: noise)
	}
	cells := []cell{
		{9, 10, 1.0 / 3, 0, 0}, {4, 10, 0.5, 0, 0}, {3, 10, 1, 0, 0}, {3, 40, 0.5, 0, 0},
		{9, 10, 1.0 / 3, 1.0 / 3, 0}, {9, 20, 1.0 / 3, 1.0 / 3, 0}, {4, 10, 0.5, 0.5, 0}, {3, 10, 1, 0.5, 0},
		{9, 10, 1.0 / 3, 0, 0.5}, {4, 10, 0.5, 0, 0.5}, {3, 10, 1, 0, 0.5}, {3, 40, 0.5, 0, 0.5},
	}
	const n, sets = 1000, 60
	fmt.Println("| classes | levels of x_A | x_A apart | x_B | x_C | exact | rest alone: mean error | sd | intervals excluding 0 | containing the exact value | mean width | the default: mean error | sd | excluding 0 | containing | mean width |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cells {
		exact := binnedLevelsCMI(c.k, c.levels, c.mu, c.nu)
		var alone, def swapTally
		for r := range sets {
			rng := rand.New(rand.NewPCG(seeds.Derive(79, seeds.Repetition, r), uint64(c.k*1000+c.levels)))
			x, y := binnedClassLevels(t, rng, c.k, c.levels, n, c.mu, c.nu)
			x = withNumericColumn(t, x, y, c.k, c.cApart, rng)
			cfg := EstimatorConfig{Confidence: 0.95, Runtime: Runtime{Seed: uint64(r + 1)}}
			est, err := ConditionalMI(x, y, []int{0, 2}, []int{1}, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !est.RestSwapped {
				t.Fatalf("%+v: the default did not swap the rest", c)
			}
			def.add(est, exact)
			cfg.UF = defaultUF20261201b()
			if est, err = ConditionalMI(x, y, []int{0, 2}, []int{1}, cfg); err != nil {
				t.Fatal(err)
			}
			alone.add(est, exact)
		}
		xC := "noise"
		if c.cApart > 0 {
			xC = fmt.Sprintf("%.2g apart", c.cApart)
		}
		fmt.Printf("| %d | %d | %.2g | %s | %s | %.4f | %s | %s |\n", c.k, c.levels, c.mu, targetName(c.nu), xC, exact, alone.row(), def.row())
	}
}

// withNumericColumn returns x with a numeric column "c" added: classes of
// y (k of them) apart apart along it, unit normal noise around them (pure
// noise at apart 0).
func withNumericColumn(t testing.TB, x *Features, y []int, k int, apart float64, rng *rand.Rand) *Features {
	t.Helper()
	cols := make([]Column, 0, x.Cols()+1)
	for j := range x.Cols() {
		cols = append(cols, Column{Name: x.Name(j), Kind: x.Kind(j), Values: x.Column(j), Levels: x.Levels(j)})
	}
	c := make([]float64, x.Rows())
	for i := range c {
		c[i] = apart*(float64(y[i])-float64(k-1)/2) + rng.NormFloat64()
	}
	out, err := NewColumnFeatures(append(cols, Column{Name: "c", Values: c}))
	if err != nil {
		t.Fatal(err)
	}
	return out
}
