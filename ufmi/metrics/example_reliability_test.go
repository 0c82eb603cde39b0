package metrics_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// The bins of a reliability diagram: six posteriors of two classes sorted
// into 4 bins by the probability of the predicted class. A calibrated model
// has accuracy equal to confidence in every bin; this one is overconfident
// in the upper bin (0.867 against 0.667) and underconfident in the lower.
func ExampleReliability() {
	proba := [][]float64{{0.9, 0.1}, {0.1, 0.9}, {0.4, 0.6}, {0.3, 0.7}, {0.65, 0.35}, {0.2, 0.8}}
	y := []int{0, 0, 1, 1, 0, 1}
	bins, err := metrics.Reliability(proba, y, 4)
	if err != nil {
		panic(err)
	}
	for _, b := range bins {
		if b.Count > 0 {
			fmt.Printf("(%.2f, %.2f]: %d rows, confidence %.3f, accuracy %.3f\n", b.Lo, b.Hi, b.Count, b.Confidence, b.Accuracy)
		}
	}
	// Output:
	// (0.50, 0.75]: 3 rows, confidence 0.650, accuracy 1.000
	// (0.75, 1.00]: 3 rows, confidence 0.867, accuracy 0.667
}

// The mean Hellinger distance between estimated and true posteriors at the
// same points: the paper's measure of posterior accuracy.
func ExampleMeanHellinger() {
	truth := [][]float64{{0.5, 0.5}, {0.9, 0.1}, {0.2, 0.8}}
	estimate := [][]float64{{0.5, 0.5}, {0.7, 0.3}, {0.2, 0.8}}
	d, err := metrics.MeanHellinger(estimate, truth)
	if err != nil {
		panic(err)
	}
	fmt.Printf("mean Hellinger distance %.4f (one point of three is off)\n", d)
	_, err = metrics.MeanHellinger(estimate, truth[:2])
	fmt.Println(err != nil)
	// Output:
	// mean Hellinger distance 0.0606 (one point of three is off)
	// true
}
