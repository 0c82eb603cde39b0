// Package cc18 reproduces the paper's calibration study on the OpenML-CC18
// classification suite: it loads a dataset (from a local mirror of gzip'd
// CSV files, a cache, or OpenML's public API as ARFF), preprocesses it as
// the paper does (median / mode imputation from the training folds, one-hot
// encoding of categorical columns), runs stratified 5-fold cross-validation
// of any set of posterior estimators, scores each fold with Cohen's kappa,
// accuracy, ECE and MCE, and builds the paper's pairwise Wilcoxon tables.
// A sweep's cells (one learner on one fold of one dataset) can be computed
// by separate processes into a shared folder (SweepShard) and merged by a
// Sweep over that folder, with the scores of an unsharded sweep.
//
// Nothing it reads is trusted blindly: mirror files and downloads must hold
// the dataset's known number of rows, downloads are checked against the
// SHA-256 sums recorded when they were made, and a sweep's saved results
// are used only when their key (data checksum, settings, learners, seed,
// format) is the sweep's and their scores pass their checks.
package cc18
