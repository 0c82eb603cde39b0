// Package classes validates class codes and computes the class
// distributions and entropies every estimator shares.
//
// Class codes are ints 0..K-1; entropies are in nats.
package classes
