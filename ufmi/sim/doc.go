// Package sim holds the paper's simulations, each with its exact truth.
//
//   - MISimulation: the four mutual-information settings (overlapping,
//     separated, three-class, scaled Gaussians; signal in two coordinates,
//     noise in the rest), with Truth giving H(Y), H(Y|X) and I(X;Y).
//   - SteepSimulation: the steep-posterior simulation of the posterior
//     experiments, with its closed-form posterior and evaluation grid.
//   - SharedComponentSimulation: the two-class mixture with a shared
//     component of the paper's first figure.
//   - CategoricalSimulation and MissingSimulation (tables.go): real-table
//     features, a categorical feature whose levels shift the class beside a
//     Gaussian one, and a Gaussian feature missing completely at random or
//     depending on the class; their truths are sums of one-dimensional
//     integrals.
//
// Every simulation gives its exact posterior (Posterior, Posteriors), so
// each figure can draw the truth and each test compare to it. Truths are
// computed by adaptive Gauss–Kronrod integration (integrate.go) to about
// 1e-10 nats. All entropies are in nats.
//
// Sample(seed) draws from the seed's data stream (internal/seeds, purpose
// data); a forest fitted with the same seed draws from the tree streams, so
// data and estimator never share randomness. EvalGrid draws from the
// evaluation-data stream.
package sim
