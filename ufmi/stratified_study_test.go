package ufmi

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStratifiedVotesAtZeroStudy measures where the default's lean below
// zero at I = 0 comes from (docs/inference.md, "The lean at zero"):
// labels independent of the columns, the default's stratified halves
// against UFConfig.Unstratified, the mean of Ĥ(Y|X) less the plug-in Ĥ(Y)
// over the data sets. With stratified halves a vote row's fellow rows of
// its own class vote beside it a little less often than other classes'
// rows ((v_c − 1)/(n_c − 1) against v_c'/n_c'), its posterior of its own
// class falls, and its log-loss rises by about (K − 1)/n over the rows at
// I = 0; with halves drawn from all rows every other row votes beside it
// as often, whatever its class. Run with
//
//	UFMI_STRATIFIED_STUDY=1 go test -run TestStratifiedVotesAtZeroStudy -v ./ufmi
//
// (about 2 minutes on 2 cores).
func TestStratifiedVotesAtZeroStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_STRATIFIED_STUDY", "the stratified vote sets' study at I = 0")
	fmt.Println("| n | columns | classes | data sets | (K − 1)/n | stratified (the default): Ĥ(Y\\|X) − Ĥ(Y) | MI | unstratified: Ĥ(Y\\|X) − Ĥ(Y) | MI | difference |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []struct{ n, d, k, sets int }{{500, 2, 2, 300}, {500, 1, 2, 300}, {500, 2, 3, 300}, {2000, 2, 2, 100}} {
		var gap [2][]float64
		var mi [2][]float64
		for r := range c.sets {
			x, y := gaussianData(c.n, c.d, uint64(5000+r), uint64(c.n), func(_ []float64, rng *rand.Rand) int { return rng.IntN(c.k) })
			for v, unstratified := range []bool{false, true} {
				est, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Unstratified: unstratified}, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				gap[v], mi[v] = append(gap[v], est.HYGivenX-est.HY), append(mi[v], est.MI)
			}
		}
		gs, _ := meanSD(gap[0])
		ms, _ := meanSD(mi[0])
		gu, _ := meanSD(gap[1])
		mu, _ := meanSD(mi[1])
		fmt.Printf("| %d | %d | %d | %d | %.4f | %+.4f | %+.4f | %+.4f | %+.4f | %+.4f |\n", c.n, c.d, c.k, c.sets, float64(c.k-1)/float64(c.n), gs, ms, gu, mu, gs-gu)
	}
}
