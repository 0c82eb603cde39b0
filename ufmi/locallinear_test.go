package ufmi

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// rowWeights returns, for every training row of a UF forest, the weights
// its out-of-sample posterior puts on the other rows' votes (each tree in
// which the row votes gives 1/(m-1) to the m-1 other votes of its leaf;
// the weights sum over trees, unnormalised) and its number of such trees.
func rowWeights(f *Forest, n int) ([][]float64, []float64) {
	w := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
	}
	trees := make([]float64, n)
	for _, ft := range f.trees {
		leaves := map[int32][]int{}
		for i := 0; i < n; i++ {
			if ft.vote.contains(i) {
				leaves[ft.rowLeaf[i]] = append(leaves[ft.rowLeaf[i]], i)
			}
		}
		for i := 0; i < n; i++ {
			if !ft.vote.contains(i) {
				continue
			}
			rows := leaves[ft.rowLeaf[i]]
			if len(rows) < 2 {
				continue
			}
			for _, j := range rows {
				if j != i {
					w[i][j] += 1 / float64(len(rows)-1)
				}
			}
			trees[i]++
		}
	}
	return w, trees
}

// The local-linear sums added tree by tree give every row the posterior of
// a weighted least-squares fit done directly: with the row's weights w_j
// (normalised) and coordinates u_j (less the row's), the corrected
// posterior of class c is q_c + λ·vᵀ(Σ_j w_j u_j 1[y_j=c] - ū q_c), v =
// -C⁻¹ū, before the floor; and the sketch coefficients give Σ_j ℓ_j r_j.
func TestLocalLinearSumsMatchDirectFit(t *testing.T) {
	setting := sim.MISimulation{Setting: sim.ThreeClass, N: 300, D: 4, Prior: 0.5}
	xr, y, err := setting.Sample(3)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := NewFeatures(xr)
	cfg := UFConfig{Trees: 30}
	rt := Runtime{Seed: 9, Workers: 2}
	f, err := FitUF(x, y, cfg, rt)
	if err != nil {
		t.Fatal(err)
	}
	local := f.rule.local
	if local == nil || len(local.coords) != localLinearColumns*len(y) {
		t.Fatalf("want a fit on %d coordinates, got %+v", localLinearColumns, local)
	}
	n, k, m := len(y), f.k, localLinearColumns
	oos := newOutOfSample(y, k, false, true, sharpeningFolds).withLocalLinear(local)
	for t := range f.trees {
		oos.add(votingTreeOf(&f.trees[t], f.trees[t].rowLeaf), nil)
	}
	w, trees := rowWeights(f, n)
	cls, z := make([]float64, k), make([]float64, sketchWidth)
	raw, zraw := make([]float64, oos.width), make([]float64, oos.sketchRow())
	checked, corrected, unfitted := 0, 0, 0
	for i := 0; i < n; i++ {
		got := oos.rowSince(i, nil, cls, z, raw, zraw)
		if float64(got) != trees[i] {
			t.Fatalf("row %d: %d trees, want %v", i, got, trees[i])
		}
		if trees[i] == 0 {
			continue
		}
		// The direct fit.
		total := 0.0
		for _, v := range w[i] {
			total += v
		}
		var ubar [2]float64
		q := make([]float64, k)
		for j, v := range w[i] {
			if v == 0 {
				continue
			}
			for c := 0; c < m; c++ {
				ubar[c] += v / total * (local.coords[j*m+c] - local.coords[i*m+c])
			}
			q[y[j]] += v / total
		}
		var cov [2][2]float64
		uy := make([][]float64, m)
		for c := range uy {
			uy[c] = make([]float64, k)
		}
		for j, v := range w[i] {
			if v == 0 {
				continue
			}
			for c := 0; c < m; c++ {
				uc := local.coords[j*m+c] - local.coords[i*m+c]
				uy[c][y[j]] += v / total * uc
				for e := 0; e < m; e++ {
					ue := local.coords[j*m+e] - local.coords[i*m+e]
					cov[c][e] += v / total * (uc - ubar[c]) * (ue - ubar[e])
				}
			}
		}
		if trees[i] < localLinearMinTrees {
			// Too few trees for a fit: the forest posterior as it is.
			for c := 0; c < k; c++ {
				if math.Abs(cls[c]/trees[i]-q[c]) > 1e-9 {
					t.Fatalf("row %d of %v trees class %d: posterior %v, want the unfitted %v", i, trees[i], c, cls[c]/trees[i], q[c])
				}
			}
			unfitted++
			continue
		}
		det := cov[0][0]*cov[1][1] - cov[0][1]*cov[1][0]
		if !(det > 1e-12*cov[0][0]*cov[1][1]) {
			continue
		}
		v0 := -(cov[1][1]*ubar[0] - cov[0][1]*ubar[1]) / det
		v1 := -(-cov[1][0]*ubar[0] + cov[0][0]*ubar[1]) / det
		want := make([]float64, k)
		floored := false
		for c := 0; c < k; c++ {
			want[c] = q[c] + localLinearShrink*(v0*(uy[0][c]-ubar[0]*q[c])+v1*(uy[1][c]-ubar[1]*q[c]))
			if want[c] < localLinearFloor*q[c] {
				floored = true
			}
		}
		if floored {
			continue
		}
		for c := 0; c < k; c++ {
			if math.Abs(cls[c]/trees[i]-want[c]) > 1e-9 {
				t.Fatalf("row %d class %d: corrected posterior %v, the direct fit %v", i, c, cls[c]/trees[i], want[c])
			}
			if math.Abs(want[c]-q[c]) > 1e-6 {
				corrected++
			}
		}
		// The sketch: Σ_j c_j (1 + λ(u_j - ū)ᵀv) r_j with c_j = w_j (trees' sums).
		wantZ := make([]float64, sketchWidth)
		for j, v := range w[i] {
			if v == 0 {
				continue
			}
			l := v * (1 + localLinearShrink*((local.coords[j*m]-local.coords[i*m]-ubar[0])*v0+(local.coords[j*m+1]-local.coords[i*m+1]-ubar[1])*v1))
			addSigns(wantZ, j, l)
		}
		for s := range z {
			if math.Abs(z[s]-wantZ[s]) > 1e-9*max(1, math.Abs(wantZ[s])) {
				t.Fatalf("row %d sketch %d: %v, want %v", i, s, z[s], wantZ[s])
			}
		}
		checked++
	}
	if checked < n/2 || corrected < n/2 || unfitted == 0 {
		t.Fatalf("only %d rows checked, %d corrected class posteriors, %d rows of too few trees left unfitted", checked, corrected, unfitted)
	}
}

// Half the local-linear correction takes out most of the smoothing that
// biases three classes at n = 500 (the default reads about 0.015 low there,
// docs/inference.md), and moves nothing where there is nothing to find.
func TestLocalLinearLowersSmoothingBias(t *testing.T) {
	if testing.Short() {
		t.Skip("fits 16 forests")
	}
	cases := []struct {
		setting  sim.MISetting
		min, max float64 // bounds on the mean change of the MI estimate
	}{
		{sim.ThreeClass, 0.005, 0.02},
		{sim.Overlapping, -0.003, 0.003},
	}
	for _, c := range cases {
		s := sim.MISimulation{Setting: c.setting, N: 500, D: 2, Prior: 0.5}
		truth, _ := s.Truth()
		change, errPlain, errLocal := 0.0, 0.0, 0.0
		const reps = 4
		for r := 0; r < reps; r++ {
			xr, y, _ := s.Sample(uint64(40 + r))
			x, _ := NewFeatures(xr)
			var est [2]float64
			for v, local := range []bool{false, true} {
				h, err := streamHonestEntropy(x, y, UFConfig{Trees: 150, NoLocalLinear: !local}, Runtime{Seed: uint64(r), Workers: 2}, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				hy, _ := LabelEntropy(y)
				est[v] = hy - h
			}
			change += (est[1] - est[0]) / reps
			errPlain += (est[0] - truth.MI) / reps
			errLocal += (est[1] - truth.MI) / reps
		}
		t.Logf("%v: mean change %+.4f, error %+.4f -> %+.4f", c.setting, change, errPlain, errLocal)
		if change < c.min || change > c.max {
			t.Errorf("%v: the local-linear fit moves the MI estimate by %+.4f on average, want [%v, %v]", c.setting, change, c.min, c.max)
		}
	}
}

// The fit is on ranks: a monotone transform of the features changes no
// coordinate, and an increasing affine one (which keeps the forest's
// posteriors) no estimate. Categorical columns and columns with missing
// cells are never fitted on.
func TestLocalLinearCoordinates(t *testing.T) {
	x, y := benchData(300, 4, 4)
	weights := []float64{0.2, 1, 0.5, 0.01}
	k := slices.Max(y) + 1
	a, b := newLocalCoordinates(x, y, k, weights, true), newLocalCoordinates(transformColumns(x, math.Exp), y, k, weights, true)
	if a == nil || len(a.coords) != localLinearColumns*x.n || !slices.Equal(a.coords, b.coords) {
		t.Fatalf("coordinates change under a monotone transform")
	}
	cfg := UFConfig{Trees: 30}
	h1, err1 := streamHonestEntropy(x, y, cfg, Runtime{Seed: 3, Workers: 2}, nil, nil)
	h2, err2 := streamHonestEntropy(transformColumns(x, func(v float64) float64 { return 3*v + 1 }), y, cfg, Runtime{Seed: 3, Workers: 2}, nil, nil)
	if err := firstError(err1, err2); err != nil {
		t.Fatal(err)
	}
	plain, _ := streamHonestEntropy(x, y, UFConfig{Trees: 30, NoLocalLinear: true}, Runtime{Seed: 3, Workers: 2}, nil, nil)
	if math.Abs(h1-h2) > 1e-12 || h1 == plain {
		t.Fatalf("H(Y|X) %v, after an affine transform %v, without the fit %v: want the first two equal, the third not", h1, h2, plain)
	}
	cols := []Column{
		{Name: "level", Kind: Categorical, Values: []float64{0, 1, 0, 1}, Levels: []string{"a", "b"}},
		{Name: "gappy", Values: []float64{1, math.NaN(), 3, 4}},
		{Name: "full", Values: []float64{4, 3, 2, 1}},
	}
	xc, err := NewColumnFeatures(cols)
	if err != nil {
		t.Fatal(err)
	}
	lc := newLocalCoordinates(xc, []int{0, 1, 0, 1}, 2, []float64{1, 1, 0.1}, true)
	if want := []float64{0.875, 0, 0.625, 0, 0.375, 0, 0.125, 0}; !slices.Equal(lc.coords, want) {
		t.Fatalf("coordinates %v, want %v: the complete numeric column, then 0 for the coordinate without one", lc.coords, want)
	}
	// Without weights, the qualifying columns in index order, ranks scaled
	// to (0, 1).
	noWeights := newLocalCoordinates(x, y, k, nil, false)
	ranks0, ranks1 := metrics.MidRanks(x.cols[0]), metrics.MidRanks(x.cols[1])
	scaled := func(r float64) float64 { return (r - 0.5) / float64(x.n) }
	for i := 0; i < x.n; i++ {
		if noWeights.coords[2*i] != scaled(ranks0[i]) || noWeights.coords[2*i+1] != scaled(ranks1[i]) {
			t.Fatalf("row %d: coordinates without weights %v, want the ranks of columns 0 and 1", i, noWeights.coords[2*i:2*i+2])
		}
	}
}

// Same seed, same answer, whatever the number of workers (tree blocks:
// ufmi/sharded's TestTreeBlocksShardsAreInvisible).
func TestLocalLinearWorkersAndShards(t *testing.T) {
	x, y := benchData(400, 5, 3)
	var first Estimate
	for i, w := range []int{1, 3} {
		est, err := EstimateMI(x, y, EstimatorConfig{UF: UFConfig{Trees: 40}, Confidence: 0.9, Runtime: Runtime{Seed: 8, Workers: w}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = est
		} else if est.MI != first.MI || est.CI != first.CI {
			t.Fatalf("workers 1: %v %+v; workers 3: %v %+v", first.MI, first.CI, est.MI, est.CI)
		}
	}
}

// With the local-linear fit, a forest on a single feature keeps leaves of
// 6 structure rows at n = 500; on two features they follow n (3).
func TestLocalLinearKeepsOneFeatureLeaves(t *testing.T) {
	x, y := simFeatures(t, sim.MISimulation{Setting: sim.Separated, N: 500, D: 2, Prior: 0.5, Mu: 1}, 3)
	one, err := x.SelectCols([]int{0})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x    *Features
		uf   UFConfig
		want int
	}{
		{one, UFConfig{Trees: 10}, 6},
		{x, UFConfig{Trees: 10}, 3},
		{one, UFConfig{Trees: 10, NoLocalLinear: true}, 3},
	} {
		f, err := FitUF(c.x, y, c.uf, Runtime{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := smallestLeaf(f, c.x); got != c.want {
			t.Errorf("%d features, local-linear %v: smallest leaf %d structure rows, want %d", c.x.Cols(), !c.uf.NoLocalLinear, got, c.want)
		}
	}
}

// With NoSharpening the fitted one-step is never sharpened, though its
// sums keep every class: on data where the sharpened log-loss is lower, the
// estimate is the noise-corrected log-loss of the fitted posteriors.
func TestLocalLinearWithoutSharpening(t *testing.T) {
	// Six classes, each shifted along its own coordinate: the forest's
	// averaged posteriors are flatter than its partition allows.
	rng := rand.New(rand.NewPCG(4, 1))
	rows, y := make([][]float64, 600), make([]int, 600)
	for i := range rows {
		y[i] = i % 6
		rows[i] = make([]float64, 6)
		for j := range rows[i] {
			rows[i][j] = rng.NormFloat64()
		}
		rows[i][y[i]] += 3
	}
	x, err := NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	cfg := UFConfig{Trees: 30, NoSharpening: true}
	f, err := FitUF(x, y, cfg, Runtime{Seed: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	h, err := f.HonestConditionalEntropy(false, nil)
	if err != nil {
		t.Fatal(err)
	}
	plain := newOutOfSample(y, f.k, false, true, 0).withLocalLinear(f.rule.local)
	sharpened := newOutOfSample(y, f.k, false, true, sharpeningFolds).withLocalLinear(f.rule.local)
	for tr := range f.trees {
		plain.add(votingTreeOf(&f.trees[tr], f.trees[tr].rowLeaf), nil)
		sharpened.add(votingTreeOf(&f.trees[tr], f.trees[tr].rowLeaf), nil)
	}
	want, withSharpening := plain.noiseCorrectedSince(nil, f.prior), sharpened.oneStepEntropy(f.prior)
	if !(withSharpening < want) {
		t.Fatalf("the data do not tell: sharpening would not lower the estimate (%v, %v)", withSharpening, want)
	}
	if h != max(want, 0) {
		t.Fatalf("H(Y|X) %v, the fitted one-step %v (sharpened: %v)", h, want, withSharpening)
	}
}
