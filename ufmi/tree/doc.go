// Package tree grows classification trees that only partition feature
// space: a Tree maps a point to a leaf, and what a leaf predicts is decided
// by the forest's voter (package ufmi), so one tree type serves RF, honest
// forests and UF.
//
// Its files (configuration, presort, builder, split scans for numeric,
// missing-valued and categorical features, small subtrees, the tree and its
// routing rule) are mapped in docs/architecture.md.
//
// A node examines MaxFeatures of the features, drawn without replacement
// (the zero Config's, and a random forest's) or, with Draws
// WithReplacement (an honest forest's default in package ufmi), as the
// distinct features of MaxFeatures draws with replacement; either way by
// FeatureWeights when set, and a feature constant in the node does not
// count.
//
// Categorical features hold level codes 0..MaxLevels-1; a split sends a set
// of levels left, stored as a bitset in the tree. Missing values are NaN.
//
// # Oblique splits
//
// With Config.Oblique, nodes also split on sparse random projections of
// the numeric columns, as in SPORF (Tomita et al. 2020):
//
//   - A node draws its candidate features exactly as without Oblique
//     (MaxFeatures draws, by FeatureWeights when set; a feature constant
//     in the node does not count). A drawn categorical feature, or a
//     numeric one with a missing value among the node's rows, is scanned as
//     without Oblique.
//   - A drawn numeric feature j without missing values among the node's
//     rows becomes a projection of k = floor(ObliqueNonZeros) +
//     Bernoulli(frac(ObliqueNonZeros)) columns (at most d): j, then k-1
//     further columns drawn as the node draws its features (uniformly, or
//     in proportion to FeatureWeights), without repetition, among the
//     numeric columns neither missing nor constant among the node's rows
//     (all of them when there are fewer). Each column is weighted +1 or -1
//     with equal probability; weights are not scaled, so columns of very
//     different scales should be standardised first (scaling each column
//     by its range or interquartile range among the node's rows did not
//     change the trunk's estimates, sim.TrunkSimulation). A projection of
//     one column is that column: scanned and stored as an axis-aligned
//     split.
//   - A projection is scored as a numeric feature: the node's rows are
//     sorted by z = Σ_c w_c·x_c (raw values), and every threshold between
//     consecutive distinct values of z is scored by the criterion, rows
//     counted with their multiplicities, each side keeping MinSamplesLeaf
//     rows. The threshold is the midpoint between the last z sent left and
//     the next, as for a numeric feature. The best candidate of the node,
//     projection or single feature, wins; of equal scores the first drawn.
//   - An oblique split sends a row left when its z is at most the
//     threshold, right when greater; a row missing any of the split's
//     columns goes to the larger child (left on ties), the side of a split
//     without missing training rows. Tree.Projection lists a split's
//     columns and weights; Node.Feature is its first column, j.
//   - Oblique trees grow every node by the partitioning builder (none by
//     the small-node builder), so every node, whatever its size, examines
//     projections. Every draw comes from the generator Grow is given.
//
// # Directions from class means
//
// With Config.ObliqueDirections = MeanDifferences (RandomProjections, the
// zero value, is the rule above), a drawn numeric feature j without missing
// values among the node's rows becomes instead a dense, supervised
// projection (ObliqueNonZeros is unused):
//
//   - Two classes a and b are taken among those present in the node's
//     rows: the two when there are two (a the larger code), else two
//     distinct ones drawn uniformly at random, in order.
//   - Each eligible column c (numeric, neither missing nor constant among
//     the node's rows, of positive FeatureWeights weight when set; j is
//     one) gets the difference d_c = mean_a(x_c) - mean_b(x_c) of the class
//     means over the node's rows counted with their multiplicities (the
//     structure rows only: honesty is kept), its noise
//     s_c = sqrt(v_c (1/n_a + 1/n_b)), v_c the pooled within-class
//     variance, and the weight w_c = d_c / v_c (diagonal linear
//     discriminant analysis, so that a column's scale does not matter).
//     Columns of zero (or non-finite) difference are left out, and so,
//     once the node keeps the direction (below), are the columns whose
//     difference is at most twice its noise (|d_c| <= 2 s_c): they would
//     add their noise to the direction.
//   - The node keeps this direction only when it is more than noise: the
//     statistic Σ (d_c/s_c)², about chi-squared with as many degrees of
//     freedom as columns when the class means are equal, must exceed its
//     mean plus two standard deviations. Below an oblique split, the
//     statistic measures instead the distance from the line of the nearest
//     oblique ancestor's direction (one degree of freedom fewer). A node
//     whose class means differ only along that line (as in a slab cut
//     across the boundary) scans the ancestor's direction again, once, in
//     place of a noisier one of its own; without an oblique ancestor it
//     scans j alone. A direction of fewer than two columns, selection
//     done, is the inherited direction, or j alone.
//   - With two classes the node has one direction: the first drawn numeric
//     feature scans it, later ones are scanned alone as axis-aligned
//     features, and the best of them all wins. Scanning, thresholds,
//     routing and storage are those of random projections; Node.Feature is
//     the first column of the direction.
//
// On the trunk simulation (bench/trunk, n = 2000, 3 data sets, truth
// 0.337) the default UF's estimate is 0.190 at d = 10 and 0.118 at d = 50;
// with these directions, 0.327 and 0.283 (random projections: 0.197 and
// 0.117). Measured on the way (docs/guide.md, "The oblique preset", has
// the tables): raw mean differences, each node always taking its own
// direction, gave 0.287 and 0.226; a node always reusing its root's
// direction 0.338 and 0.316 (but every tree is then a one-direction
// tree); the node's own direction, or its ancestor's when no better than
// noise, 0.334 and 0.315 (without axis-aligned candidates, which real
// tables need); every column in the direction 0.327 and 0.299, but XOR
// data lost 0.08 nats to noise columns in the directions and real tables
// (kr-vs-kp, tic-tac-toe, madelon, car) lost more; a threshold of 3
// noises 0.328 and 0.235; weighting columns by the screening pilot's
// importance 0.244 and 0.166 (weak features starved).
//
// # Discriminant directions
//
// With Config.ObliqueDirections = Discriminants a node chooses its columns,
// keeps or gives up its direction and inherits exactly as with
// MeanDifferences; only the kept direction's weights differ: Σ⁻¹d for d the
// columns' class-mean differences and Σ their pooled within-class
// covariance among the node's structure rows (linear discriminant analysis;
// whiten.go), its correlation shrunk toward the identity by
// columns/(rows − 2), not used beyond 32 columns or with fewer than 5
// rows of the two classes per column (nearly collinear columns then
// amplify the means' noise). Where columns are correlated within
// a class the diagonal weights d_c/v_c point along what the columns share:
// two classes N(±μ, Σ), μ = (0.5, 0.25), correlation 0.8, put the
// diagonal direction 52° from the best one, Σ⁻¹μ, and the whitened one
// within 1° (TestDiscriminantsFollowCorrelatedColumns). Without
// correlation the two directions agree up to the covariance's noise.
//
// A tree stores each oblique split's projection beside its nodes (16
// bytes per column and one header; up to d columns with MeanDifferences
// or Discriminants):
// NodeBytes is unchanged, and
// Params.SplitBytes bounds the extra memory per split.
//
// A tree draws its feature orders from the generator it is given; the
// forest derives that generator from (seed, tree index), so trees never
// depend on the worker that grows them. Data come column by column
// (cols[j][i] is feature j of row i).
package tree
