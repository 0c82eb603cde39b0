// Package classes validates class codes and computes the class
// distributions and entropies every estimator shares.
//
// Class codes are ints 0..K-1, with K at most the number of rows (checked
// before anything is counted) and, in labels a caller gives (Check), every
// code 0..K-1 present; a part of them (a training fold, CheckWithin) may
// lack some. Entropies are in nats.
package classes
