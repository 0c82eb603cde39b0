package ufmi

import (
	"fmt"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// StratifiedFolds splits rows 0..len(y)-1 into k folds that keep the class
// balance, seeded; it returns each fold's sorted rows (the test rows of a
// k-fold cross-validation). y holds class codes 0..K-1 with K at most
// len(y). A class with fewer than k rows leaves some folds without it.
func StratifiedFolds(y []int, k int, seed uint64) ([][]int, error) {
	if k < 2 {
		return nil, fmt.Errorf("ufmi: %d folds; need at least 2", k)
	}
	nClasses, err := classes.K(y, len(y))
	if err != nil {
		return nil, err
	}
	return stratifiedFolds(y, nClasses, k, seed)
}

// stratifiedFolds deals the rows of each class, in a seeded random order,
// round-robin into k folds (continuing where the previous class stopped), so
// every fold keeps the class balance. It returns each fold's sorted rows.
func stratifiedFolds(y []int, classes, k int, seed uint64) ([][]int, error) {
	if k > len(y) {
		return nil, fmt.Errorf("ufmi: %d folds for %d rows", k, len(y))
	}
	rng := seeds.Stream(seed, seeds.Fold, 0)
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
