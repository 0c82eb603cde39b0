// Package ufmi estimates class posteriors P(Y|X), conditional entropy
// H(Y|X) and mutual information I(X;Y) with random forests, following
// "Estimating Information-Theoretic Quantities with Uncertainty Forests".
//
// # Data flow and files
//
// Rows in -> forest (partition) -> voter (leaf posteriors) -> posteriors ->
// entropy / MI, one file per step:
//
//	features.go, labels.go   a dense feature matrix of numeric and categorical columns, NaN
//	                         marking missing cells (NewFeatures, NewFeaturesWithMissing,
//	                         NewColumnFeatures), class codes 0..K-1 (EncodeIntLabels,
//	                         EncodeStringLabels), StratifiedFolds
//	grow.go                  the one forest skeleton: a rowSampler picks each tree's rows,
//	                         package tree grows the partition, a leafVoter fills its leaves
//	                         (growForest keeps the trees; streamForest hands them over in order)
//	rf.go, uf.go, ufconfig.go, honest.go
//	                         RF (bootstrap sampler) and UF (FitUF, its config and presets, the honest sampler)
//	screening.go             UF's pilot-forest feature screening by honest importance
//	voter.go                 leaf posteriors: frequencies, kappa, the empty-leaf policy
//	forest.go, predict.go    the fitted Forest, its index sets, posteriors (also OOB, vote)
//	calibrate.go             SigRF and IRF: k-fold Platt / isotonic calibrated forests
//	entropy.go, estimate.go  H(Y), H(Y|X), I(X;Y) by the honest, out-of-bag and split strategies
//	interval.go              confidence intervals: influence-function SE plus the forest's Monte Carlo SE
//	subsets.go, permute.go   conditional MI, the feature-subset table, permutation tests:
//	                         refitted (UF refits reuse their buffers) and the fast split test
//	models.go                the model catalogue: one named Model type for every experiment
//	limits.go                upper bounds on counts (MaxTrees, ...) and the memory a forest needs
//	defaults.go              every default, one named constant each
//	runtime.go               Runtime: seed, workers and progress, passed down to every fit
//
// Subpackages: tree (the partition-only trees), knn (KSG, Mixed-KSG, Ross),
// sim (the paper's simulations with exact truth), metrics (calibration
// metrics, Hellinger, Wilcoxon), and above this package study, cc18,
// drosophila, frame, viz and notebook.
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
// # Categorical features and missing values
//
// Forests take categorical columns and missing cells as they are, without
// one-hot encoding or imputation (package tree):
//
//   - A categorical split sends a set of levels left. The node orders its
//     levels by the proportion of class 1 (two classes: the exact best
//     partition) or of each of its most frequent classes (more classes, a
//     heuristic), ties by level code, and scans that order. Level codes
//     follow the levels' first appearance in the rows, so level names and
//     their order never change an estimate.
//   - At each split the builder scores every threshold (or level set) with
//     the node's missing rows sent left and sent right and keeps the
//     better; a node without missing training rows sends missing values to
//     its larger child. Levels a node did not see, and levels unseen at fit
//     time, go where its missing values go.
//   - Growing, the honest vote, prediction, OOB posteriors and honest
//     importance all route rows through the one rule of package tree.
//
// The kNN estimators reject categorical columns and missing cells, naming
// the column. Package ufmi/table turns gota DataFrames and CSV files into
// Features by these rules.
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
// EstimatorConfig.Confidence (e.g. 0.95) adds a confidence interval to the
// estimates of the uf and rf-oob methods (Estimate.CI, CMIEstimate.CI, the
// SubsetRow intervals): the estimate ± z·SE, where SE combines the
// influence-function standard error of the data, from each row's
// contribution log p̂(y_i|x_i) - log p̂(y_i) with an out-of-sample posterior,
// and the forest's Monte Carlo noise, from ten groups of trees. It covers
// variability, not bias: where the estimator is biased (steep posteriors,
// many noise features, I = 0) coverage falls short; see Interval and the
// README section "Inference".
//
// # Models
//
// A Model is a named posterior model: an EstimatorConfig that can fit a
// Predictor (Model.Fit) and estimate MI (EstimateMI). The catalogue in
// models.go (PosteriorModels, StandardEstimators, NamedModel, and the RF,
// calibrated, UF and kNN constructors) is what the experiments, the CC18
// study and the command line use; calibrated forests get FoldTrees(trees)
// trees in each of their 5 folds, and the posterior experiments' UF is
// ExperimentUF (structure fraction 0.63).
//
// # Conventions
//
//   - Units: every entropy and mutual information is in nats.
//   - Estimates are raw: nothing is clipped, so MI can be negative.
//   - Runtime: the seed, workers and progress of a computation are one
//     Runtime, held once (EstimatorConfig, PermutationConfig, the second
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
//     class codes outside 0..n-1, fractions that leave a set empty, nil
//     inputs) and invalid settings (counts beyond MaxTrees, MaxPermutations
//     or MaxRepeats, unknown enum values, negative counts) return an error
//     starting with "ufmi: " that names the problem and the accepted range.
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
// reference grid (4 settings × 14 cells × 5 reps, 300 trees): pilot-forest
// feature screening, leaves of at least 6 rows, prior-valued empty leaves
// and stratified splits, each measured as one change against the paper
// preset. The measured table and the ablations are in the README section
// "Accuracy: choosing ufmi's default UF", generated by
// `go run ./bench/migrid -readme README.md`; it is not repeated here, so that
// it cannot drift. Without screening every forest measured under-estimates
// three-class MI in 10 or more dimensions (splits on noise features smooth
// the posterior); screening (on unless UFConfig.NoScreening; PilotTrees,
// Forest.HonestImportance)
// makes the informative features candidates at almost every node.
package ufmi
