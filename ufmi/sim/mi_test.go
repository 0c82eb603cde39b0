package sim

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
	"github.com/ufmi-dev/ufmi/internal/testcheck"
)

// simReferenceTruths are exact truths of the reference re-run
// (the shared notes' reference-results.md §2–3; full precision from the
// mirror's reference/mi_settings.csv and cond_entropy.csv), kept here so the
// test never depends on the data mirror alone. NaN means "not listed".
var simReferenceTruths = []struct {
	setting           MISetting
	prior, mu         float64
	mi, hYGivenX, hX2 float64
}{
	{Overlapping, 0.5, 1, 0, 0.6931471805599453, 2.8378770664093453},
	{Overlapping, 0.1, 1, 0, 0.3250829733914482, 2.8378770664093453},
	{Separated, 0.5, 1, 0.33683082034683165, 0.35631636021311364, 3.1747078867561767},
	{Separated, 0.3, 1, 0.29185751791279807, 0.3190067841420953, 3.1297345843221436},
	{Separated, 0.1, 1, 0.1420204063665603, 0.1830625670248879, 2.979897472775906},
	{Separated, 0.5, 0.5, 0.11142148218473602, 0.5817256983752093, 2.949298548594082},
	{Separated, 0.5, 1.5, 0.5267773065213734, 0.16636987403857184, 3.364654372930719},
	{Separated, 0.5, 3, 0.6892979330290777, 0.0038492475308675323, 3.5271749994384236},
	{ThreeClass, 0.5, 1, 0.3071218337477195, 0.7325989370921984, 3.1449989001570655},
	{ThreeClass, 0.3, 1, 0.3534592023924882, math.NaN(), math.NaN()},
	{ThreeClass, 0.7, 1, 0.22035784770170042, math.NaN(), math.NaN()},
	{ThreeClass, 0.9, 1, 0.08861298098470838, math.NaN(), math.NaN()},
	{Scaled, 0.5, 1, 0.62674608027842, 0.06640110028152524, 2.313330600190742},
	{Scaled, 0.1, 1, 0.30316682615984225, math.NaN(), math.NaN()},
	{Scaled, 0.3, 1, 0.561658630542448, math.NaN(), math.NaN()},
	{Scaled, 0.7, 1, 0.5377706587487752, math.NaN(), math.NaN()},
	{Scaled, 0.9, 1, 0.26595348699241206, math.NaN(), math.NaN()},
}

// simTruthTol is the agreement required with the reference truths.
const simTruthTol = 1e-4

func TestMISimulationTruthMatchesReferenceConstants(t *testing.T) {
	t.Parallel()
	for _, c := range simReferenceTruths {
		sim := MISimulation{Setting: c.setting, Prior: c.prior, Mu: c.mu}
		got, err := sim.Truth()
		if err != nil {
			t.Fatalf("%+v: %v", sim, err)
		}
		testcheck.Close(t, fmt.Sprintf("%v π=%v μ=%v MI", c.setting, c.prior, c.mu), got.MI, c.mi, simTruthTol)
		if !math.IsNaN(c.hYGivenX) {
			testcheck.Close(t, fmt.Sprintf("%v π=%v μ=%v H(Y|X)", c.setting, c.prior, c.mu), got.HYGivenX, c.hYGivenX, simTruthTol)
			testcheck.Close(t, fmt.Sprintf("%v π=%v μ=%v H(X2)", c.setting, c.prior, c.mu), got.HXSignal, c.hX2, simTruthTol)
		}
		hy := -c.prior*math.Log(c.prior) - (1-c.prior)*math.Log(1-c.prior)
		if c.setting == ThreeClass {
			hy = -c.prior*math.Log(c.prior) - (1-c.prior)*math.Log((1-c.prior)/2)
		}
		testcheck.Close(t, fmt.Sprintf("%v π=%v H(Y)", c.setting, c.prior), got.HY, hy, 1e-12)
		testcheck.Close(t, fmt.Sprintf("%v π=%v MI = H(Y) - H(Y|X)", c.setting, c.prior), got.MI, got.HY-got.HYGivenX, 1e-12)
	}
}

// Every distinct truth in the reference CSVs (read from $UFMI_MIRROR/reference)
// must be reproduced; the test skips without the mirror and a subtest when a
// file is absent.
func TestMISimulationTruthMatchesReferenceCSV(t *testing.T) {
	t.Parallel()
	dir := mirror.Dir(t, "reference")
	for _, name := range []string{"mi_settings.csv", "cond_entropy.csv"} {
		t.Run(name, func(t *testing.T) {
			rows, err := simReadTruthCSV(filepath.Join(dir, name))
			if errors.Is(err, fs.ErrNotExist) {
				t.Skipf("reference file absent: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) == 0 {
				t.Fatal("no truth rows read")
			}
			for _, r := range rows {
				sim := MISimulation{Setting: r.setting, Prior: r.prior, Mu: r.mu}
				got, err := sim.Truth()
				if err != nil {
					t.Fatalf("%+v: %v", sim, err)
				}
				label := fmt.Sprintf("%v π=%v μ=%v", r.setting, r.prior, r.mu)
				testcheck.Close(t, label+" MI", got.MI, r.mi, simTruthTol)
				testcheck.Close(t, label+" H(Y|X)", got.HYGivenX, r.hYGivenX, simTruthTol)
				testcheck.Close(t, label+" H(Y)", got.HY, r.hY, simTruthTol)
				testcheck.Close(t, label+" H(X2)", got.HXSignal, r.hX2, simTruthTol)
				testcheck.Close(t, label+" nMI", got.NormalizedMI(), r.nMI, simTruthTol)
			}
			t.Logf("%d distinct (setting, π, μ) truths checked", len(rows))
		})
	}
}

// simTruthRow is one distinct truth of a reference CSV.
type simTruthRow struct {
	setting                    MISetting
	prior, mu                  float64
	mi, hYGivenX, hY, hX2, nMI float64
}

// simReadTruthCSV reads the distinct (setting, pi, mu) truths of a reference
// CSV with columns setting, pi, mu, MI_true, H_YgX_true, H_Y_true, H_X2_true
// and nMI_true.
func simReadTruthCSV(path string) ([]simTruthRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(records) < 2 {
		return nil, fmt.Errorf("%s: no data rows", path)
	}
	col := map[string]int{}
	for i, h := range records[0] {
		col[h] = i
	}
	numbers := []string{"pi", "mu", "MI_true", "H_YgX_true", "H_Y_true", "H_X2_true", "nMI_true"}
	for _, h := range append([]string{"setting"}, numbers...) {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("%s: no column %q", path, h)
		}
	}
	seen := map[string]bool{}
	var rows []simTruthRow
	for _, rec := range records[1:] {
		key := rec[col["setting"]] + "/" + rec[col["pi"]] + "/" + rec[col["mu"]]
		if seen[key] {
			continue
		}
		seen[key] = true
		setting, err := ParseMISetting(rec[col["setting"]])
		if err != nil {
			return nil, err
		}
		v := make([]float64, len(numbers))
		for i, h := range numbers {
			if v[i], err = strconv.ParseFloat(rec[col[h]], 64); err != nil {
				return nil, fmt.Errorf("%s: column %s: %v", path, h, err)
			}
		}
		rows = append(rows, simTruthRow{setting, v[0], v[1], v[2], v[3], v[4], v[5], v[6]})
	}
	return rows, nil
}

// Seeded Monte Carlo: the means of -log P(y|x), log(P(y|x)/P(y)) and
// -log f(x1, x2) over a sample estimate H(Y|X), I(X;Y) and H(X_signal); each
// must be within 4 standard errors of the integrated truth.
func TestMISimulationTruthMatchesMonteCarlo(t *testing.T) {
	t.Parallel()
	const n = 20000
	sims := []MISimulation{
		{Setting: Overlapping, N: n, D: 3, Prior: 0.3},
		{Setting: Separated, N: n, D: 2, Prior: 0.5},
		{Setting: Separated, N: n, D: 1, Prior: 0.5, Mu: 1.5},
		{Setting: ThreeClass, N: n, D: 2, Prior: 0.3},
		{Setting: Scaled, N: n, D: 2, Prior: 0.7},
	}
	for k, sim := range sims {
		truth, err := sim.Truth()
		if err != nil {
			t.Fatal(err)
		}
		x, y, err := sim.Sample(uint64(100 + k))
		if err != nil {
			t.Fatal(err)
		}
		m := sim.mixture()
		joint := make([]float64, len(m.priors))
		scratch := make([]float64, m.maxComponents())
		var condEnt, mi, hx []float64
		for i, row := range x {
			logp := m.logJoint(row, joint, scratch)
			logPost := joint[y[i]] - logp
			condEnt = append(condEnt, -logPost)
			mi = append(mi, logPost-math.Log(m.priors[y[i]]))
			if sim.D >= 2 {
				if m.dims == 1 { // x2 is N(0, 1) noise, independent of (x1, y)
					logp += simLogNormal(row[1], 0, 1)
				}
				hx = append(hx, -logp)
			}
		}
		label := fmt.Sprintf("%v π=%v μ=%v", sim.Setting, sim.Prior, sim.mu())
		simCheckMonteCarlo(t, label+" H(Y|X)", condEnt, truth.HYGivenX)
		simCheckMonteCarlo(t, label+" I(X;Y)", mi, truth.MI)
		if sim.D >= 2 {
			simCheckMonteCarlo(t, label+" H(X2)", hx, truth.HXSignal)
		}
	}
}

// The posterior must sum to one and equal Bayes' rule written out by hand.
func TestMISimulationPosteriorMatchesBayesRule(t *testing.T) {
	t.Parallel()
	pdf := func(x, mean, sd float64) float64 {
		return math.Exp(-(x-mean)*(x-mean)/(2*sd*sd)) / (sd * math.Sqrt(2*math.Pi))
	}
	normalize := func(v ...float64) []float64 {
		s := 0.0
		for _, a := range v {
			s += a
		}
		for i := range v {
			v[i] /= s
		}
		return v
	}
	const pi, mu = 0.3, 1.2
	points := [][]float64{{0, 0, 5}, {0.4, -1.3}, {-1.1, 0.7, -2}, {2.5, 1.5}, {-1.25, 0.1}}
	for _, x := range points {
		a, b := x[0], x[1]
		want := map[MISetting][]float64{
			Overlapping: {pi, 1 - pi},
			Separated:   normalize(pi*pdf(a, mu, 1), (1-pi)*pdf(a, -mu, 1)),
			ThreeClass: normalize(pi*pdf(a, 0, 1)*pdf(b, mu, 1), (1-pi)/2*pdf(a, mu, 1)*pdf(b, 0, 1),
				(1-pi)/2*pdf(a, -mu, 1)*pdf(b, 0, 1)),
			Scaled: normalize(pi*pdf(a, mu, 1), (1-pi)*pdf(a, -mu, 0.1)),
		}
		for _, setting := range MISettings() {
			got := MISimulation{Setting: setting, Prior: pi, Mu: mu}.Posterior(x)
			sum := 0.0
			for c := range got {
				sum += got[c]
				testcheck.Close(t, fmt.Sprintf("%v P(%d | %v)", setting, c, x), got[c], want[setting][c], 1e-12)
			}
			testcheck.Close(t, fmt.Sprintf("%v posterior sum at %v", setting, x), sum, 1, 1e-12)
		}
	}
	// The separated posterior is logistic in x1: P(0|x) = 1/(1 + (1-π)/π e^{-2μx1}).
	got := MISimulation{Setting: Separated, Prior: pi, Mu: mu}.Posterior([]float64{0.4, 9})
	testcheck.Close(t, "separated logistic form", got[0], 1/(1+(1-pi)/pi*math.Exp(-2*mu*0.4)), 1e-12)
	rows, err := MISimulation{Setting: ThreeClass, Prior: pi}.Posteriors(points)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		if !slices.Equal(row, MISimulation{Setting: ThreeClass, Prior: pi}.Posterior(points[i])) {
			t.Errorf("Posteriors row %d differs from Posterior", i)
		}
	}
}

// Class frequencies must match the priors within 4 binomial standard
// deviations, and the class-conditional moments must match the setting.
func TestMISimulationSampleDistribution(t *testing.T) {
	t.Parallel()
	const n = 20000
	for k, setting := range MISettings() {
		sim := MISimulation{Setting: setting, N: n, D: 4, Prior: 0.3, Mu: 1.5}
		x, y, err := sim.Sample(uint64(7 + k))
		if err != nil {
			t.Fatal(err)
		}
		if len(x) != n || len(y) != n {
			t.Fatalf("%v: %d rows and %d labels, want %d", setting, len(x), len(y), n)
		}
		priors := sim.mixture().priors
		counts := make([]int, len(priors))
		for i, c := range y {
			if len(x[i]) != sim.D {
				t.Fatalf("%v: row %d has %d coordinates, want %d", setting, i, len(x[i]), sim.D)
			}
			counts[c]++
		}
		for c, p := range priors {
			testcheck.Close(t, fmt.Sprintf("%v frequency of class %d", setting, c), float64(counts[c])/n, p, 4*math.Sqrt(p*(1-p)/n))
		}
		// Class-conditional mean and sd of every coordinate.
		m := sim.mixture()
		for c := range priors {
			comp := m.classes[c][0]
			for j := range sim.D {
				var v []float64
				for i := range x {
					if y[i] == c {
						v = append(v, x[i][j])
					}
				}
				wantMean, wantSD := 0.0, 1.0
				if j < m.dims {
					wantMean, wantSD = comp.mean[j], comp.sd[j]
				}
				mean, sd := simMeanSD(v)
				label := fmt.Sprintf("%v class %d coordinate %d", setting, c, j)
				testcheck.Close(t, label+" mean", mean, wantMean, 4*wantSD/math.Sqrt(float64(len(v))))
				testcheck.Close(t, label+" sd", sd, wantSD, 4*wantSD/math.Sqrt(2*float64(len(v))))
			}
		}
	}
	// The scaled class 1 really has sd 1/10 in x1, as the paper's Σ = diag(1/100, 1).
	if got := (MISimulation{Setting: Scaled, Prior: 0.5}).mixture().classes[1][0].sd; got[0] != 0.1 {
		t.Errorf("scaled class 1 sd %v, want 0.1", got)
	}
}

func TestMISimulationSampleIsSeeded(t *testing.T) {
	t.Parallel()
	sim := MISimulation{Setting: ThreeClass, N: 50, D: 3, Prior: 0.4}
	x1, y1, _ := sim.Sample(42)
	x2, y2, _ := sim.Sample(42)
	x3, _, _ := sim.Sample(43)
	if !slices.Equal(y1, y2) || !slices.EqualFunc(x1, x2, slices.Equal) {
		t.Error("the same seed gave different samples")
	}
	if slices.EqualFunc(x1, x3, slices.Equal) {
		t.Error("seeds 42 and 43 gave the same sample")
	}
}

func TestMISimulationValidation(t *testing.T) {
	t.Parallel()
	ok := MISimulation{Setting: Separated, N: 10, D: 2, Prior: 0.5}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid simulation rejected: %v", err)
	}
	with := func(edit func(*MISimulation)) MISimulation { s := ok; edit(&s); return s }
	cases := []struct {
		sim  MISimulation
		want string
	}{
		{with(func(s *MISimulation) { s.N = 0 }), "N must"},
		{with(func(s *MISimulation) { s.D = 0 }), "D must"},
		{with(func(s *MISimulation) { s.Setting, s.D = ThreeClass, 1 }), "D must be at least 2"},
		{with(func(s *MISimulation) { s.Prior = 0 }), "Prior"},
		{with(func(s *MISimulation) { s.Prior = 1 }), "Prior"},
		{with(func(s *MISimulation) { s.Prior = math.NaN() }), "Prior"},
		{with(func(s *MISimulation) { s.Mu = -1 }), "Mu"},
		{with(func(s *MISimulation) { s.Mu = math.Inf(1) }), "Mu"},
		{with(func(s *MISimulation) { s.Mu = math.NaN() }), "Mu"},
		{with(func(s *MISimulation) { s.Setting = 9 }), "setting"},
	}
	for _, c := range cases {
		_, _, sampleErr := c.sim.Sample(1)
		for _, err := range []error{c.sim.Validate(), sampleErr} {
			testcheck.Error(t, fmt.Sprintf("%+v", c.sim), err, c.want)
		}
		if c.want != "N must" && !strings.HasPrefix(c.want, "D must") {
			_, truthErr := c.sim.Truth()
			_, postErr := c.sim.Posteriors([][]float64{{0, 0}})
			testcheck.Error(t, fmt.Sprintf("Truth of %+v", c.sim), truthErr, c.want)
			testcheck.Error(t, fmt.Sprintf("Posteriors of %+v", c.sim), postErr, c.want)
			testcheck.Panics(t, fmt.Sprintf("Posterior of %+v", c.sim), func() { c.sim.Posterior([]float64{0, 0}) })
		}
	}
	testcheck.Panics(t, "three-class posterior of a 1-D point", func() {
		MISimulation{Setting: ThreeClass, Prior: 0.5}.Posterior([]float64{0})
	})
	_, err := MISimulation{Setting: ThreeClass, Prior: 0.5}.Posteriors([][]float64{{0, 0}, {1}})
	testcheck.Error(t, "short row", err, "point 1 has 1 coordinates")
	_, err = ok.Posteriors([][]float64{{math.NaN(), 0}})
	testcheck.Error(t, "NaN row", err, "coordinate 0 of point 0")
	_, err = ok.Posteriors(nil)
	testcheck.Error(t, "no rows", err, "no points")
}

func TestParseMISettingRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range MISettings() {
		got, err := ParseMISetting(s.String())
		if err != nil || got != s {
			t.Errorf("ParseMISetting(%q) = %v, %v; want %v", s.String(), got, err, s)
		}
	}
	if got := []string{Overlapping.String(), Separated.String(), ThreeClass.String(), Scaled.String()}; !slices.Equal(got, []string{"overlapping", "separated", "three_class", "scaled"}) {
		t.Errorf("setting names %q", got)
	}
	_, err := ParseMISetting("spherical")
	testcheck.Error(t, "unknown setting", err, `unknown MI setting "spherical"`)
	if got := MISetting(7).String(); got != "MISetting(7)" {
		t.Errorf("String of an unknown setting: %q", got)
	}
}

// simCheckMonteCarlo checks that the sample mean of v is within 4 standard
// errors of want.
func simCheckMonteCarlo(t *testing.T, what string, v []float64, want float64) {
	t.Helper()
	mean, sd := simMeanSD(v)
	testcheck.Close(t, what+" (Monte Carlo)", mean, want, 4*sd/math.Sqrt(float64(len(v)))+1e-12)
}

// simMeanSD returns the mean and the sample standard deviation of v.
func simMeanSD(v []float64) (float64, float64) {
	mean := 0.0
	for _, a := range v {
		mean += a
	}
	mean /= float64(len(v))
	ss := 0.0
	for _, a := range v {
		ss += (a - mean) * (a - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1))
}
