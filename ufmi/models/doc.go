// Package models is ufmi's model catalogue: named posterior models that
// both fit a Predictor (Model.Fit) and estimate MI (Model.Estimator with
// ufmi.EstimateMI). The experiments (package study), the CC18 study
// (package cc18), estimates by column name (package table), the command
// line and the notebooks loop over Models alike.
//
//   - Constructors: UF, RF, Calibrated (SigRF, IRF) and KNN (KSG,
//     Mixed-KSG, Ross).
//   - Catalogues: Posterior (the forests of the paper's posterior
//     experiments), Standard (the paper's MI estimators), Named (the
//     command line's methods), and Select to keep some by name.
//   - Calibrated forests get FoldTrees(trees) trees in each of their 5
//     folds, as many trees in all as the comparable RF or UF.
//   - ExperimentUF is the UF of the paper's posterior experiments (the
//     steep simulation and the CC18 calibration study): the paper preset
//     with ExperimentStructureFraction (0.63) of the rows growing each tree.
//
// The package is built on ufmi's public API only. docs/architecture.md
// maps its files.
package models
