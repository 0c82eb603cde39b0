package sim_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

func ExampleMISimulation_Truth() {
	for _, setting := range sim.MISettings() {
		truth, err := sim.MISimulation{Setting: setting, Prior: 0.5}.Truth()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-11s H(Y)=%.4f H(Y|X)=%.4f I(X;Y)=%.4f nMI=%.4f\n",
			setting, truth.HY, truth.HYGivenX, truth.MI, truth.NormalizedMI())
	}
	// Output:
	// overlapping H(Y)=0.6931 H(Y|X)=0.6931 I(X;Y)=0.0000 nMI=0.0000
	// separated   H(Y)=0.6931 H(Y|X)=0.3563 I(X;Y)=0.3368 nMI=0.4859
	// three_class H(Y)=1.0397 H(Y|X)=0.7326 I(X;Y)=0.3071 nMI=0.2954
	// scaled      H(Y)=0.6931 H(Y|X)=0.0664 I(X;Y)=0.6267 nMI=0.9042
}

func ExampleSteepSimulation_EvalGrid() {
	sim := sim.SteepSimulation{N: 5000, D: 4, Alpha: 8}
	points, err := sim.EvalGrid(50, 4, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	truth, _ := sim.Posteriors(points)
	fmt.Println(len(points), "points; P(Y=1) at the last grid corner:", fmt.Sprintf("%.4f", truth[len(truth)-1][1]))
	// Output:
	// 10000 points; P(Y=1) at the last grid corner: 0.9644
}
