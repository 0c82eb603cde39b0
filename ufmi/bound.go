package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// The lower bound on I(X;Y) beside the estimate (Estimate.LowerBound).
//
// For any conditional distribution q(y|x), I(X;Y) = H(Y) - H(Y|X) >=
// H(Y) - E[-log q(Y|X)]: the cross-entropy of q is never below H(Y|X).
// The bound estimates the right side with the plug-in H(Y) and the mean
// log-loss of posteriors q_i that no row's own label shaped: row i is scored
// with its out-of-sample posterior (outOfSample: its vote trees with its own
// vote taken out, its evaluation trees; RF: its out-of-bag trees), mixed
// with one pseudo-tree that votes the other rows' class frequencies plus one
// (so that no probability is zero and the pseudo-tree does not count row i's
// label). Since E[plug-in H(Y)] <= H(Y), and E[-log q_i(y_i)] >= H(Y|X)
// when q_i does not depend on y_i, the bound's expectation is at most
// I(X;Y), whatever the forest: a poor model only lowers it.
//
// A screened UF's forest depends on every label through the pilot's
// feature weights, so its bound comes from a forest of its own whose
// screening is cross-fitted (crossFittedBound).

// boundTerms returns the terms ψ_i = log q_i(y_i) - log p̂(y_i) of the
// bound, one for every row: q_i is row i's out-of-sample posterior mixed
// with the pseudo-tree voting the other rows' class frequencies plus one,
// and p̂(y_i) = prior[y_i] the class frequency of y_i (so that the mean of
// -log p̂(y_i) is the plug-in H(Y)). A row that is out of sample in no tree
// is scored with the pseudo-tree alone. Each ψ_i <= -log p̂(y_i), so the
// bound, the mean of ψ, never exceeds the plug-in H(Y).
func (o *outOfSample) boundTerms(prior []float64) []float64 {
	n := len(o.y)
	counts := make([]int, o.k)
	for _, c := range o.y {
		counts[c]++
	}
	psi := make([]float64, n)
	for i, c := range o.y {
		pseudo := otherRowsFrequency(counts[c], n, o.k, true)
		q := (o.own(i) + pseudo) / float64(o.trees[i]+1)
		psi[i] = math.Log(q) - math.Log(prior[c])
	}
	return psi
}

// lowerBound summarises the bound's terms psi (one per row, at least two
// rows) at a one-sided confidence level: the bound is their mean, its
// standard error sd(ψ)/√n, and its lower confidence limit the bound - z·SE
// with z = Φ⁻¹(level). The forest's Monte Carlo noise needs no allowance:
// for any forest seed, the bound's expectation over the data is at most
// I(X;Y). Every term is finite (q_i > 0), so are the three.
func lowerBound(psi []float64, level float64) (value, se, low float64) {
	sd, n := sdSkippingNaN(psi)
	sum := 0.0
	for _, v := range psi {
		sum += v
	}
	value = sum / float64(n)
	se = sd / math.Sqrt(float64(n))
	return value, se, value - math.Sqrt2*math.Erfinv(2*level-1)*se
}

// bound is the type of Estimate.LowerBound and Estimate.LinearBound.
type bound = struct {
	Level, Value, SE, Low float64
}

// newBound is the bound of terms psi of rows labelled y (k classes) at a
// one-sided level (lowerBound). Where no row's posterior q_i put half its
// mass or less on its label, Low is at most the separable limit (separable.go)
// at the one-sided level: the terms then sit near their ceilings, their
// spread says nothing of the misclassified rows a sample of this size
// could lack, and a reviewer's probe found the limit above the true MI in
// 14% of data sets of two classes five standard deviations apart (n = 200),
// all of them without a misclassified row, and 10-25% with labels flipped
// at a rate of a few per thousand, most of them (21 of 25 in one cell)
// without one; where a flipped row is misclassified the cap does not apply.
func newBound(psi []float64, y []int, k int, level float64) bound {
	b := bound{Level: level}
	b.Value, b.SE, b.Low = lowerBound(psi, level)
	prior := classPrior(y, k)
	if m := countMisses(psi, y, prior, classes.Entropy(prior)); m.separable() {
		b.Low = min(b.Low, max(0, m.hy-m.entropyLimitAt(1-level)))
	}
	return b
}

// linearBoundPart is the linear bound's index among the bound's seeds
// (Derive(rt.Seed, bound, i)): 0-2 are crossFittedBound's.
const linearBoundPart = 3

// crossFittedSteps is the number of trees crossFittedBound grows for
// resolved uf: two pilots and a forest.
func crossFittedSteps(uf UFConfig) int { return 2*uf.PilotTrees + uf.Trees }

// crossFittedBound returns the bound's terms for resolved uf, which screens
// features, from a forest of its own whose screening never saw the label of
// a row it scores. The rows are split at random, stratified by class
// unless uf.Unstratified, into halves A and B (stream (s, split, 0) with s = Derive(rt.Seed, bound, 0));
// a pilot fitted on each half alone (seed Derive(rt.Seed, bound, 1 + half))
// weights the features of half of uf's trees, and each of those trees
// scores only the rows of the other half: trees 0..T/2-1 are screened by
// A's pilot and score B's rows, the rest are screened by B's and score A's
// (tree t drawing from the stream (s, tree, t)). A row is then out of sample
// in about T/4 trees, against T/2 in the estimate's forest. The cost is two
// pilots on half the rows and a forest as large as the estimate's: about a
// second estimate. rt.Progress counts crossFittedSteps(uf) trees.
func crossFittedBound(x *Features, y []int, k int, uf UFConfig, rt Runtime) ([]float64, error) {
	n := x.n
	seed := seeds.Derive(rt.Seed, seeds.Bound, 0)
	half := (n + 1) / 2
	perm := honestPermutation(seeds.Stream(seed, seeds.Split, 0), make([]int, n), nil, y, k, !uf.Unstratified, half, n-half)
	halves := [2][]int{sortedCopy(perm[:half]), sortedCopy(perm[half:])}
	oos := newOutOfSample(y, k, false, false, 0)
	done := 0
	for h, seen := range halves {
		pilotRT := Runtime{Seed: seeds.Derive(rt.Seed, seeds.Bound, 1+h), Workers: rt.Workers}
		w, err := halfWeights(x, y, seen, uf, pilotRT)
		if err != nil {
			return nil, fmt.Errorf("ufmi: the lower bound's cross-fitted screening: %w", err)
		}
		done += uf.PilotTrees
		rt.report(done, crossFittedSteps(uf))
		cfg := uf
		cfg.Tree.FeatureWeights = w
		first, last := h*(uf.Trees/2), uf.Trees/2+h*(uf.Trees-uf.Trees/2)
		// Steps count in the order they run: pilot A, A's trees, pilot B, B's.
		staged := rt.stage(done, crossFittedSteps(uf)-done-(last-first))
		done += last - first
		_, plan, err := honestPlan(x, y, cfg, Runtime{Seed: seed, Workers: rt.Workers, Progress: staged.Progress}, seeds.Tree)
		if err != nil {
			return nil, err
		}
		plan.first, plan.trees = first, last
		scored := newRowSet(n)
		for _, i := range halves[1-h] {
			scored.add(i)
		}
		if err := streamForest(x, y, k, plan, func(_ int, ft *forestTree) { oos.add(votingTreeOf(ft, ft.rowLeaf), scored) }); err != nil {
			return nil, err
		}
	}
	return oos.boundTerms(classPrior(y, k)), nil
}

// halfWeights returns the feature weights of resolved uf's screening pilot
// fitted on the rows listed (a half of the data), run by rt; equal weights
// (nil) when the rows are too few for the pilot's trees to grow and vote,
// or hold a single class (a class of one row leaves one half without it).
func halfWeights(x *Features, y []int, rows []int, uf UFConfig, rt Runtime) ([]float64, error) {
	if _, _, _, err := pilotConfig(uf).honestSizes(len(rows)); err != nil {
		return nil, nil
	}
	labels := pick.At(y, rows)
	if _, err := classes.CheckWithin(labels, tree.MaxClasses); err != nil {
		return nil, nil
	}
	return screenFeatures(x.SelectRows(rows), labels, uf, rt)
}
