// Package ufmi estimates class posteriors P(Y|X), conditional entropy
// H(Y|X) and mutual information I(X;Y) with random forests, following
// "Estimating Information-Theoretic Quantities with Uncertainty Forests".
//
// The package's files, one concept each, and the packages around it are
// mapped in docs/architecture.md; the math is in docs/reference.md. Below
// this package: tree (the partition-only trees), knn (KSG, Mixed-KSG,
// Ross) and metrics; beside it sim (the paper's simulations with exact
// truth); above it models (the model catalogue), table (DataFrames and
// CSV files by column name), sharded, study, cc18 and the notebook helpers.
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
// UF presets: PaperUF (half the rows vote, no kappa) reproduces the paper's
// published numbers; AuthorsUF (40% structure, the rest half vote / half
// evaluation, kappa 3, entropies averaged per tree) reproduces the authors'
// scripts; DefaultUF is ufmi's choice, made by measurement (see "Choice of
// the default" below); ObliqueUF adds oblique splits, for information spread
// over many weak features. ParseUFPreset knows these by name and every
// earlier default besides (the command line's -preset; docs/guide.md,
// "Presets", tabulates them).
//
// # Categorical features and missing values
//
// Forests take categorical columns and missing cells (NaN) as they are,
// without one-hot encoding or imputation: a categorical split sends a set of
// levels left, and each split learns the side its missing values go to
// (package tree). Level codes follow first appearance, so level names and
// their order never change an estimate. The kNN estimators reject
// categorical columns and missing cells, naming the column. Package
// ufmi/table turns gota DataFrames and CSV files into Features by these
// rules.
//
// # Information estimates
//
// EstimateMI returns H(Y), H(Y|X) and I(X;Y) = H(Y) - H(Y|X) by one of the
// paper's three strategies: honest (MethodUF), out-of-bag (MethodRFOOB) and
// sample splitting (MethodRFSplit, MethodSigRF, MethodIRF); or by the kNN
// estimators KSG, Mixed-KSG and Ross's estimator for discrete Y.
// ConditionalMI gives I(Y; X_B | X_A); SubsetTable fills the paper's
// feature-subset table; PermutationTest refits the statistic on permuted
// labels and returns the p-value (1 + #null >= observed) / (1 + N), and
// FastPermutationTest gets an exact p-value from one UF by permuting only
// its votes. ConditionalPermutationTest tests I(Y; X_B | X_A) = 0 on the
// fast test's forest by swapping X_B within pairs of vote rows near in X_A
// (shuffling X_B over all rows would break its tie to X_A).
//
// EstimatorConfig.Confidence (e.g. 0.95) adds a confidence interval to the
// estimates of the uf and rf-oob methods (Estimate.CI, CMIEstimate.CI, the
// SubsetRow intervals): the estimate ± z·SE (near zero, an interval that
// respects MI ≥ 0 and never lies below it), where SE combines the
// influence-function standard error of the data, from each row's
// contribution log p̂(y_i|x_i) - log p̂(y_i) with an out-of-sample posterior,
// and the forest's Monte Carlo noise, from ten groups of trees. It covers
// variability, not bias: where the estimator is biased (steep posteriors,
// many noise features, I = 0) coverage falls short; see Interval and
// docs/inference.md, which also measures the permutation tests. Asked for
// (EstimatorConfig.LowerBound, beside Confidence), EstimateMI adds
// Estimate.LowerBound: H(Y) minus the log-loss of those
// out-of-sample posteriors (screening cross-fitted), a bound on I(X;Y)
// that holds whatever the model, and its one-sided lower limit.
//
// # Models
//
// The model catalogue is package ufmi/models: named posterior models (an
// EstimatorConfig that can also fit a posterior model), the forests of the
// paper's experiments and the UF of its posterior experiments. The
// experiments, the CC18 study and the command line use it.
//
// # Conventions
//
//   - Units: every entropy and mutual information is in nats.
//   - Estimates are raw: nothing is clipped, so MI can be negative.
//   - Runtime: the seed, workers and progress of a computation are one
//     Runtime, held once (EstimatorConfig, PermutationConfig, the last
//     argument of FitUF, FitRF and FitCalibrated) and passed down; the
//     hyper-parameter configs (UFConfig, ForestConfig, CalibratedConfig,
//     knn.Config) hold none.
//   - Seeding: every random stream is derived in one place
//     (internal/seeds) from (seed, purpose, index): tree i of a forest,
//     pilot tree i, the simulated data, the folds, permutation i and its
//     refit, repetition i of an experiment. Purposes never share a stream,
//     so data and estimator never share randomness, and results never
//     depend on the number of workers. No global or time-based randomness.
//   - Concurrency: Runtime.Workers bounds the goroutines; 0 or less means
//     GOMAXPROCS.
//   - Memory: every forest fit, calibrated forest, kNN estimate and
//     permutation test (Workers fits at once) first estimates the memory it
//     needs and returns an error when that exceeds the memory available to
//     the process (internal/memory: cgroup limit, MemAvailable, GOMEMLIMIT).
//   - Errors: data problems (NaN or Inf, mismatched lengths, a single class,
//     class codes other than 0..K-1 with every class present (codes {0, 5}
//     are refused), fractions that leave a set empty, nil
//     inputs) and invalid settings (counts beyond their limits, such as a
//     million trees or permutations; unknown enum values; negative counts)
//     return an error starting with "ufmi: " that names the problem and the
//     accepted range.
//     A zero field means its default (defaults.go), field by field, so
//     UFConfig{} is DefaultUF(); every other choice is an explicit value
//     (EmptyUniform, Unstratified, NoScreening, tree.AllFeatures(), ...),
//     and no other value is ever replaced by a default.
//     Feature data: NaN only where missing cells are allowed
//     (NewFeaturesWithMissing, NewColumnFeatures), no Inf, no column missing
//     in every row, at most tree.MaxLevels levels per categorical column.
//
// # Choice of the default
//
// DefaultUF was chosen by measuring MI RMSE against the exact truth on the
// reference grid (4 settings × 14 cells × 5 reps, 300 trees), each change
// measured against the paper preset: pilot-forest feature screening, leaves
// of at least 6 rows, prior-valued empty leaves and stratified splits; and
// then the one-step estimate of H(Y|X) (UFConfig.PlugIn), measured against
// the plug-in on the grid, the coverage table and CC18 (docs/inference.md);
// then sharpened posteriors (UFConfig.NoSharpening), which leave the grid
// and the coverage table as they were and raise the many-class CC18 tables;
// then features drawn with replacement (tree.WithReplacement) and leaves
// that follow n (UFConfig.FixedLeaves), which lower the bias where the
// coverage study's intervals missed (three classes among noise features,
// n = 500); the preset "default-2026-11-25" keeps the default before them.
// Then local-linear posteriors (UFConfig.NoLocalLinear), which take out most
// of the smoothing bias left at n = 500 (docs/inference.md, "Where the rest
// of the bias comes from"); the preset "default-2026-11-27" keeps the
// default before them. Then equal feature weights where the screening
// pilot's importances are no larger than under permuted labels
// (UFConfig.ScreenAlways), which take out the bias the pilot gave estimates
// on data without a signal (docs/inference.md, "Screening without a
// signal"); the preset "default-2026-11-28" keeps the default before it.
// Then the local-linear fit's second coordinate became the rows' score on a
// cross-fitted linear discriminant (UFConfig.NoDiscriminant), which takes
// out the smoothing along directions that mix many columns (information
// spread over weak features, contrasts between correlated ones;
// docs/inference.md, "The discriminant coordinate"); the preset
// "default-2026-11-29" keeps the default before it. Then the sharpening
// exponents came to be fitted in five folds instead of halves
// (UFConfig.SharpenOnHalves), which steadies nearly separable tables
// whose few misclassified rows a half could miss (docs/inference.md,
// "Five folds"); the preset "default-2026-11-29b" keeps the default
// before it. Then the fits of a conditional MI or a subset table came to
// keep their leaves below 2,000 rows and grow them above, on any number of
// features (UFConfig.PlainLeavesInDifferences): a constant target, or a
// copy of one given column, reads exactly 0, and a conditional MI's bias
// no longer stays as its standard error shrinks (docs/inference.md, "Leaves that keep
// following n, and shared leaves in a difference"); the preset
// "default-2026-11-30" keeps the default before it. Then a conditional
// MI's fit on the given and target columns came to take a numeric target
// column that its closest given numeric column largely predicts as the
// residual of that prediction, where the residual tells the classes apart
// better (UFConfig.NoTargetResiduals): the same conditional MI, whose
// contrast of correlated columns an axis-aligned forest follows
// (docs/inference.md, "Reading the table"); the preset
// "default-2026-11-30b" keeps the default before it. Later that day the
// residual's slope came to be taken within the classes, where it was taken
// over all rows (the preset "default-2026-11-30c"): within a class the
// residual is then uncorrelated with the given column, the shape an
// axis-aligned forest cuts well. Later still a conditional MI of one given
// column came to fit the rest on that column beside the target columns
// swapped between neighbours in it (UFConfig.SwapsRest): a forest on one
// column rests each row on few votes and read H(Y|X_A) high, so where the
// target adds nothing the difference read high with 3 or more classes
// (docs/inference.md, "The swapped rest"); the preset
// "default-2026-11-30d" keeps the default before it. Since 2026-12-01 a
// categorical given column whose levels hold 10 or more rows swaps the
// target within its levels as well (the preset "default-2026-12-01" keeps
// it fitted alone), and since that day's second change several given
// columns swap it within the joint levels of their categorical ones and
// along a numeric one that largely predicts it (the preset
// "default-2026-12-01b" fits them alone), and since its third a target
// residual is taken on the raw values where that separates the classes
// more than the residual of the normal scores, as with a heavy-tailed given
// column (the preset "default-2026-12-01c" takes the scores' alone).
// Without screening every forest measured under-estimates three-class MI in
// 10 or more dimensions (splits on noise features smooth the posterior).
// The table is in docs/guide.md ("Accuracy: choosing the default UF"),
// rewritten by `go run ./bench/migrid -doc docs/guide.md`, and not repeated
// here, so that it cannot drift.
package ufmi
