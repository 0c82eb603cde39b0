// Package knn estimates I(X;Y) between continuous features and a class
// label from k-nearest-neighbour distances:
//
//   - KSG: Kraskov, Stögbauer and Grassberger's estimator, the label
//     treated as a numeric coordinate;
//   - MixedKSG: Gao et al.'s estimator for mixed discrete-continuous data;
//   - RossMI: Ross's estimator for a discrete label.
//
// Neighbours are searched in the max-norm (Chebyshev) distance on a kd-tree
// (kdtree.go), with the tie tolerances of the reference code. Estimates are
// raw, in nats, and may be negative. Units matter, as for every estimator of
// these formulas: the max-norm compares each feature's differences with the
// others' and, in KSG, with the label codes' (0, 1, ...), so scaling a
// feature changes the estimate (separated classes, 4 features, n = 600:
// 0.313 as drawn, −4.2 with every value 1e-200 times as large, 0.003 with
// every value 1e200 times as large); the forests do not depend on the units.
// Put the features on comparable scales (standardise them) before a kNN
// estimate. Data come as a Matrix (n rows of d features by column):
// *ufmi.Features is one, Columns and FromRows make one from plain slices.
// Features must be numeric and complete: a missing (NaN) value or a
// categorical column of a *ufmi.Features is an error naming the column
// (forests take both). The estimate never depends on the number of workers.
//
// Ties. KSG and RossMI assume continuous features: repeated values put
// rows at distance 0 from their neighbours and break the estimate (a 0/1
// feature equal to the label gave -2.38 nats instead of log 2, a constant
// feature -3.08). By default they break the ties of every column that
// repeats a value with tiny noise drawn from the caller's seed (the jitter
// stream of feature j), Uniform[-a/2, a/2) with a = max(1e-10 × the
// column's largest magnitude, 1e-12 × its largest group of equal values),
// as scikit-learn's mutual_info_classif adds 1e-10-scaled noise; columns
// without repeated values are untouched. A column whose distinct values lie
// closer than 1000·a is an error naming it. MixedKSG, made for discrete and
// mixed features, sees the data as given. Config.KeepTies turns the
// tie-breaking off (the reference code's semantics); Config.Jitter > 0 adds
// noise of the caller's size to every column instead.
package knn
