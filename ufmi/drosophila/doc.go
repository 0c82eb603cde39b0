// Package drosophila fetches and loads the larval Drosophila mushroom-body
// data (right hemisphere, 213 neurons) used by the paper's mutual
// information application, and encodes it for the estimators in package ufmi.
//
// # Files and sources
//
// Four public files, pinned to commits and SHA-256 (see Sources):
//
//   - vdf.csv: neuron table v,type,claw,dist,age,cluster
//     (neurodata/uncertainty-forest, figs/application/).
//   - mi_table.csv: the authors' published MI table (same repository).
//   - right_adjacency.csv, right_cell_labels.csv: the 213×213 synapse-count
//     matrix and one-letter cell labels (graspologic-org/graspologic,
//     graspologic/datasets/drosophila/).
//
// Fetch downloads them (or copies them from a mirror folder given by
// FetchOptions.MirrorDir or $UFMI_MIRROR/drosophila) into the data folder,
// verifying every hash. Load, LoadAdjacency and LoadPublishedTable look in the
// data folder, then in the mirror, and refuse files whose hash is not the
// pinned one. ReadNeurons, ReadAdjacency, ReadCellLabels and
// ReadPublishedTable parse the same formats from any reader without a hash check.
//
// # Encodings
//
// claw, dist and age are recorded for the 100 Kenyon cells (KC) only; they
// are missing for the 113 other neurons. The two encodings treat that
// differently.
//
// EncodingAuthors (the default) is exactly the authors' notebook: age is
// coded by first appearance (mature 0, young 1, missing -1), missing claw
// and dist become 0, cluster is used as a number, and the columns are
// claw, dist, age, cluster. Y codes types by first appearance (KC 0, MBIN 1,
// MBON 2, PN 3). It is the matrix behind the paper's table and mi_table.csv.
//
// EncodingIndicators keeps every recorded value, fills missing claw, dist and
// age with 0 and adds the columns claw_missing, dist_missing and
// age_missing (1 where missing). In vdf.csv the three indicators are equal
// (each says "not a KC"); they are kept per feature so that a subset X_in
// carries its own indicator (FeatureColumns maps base features to columns).
// cluster is complete and gets no indicator.
//
// Why it matters: missingness here is itself information about Y (it says
// "not a KC"). Under EncodingAuthors, claw = 0 merges the 113 non-KC
// neurons with the 28 KCs that have no claw, and dist = 0 merges them with
// the 8 KCs at distance 0, whereas age keeps a separate code -1. So the
// features carry different amounts of that one bit: the plug-in I(Y; claw)
// is 0.361 nats (the paper reports 0.362), while I(Y; is KC) = 0.691 nats,
// which age alone attains. Part of the paper's ranking claw < dist < age is
// therefore the encoding of missing values, not the biology. Under
// EncodingIndicators every one of claw, dist and age (with its indicator)
// carries at least I(Y; is KC), and differences between them come from the
// recorded values.
//
// # Other helpers
//
// SelectFeatures picks columns by name; OrderByType and PermuteSquare sort
// the adjacency matrix by cell type for a heatmap; CellType maps K, I, O, P
// to KC, MBIN, MBON, PN; PaperTable holds the MI values printed in the paper.
package drosophila
