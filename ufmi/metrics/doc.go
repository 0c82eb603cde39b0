// Package metrics scores posteriors and compares scores:
//
//   - calibration.go: accuracy, Cohen's kappa, reliability bins, expected
//     and maximum calibration error (ECE, MCE), and Argmax (the predicted
//     class of each posterior row);
//   - hellinger.go: the Hellinger distance between two distributions and
//     its mean over rows (posterior accuracy against a known truth);
//   - wilcoxon.go: the Wilcoxon signed-rank test of paired differences,
//     exact or normal, with the handling of ties and zeros documented (the
//     CC18 study's pairwise tables).
//
// It depends on the standard library only; nothing here fits a model.
package metrics
