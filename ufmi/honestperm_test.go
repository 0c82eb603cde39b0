package ufmi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// referencePermutation is the stratified dealing of honestPermutation
// written plainly (each class's rows and each part appended to): the rows
// by class in their shuffled order, each class giving each part its share
// rounded down, the leftovers shuffled and filling the parts in turn.
func referencePermutation(rng *rand.Rand, y []int, k, ns, nv int) []int {
	n := len(y)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	byClass := make([][]int, k)
	for _, i := range perm {
		byClass[y[i]] = append(byClass[y[i]], i)
	}
	var parts [3][]int
	sizes := [3]int{ns, nv, n - ns - nv}
	var leftovers []int
	for _, rows := range byClass {
		off := 0
		for p := range parts {
			take := len(rows) * sizes[p] / n
			parts[p] = append(parts[p], rows[off:off+take]...)
			off += take
		}
		leftovers = append(leftovers, rows[off:]...)
	}
	rng.Shuffle(len(leftovers), func(a, b int) { leftovers[a], leftovers[b] = leftovers[b], leftovers[a] })
	for p := range parts {
		need := sizes[p] - len(parts[p])
		parts[p] = append(parts[p], leftovers[:need]...)
		leftovers = leftovers[need:]
	}
	return append(append(parts[0], parts[1]...), parts[2]...)
}

// honestPermutation deals the rows in place, from the same stream, as the
// plain version does: the same order for 2 to 40 classes (beyond its
// stack buffers too), uneven class sizes, every split of the rows, with
// and without a scratch buffer.
func TestHonestPermutationMatchesThePlainDealing(t *testing.T) {
	data := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		k := 2 + data.IntN(39)
		n := k + data.IntN(300)
		y := make([]int, n)
		for i := range y {
			y[i] = i % k // every class present
			if i >= k && data.IntN(3) == 0 {
				y[i] = 0 // a large class
			}
		}
		ns := data.IntN(n + 1)
		nv := data.IntN(n - ns + 1)
		want := referencePermutation(rand.New(rand.NewPCG(uint64(trial), 7)), y, k, ns, nv)
		var scratch []int
		if trial%2 == 0 {
			scratch = make([]int, n)
		}
		got := honestPermutation(rand.New(rand.NewPCG(uint64(trial), 7)), make([]int, n), scratch, y, k, true, ns, nv)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (n %d, k %d, ns %d, nv %d): the in-place dealing differs from the plain one", trial, n, k, ns, nv)
		}
	}
}
