package ufmi

import (
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// TestNoiseTermSignalStudy measures the default's MI where many classes
// meet signal: K equally likely classes, x0 ~ N(mu·class, 1) and x1
// independent noise (the classes along a gradient, so that each row's
// neighbourhood holds a few classes and lacks the rest), exact I(X;Y) by
// quadrature, 8 data sets per cell. Beside the default (mean error, mean
// SE, intervals containing the exact value) and the preset "capped-noise"
// (UFConfig.CappedNoise, candidate 7 below in the default) it compares candidate noise
// terms on the one-step without the local-linear fit or sharpening, every
// term computed exactly from the forest's leaves (noiseTerms). A second
// table gives the default alone on larger data sets (4 per cell). Run with
//
//	UFMI_NOISE_SIGNAL_STUDY=1 go test -run TestNoiseTermSignalStudy -v -timeout 1h ./ufmi
//
// (about 5 minutes on 2 cores); docs/inference.md, "Many classes with
// signal", gives the tables and what they show.
func TestNoiseTermSignalStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_NOISE_SIGNAL_STUDY", "the many-class signal study")
	type cell struct {
		k, per int
		mu     float64
	}
	// line draws the rows of cell c from data seed r.
	line := func(c cell, r int) (*Features, []int) {
		x, y, err := lineClassesData(c.k, c.per, c.mu, uint64(r))
		if err != nil {
			t.Fatal(err)
		}
		return x, y
	}
	// presets adds to tally the default's and the capped preset's
	// estimates of data set x, y (forest seed), one of sets.
	presets := func(tally *presetTally, x *Features, y []int, truth float64, seed uint64, sets int) {
		for p, uf := range []UFConfig{DefaultUF(), cappedNoiseUF()} {
			d, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, Runtime: Runtime{Seed: seed}})
			if err != nil {
				t.Fatal(err)
			}
			tally.err[p] += (d.MI - truth) / float64(sets)
			tally.se[p] += d.CI.SE / float64(sets)
			if d.CI.Low <= truth && truth <= d.CI.High {
				tally.covered[p]++
			}
		}
	}
	const sets = 8
	fmt.Println("| K | rows per class | mu | exact | default: error | mean SE | covers | capped-noise: error | covers | plug-in | raw log-loss | second order (present) | null sim | neighbours' sim | row's sim | neighbours' labels, 2nd order | K_eff | row's binomial | capped | distinct binomial + capped |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range []cell{{3, 50, 0}, {3, 167, 0}, {5, 50, 0}, {10, 20, 0}, {10, 50, 0}, {10, 200, 0}, {20, 20, 0},
		{3, 167, 1}, {3, 167, 2}, {5, 50, 1}, {5, 200, 1}, {5, 200, 2}, {10, 20, 1}, {10, 50, 0.5}, {10, 50, 1}, {10, 200, 1}, {10, 50, 2}, {10, 200, 2}, {20, 50, 1}, {20, 200, 1}} {
		truth := lineClassesMI(c.k, c.mu)
		var tally presetTally
		var plugIn, raw float64
		var terms noiseTermSet
		for r := range sets {
			x, y := line(c, r)
			presets(&tally, x, y, truth, uint64(r+1), sets)
			p, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{PlugIn: true}, Runtime: Runtime{Seed: uint64(r + 1)}})
			if err != nil {
				t.Fatal(err)
			}
			plugIn += (p.MI - truth) / sets
			hy, _ := LabelEntropy(y)
			got := noiseTerms(plainOneStepForest(t, x, y, uint64(r+1)), y, 100, rand.New(rand.NewPCG(uint64(r), 12)))
			for v := range terms {
				terms[v] += (hy - got.raw + got.terms[v] - truth) / sets
			}
			raw += (hy - got.raw - truth) / sets
		}
		fmt.Printf("| %d | %d | %.1f | %.3f | %s | %+.3f | %+.3f |", c.k, c.per, c.mu, truth, tally.cells(sets), plugIn, raw)
		for _, v := range terms {
			fmt.Printf(" %+.3f |", v)
		}
		fmt.Println()
	}
	fmt.Println()
	fmt.Println("| K | rows per class | mu | exact | default: error | mean SE | covers | capped-noise: error | covers |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, c := range []cell{{5, 1000, 2}, {10, 500, 1}, {10, 1000, 1}, {10, 500, 2}, {10, 1000, 2}, {20, 500, 1}, {20, 1000, 1}} {
		const sets = 4
		truth := lineClassesMI(c.k, c.mu)
		var tally presetTally
		for r := range sets {
			x, y := line(c, r)
			presets(&tally, x, y, truth, uint64(r+1), sets)
		}
		fmt.Printf("| %d | %d | %.1f | %.3f | %s |\n", c.k, c.per, c.mu, truth, tally.cells(sets))
	}
}

// TestFewRowsPerClassStudy measures, at I = 0, what the CLI's notes quote
// for few rows per class beyond TestNoiseTermSignalStudy's cells: one
// column (every tree splits the same column), and fewer than 5 rows per
// class (EstimatorConfig.ManyClasses). Independent standard normal
// columns, classes of equal size (row i in class i mod K), 3 data sets per
// cell; the range of the estimates of the default and of the
// preset "capped-noise", and how many of their 95% intervals contain 0.
// Run with
//
//	UFMI_NOISE_SIGNAL_STUDY=1 go test -run TestFewRowsPerClassStudy -v ./ufmi
//
// (under a minute); docs/inference.md, "Many classes, few rows per class".
func TestFewRowsPerClassStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_NOISE_SIGNAL_STUDY", "the many-class signal study")
	const sets = 3
	fmt.Println("| K | rows per class | columns | default: MI | intervals containing 0 | capped-noise: MI | intervals containing 0 |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, c := range []struct{ k, per, columns int }{{20, 8, 1}, {10, 20, 1}, {60, 3, 2}, {40, 5, 2}, {80, 3, 2}, {100, 3, 2}, {100, 2, 2}, {200, 4, 2}} {
		var low, high [2]float64
		var covered [2]int
		for r := range sets {
			rng := rand.New(rand.NewPCG(uint64(r), 13))
			rows, y := make([][]float64, c.k*c.per), make([]int, c.k*c.per)
			for i := range rows {
				y[i] = i % c.k
				rows[i] = make([]float64, c.columns)
				for j := range rows[i] {
					rows[i][j] = rng.NormFloat64()
				}
			}
			x, err := NewFeatures(rows)
			if err != nil {
				t.Fatal(err)
			}
			for p, uf := range []UFConfig{DefaultUF(), cappedNoiseUF()} {
				e, err := EstimateMI(x, y, EstimatorConfig{UF: uf, Confidence: 0.95, ManyClasses: true, Runtime: Runtime{Seed: uint64(r + 1)}})
				if err != nil {
					t.Fatal(err)
				}
				if r == 0 || e.MI < low[p] {
					low[p] = e.MI
				}
				if r == 0 || e.MI > high[p] {
					high[p] = e.MI
				}
				if e.CI.Low <= 0 {
					covered[p]++
				}
			}
		}
		fmt.Printf("| %d | %d | %d | %+.2f to %+.2f | %d/%d | %+.2f to %+.2f | %d/%d |\n", c.k, c.per, c.columns,
			low[0], high[0], covered[0], sets, low[1], high[1], covered[1], sets)
	}
}

// presetTally sums, for the default (0) and the preset "capped-noise" (1),
// the mean error and mean SE of their estimates and how many intervals
// contain the exact value.
type presetTally struct {
	err, se [2]float64
	covered [2]int
}

// cells are the tally's table cells: the default's error, SE and
// coverage, the capped preset's error and coverage, of sets data sets.
func (p presetTally) cells(sets int) string {
	return fmt.Sprintf("%+.3f | %.3f | %d/%d | %+.3f | %d/%d", p.err[0], p.se[0], p.covered[0], sets, p.err[1], p.covered[1], sets)
}

// lineClassesData draws k·per rows of k equally likely classes with
// x0 ~ N(mu·class, 1) and x1 ~ N(0, 1) from data seed seed
// (lineClassesMI is their exact I(X;Y)).
func lineClassesData(k, per int, mu float64, seed uint64) (*Features, []int, error) {
	n := k * per
	rng := rand.New(rand.NewPCG(seed, 11))
	rows, y := make([][]float64, n), make([]int, n)
	for i := range rows {
		y[i] = rng.IntN(k)
		rows[i] = []float64{mu*float64(y[i]) + rng.NormFloat64(), rng.NormFloat64()}
	}
	x, err := NewFeatures(rows)
	return x, y, err
}

// TestNoiseTermRealTablesStudy compares, on many-class tables of the
// mirror's CC18 datasets (numeric columns only, all rows), the default's MI
// and the preset "capped-noise"'s with the plain one-step's (no local-linear fit or sharpening) under the
// present second-order noise term and under the simulated Jensen gaps, and
// gives the present term's excess over the neighbours' simulation: how much
// of the over-correction of TestNoiseTermSignalStudy real tables show. Run
// with
//
//	UFMI_MIRROR=... UFMI_NOISE_SIGNAL_STUDY=1 go test -run TestNoiseTermRealTablesStudy -v -timeout 1h ./ufmi
//
// (about 2 minutes).
func TestNoiseTermRealTablesStudy(t *testing.T) {
	skipUnlessStudy(t, "UFMI_NOISE_SIGNAL_STUDY", "the many-class signal study")
	dir := mirror.Dir(t, "cc18")
	fmt.Println("| data set | n | numeric columns | K | default | capped-noise | one-step, second order | neighbours' sim | row's sim | second order less neighbours' sim |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, name := range []string{"307_vowel", "40984_segment", "12_mfeat-factors", "14_mfeat-fourier", "16_mfeat-karhunen", "22_mfeat-zernike", "18_mfeat-morphological", "182_satimage", "40499_texture", "28_optdigits", "54_vehicle", "1468_cnae-9"} {
		rows, y, k, err := readNumericTable(filepath.Join(dir, name+".csv.gz"))
		if err != nil {
			t.Fatal(err)
		}
		x, err := NewFeatures(rows)
		if err != nil {
			t.Fatal(err)
		}
		d, err := EstimateMI(x, y, EstimatorConfig{Runtime: Runtime{Seed: 1}})
		if err != nil {
			t.Fatal(err)
		}
		c, err := EstimateMI(x, y, EstimatorConfig{UF: cappedNoiseUF(), Runtime: Runtime{Seed: 1}})
		if err != nil {
			t.Fatal(err)
		}
		hy, _ := LabelEntropy(y)
		got := noiseTerms(plainOneStepForest(t, x, y, 1), y, 30, rand.New(rand.NewPCG(1, 12)))
		second, neighbours, row := got.terms[0], got.terms[2], got.terms[3]
		fmt.Printf("| %s | %d | %d | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %+.3f |\n", name, len(y), len(rows[0]), k, d.MI, c.MI,
			hy-got.raw+second, hy-got.raw+neighbours, hy-got.raw+row, second-neighbours)
	}
}

// noiseTermSet holds one number per candidate noise term, in noiseTerms'
// order (the study's columns).
type noiseTermSet [9]float64

// noiseTermsOf is what noiseTerms returns: the raw out-of-sample log-loss
// (mean over the scored rows) and the candidates' mean noise terms.
type noiseTermsOf struct {
	raw   float64
	terms noiseTermSet
}

// noiseTerms returns the mean raw log-loss of UF f's scored rows (labels y;
// the trees in which a row votes, its own vote taken out, the pseudo-tree
// voting the class frequencies) and nine candidate noise terms, in order:
//
//  0. present: (K-1)/2 · Σ_j w_ij², every neighbour's posterior taken as
//     the row's and every class counted;
//  1. null sim: the Jensen gap Σ_c p̄_c(E[-log q̃_c] + log p̄_c), the
//     neighbours' labels drawn (draws times) from the class frequencies;
//  2. neighbours' sim: the same, each neighbour's label drawn from its own
//     out-of-sample posterior;
//  3. row's sim: the same, every neighbour's label drawn from the row's
//     posterior;
//  4. neighbours' labels, second order: ½ Σ_j w_ij² (1 - q_j(y_j)) /
//     q_i(y_j), each neighbour's label noise estimated by its own label
//     against its own posterior;
//  5. K_eff: (1/Σ_c q_ic² - 1)/2 · Σ_j w_ij²;
//  6. row's binomial: the gap of a mean of 1/Σ_j w_ij² equal votes drawn
//     from the row's posterior;
//  7. capped: Σ_c min((1 - q_ic)/2 · Σ_j w_ij², q_ic log(q_ic/floor_c)),
//     the second-order term of each class no more than the most its gap
//     can be (q̃_c never falls below the pseudo-tree's floor_c);
//  8. distinct binomial + capped: the row's binomial over its distinct
//     neighbours (the chance that a class gets no vote at all) plus the
//     capped second-order term of the variance beyond it.
func noiseTerms(f *Forest, y []int, draws int, rng *rand.Rand) noiseTermsOf {
	k := f.k
	w, share := voteWeights(f, y)
	q := make([][]float64, len(y))
	for i := range y {
		if w[i] != nil {
			q[i] = weightedLabels(w[i], share[i], f.prior, k, func(j int) []float64 { return classIndicator(y[j], k) })
		}
	}
	var out noiseTermsOf
	used := 0
	for i := range y {
		if w[i] == nil {
			continue
		}
		used++
		out.raw += -math.Log(q[i][y[i]])
		s := 0.0
		for _, v := range w[i] {
			s += v.w * v.w
		}
		floor := func(c int) float64 { return share[i] * f.prior[c] }
		var t noiseTermSet
		t[0] = float64(k-1) / 2 * s
		t[1] = simulatedGap(w[i], share[i], f.prior, k, draws, rng, func(int) []float64 { return f.prior })
		t[2] = simulatedGap(w[i], share[i], f.prior, k, draws, rng, func(j int) []float64 {
			if q[j] == nil {
				return f.prior
			}
			return q[j]
		})
		t[3] = simulatedGap(w[i], share[i], f.prior, k, draws, rng, func(int) []float64 { return q[i] })
		for _, v := range w[i] {
			if q[v.j] != nil {
				t[4] += v.w * v.w * (1 - q[v.j][y[v.j]]) / q[i][y[v.j]] / 2
			}
		}
		purity := 0.0
		for _, p := range q[i] {
			purity += p * p
		}
		t[5] = (1/purity - 1) / 2 * s
		t[6] = binomialGap(q[i], 1/s, share[i], f.prior)
		distinct := float64(len(w[i]))
		beyond := max(0, s-(1-share[i])*(1-share[i])/distinct)
		t[8] = binomialGap(q[i], distinct, share[i], f.prior)
		for c, p := range q[i] {
			t[7] += min(s*(1-p)/2, p*math.Log(p/floor(c)))
			t[8] += min(beyond*(1-p)/2, p*math.Log(p/floor(c)))
		}
		for v := range t {
			out.terms[v] += t[v]
		}
	}
	out.raw /= float64(used)
	for v := range out.terms {
		out.terms[v] /= float64(used)
	}
	return out
}

// neighbourWeight is the weight w_ij of neighbour j in a row's posterior.
type neighbourWeight struct {
	j int
	w float64
}

// voteWeights returns, for every row of UF f voting beside others (labels
// y), the weights its out-of-sample posterior puts on the other rows'
// votes (rowWeights, normalised and listed sparsely in row order: they sum
// to trees/(trees+1)), and the pseudo-tree's share 1/(trees+1); nil for
// other rows.
func voteWeights(f *Forest, y []int) ([][]neighbourWeight, []float64) {
	dense, trees := rowWeights(f, len(y))
	w, share := make([][]neighbourWeight, len(y)), make([]float64, len(y))
	for i, row := range dense {
		if trees[i] == 0 {
			continue
		}
		norm := trees[i] + 1
		for j, v := range row {
			if v != 0 {
				w[i] = append(w[i], neighbourWeight{j, v / norm})
			}
		}
		share[i] = 1 / norm
	}
	return w, share
}

// weightedLabels is Σ_j w_j·p(j) plus the pseudo-tree's share of prior.
func weightedLabels(w []neighbourWeight, share float64, prior []float64, k int, p func(j int) []float64) []float64 {
	q := make([]float64, k)
	for _, v := range w {
		for c, pc := range p(v.j) {
			q[c] += v.w * pc
		}
	}
	for c := range q {
		q[c] += share * prior[c]
	}
	return q
}

// classIndicator is the k-vector with 1 at class c.
func classIndicator(c, k int) []float64 {
	v := make([]float64, k)
	v[c] = 1
	return v
}

// simulatedGap is the Jensen gap Σ_c p̄_c(E[-log q̃_c] + log p̄_c) of a row
// whose posterior q̃ weighs its neighbours' labels by w (and the prior by
// share), each neighbour j's label drawn from from(j), p̄ = E[q̃]; E by
// draws draws.
func simulatedGap(w []neighbourWeight, share float64, prior []float64, k, draws int, rng *rand.Rand, from func(j int) []float64) float64 {
	mean := weightedLabels(w, share, prior, k, from)
	e := make([]float64, k)
	qt := make([]float64, k)
	for range draws {
		for c := range qt {
			qt[c] = share * prior[c]
		}
		for _, v := range w {
			u, p := rng.Float64(), from(v.j)
			c := 0
			for c < k-1 && u >= p[c] {
				u -= p[c]
				c++
			}
			qt[c] += v.w
		}
		for c := range e {
			e[c] -= math.Log(qt[c]) / float64(draws)
		}
	}
	g := 0.0
	for c := range e {
		g += mean[c] * (e[c] + math.Log(mean[c]))
	}
	return g
}

// binomialGap is Σ_c p_c(E[-log q̃_c] + log p_c) where q̃_c mixes a mean of
// m (rounded) votes, each for class c with the probability p_c less the
// prior's part, with the prior at weight share: the Jensen gap if a row's
// neighbours all had its posterior p and equal weights.
func binomialGap(p []float64, m, share float64, prior []float64) float64 {
	votes := max(1, int(math.Round(m)))
	lgamma := func(n int) float64 { v, _ := math.Lgamma(float64(n)); return v }
	g := 0.0
	for c, pc := range p {
		pv := min(1, (pc-share*prior[c])/(1-share))
		if pv <= 0 {
			continue
		}
		e := 0.0
		for b := 0; b <= votes; b++ {
			lp := lgamma(votes+1) - lgamma(b+1) - lgamma(votes-b+1) + float64(b)*math.Log(pv)
			if b < votes {
				lp += float64(votes-b) * math.Log1p(-pv)
			}
			e -= math.Exp(lp) * math.Log((1-share)*float64(b)/float64(votes)+share*prior[c])
		}
		g += pc * (e + math.Log(pc))
	}
	return g
}

// lineClassesMI is the exact I(X;Y) of k equally likely classes with
// x0 ~ N(mu·class, 1) and any further features independent noise (0 at
// mu = 0), by the midpoint rule on a grid of 0.001.
func lineClassesMI(k int, mu float64) float64 {
	if mu == 0 {
		return 0
	}
	const step = 0.001
	h := 0.0
	density := make([]float64, k)
	for x := -8.0; x <= mu*float64(k-1)+8; x += step {
		total := 0.0
		for c := range density {
			z := x - mu*float64(c)
			density[c] = math.Exp(-z*z/2) / math.Sqrt(2*math.Pi) / float64(k)
			total += density[c]
		}
		for _, d := range density {
			if d > 0 {
				h -= d * math.Log(d/total) * step
			}
		}
	}
	return math.Log(float64(k)) - h
}

// readNumericTable reads a mirror's gzip'd CSV (header; the class last)
// into the columns whose every cell is a number, and class codes in order
// of first appearance.
func readNumericTable(path string) ([][]float64, []int, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, 0, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, nil, 0, err
	}
	recs, err := csv.NewReader(gz).ReadAll()
	if err != nil {
		return nil, nil, 0, err
	}
	recs = recs[1:]
	cols := len(recs[0]) - 1
	numeric := make([]bool, cols)
	for c := range numeric {
		numeric[c] = true
		for _, r := range recs {
			if _, err := strconv.ParseFloat(r[c], 64); err != nil {
				numeric[c] = false
				break
			}
		}
	}
	codes := map[string]int{}
	rows, y := make([][]float64, len(recs)), make([]int, len(recs))
	for i, r := range recs {
		for c := 0; c < cols; c++ {
			if numeric[c] {
				v, _ := strconv.ParseFloat(r[c], 64)
				rows[i] = append(rows[i], v)
			}
		}
		code, ok := codes[r[cols]]
		if !ok {
			code = len(codes)
			codes[r[cols]] = code
		}
		y[i] = code
	}
	return rows, y, len(codes), nil
}
