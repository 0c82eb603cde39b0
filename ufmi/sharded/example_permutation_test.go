package sharded_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sharded"
)

// signalAndNoise draws n rows of a signal feature (shifted by ±shift with
// the class) and a noise feature.
func signalAndNoise(n int, shift float64) (*ufmi.Features, []int) {
	rng := rand.New(rand.NewPCG(5, 6))
	rows := make([][]float64, n)
	y := make([]int, n)
	for i := range rows {
		y[i] = rng.IntN(2)
		rows[i] = []float64{rng.NormFloat64() + shift*(2*float64(y[i])-1), rng.NormFloat64()}
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		panic(err)
	}
	return x, y
}

// The refit permutation test in cells: the observed estimate and blocks
// of permutations, here computed by three shards in turn. The shard that
// finds every cell done merges them into PermutationTest's result.
func ExampleMIPermutationTest() {
	x, y := signalAndNoise(200, 0.5)
	dir, err := os.MkdirTemp("", "ufmi-perm")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 20}, Runtime: ufmi.Runtime{Seed: 1}}
	for s := range 3 {
		res, err := sharded.MIPermutationTest(x, y, cfg, 39, sharded.Options{Dir: dir, Shard: sharded.Spec{Index: s, Count: 3}})
		if err != nil {
			panic(err)
		}
		if !res.Outcome.Complete() {
			fmt.Printf("shard %d: %d of %d cells done\n", s, res.Outcome.Done, res.Outcome.Total)
			continue
		}
		fmt.Printf("shard %d merged: I(X;Y) = %.3f nats, p = %.3f over %d permutations\n",
			s, res.Estimate.MI, res.Test.PValue, len(res.Test.Null))
	}
	// Output:
	// shard 0: 2 of 6 cells done
	// shard 1: 4 of 6 cells done
	// shard 2 merged: I(X;Y) = 0.083 nats, p = 0.025 over 39 permutations
}

// The feature-subset table in cells, one per subset and repeat; run here
// as one shard, it gives ufmi.SubsetTable's rows bit for bit.
func ExampleSubsetTable() {
	x, y := signalAndNoise(500, 1)
	dir, err := os.MkdirTemp("", "ufmi-subsets")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 50}, Runtime: ufmi.Runtime{Seed: 1}}
	groups := [][]int{{0}, {1}}
	rows, outcome, err := sharded.SubsetTable(x, y, groups, 1, cfg, sharded.Options{Dir: dir})
	if err != nil {
		panic(err)
	}
	direct, _ := ufmi.SubsetTable(x, y, groups, 1, cfg)
	fmt.Printf("%d of %d cells\n", outcome.Done, outcome.Total)
	for i, r := range rows {
		fmt.Printf("X_in = %v: I(Y; X_in) = %.3f (unsharded %.3f)\n", r.Columns, r.MIIn.Mean, direct[i].MIIn.Mean)
	}
	// Output:
	// 3 of 3 cells
	// X_in = [0]: I(Y; X_in) = 0.327 (unsharded 0.327)
	// X_in = [1]: I(Y; X_in) = -0.015 (unsharded -0.015)
	// X_in = [0 1]: I(Y; X_in) = 0.326 (unsharded 0.326)
}
