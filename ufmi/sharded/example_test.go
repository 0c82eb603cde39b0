package sharded_test

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sharded"
)

// One UF forest grown in cells of 25 trees by two shards (here one after
// the other; on a cluster, two jobs sharing the folder): the second run
// completes the job and gives EstimateMI's result, whatever the shards.
func ExampleMITreeBlocks() {
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([][]float64, 500)
	y := make([]int, len(rows))
	for i := range rows {
		y[i] = rng.IntN(2)
		rows[i] = []float64{rng.NormFloat64() + 2*float64(y[i]) - 1, rng.NormFloat64()}
	}
	x, _ := ufmi.NewFeatures(rows)
	dir, _ := os.MkdirTemp("", "ufmi-blocks")
	defer os.RemoveAll(dir)
	cfg := ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 100}, Runtime: ufmi.Runtime{Seed: 1}}
	for s := range 2 {
		res, err := sharded.MITreeBlocks(x, y, cfg, 25, sharded.Options{Dir: dir, Shard: sharded.Spec{Index: s, Count: 2}})
		if err != nil {
			panic(err)
		}
		if res.Outcome.Complete() {
			one, _ := ufmi.EstimateMI(x, y, cfg)
			fmt.Printf("shard %d completed the job: I(X;Y) = %.4f nats (unsharded %.4f)\n", s, res.Estimate.MI, one.MI)
		} else {
			fmt.Printf("shard %d: %d of %d cells done\n", s, res.Outcome.Done, res.Outcome.Total)
		}
	}
	// Output:
	// shard 0: 2 of 4 cells done
	// shard 1 completed the job: I(X;Y) = 0.3370 nats (unsharded 0.3370)
}
