package study_test

import (
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/study"
)

// A posterior curve's rows (as SharedComponentCurve returns them) binned by
// the true posterior, and each forest's mean confidence max(p, 1-p) where
// the truth is within 0.05 of 1/2: an over-confident forest reads far above
// 1/2 there.
func ExampleConfidenceNearHalf() {
	curve, err := frame.FromRecords([]string{"method", "truth", "posterior"}, [][]any{
		{"RF", 0.48, 0.9}, {"RF", 0.52, 0.15}, {"UF", 0.48, 0.55}, {"UF", 0.52, 0.42}, {"UF", 0.97, 0.9},
	})
	if err != nil {
		panic(err)
	}
	binned, _ := study.BinnedByTruth(curve, 20)
	printColumns(binned, "method", "truth", "bin")
	conf, _ := study.ConfidenceNearHalf(curve, 0.05)
	printColumns(conf, "method", "mean_confidence")
	// Output:
	// method truth bin
	// RF 0.480 0.475
	// RF 0.520 0.525
	// UF 0.480 0.475
	// UF 0.520 0.525
	// UF 0.970 0.975
	// method mean_confidence
	// RF 0.875
	// UF 0.565
}

// The reference re-run's MI error per estimator and setting, the numbers
// notebook 04 shows beside ufmi's.
func ExampleReferenceMIRMSE() {
	ref, _ := study.ReferenceMIRMSE()
	printColumns(ref, "method", "separated", "three_class")
	// Output:
	// method separated three_class
	// UF (paper) 0.022 0.050
	// RF-oob 0.054 0.105
	// SigRF 0.080 0.131
	// IRF 0.044 0.071
	// KSG 0.187 0.158
	// Mixed-KSG 0.177 0.140
}
