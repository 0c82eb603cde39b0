package ufmi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestManyClassBlobsStudy measures the default, the preset "capped-noise"
// and ObliqueUF on a second many-class family beside
// TestNoiseTermSignalStudy's classes along one column: K equally likely
// classes, each a unit-variance spherical Gaussian ("blob") about a centre
// drawn N(0, s²) in d informative columns (fixed per cell), and two columns
// of noise; the exact I(X;Y) by Monte Carlo (blobMI, 200,000 draws:
// within about 0.002). The posteriors are exactly a multinomial logistic
// regression's, so the linear bound (Estimate.LinearBound) is near the truth
// and shows what a partition misses. 8 data sets per cell: mean error, mean
// SE and how many 95% intervals contain the exact value. Run with
//
//	UFMI_BLOBS_STUDY=1 go test -run TestManyClassBlobsStudy -v -timeout 1h ./ufmi
//
// (about 6 minutes on 2 cores); docs/inference.md, "Many classes with
// signal", gives the table.
func TestManyClassBlobsStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_BLOBS_STUDY", "the many-class blobs study")
	capped, err := ParseUFPreset("capped-noise")
	if err != nil {
		t.Fatal(err)
	}
	presets := []UFConfig{DefaultUF(), capped, ObliqueUF()}
	type cell struct {
		k, d, per int
		s         float64
	}
	const sets = 8
	fmt.Println("| K | informative columns | rows per class | centres' sd | exact | default: error | its mean SE | covers | capped-noise: error | covers | ObliqueUF: error | covers | linear bound: error |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []cell{{3, 2, 100, 1.5}, {3, 5, 100, 1}, {5, 2, 100, 1.5}, {5, 5, 100, 1}, {5, 5, 400, 1},
		{10, 2, 100, 1.5}, {10, 2, 400, 1.5}, {10, 5, 100, 1}, {10, 5, 400, 1}, {15, 2, 100, 2}, {20, 3, 100, 2}, {20, 3, 400, 2}} {
		centres := blobCentres(c.k, c.d, c.s, uint64(100*c.k+c.d))
		truth := blobMI(centres)
		var errs, ses [3]float64
		var covered [3]int
		linear := 0.0
		for r := range sets {
			x, y, err := blobData(centres, c.per, 2, uint64(r))
			if err != nil {
				t.Fatal(err)
			}
			for p, uf := range presets {
				cfg := EstimatorConfig{UF: uf, Confidence: 0.95, LowerBound: p == 0, Runtime: Runtime{Seed: uint64(r + 1)}}
				e, err := EstimateMI(x, y, cfg)
				if err != nil {
					t.Fatal(err)
				}
				errs[p] += (e.MI - truth) / sets
				ses[p] += e.CI.SE / sets
				if e.CI.Contains(truth) {
					covered[p]++
				}
				if p == 0 {
					linear += (e.LinearBound.Value - truth) / sets
				}
			}
		}
		fmt.Printf("| %d | %d | %d | %.1f | %.3f | %+.3f | %.3f | %d/%d | %+.3f | %d/%d | %+.3f | %d/%d | %+.3f |\n", c.k, c.d, c.per, c.s, truth,
			errs[0], ses[0], covered[0], sets, errs[1], covered[1], sets, errs[2], covered[2], sets, linear)
	}
}

// blobCentres draws k class centres N(0, s²) in d columns from seed.
func blobCentres(k, d int, s float64, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 99))
	centres := make([][]float64, k)
	for c := range centres {
		centres[c] = make([]float64, d)
		for j := range centres[c] {
			centres[c][j] = s * rng.NormFloat64()
		}
	}
	return centres
}

// blobPosterior writes into post the exact posterior at x of equally likely
// unit-variance spherical Gaussian classes about centres.
func blobPosterior(centres [][]float64, x, post []float64) {
	top := math.Inf(-1)
	for c, centre := range centres {
		s := 0.0
		for j, m := range centre {
			s -= (x[j] - m) * (x[j] - m) / 2
		}
		post[c] = s
		top = max(top, s)
	}
	total := 0.0
	for c := range post {
		post[c] = math.Exp(post[c] - top)
		total += post[c]
	}
	for c := range post {
		post[c] /= total
	}
}

// blobMI is I(X;Y) of the blobs about centres, log K less the mean entropy
// of the exact posterior over 200,000 draws (a fixed stream): its Monte
// Carlo error is the posterior entropy's sd (at most log K) / 447.
func blobMI(centres [][]float64) float64 {
	const draws = 200_000
	rng := rand.New(rand.NewPCG(5, 5))
	post := make([]float64, len(centres))
	x := make([]float64, len(centres[0]))
	h := 0.0
	for range draws {
		y := rng.IntN(len(centres))
		for j := range x {
			x[j] = centres[y][j] + rng.NormFloat64()
		}
		blobPosterior(centres, x, post)
		for _, p := range post {
			if p > 0 {
				h -= p * math.Log(p)
			}
		}
	}
	return math.Log(float64(len(centres))) - h/draws
}

// blobData draws len(centres)·per rows of the blobs about centres, with
// noise further N(0, 1) columns, from data seed seed.
func blobData(centres [][]float64, per, noise int, seed uint64) (*Features, []int, error) {
	rng := rand.New(rand.NewPCG(seed, 17))
	d := len(centres[0])
	rows, y := make([][]float64, len(centres)*per), make([]int, len(centres)*per)
	for i := range rows {
		y[i] = rng.IntN(len(centres))
		rows[i] = make([]float64, d+noise)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
			if j < d {
				rows[i][j] += centres[y[i]][j]
			}
		}
	}
	x, err := NewFeatures(rows)
	return x, y, err
}
