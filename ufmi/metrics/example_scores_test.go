package metrics_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// Accuracy counts the rows whose most probable class is the label: three of
// these four.
func ExampleAccuracy() {
	proba := [][]float64{{0.9, 0.1}, {0.2, 0.8}, {0.6, 0.4}, {0.4, 0.6}}
	acc, _ := metrics.Accuracy(proba, []int{0, 1, 1, 1})
	fmt.Printf("accuracy %.2f\n", acc)
	// Output: accuracy 0.75
}

// Cohen's kappa corrects agreement for chance: predicting the majority
// class everywhere agrees on 80% of rows but scores 0; one error in ten
// scores 0.74 here ((0.9 − 0.62) / (1 − 0.62)).
func ExampleCohenKappa() {
	y := []int{0, 0, 0, 0, 0, 0, 0, 0, 1, 1}
	majority := make([]int, len(y))
	oneError := []int{0, 0, 0, 0, 0, 0, 0, 1, 1, 1}
	k0, _ := metrics.CohenKappa(y, majority, 2)
	k1, _ := metrics.CohenKappa(y, oneError, 2)
	fmt.Printf("majority class: kappa %.2f; one error: kappa %.2f\n", k0, k1)
	// Output: majority class: kappa 0.00; one error: kappa 0.74
}

// The maximum calibration error is the worst bin's gap between accuracy and
// confidence: every row at confidence 0.9 but only half right gives 0.4.
func ExampleMCE() {
	proba := [][]float64{{0.9, 0.1}, {0.9, 0.1}, {0.9, 0.1}, {0.9, 0.1}}
	mce, _ := metrics.MCE(proba, []int{0, 0, 1, 1}, 10)
	fmt.Printf("MCE %.2f\n", mce)
	// Output: MCE 0.40
}
