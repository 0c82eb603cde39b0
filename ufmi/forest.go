package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Forest is a fitted forest: trees that partition feature space and, per
// tree, the posterior voted into each leaf. RF, the honest forest UF and the
// calibrated forests' members are all Forests; they differ only in which rows
// grow a tree and which rows vote (see grow.go).
type Forest struct {
	k, d   int
	train  *Features
	labels []int32
	prior  []float64 // class frequencies of the training labels
	trees  []forestTree
	honest bool
	rule   entropyRule // UF: how HonestConditionalEntropy turns the sums into H(Y|X)
	// drawRuntime is the fit's seed and workers, which its label draws
	// (UFConfig.LabelDraws) take.
	drawRuntime Runtime
}

// forestTree is one tree with its leaf posteriors and index sets.
type forestTree struct {
	tree *tree.Tree
	// posterior holds K values per leaf; a leaf whose first value is NaN
	// abstains (the empty-leaf policy EmptyAbstain).
	posterior []float64
	structure rowSet // rows that grew the tree
	vote      rowSet // rows that voted (nil: the structure rows voted)
	eval      rowSet // held-out evaluation rows (nil: none)
	// rowLeaf[i] is the leaf of training row i, when kept (UF keeps it,
	// since its estimates evaluate the training rows).
	rowLeaf []int32
}

// Classes is the number of classes K (0 for a nil or unfitted Forest).
func (f *Forest) Classes() int {
	if f == nil {
		return 0
	}
	return f.k
}

// Trees is the number of trees (0 for a nil or unfitted Forest).
func (f *Forest) Trees() int {
	if f == nil {
		return 0
	}
	return len(f.trees)
}

// Tree returns tree t's partition, or nil when t is not in 0..Trees()-1.
func (f *Forest) Tree(t int) *tree.Tree {
	if t < 0 || t >= f.Trees() {
		return nil
	}
	return f.trees[t].tree
}

// fitted reports an error for a nil Forest or one no fit made (the zero
// Forest): the methods that need its trees and training rows return it.
func (f *Forest) fitted() error {
	if f == nil || len(f.trees) == 0 || f.train == nil {
		return fmt.Errorf("ufmi: the forest is not fitted (a nil or zero Forest): fit one with FitUF or FitRF")
	}
	return nil
}

// IndexSets are the training rows a tree used, as sorted row indices.
type IndexSets struct {
	Structure []int // rows that grew the tree (distinct rows)
	Vote      []int // rows that filled the leaf posteriors; nil when the structure rows did (RF)
	Eval      []int // rows held out for evaluation (UF with an evaluation share)
	OutOfBag  []int // rows in none of the above
}

// IndexSets reports which training rows tree t used for what; the zero
// IndexSets when t is not in 0..Trees()-1.
func (f *Forest) IndexSets(t int) IndexSets {
	if t < 0 || t >= f.Trees() {
		return IndexSets{}
	}
	ft := f.trees[t]
	n := f.train.n
	s := IndexSets{Structure: ft.structure.rows(n), Vote: ft.vote.rows(n), Eval: ft.eval.rows(n)}
	for i := 0; i < n; i++ {
		if !ft.structure.contains(i) && !ft.vote.contains(i) && !ft.eval.contains(i) {
			s.OutOfBag = append(s.OutOfBag, i)
		}
	}
	return s
}

// rowSet is a set of row indices stored as a bitset.
type rowSet []uint64

func newRowSet(n int) rowSet { return make(rowSet, (n+63)/64) }

func (s rowSet) add(i int)           { s[i>>6] |= 1 << (uint(i) & 63) }
func (s rowSet) contains(i int) bool { return s != nil && s[i>>6]&(1<<(uint(i)&63)) != 0 }

// rows lists the members in increasing order.
func (s rowSet) rows(n int) []int {
	if s == nil {
		return nil
	}
	var out []int
	for i := 0; i < n; i++ {
		if s.contains(i) {
			out = append(out, i)
		}
	}
	return out
}
