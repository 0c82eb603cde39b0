package ufmi

import (
	"fmt"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Labels are class labels mapped to codes 0..K-1. Classes[k] is the original
// label of code k, printed with %v for integer labels.
type Labels struct {
	Codes   []int
	Classes []string
}

// K is the number of classes.
func (l *Labels) K() int { return len(l.Classes) }

// EncodeIntLabels maps integer labels to codes 0..K-1 in increasing label order.
func EncodeIntLabels(y []int) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[int]bool{}
	var uniq []int
	for _, v := range y {
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[int]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: make([]string, len(uniq))}
	for k, v := range uniq {
		code[v] = k
		l.Classes[k] = fmt.Sprint(v)
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}

// EncodeStringLabels maps string labels to codes 0..K-1 in sorted label order.
// An empty label is an error (a missing target).
func EncodeStringLabels(y []string) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[string]bool{}
	var uniq []string
	for i, v := range y {
		if v == "" {
			return nil, fmt.Errorf("ufmi: label of row %d is empty", i)
		}
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[string]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: uniq}
	for k, v := range uniq {
		code[v] = k
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}

// checkTrainingData validates features and class codes and returns K. It
// rejects nil or empty features, a label count other than the row count,
// codes outside 0..n-1 and fewer than two classes.
func checkTrainingData(x *Features, y []int) (int, error) {
	if x.Rows() == 0 {
		return 0, fmt.Errorf("ufmi: no training rows (nil or empty features)")
	}
	return classes.Check(y, x.n)
}

// int32Labels copies class codes into the compact form forests keep.
func int32Labels(y []int) []int32 {
	out := make([]int32, len(y))
	for i, c := range y {
		out[i] = int32(c)
	}
	return out
}

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
