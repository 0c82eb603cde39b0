// Package classes validates class codes and computes the class
// distributions and entropies every estimator shares.
//
// Class codes are ints 0..K-1, with K at most the number of rows (checked
// before anything is counted); entropies are in nats.
package classes
