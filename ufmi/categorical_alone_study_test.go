package ufmi

import (
	"fmt"
	"math"
	"testing"
)

// TestCategoricalAloneStudy measures where the default's bias on the
// categorical column of TestDiscreteBesideNoiseStudy, alone, comes from
// (6 levels, 3 classes, I(X;Y) = 0.1383; −0.015 at n = 300): whether the
// trees isolate the levels (leaves per tree, and the share of leaves that
// hold rows of two levels or more), the forest's (FitUF, leaves of 6)
// out-of-sample log-loss of the rows' labels against the exact H(Y|X), the
// log-loss less the one-step (the noise term, and the sharpening where it
// lowers the log-loss), and the log-loss of each row's level's
// leave-one-out class frequencies mixed with the same pseudo-tree of the
// class frequencies (what the forest's posteriors tend to with many trees
// on a partition by level), with its second-order part, (K − 1)/(2(m − 1))
// per row of a level of m rows. 60 data sets per n. Run with
//
//	UFMI_CATEGORICAL_ALONE_STUDY=1 go test -run TestCategoricalAloneStudy -v ./ufmi
//
// (a few seconds on 2 cores); docs/inference.md, "A discrete column
// beside noise", gives the table.
func TestCategoricalAloneStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_CATEGORICAL_ALONE_STUDY", "the categorical-column study")
	const sets, k = 60, 3
	hGiven := 0.0
	for l, w := range discreteLevelShares {
		hGiven += w * Entropy(discreteLevelPosteriors[l])
	}
	fmt.Println("| n | data sets | leaves per tree | leaves holding two levels or more | MI: error | H(Y\\|X): one-step's error | out-of-sample log-loss's error | log-loss less the one-step | the level's leave-one-out log-loss: error | its second order |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, n := range []int{300, 1000} {
		var miErr, oneStepErr, lossErr, looErr, looSecond []float64
		leaves, mixed, trees := 0, 0, 0
		for r := range sets {
			x, y, level := discreteLevelData(t, n, false, uint64(7000+r))
			f, err := FitUF(x, y, UFConfig{}, Runtime{Seed: uint64(r + 1)})
			if err != nil {
				t.Fatal(err)
			}
			for ti := range f.trees {
				levelsOf := map[int32]map[int]bool{}
				for i, l := range f.trees[ti].rowLeaf {
					if levelsOf[l] == nil {
						levelsOf[l] = map[int]bool{}
					}
					levelsOf[l][level[i]] = true
				}
				for _, in := range levelsOf {
					leaves++
					if len(in) > 1 {
						mixed++
					}
				}
				trees++
			}
			oos, _ := heldSums(f, y)
			oneStep := oos.oneStepEntropy(f.prior)
			hy, _ := LabelEntropy(y)
			q := outOfSamplePosteriors(oos, f.prior, true)
			counts := make([][k]float64, len(discreteLevelShares))
			for i := range y {
				counts[level[i]][y[i]]++
			}
			loss, loo, second, rows := 0.0, 0.0, 0.0, 0
			for i, p := range q {
				if p == nil {
					continue
				}
				c, m := counts[level[i]], 0.0
				for _, v := range c {
					m += v
				}
				votes := float64(oos.trees[i])
				share := (c[y[i]] - 1) / (m - 1)
				loss -= math.Log(p[y[i]])
				loo -= math.Log((share*votes + f.prior[y[i]]) / (votes + 1))
				second += (k - 1) / (2 * (m - 1))
				rows++
			}
			miErr = append(miErr, hy-oneStep-discreteLevelMI())
			oneStepErr = append(oneStepErr, oneStep-hGiven)
			lossErr = append(lossErr, loss/float64(rows)-hGiven)
			looErr = append(looErr, loo/float64(rows)-hGiven)
			looSecond = append(looSecond, second/float64(rows))
		}
		fmt.Printf("| %d | %d | %.2f | %.4f | %+.4f | %+.4f | %+.4f | %.4f | %+.4f | %.4f |\n", n, sets,
			float64(leaves)/float64(trees), float64(mixed)/float64(leaves), meanOf(miErr), meanOf(oneStepErr),
			meanOf(lossErr), meanOf(lossErr)-meanOf(oneStepErr), meanOf(looErr), meanOf(looSecond))
	}
}
