package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// EmptyLeafPolicy says what a leaf predicts when no vote row reached it.
// The zero value is the default, EmptyPrior.
type EmptyLeafPolicy int

const (
	// EmptyPrior predicts the class frequencies of the tree's vote set
	// (the default).
	EmptyPrior EmptyLeafPolicy = iota
	// EmptyUniform predicts 1/K for every class (the paper and the
	// authors' scripts).
	EmptyUniform
	// EmptyAbstain makes the tree skip such points; a point no tree votes
	// for gets the training class frequencies.
	EmptyAbstain
)

func (p EmptyLeafPolicy) String() string {
	switch p {
	case EmptyPrior:
		return "prior"
	case EmptyUniform:
		return "uniform"
	case EmptyAbstain:
		return "abstain"
	}
	return fmt.Sprintf("EmptyLeafPolicy(%d)", int(p))
}

// frequencyVoter is RF's voter: each leaf predicts the class frequencies
// of the structure sample that reached it.
type frequencyVoter struct{ k int }

func (frequencyVoter) needsRowLeaves() bool { return false }

func (v frequencyVoter) vote(_ *tree.Tree, counts []float64, _ []int32, _ treeRows) []float64 {
	return normaliseLeaves(counts, v.k)
}

// normaliseLeaves turns per-leaf class counts into per-leaf frequencies.
func normaliseLeaves(counts []float64, k int) []float64 {
	for l := 0; l < len(counts); l += k {
		s := 0.0
		for _, c := range counts[l : l+k] {
			s += c
		}
		for c := l; c < l+k; c++ {
			counts[c] /= s
		}
	}
	return counts
}

// honestVoter is UF's voter: each leaf predicts the class frequencies of the
// vote rows that reach it, with the kappa correction and the empty-leaf
// policy.
type honestVoter struct {
	labels []int32
	k      int
	kappa  float64
	empty  EmptyLeafPolicy
}

func (honestVoter) needsRowLeaves() bool { return true }

func (v honestVoter) vote(t *tree.Tree, _ []float64, rowLeaf []int32, rows treeRows) []float64 {
	return honestPosterior(t, rowLeaf, v.labels, rows.voters, v.k, v.kappa, v.empty)
}

// honestPosterior fills each leaf with the class frequencies of the vote
// rows that reach it, applies the kappa correction and the empty-leaf policy.
// rowLeaf gives the leaf of every vote row.
func honestPosterior(t *tree.Tree, rowLeaf []int32, y []int32, vote []int, k int, kappa float64, empty EmptyLeafPolicy) []float64 {
	return honestPosteriorInto(nil, t, rowLeaf, y, vote, k, kappa, empty)
}

// honestPosteriorInto is honestPosterior writing into buf, reallocated
// when too short.
func honestPosteriorInto(buf []float64, t *tree.Tree, rowLeaf []int32, y []int32, vote []int, k int, kappa float64, empty EmptyLeafPolicy) []float64 {
	size := (t.Leaves() + 1) * k
	if cap(buf) < size {
		buf = make([]float64, size)
	}
	buf = buf[:size]
	clear(buf)
	post, voteCounts := buf[:t.Leaves()*k], buf[t.Leaves()*k:]
	for _, i := range vote {
		post[int(rowLeaf[i])*k+int(y[i])]++
		voteCounts[y[i]]++
	}
	for l := 0; l < t.Leaves(); l++ {
		leafCorrect(post[l*k:(l+1)*k], kappa, empty, voteCounts, len(vote))
	}
	return post
}

// leafCorrect turns one leaf's vote counts into a posterior in place.
func leafCorrect(row []float64, kappa float64, empty EmptyLeafPolicy, voteCounts []float64, votes int) {
	m := 0.0
	for _, c := range row {
		m += c
	}
	k := len(row)
	if m == 0 {
		for c := range row {
			switch empty {
			case EmptyUniform:
				row[c] = 1 / float64(k)
			case EmptyPrior:
				row[c] = voteCounts[c] / float64(votes)
			case EmptyAbstain:
				row[c] = math.NaN()
			}
		}
		return
	}
	for c := range row {
		row[c] /= m
	}
	if kappa == 0 {
		return
	}
	sum := 0.0
	for c := range row {
		if row[c] == 0 {
			row[c] = 1 / (kappa * m)
		}
		sum += row[c]
	}
	for c := range row {
		row[c] /= sum
	}
}
