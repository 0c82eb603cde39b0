package cc18

import (
	"fmt"
	"math"
)

// scoreTolerance bounds the rounding differences between a fold's scores
// and the same scores recomputed from its reliability bins.
const scoreTolerance = 1e-9

// checkScores reports why scores cannot be the result the sweep computes
// for key on a dataset whose test folds have the given sizes, or nil: every
// fold (the key's fold alone in a cell's file) and learner of the key must
// appear once, for the key's dataset, the
// test folds must hold the key's rows, and each fold score must pass
// checkFoldScore.
func checkScores(scores []FoldScore, key resultKey, testSizes []int) error {
	if len(testSizes) != key.Folds {
		return fmt.Errorf("%d test folds, the key says %d", len(testSizes), key.Folds)
	}
	total := 0
	for _, n := range testSizes {
		total += n
	}
	if total != key.Rows {
		return fmt.Errorf("the test folds hold %d rows, the key says %d", total, key.Rows)
	}
	learner := map[string]int{}
	for i, l := range key.Learners {
		learner[l.Name] = i
	}
	lo, hi := 0, key.Folds // the folds the file holds
	if key.Fold != nil {
		lo, hi = *key.Fold, *key.Fold+1
		if lo < 0 || lo >= key.Folds {
			return fmt.Errorf("the key's fold %d is not a fold 0..%d", lo, key.Folds-1)
		}
	}
	if want := (hi - lo) * len(learner); len(scores) != want || len(learner) != len(key.Learners) {
		return fmt.Errorf("%d fold scores, want %d (%d folds × %d distinct learners)", len(scores), want, hi-lo, len(key.Learners))
	}
	seen := map[[2]int]bool{}
	for _, s := range scores {
		l, ok := learner[s.Learner]
		switch {
		case s.Dataset != key.Dataset:
			return fmt.Errorf("a score of dataset %d in the file of dataset %d", s.Dataset, key.Dataset)
		case s.Fold < lo || s.Fold >= hi:
			return fmt.Errorf("fold %d of %s is not a fold %d..%d", s.Fold, s.Learner, lo, hi-1)
		case !ok:
			return fmt.Errorf("a score of learner %q, which the key does not list", s.Learner)
		case seen[[2]int{s.Fold, l}]:
			return fmt.Errorf("fold %d of %s appears twice", s.Fold, s.Learner)
		}
		seen[[2]int{s.Fold, l}] = true
		if err := checkFoldScore(s, key.Bins, testSizes[s.Fold]); err != nil {
			return fmt.Errorf("fold %d of %s: %v", s.Fold, s.Learner, err)
		}
	}
	return nil
}

// checkFoldScore checks one fold score on a test fold of n rows: kappa in
// [-1, 1], accuracy, ECE and MCE in [0, 1]; the given number of bins,
// holding n rows in all, each non-empty bin's mean confidence inside the
// bin and its accuracy a fraction of its count; and accuracy, ECE and MCE
// equal to their values recomputed from the bins.
func checkFoldScore(s FoldScore, bins, n int) error {
	for _, v := range []struct {
		name      string
		v, lo, hi float64
	}{{"kappa", s.Kappa, -1, 1}, {"accuracy", s.Accuracy, 0, 1}, {"ECE", s.ECE, 0, 1}, {"MCE", s.MCE, 0, 1}} {
		if !(v.v >= v.lo && v.v <= v.hi) { // also false for NaN
			return fmt.Errorf("%s %v is outside [%v, %v]", v.name, v.v, v.lo, v.hi)
		}
	}
	if len(s.Bins) != bins {
		return fmt.Errorf("%d reliability bins, want %d", len(s.Bins), bins)
	}
	rows, right, ece, mce := 0, 0.0, 0.0, 0.0
	for b, bin := range s.Bins {
		if bin.Count < 0 || bin.Count > n-rows {
			return fmt.Errorf("bin %d holds %d rows; the bins hold %d rows in all, the test fold %d", b, bin.Count, rows+max(bin.Count, 0), n)
		}
		if bin.Count == 0 {
			if bin.Confidence != 0 || bin.Accuracy != 0 {
				return fmt.Errorf("empty bin %d has confidence %v and accuracy %v", b, bin.Confidence, bin.Accuracy)
			}
			continue
		}
		c := float64(bin.Count)
		hits := bin.Accuracy * c
		if !(bin.Confidence >= bin.Lo-scoreTolerance && bin.Confidence <= bin.Hi+scoreTolerance) {
			return fmt.Errorf("bin %d (%v, %v] has mean confidence %v", b, bin.Lo, bin.Hi, bin.Confidence)
		}
		if !(bin.Accuracy >= 0 && bin.Accuracy <= 1) || math.Abs(hits-math.Round(hits)) > 1e-6 {
			return fmt.Errorf("bin %d's accuracy %v is not a fraction of its %d rows", b, bin.Accuracy, bin.Count)
		}
		rows += bin.Count
		gap := math.Abs(bin.Accuracy - bin.Confidence)
		right, ece, mce = right+math.Round(hits), ece+c*gap, math.Max(mce, gap)
	}
	if rows != n {
		return fmt.Errorf("the bins hold %d rows, the test fold %d", rows, n)
	}
	for _, v := range []struct {
		name          string
		stored, fresh float64
	}{{"accuracy", s.Accuracy, right / float64(n)}, {"ECE", s.ECE, ece / float64(n)}, {"MCE", s.MCE, mce}} {
		if math.Abs(v.stored-v.fresh) > scoreTolerance {
			return fmt.Errorf("%s %v, but the bins give %v", v.name, v.stored, v.fresh)
		}
	}
	return nil
}
