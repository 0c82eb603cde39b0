// Package tree grows classification trees that only partition feature
// space: a Tree maps a point to a leaf, and what a leaf predicts is decided
// by the forest's voter (package ufmi), so one tree type serves RF, honest
// forests and UF.
//
//   - config.go: Config (criterion, features examined per node, leaf and
//     split sizes, depth, feature weights) and its resolution to Params;
//   - presort.go: every feature sorted once per fit and shared by the trees;
//   - builder.go: Builder, which grows one tree at a time on a sample given
//     as row multiplicities, in flat double-buffered arrays of value ranks;
//   - split.go: the exact best-split scans (Gini, entropy) and the weighted
//     draw of the features a node examines;
//   - tree.go: the flat Tree, Apply and LeafOf.
//
// A tree draws its feature orders from the generator it is given; the
// forest derives that generator from (seed, tree index), so trees never
// depend on the worker that grows them. Data come column by column
// (cols[j][i] is feature j of row i).
package tree
