package ufmi

import (
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/pool"
)

// intervalGroups is the number of tree groups behind SEForest.
const intervalGroups = 10

// Interval is a normal confidence interval for I(X;Y) or I(Y; X_B | X_A),
// in nats, from one fit (two for a conditional MI): estimate ± z·SE with
// SE² = SEData² + SEForest².
//
// SEData, the sampling variability of the data, is the influence-function
// (delta-method) standard error. I(X;Y) = E[log p(Y|X)/p(Y)] has influence
// function φ(x, y) - I with φ = log p(y|x) - log p(y), so SEData =
// sd(φ_i)/√n over the training rows. p̂(y_i|x_i) averages the trees in which
// row i is out of sample, neither growing the tree nor voting in it (UF: its
// vote trees with its own vote taken out of its leaf, and its evaluation
// trees; RF: its out-of-bag trees), plus one pseudo-tree voting the class
// frequencies, so that no probability is zero; that moves p̂ by at most
// 1/(trees+1). p̂(y_i) is the class frequency.
//
// SEForest, the forest's Monte Carlo noise, comes from the spread of the
// estimate over 10 disjoint groups of consecutive trees (fewer, of at least
// two trees, below 20 trees): each group has 10 times the full forest's
// Monte Carlo variance, so SEForest² = var(group estimates)/10.
//
// A conditional MI differences the two fits' φ row by row and their group
// estimates group by group (both fits use the same seed), so their
// correlation is accounted for.
//
// The interval is centred on the point estimate and covers its variability,
// not its bias. Where the forest is biased, coverage falls below the level:
// it smooths posteriors, so MI is under-estimated where the posterior is
// steep (the scaled setting) or the signal sits among noise features
// (three_class at d = 10); and at I = 0 (independence, or a conditional MI
// of features that add nothing) the influence function vanishes and the
// estimate's own bias exceeds its spread, so the interval misses 0: test
// independence with PermutationTest. The pilot forest of feature screening
// is not regrouped: its Monte Carlo noise (measured at most 0.0006 nats at
// n = 2000, d = 10) is not in SEForest. The README section "Inference"
// gives the measured coverage.
type Interval struct {
	Level     float64 // confidence level, e.g. 0.95; 0 when no interval was asked for
	Low, High float64
	SE        float64 // sqrt(SEData² + SEForest²)
	SEData    float64 // sampling variability of the data (influence function)
	SEForest  float64 // Monte Carlo noise of the forest (groups of trees)
}

// Contains reports whether v lies in [Low, High] of an interval.
func (iv Interval) Contains(v float64) bool { return iv.Level > 0 && v >= iv.Low && v <= iv.High }

// intervalParts are what an interval is computed from.
type intervalParts struct {
	phi    []float64 // per row: log p̂(y_i|x_i) - log p̂(y_i); NaN when not evaluated
	groups []float64 // the MI estimate of each group of trees
}

// checkConfidence validates a confidence level: 0 (none) or in (0, 1).
func checkConfidence(level float64) error {
	if level != 0 && !(level > 0 && level < 1) {
		return fmt.Errorf("ufmi: confidence level %v must be in (0, 1), or 0 for no interval", level)
	}
	return nil
}

// interval centres an interval of the given level on estimate.
func (p *intervalParts) interval(estimate, level float64) Interval {
	iv := Interval{Level: level}
	sd, used := sdSkippingNaN(p.phi)
	iv.SEData = sd / math.Sqrt(float64(used))
	sd, used = sdSkippingNaN(p.groups)
	iv.SEForest = sd / math.Sqrt(float64(used))
	iv.SE = math.Hypot(iv.SEData, iv.SEForest)
	z := math.Sqrt2 * math.Erfinv(level)
	iv.Low, iv.High = estimate-z*iv.SE, estimate+z*iv.SE
	return iv
}

// sdSkippingNaN returns the sample standard deviation of the values that
// are not NaN (0 for fewer than two) and how many there are.
func sdSkippingNaN(v []float64) (sd float64, used int) {
	var mean, m2 float64
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		used++
		d := x - mean
		mean += d / float64(used)
		m2 += d * (x - mean)
	}
	if used < 2 {
		return 0, used
	}
	return math.Sqrt(m2 / float64(used-1)), used
}

// minus returns the parts of the difference p - q of two estimates on the
// same rows with the same number of tree groups.
func (p *intervalParts) minus(q *intervalParts) *intervalParts {
	out := &intervalParts{phi: make([]float64, len(p.phi)), groups: make([]float64, len(p.groups))}
	for i := range out.phi {
		out.phi[i] = p.phi[i] - q.phi[i]
	}
	for g := range out.groups {
		out.groups[g] = p.groups[g] - q.groups[g]
	}
	return out
}

// treeGroups returns the number of tree groups for a forest of the given
// size: intervalGroups, or fewer so that each group has at least two trees.
func treeGroups(trees int) (int, error) {
	if trees < 4 {
		return 0, fmt.Errorf("ufmi: a confidence interval needs at least 4 trees, the forest has %d", trees)
	}
	return min(intervalGroups, trees/2), nil
}

// intervalParts computes φ and the group estimates of a fitted forest on its
// training labels y (H(Y) = hy). oob selects RF's out-of-bag strategy; else
// the forest is a UF and treeLevel selects its tree-level entropy. Results
// do not depend on workers.
func (f *Forest) intervalParts(y []int, hy float64, oob, treeLevel bool, workers int) (*intervalParts, error) {
	G, err := treeGroups(len(f.trees))
	if err != nil {
		return nil, err
	}
	n, k, T := f.train.n, f.k, len(f.trees)
	groupOf := func(t int) int { return t * G / T }
	// voteCounts[t] holds tree t's vote-row class counts per leaf (UF), so
	// that a vote row's own vote can be taken out of its leaf.
	var voteCounts [][]int32
	if !oob {
		voteCounts = make([][]int32, T)
		_ = pool.ForEach(T, workers, nil, func(_, t int) error {
			ft := &f.trees[t]
			c := make([]int32, ft.tree.Leaves()*k)
			for i := 0; i < n; i++ {
				if ft.vote.contains(i) {
					c[int(ft.rowLeaf[i])*k+y[i]]++
				}
			}
			voteCounts[t] = c
			return nil
		})
	}
	phi := make([]float64, n)
	blocks := (n + predictBlock - 1) / predictBlock
	// blockH[b*G+g] is the sum over block b's rows of the entropy of group
	// g's posterior (forest-level estimates); blockRows counts those rows.
	blockH := make([]float64, blocks*G)
	blockRows := make([]int, blocks*G)
	_ = pool.ForEach(blocks, workers, nil, func(_, b int) error {
		lo, hi := b*predictBlock, min((b+1)*predictBlock, n)
		acc := make([]float64, G*k)
		votes := make([]int, G)
		for i := lo; i < hi; i++ {
			clear(acc)
			clear(votes)
			yi := y[i]
			sum, trees := 0.0, 0
			for t := range f.trees {
				ft := &f.trees[t]
				out := !ft.structure.contains(i) && !ft.vote.contains(i)
				if oob && !out {
					continue
				}
				var l int
				if ft.rowLeaf != nil {
					l = int(ft.rowLeaf[i])
				} else {
					l = int(ft.tree.LeafOf(f.train.cols, i))
				}
				p := ft.posterior[l*k : l*k+k]
				if math.IsNaN(p[0]) {
					continue
				}
				g := groupOf(t)
				a := acc[g*k : g*k+k]
				for c, v := range p {
					a[c] += v
				}
				votes[g]++
				switch {
				case out:
					sum += p[yi]
					trees++
				case ft.vote.contains(i):
					lc := voteCounts[t][l*k : l*k+k]
					m := int32(0)
					for _, v := range lc {
						m += v
					}
					if m > 1 {
						sum += float64(lc[yi]-1) / float64(m-1)
						trees++
					}
				}
			}
			if trees == 0 {
				phi[i] = math.NaN()
			} else {
				phi[i] = math.Log((sum+f.prior[yi])/float64(trees+1)) - math.Log(f.prior[yi])
			}
			if treeLevel {
				continue
			}
			for g := range G {
				a := acc[g*k : g*k+k]
				switch {
				case votes[g] > 0:
					for c := range a {
						a[c] /= float64(votes[g])
					}
				case oob:
					continue // no out-of-bag tree in this group
				default:
					copy(a, f.prior)
				}
				blockH[b*G+g] += Entropy(a)
				blockRows[b*G+g]++
			}
		}
		return nil
	})
	groups := make([]float64, G)
	if treeLevel {
		perTree := f.treeEntropies()
		for g := range G {
			sum, used := 0.0, 0
			for t, h := range perTree {
				if groupOf(t) == g && !math.IsNaN(h) {
					sum += h
					used++
				}
			}
			groups[g] = hy - sum/float64(used)
		}
	} else {
		for g := range G {
			sum, rows := 0.0, 0
			for b := range blocks {
				sum += blockH[b*G+g]
				rows += blockRows[b*G+g]
			}
			groups[g] = hy - sum/float64(rows)
		}
	}
	return &intervalParts{phi: phi, groups: groups}, nil
}
