// Package tree grows classification trees that only partition feature
// space: a Tree maps a point to a leaf, and what a leaf predicts is decided
// by the forest's voter (package ufmi), so one tree type serves RF, honest
// forests and UF.
//
// Its files (configuration, presort, builder, split scans for numeric,
// missing-valued and categorical features, small subtrees, the tree and its
// routing rule) are mapped in docs/architecture.md.
//
// Categorical features hold level codes 0..MaxLevels-1; a split sends a set
// of levels left, stored as a bitset in the tree. Missing values are NaN.
//
// A tree draws its feature orders from the generator it is given; the
// forest derives that generator from (seed, tree index), so trees never
// depend on the worker that grows them. Data come column by column
// (cols[j][i] is feature j of row i).
package tree
