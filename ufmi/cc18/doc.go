// Package cc18 reproduces the paper's calibration study on the OpenML-CC18
// classification suite: it loads a dataset (from a local mirror of gzip'd
// CSV files, a cache, or OpenML's public API as ARFF), preprocesses it as
// the paper does (median / mode imputation from the training folds, one-hot
// encoding of categorical columns), runs stratified 5-fold cross-validation
// of any set of posterior estimators, scores each fold with Cohen's kappa,
// accuracy, ECE and MCE, and builds the paper's pairwise Wilcoxon tables.
package cc18
