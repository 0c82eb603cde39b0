package ufmi

import (
	"fmt"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// StratifiedFolds splits rows 0..len(y)-1 into k folds that keep the class
// balance, seeded; it returns each fold's sorted rows (the test rows of a
// k-fold cross-validation). A class with fewer than k rows leaves some folds
// without it.
func StratifiedFolds(y []int, k int, seed uint64) ([][]int, error) {
	if k < 2 {
		return nil, fmt.Errorf("ufmi: %d folds; need at least 2", k)
	}
	classes := 0
	for i, c := range y {
		if c < 0 {
			return nil, fmt.Errorf("ufmi: label of row %d is %d; class codes must be 0..K-1", i, c)
		}
		classes = max(classes, c+1)
	}
	return stratifiedFolds(y, classes, k, seed)
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
