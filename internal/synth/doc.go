// Package synth draws the synthetic data sets that tests and benchmark
// scripts share. Each is fixed by its seed; none comes with an exact truth
// (the paper's simulations with truth live in ufmi/sim).
package synth
