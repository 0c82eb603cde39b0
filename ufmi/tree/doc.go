// Package tree grows classification trees that only partition feature
// space: a Tree maps a point to a leaf, and what a leaf predicts is decided
// by the forest's voter (package ufmi), so one tree type serves RF, honest
// forests and UF.
//
//   - config.go: Config (criterion, features examined per node, leaf and
//     split sizes, depth, feature weights) and its resolution to Params;
//   - presort.go: every feature sorted once per fit (missing values last)
//     and shared by the trees;
//   - builder.go: Builder, which grows one tree at a time on a sample given
//     as row multiplicities, in flat double-buffered arrays of value ranks;
//   - split.go: the exact best-split scans of numeric features (Gini,
//     entropy) and the weighted draw of the features a node examines;
//   - missing.go: the scan of a numeric feature with missing values, which
//     tries the missing rows on either side of every threshold;
//   - levels.go: the scan of a categorical feature, over sets of levels
//     ordered by their class proportions;
//   - tree.go: the flat Tree and its one routing rule (Apply, LeafOf,
//     Child), which sends missing values and unseen levels to the side each
//     split learned.
//
// Categorical features hold level codes 0..MaxLevels-1; a split sends a set
// of levels left, stored as a bitset in the tree. Missing values are NaN.
//
// A tree draws its feature orders from the generator it is given; the
// forest derives that generator from (seed, tree index), so trees never
// depend on the worker that grows them. Data come column by column
// (cols[j][i] is feature j of row i).
package tree
