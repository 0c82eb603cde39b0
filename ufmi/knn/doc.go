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
// raw, in nats, and may be negative. Data come as a Matrix (n rows of d
// features by column): *ufmi.Features is one, Columns and FromRows make one
// from plain slices. Features must be numeric and complete: a missing
// (NaN) value or a categorical column of a *ufmi.Features is an error
// naming the column (forests take both). Optional tie-breaking jitter is drawn from the caller's
// seed (the jitter stream of feature j); the estimate never depends on the
// number of workers.
package knn
