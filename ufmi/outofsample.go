package ufmi

import "math"

// outOfSample sums, per row, the out-of-sample posterior of its label over
// the trees added: the trees in which the row neither grew the tree nor
// voted in it (an evaluation row; RF: out of bag), and, for UF, its vote
// trees with its own vote taken out of its leaf. No such posterior depends
// on the row's own label. Its sums give the one-step estimate of H(Y|X)
// (logLoss), the interval's φ and the lower bound's terms.
type outOfSample struct {
	y          []int
	k          int
	oob        bool
	sum        []float64 // per row: the sum of its out-of-sample trees' p(y_i)
	trees      []int32   // per row: how many trees that is
	voteCounts []int32   // scratch: the current tree's vote counts per leaf and class
}

func newOutOfSample(y []int, k int, oob bool) *outOfSample {
	o := &outOfSample{}
	o.reset(y, k, oob)
	return o
}

// reset empties the sums for labels y, reusing their storage.
func (o *outOfSample) reset(y []int, k int, oob bool) {
	o.y, o.k, o.oob = y, k, oob
	o.sum, o.trees = resize(o.sum, len(y)), resize(o.trees, len(y))
}

// votingTree is what outOfSample needs of one tree: its leaves' posteriors
// (k values per leaf; NaN first abstains), the leaf of every training row,
// and the rows that grew it and voted in it (vote nil: RF, whose structure
// sample voted).
type votingTree struct {
	leaves          int
	posterior       []float64
	leaf            []int32
	structure, vote rowSet
}

// votingTreeOf is ft with leaf[i] the leaf of training row i.
func votingTreeOf(ft *forestTree, leaf []int32) votingTree {
	return votingTree{leaves: ft.tree.Leaves(), posterior: ft.posterior, leaf: leaf, structure: ft.structure, vote: ft.vote}
}

// add takes a tree. With scored not nil, only the rows it holds are added.
func (o *outOfSample) add(t votingTree, scored rowSet) {
	k, n := o.k, len(o.y)
	if !o.oob {
		// The vote rows' class counts per leaf, so that a vote row's own
		// vote can be taken out of its leaf.
		o.voteCounts = resize(o.voteCounts, t.leaves*k)
		for i := 0; i < n; i++ {
			if t.vote.contains(i) {
				o.voteCounts[int(t.leaf[i])*k+o.y[i]]++
			}
		}
	}
	for i := 0; i < n; i++ {
		if scored != nil && !scored.contains(i) {
			continue
		}
		out := !t.structure.contains(i) && !t.vote.contains(i)
		if o.oob && !out {
			continue
		}
		l := int(t.leaf[i])
		p := t.posterior[l*k : l*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		yi := o.y[i]
		switch {
		case out:
			o.sum[i] += p[yi]
			o.trees[i]++
		case t.vote.contains(i):
			lc := o.voteCounts[l*k : l*k+k]
			m := int32(0)
			for _, v := range lc {
				m += v
			}
			if m > 1 {
				o.sum[i] += float64(lc[yi]-1) / float64(m-1)
				o.trees[i]++
			}
		}
	}
}

// logProb is log p̂(y_i|x_i) for row i: its out-of-sample trees' mean
// posterior of y_i with one pseudo-tree voting the class frequencies prior
// (so that it is never log 0; it moves p̂ by at most 1/(trees+1)), or NaN
// when the row is out of sample in no tree.
func (o *outOfSample) logProb(i int, prior []float64) float64 {
	if o.trees[i] == 0 {
		return math.NaN()
	}
	return math.Log((o.sum[i] + prior[o.y[i]]) / float64(o.trees[i]+1))
}

// logLoss is the one-step estimate of H(Y|X): the mean of -logProb over
// the rows out of sample in some tree, and how many rows that is (NaN and
// 0 when none is).
func (o *outOfSample) logLoss(prior []float64) (float64, int) {
	sum, used := 0.0, 0
	for i := range o.y {
		if lp := o.logProb(i, prior); !math.IsNaN(lp) {
			sum -= lp
			used++
		}
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}

// logLossSince is logLoss of the trees added since o's sums were before:
// each row's sums less before's.
func (o *outOfSample) logLossSince(before *outOfSample, prior []float64) float64 {
	sum, used := 0.0, 0
	for i, c := range o.y {
		if m := o.trees[i] - before.trees[i]; m > 0 {
			sum -= math.Log((o.sum[i] - before.sum[i] + prior[c]) / float64(m+1))
			used++
		}
	}
	if used == 0 {
		return math.NaN()
	}
	return sum / float64(used)
}

// combinedEntropy is the default UF's estimate of H(Y|X) from the plug-in
// (the mean entropy of the forest posteriors) and the one-step (the
// out-of-sample log-loss, logLoss): the smaller of the one-step and the
// two's mean, that is the plug-in moved the whole way to a lower one-step
// and half the way to a higher one. To second order in the posteriors'
// noise the plug-in's bias is -½E[Σ ε²/p] and the one-step's the same with
// the opposite sign, so their mean cancels the noise; where the forest
// smooths the posteriors (averaging leaves across trees flattens them) the
// plug-in over-states H(Y|X) and the log-loss, scored on the labels, does
// not, so the one-step is the lower and the better. docs/inference.md ("Less
// bias") gives the measurements. Without a one-step (NaN: no row out of
// sample) it is the plug-in.
func combinedEntropy(plugIn, oneStep float64) float64 {
	switch gap := oneStep - plugIn; {
	case math.IsNaN(gap):
		return plugIn
	case gap < 0:
		return oneStep
	default:
		return plugIn + gap/2
	}
}
