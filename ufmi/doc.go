// Package ufmi estimates class posteriors P(Y|X), conditional entropy
// H(Y|X) and mutual information I(X;Y) with random forests, following
// "Estimating Information-Theoretic Quantities with Uncertainty Forests".
//
// # Data flow
//
// Rows in -> forest (partition) -> voter (leaf posteriors) -> posteriors ->
// entropy / MI. Features are a dense matrix (NewFeatures, FeaturesFromMatrix)
// and labels are class codes 0..K-1 (EncodeIntLabels, EncodeStringLabels).
//
// # Forests
//
//   - FitRF: Breiman's random forest (bootstrap or subsample; Gini or
//     entropy; max features all, sqrt, log2, a count or a fraction).
//   - FitUF: the honest Uncertainty Forest. Each tree splits the rows into
//     a structure set that grows it, a vote set that fills its leaf
//     posteriors and optionally an evaluation set. Options: the finite-sample
//     correction kappa, the empty-leaf policy, stratified splits.
//   - FitCalibrated: SigRF (Platt scaling) and IRF (isotonic regression),
//     k-fold cross-validated calibration ensembles.
//
// Three UF presets exist. PaperUF (half the rows vote, no kappa) reproduces
// the paper's published numbers; AuthorsUF (40% structure, the rest half
// vote / half evaluation, kappa 3, entropies averaged per tree) reproduces the
// authors' scripts; DefaultUF is ufmi's choice, made by measurement (see
// "Choice of the default" below).
//
// # Information estimates
//
// EstimateMI returns H(Y), H(Y|X) and I(X;Y) = H(Y) - H(Y|X) by one of the
// paper's three strategies: honest (MethodUF), out-of-bag (MethodRFOOB) and
// sample splitting (MethodRFSplit, MethodSigRF, MethodIRF); or by the kNN
// estimators KSG, Mixed-KSG and Ross's estimator for discrete Y.
// ConditionalMI gives I(Y; X_B | X_A); SubsetTable fills the paper's
// feature-subset table; PermutationTest refits the statistic on permuted
// labels and returns the p-value (1 + #null >= observed) / (1 + N).
//
// # Conventions
//
//   - Units: every entropy and mutual information is in nats.
//   - Estimates are raw: nothing is clipped, so MI can be negative.
//   - Seeding: tree (or permutation, or fold) i draws from a generator
//     derived from (Seed, i) only, so the same seed gives the same answer
//     for any number of workers. No global or time-based randomness.
//   - Concurrency: Workers bounds the goroutines; 0 means GOMAXPROCS.
//   - Errors: data problems (NaN or Inf, mismatched lengths, a single class,
//     fractions that leave a set empty, invalid hyper-parameters) return an
//     error starting with "ufmi: " that names the problem.
//
// # Choice of the default
//
// The reference re-run of the paper's estimators found that kappa = 3 biases
// MI downward (three-class RMSE 0.13 nats, negative MI at unbalanced
// priors), and that among kappa-free variants empty leaves predicting the
// vote set's class frequencies had the smallest bias. DefaultUF therefore
// uses no kappa, prior-valued empty leaves and stratified splits; the MI
// grid measurements that support it are produced by bench/migrid and shown
// in the README.
package ufmi
