package ufmi

import (
	"fmt"
	"slices"
)

// stratifiedFolds deals the rows of each class, in a seeded random order,
// round-robin into k folds (continuing where the previous class stopped), so
// every fold keeps the class balance. It returns each fold's sorted rows.
func stratifiedFolds(y []int, classes, k int, seed uint64) ([][]int, error) {
	if k > len(y) {
		return nil, fmt.Errorf("ufmi: %d folds for %d rows", k, len(y))
	}
	rng := streamRNG(seed, -1)
	byClass := make([][]int, classes)
	for _, i := range rng.Perm(len(y)) {
		byClass[y[i]] = append(byClass[y[i]], i)
	}
	folds := make([][]int, k)
	next := 0
	for _, rows := range byClass {
		for _, i := range rows {
			folds[next] = append(folds[next], i)
			next = (next + 1) % k
		}
	}
	for _, f := range folds {
		slices.Sort(f)
	}
	return folds, nil
}
