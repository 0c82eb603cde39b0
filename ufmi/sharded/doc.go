// Package sharded runs ufmi's long computations as cells that separate
// processes (the tasks of a Slurm job array, a Kubernetes Indexed Job, or
// runs one after another) compute into a shared results folder, and merges
// them into exactly the result of the unsharded computation.
//
//   - MIPermutationTest: the estimate on the observed labels is one cell,
//     and each block of permutations another; the merge gives the same
//     estimate, null values and p-value as EstimateMI and PermutationTest.
//   - SubsetTable: one cell per subset × repeat; the merge gives
//     ufmi.SubsetTable's rows.
//   - MITreeBlocks: one UF forest, for n too large for one machine's time,
//     in cells of trees whose per-row posterior sums the merge adds in tree
//     order; it gives EstimateMI's estimate up to float rounding.
//
// Cells, shards and the folder are package internal/shard's. A cell's seed
// depends on the cell only (the permutation streams of its block, the
// repetition seed of its repeat, the tree streams of its trees), so the
// shards and their number never change a result. Each function computes the cells of its shard that the
// folder lacks and, when every cell of the job is done, merges; Options.Merge
// only merges.
//
// A folder is shared, so its files are not trusted: a job's fingerprint
// covers the data (values, column kinds and level names, class codes and
// Options.Classes' names) and settings, and every cell file goes through
// one reader that checks its form (a regular file of bounded size holding
// a result) and its values against the job (H(Y) the labels' entropy, I =
// H(Y) - H(Y|X), a forest's H(Y|X) within [0, log K], blocks of the right
// length, tree blocks of the data's rows and classes, checked before their
// sums are allocated). A file that fails is an error naming it.
package sharded
