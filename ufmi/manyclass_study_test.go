package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestManyClassesBiasStudy measures the default's MI at I = 0 with K
// classes of equal size and a given number of rows per class (two
// independent standard normal features; 6 data sets per cell), beside the
// plug-in, and splits the one-step's shortfall: the raw log-loss's excess
// over H(Y) (the rows' out-of-sample posteriors without the local-linear
// fit or sharpening, exact from the leaves), the part of it from rows whose
// label got no out-of-sample vote (scored by the pseudo-tree's prior alone),
// and the one-step of those posteriors (the raw log-loss less the noise
// term). Run with
//
//	UFMI_MANYCLASS_STUDY=1 go test -run TestManyClassesBiasStudy -v ./ufmi
//
// (about 5 minutes). A second table compares labels of fixed class counts
// (as above) with labels drawn independently, each with the default's
// stratified honest split and with an unstratified one
// (UFConfig.Unstratified), 8 data sets per cell; a third, on independent
// labels, the plain one-step without and with a correction of the
// stratified vote sets (stratifiedShortfallMI), and unstratified. docs/inference.md ("Many
// classes, few rows per class")
// gives the table and what it shows: the noise term, a second-order
// expansion in the votes per class, takes out about half of the excess
// when a row's neighbours hold only a few votes of each class.
func TestManyClassesBiasStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_MANYCLASS_STUDY", "the many-class bias study")
	const reps = 6
	fmt.Println("| K | rows per class | n | default | plug-in | raw log-loss's excess | of it, unvoted labels | unvoted rows | one-step without fit or sharpening |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, k := range []int{2, 3, 5, 10, 20} {
		for _, per := range []int{20, 50, 100, 200} {
			n := k * per
			var def, plug, excess, unvotedLoss, unvoted, plain float64
			for r := range reps {
				rng := rand.New(rand.NewPCG(uint64(r), 9))
				rows, y := make([][]float64, n), make([]int, n)
				for i := range rows {
					rows[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
					y[i] = i % k
				}
				x, err := NewFeatures(rows)
				if err != nil {
					t.Fatal(err)
				}
				rt := Runtime{Seed: uint64(r + 1)}
				e, err := EstimateMI(x, y, EstimatorConfig{Runtime: rt})
				if err != nil {
					t.Fatal(err)
				}
				p, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{PlugIn: true}, Runtime: rt})
				if err != nil {
					t.Fatal(err)
				}
				def += e.MI / reps
				plug += p.MI / reps
				f := plainOneStepForest(t, x, y, uint64(r+1))
				loss, lossUnvoted, share := unvotedLabels(f, y)
				excess += (loss - e.HY) / reps
				unvotedLoss += lossUnvoted / reps
				unvoted += share / reps
				h, _, _ := voterRoleSE(f, y)
				plain += (e.HY - h) / reps
			}
			fmt.Printf("| %d | %d | %d | %+.3f | %+.3f | %.3f | %.3f | %.3f | %+.3f |\n", k, per, n, def, plug, excess, unvotedLoss, unvoted, plain)
		}
	}
	fmt.Println()
	fmt.Println("| K | rows per class | fixed counts | fixed counts, unstratified | independent labels | independent labels, unstratified |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, c := range []struct{ k, per int }{{3, 50}, {5, 50}, {10, 20}, {10, 50}, {20, 50}} {
		const sets = 8
		n := c.k * c.per
		var mi [4]float64
		for r := range sets {
			rng := rand.New(rand.NewPCG(uint64(r), 9))
			rows, fixed, drawn := make([][]float64, n), make([]int, n), make([]int, n)
			for i := range rows {
				rows[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
				fixed[i], drawn[i] = i%c.k, rng.IntN(c.k)
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			for v, run := range []struct {
				y            []int
				unstratified bool
			}{{fixed, false}, {fixed, true}, {drawn, false}, {drawn, true}} {
				e, err := EstimateMI(x, run.y, EstimatorConfig{UF: UFConfig{Unstratified: run.unstratified}, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				mi[v] += e.MI / sets
			}
		}
		fmt.Printf("| %d | %d | %+.3f | %+.3f | %+.3f | %+.3f |\n", c.k, c.per, mi[0], mi[1], mi[2], mi[3])
	}
	fmt.Println()
	fmt.Println("| K | rows per class | plain one-step | with the vote set's correction | unstratified |")
	fmt.Println("|---|---|---|---|---|")
	for _, c := range []struct{ k, per int }{{2, 250}, {3, 50}, {3, 167}, {5, 50}, {10, 20}, {10, 50}, {20, 50}} {
		const sets = 8
		n := c.k * c.per
		var mi [3]float64
		for r := range sets {
			rng := rand.New(rand.NewPCG(uint64(r), 9))
			rows, y := make([][]float64, n), make([]int, n)
			for i := range rows {
				rows[i] = []float64{rng.NormFloat64(), rng.NormFloat64()}
				y[i] = rng.IntN(c.k)
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			plain, corrected := stratifiedShortfallMI(plainOneStepForest(t, x, y, uint64(r+1)), y)
			cfg := DefaultUF()
			cfg.NoLocalLinear, cfg.NoSharpening, cfg.Unstratified = true, true, true
			fu, err := FitUF(x, y, cfg, Runtime{Seed: uint64(r + 1)})
			if err != nil {
				t.Fatal(err)
			}
			unstratified, _ := stratifiedShortfallMI(fu, y)
			for v, m := range []float64{plain, corrected, unstratified} {
				mi[v] += m / sets
			}
		}
		fmt.Printf("| %d | %d | %+.4f | %+.4f | %+.4f |\n", c.k, c.per, mi[0], mi[1], mi[2])
	}
}

// stratifiedShortfallMI returns the plain one-step MI of UF f's rows (labels
// y; the trees in which a row votes, its own vote taken out, the present
// noise term), without and with the stratified vote set's correction: in a
// tree whose vote set holds v rows, v_k of class k, the others' votes for a
// row's own class c are scaled by (v-1)·v_c / (v·(v_c-1)) and for every
// other class by (v-1)/v, which makes each class's expected share among the
// others what an unstratified draw would give, whatever the posteriors.
func stratifiedShortfallMI(f *Forest, y []int) (plain, corrected float64) {
	n, k := len(y), f.k
	trees := len(f.trees)
	classVotes := make([][]float64, trees)
	voteRows := make([]float64, trees)
	for t, ft := range f.trees {
		classVotes[t] = make([]float64, k)
		for i := 0; i < n; i++ {
			if ft.vote.contains(i) {
				classVotes[t][y[i]]++
				voteRows[t]++
			}
		}
	}
	v := newVoteLeaves(f, n)
	hy, _ := LabelEntropy(y)
	var loss, correctedLoss float64
	used := 0
	weight := make([]float64, n)
	for i := 0; i < n; i++ {
		c := y[i]
		sums, correctedSums := make([]float64, k), make([]float64, k)
		voted := 0 // trees in which row i votes beside others
		var touched []int
		for t, ft := range f.trees {
			if !ft.vote.contains(i) {
				continue
			}
			rows := v.votes[t][ft.rowLeaf[i]]
			if len(rows) <= 1 {
				continue
			}
			voted++
			others := float64(len(rows) - 1)
			for _, j := range rows {
				if j == i {
					continue
				}
				label := y[j]
				sums[label] += 1 / others
				scale := (voteRows[t] - 1) / voteRows[t]
				if label == c {
					scale = (voteRows[t] - 1) * classVotes[t][c] / (voteRows[t] * (classVotes[t][c] - 1))
				}
				correctedSums[label] += scale / others
				if weight[j] == 0 {
					touched = append(touched, j)
				}
				weight[j] += 1 / others
			}
		}
		if voted == 0 {
			continue
		}
		norm := float64(voted + 1)
		noise := 0.0
		for _, j := range touched {
			noise += weight[j] * weight[j] / (norm * norm)
			weight[j] = 0
		}
		noise *= float64(k-1) / 2
		used++
		loss += -math.Log((sums[c]+f.prior[c])/norm) - noise
		correctedLoss += -math.Log((correctedSums[c]+f.prior[c])/norm) - noise
	}
	return hy - loss/float64(used), hy - correctedLoss/float64(used)
}

// unvotedLabels returns the mean out-of-sample log-loss of UF f's scored
// rows (labels y), the part of that mean from rows none of whose
// out-of-sample votes is their own label, and those rows' share.
func unvotedLabels(f *Forest, y []int) (loss, lossUnvoted, share float64) {
	v := newVoteLeaves(f, len(y))
	used, unvoted := 0, 0
	for i := range y {
		q := v.posterior(i, y)
		if q == nil {
			continue
		}
		used++
		l := -math.Log(q[y[i]])
		loss += l
		own := 0
		v.each(i, func(rows []int) {
			for _, j := range rows {
				if j != i && y[j] == y[i] {
					own++
				}
			}
		})
		if own == 0 {
			unvoted++
			lossUnvoted += l
		}
	}
	return loss / float64(used), lossUnvoted / float64(used), float64(unvoted) / float64(used)
}
