package metrics_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Calibration of four posteriors of two classes: accuracy, the expected
// and maximum calibration errors over 5 bins of the top probability, each
// 0.2 wide (the one wrong prediction, at 0.6, is alone in its bin: MCE
// 0.6), and Cohen's kappa of the predicted classes.
func ExampleECE() {
	proba := [][]float64{{0.9, 0.1}, {0.8, 0.2}, {0.3, 0.7}, {0.6, 0.4}}
	y := []int{0, 0, 1, 1}
	acc, _ := metrics.Accuracy(proba, y)
	ece, _ := metrics.ECE(proba, y, 5)
	mce, _ := metrics.MCE(proba, y, 5)
	kappa, _ := metrics.CohenKappa(y, metrics.Argmax(proba), 2)
	fmt.Printf("accuracy %.2f, ECE %.3f, MCE %.3f, kappa %.2f\n", acc, ece, mce, kappa)
	// Output: accuracy 0.75, ECE 0.300, MCE 0.600, kappa 0.50
}

// The Hellinger distance between two posteriors, 0 for equal ones and 1
// for disjoint ones.
func ExampleHellinger() {
	fmt.Printf("%.3f %.3f %.3f\n",
		metrics.Hellinger([]float64{0.5, 0.5}, []float64{0.5, 0.5}),
		metrics.Hellinger([]float64{1, 0}, []float64{0, 1}),
		metrics.Hellinger([]float64{0.9, 0.1}, []float64{0.5, 0.5}))
	// Output: 0.000 1.000 0.325
}

// The paper's one-sided Wilcoxon signed-rank test of paired differences
// (here one method's error minus another's over eight data sets).
func ExampleWilcoxonSignedRank() {
	d := []float64{-0.02, -0.05, -0.01, 0.003, -0.04, -0.03, -0.06, -0.015}
	r, _ := metrics.WilcoxonSignedRank(d, metrics.AltLess, metrics.ZeroWilcox)
	fmt.Printf("W+ = %.0f over %d differences, p = %.4f\n", r.WPlus, r.N, r.PValue)
	// Output: W+ = 1 over 8 differences, p = 0.0078
}
