// Package study runs the paper's experiments with ufmi and returns their
// results as gota DataFrames, one row per estimate, ready for the notebooks'
// tables and figures: MI across simulation settings and on the trunk
// simulation, conditional entropy convergence, posterior accuracy on steep
// posteriors, the overlapping Gaussians posterior curve, the Drosophila
// feature-subset table (also with confidence intervals), and the inputs of the
// CC18 calibration study's figures and tables.
//
// The numeric work is done by package ufmi; this package only loops over
// settings, seeds and estimators, reports progress and builds DataFrames.
package study
