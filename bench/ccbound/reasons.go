package main

import "fmt"

// A table the first preset misses by more than two standard errors gets a
// measured reason when ObliqueUF ran beside it (-presets default,...,oblique),
// by the rule of docs/inference.md ("Real tables, per data set"):
//   - ObliqueUF within two of its own standard errors of the bound: the
//     axis-aligned partition;
//   - ObliqueUF closing at least minClosedShare of the gap: the partition,
//     in part;
//   - else, the forest's own cross-fitted bound further below the
//     classifiers' than the estimate: its posteriors predict the labels
//     worse than the classifier does (what the leaves resolve);
//   - else no reason is measured.
const minClosedShare = 0.2

// belowReason is the measured reason why r's estimate by preset first lies
// more than two standard errors below the classifiers' bound ("" when it
// does not), oblique the index of ObliqueUF's estimate.
func belowReason(r result, first, oblique int) string {
	est, gap := r.estimates[first], r.bound-r.estimates[first]
	if gap <= 2*r.se[first] {
		return ""
	}
	obl, oblSE := r.estimates[oblique], r.se[oblique]
	switch {
	case r.bound-obl <= 2*oblSE:
		return fmt.Sprintf("axis-aligned partition: ObliqueUF reaches the bound (%.3f)", obl)
	case (obl-est)/gap >= minClosedShare:
		return fmt.Sprintf("partition: ObliqueUF closes %.0f%% of the gap", 100*(obl-est)/gap)
	case r.bound-r.own[first] > gap:
		return "partition: the forest's own cross-fitted bound is lower still (its posteriors predict worse than the classifier's); ObliqueUF no closer"
	}
	return "no reason measured"
}

// printReasons prints, for every result, how many standard errors the
// first preset's estimate lies below the classifiers' bound and, beyond two,
// its measured reason (belowReason); nothing unless ObliqueUF ran.
func printReasons(presets []string, results []result) {
	oblique := -1
	for i, p := range presets {
		if p == "oblique" {
			oblique = i
		}
	}
	if oblique < 0 {
		return
	}
	fmt.Printf("\n%s: gap to the bound in standard errors and, beyond 2, the measured reason:\n\n| data set | gap / SE | below by more than 2 SE: measured reason |\n|---|---|---|\n", presets[0])
	for _, r := range results {
		fmt.Printf("| %s | %+.1f | %s |\n", r.name, (r.bound-r.estimates[0])/r.se[0], belowReason(r, 0, oblique))
	}
}
