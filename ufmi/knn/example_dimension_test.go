package knn_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/ufmi/knn"
)

// Why KSG fails in high dimension: the same signal (one coordinate shifted
// by ±1 with the class, exact I = 0.337 nats) among more and more noise
// coordinates. Neighbours in the max-norm are then chosen by the noise,
// and the estimate falls towards zero.
func ExampleKSG_dimension() {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, most = 1000, 20
	cols := make(knn.Columns, most)
	for j := range cols {
		cols[j] = make([]float64, n)
	}
	y := make([]int, n)
	for i := range n {
		y[i] = rng.IntN(2)
		for j := range cols {
			cols[j][i] = rng.NormFloat64()
		}
		cols[0][i] += 2*float64(y[i]) - 1
	}
	for _, d := range []int{1, 5, 20} {
		est, err := knn.KSG(cols[:d], y, knn.Config{}, 1, 0)
		if err != nil {
			panic(err)
		}
		fmt.Printf("d = %2d: KSG %.3f nats\n", d, est)
	}
	// Output:
	// d =  1: KSG 0.358 nats
	// d =  5: KSG 0.297 nats
	// d = 20: KSG 0.002 nats
}
