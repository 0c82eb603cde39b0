package notebook

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// This file is the explorer's logic, free of any widget: a state (the
// position of its controls), the data it simulates and the estimates it
// makes. explorer_view.go draws a result; explorer_live.go connects the
// state to GoNB's sliders and selects.

// ExplorerState is one position of the explorer's controls: which
// simulation, how much data, which estimators.
type ExplorerState struct {
	// Setting is one of ExplorerSettings: the paper's four MI settings
	// (sim.MISettings) or "trunk" (sim.TrunkSimulation).
	Setting string
	N       int     // rows simulated, from ExplorerMinRows to ExplorerMaxRows
	D       int     // dimensions, from the setting's signal dimensions to ExplorerMaxDims
	Mu      float64 // class separation μ (the trunk's ||μ||), above 0
	Prior   float64 // π, the prior of class 0, in (0, 1)
	// Methods are names from ExplorerMethods, such as "UF" and "KSG".
	Methods []string
	Seed    uint64 // the data's and the estimators' seed
}

// Bounds of an explorer state: at least enough rows for every method's
// folds. The upper ones are what one may still wait for, not what
// re-estimates at once: at their corner (50,000 rows, 100 columns) UF took
// 2 minutes 16 s and KSG 6 minutes 45 s on two cores; a few thousand rows
// and ten columns re-estimate in seconds.
const (
	ExplorerMinRows = 100
	ExplorerMaxRows = 50000
	ExplorerMaxDims = 100
)

// explorerLevel is the level of the intervals drawn for the methods that
// give one (uf and rf-oob).
const explorerLevel = 0.95

// explorerCurvePoints is how many sample sizes a result holds: n, n/2,
// n/4, ... while at least ExplorerMinRows.
const explorerCurvePoints = 4

// DefaultExplorerState is the explorer's opening state: the separated
// setting (μ = 1, π = 0.5), n = 2000 rows in d = 5 dimensions, UF and KSG,
// seed 1; one re-estimate with its figure takes well under a second on
// two cores.
func DefaultExplorerState() ExplorerState {
	return ExplorerState{Setting: sim.Separated.String(), N: 2000, D: 5, Mu: 1, Prior: 0.5,
		Methods: []string{"UF", "KSG"}, Seed: 1}
}

// trunkSetting names the trunk simulation among the settings.
const trunkSetting = "trunk"

// ExplorerSettings lists the settings the explorer simulates: the paper's
// four in its order, then the trunk.
func ExplorerSettings() []string {
	var names []string
	for _, s := range sim.MISettings() {
		names = append(names, s.String())
	}
	return append(names, trunkSetting)
}

// explorerModels are the estimators the explorer offers, named as in every
// other figure (so each keeps its colour): the models catalogue's MI
// estimators at ufmi.DefaultTrees trees, and the oblique UF.
func explorerModels() []models.Model {
	return append(models.Standard(ufmi.DefaultTrees), models.UF("UF (oblique)", ufmi.ObliqueUF()))
}

// ExplorerMethods lists the names an ExplorerState's Methods may hold.
func ExplorerMethods() []string {
	var names []string
	for _, m := range explorerModels() {
		names = append(names, m.Name)
	}
	return names
}

// explorerSimulation is what the explorer needs of a simulation.
type explorerSimulation interface {
	Validate() error
	Sample(seed uint64) ([][]float64, []int, error)
	Truth() (sim.Truth, error)
}

// Validate reports the first problem of the state, in words a student can
// act on.
func (s ExplorerState) Validate() error {
	_, err := s.simulation()
	if err != nil {
		return err
	}
	_, err = s.models()
	return err
}

// simulation returns the state's simulation, checked.
func (s ExplorerState) simulation() (explorerSimulation, error) {
	switch {
	case s.N < ExplorerMinRows:
		return nil, fmt.Errorf("ufmi: explorer: n = %d is too small: the explorer needs at least %d rows", s.N, ExplorerMinRows)
	case s.N > ExplorerMaxRows:
		return nil, fmt.Errorf("ufmi: explorer: n = %d is too large: the explorer stops at %d rows", s.N, ExplorerMaxRows)
	case s.D > ExplorerMaxDims:
		return nil, fmt.Errorf("ufmi: explorer: d = %d is too large: the explorer stops at %d dimensions", s.D, ExplorerMaxDims)
	case !(s.Mu > 0) || math.IsInf(s.Mu, 0):
		return nil, fmt.Errorf("ufmi: explorer: the separation μ must be finite and above 0, got %v (the overlapping setting is the case μ = 0)", s.Mu)
	}
	var simulation explorerSimulation
	if s.Setting == trunkSetting {
		simulation = sim.TrunkSimulation{N: s.N, D: s.D, Prior: s.Prior, Norm: s.Mu}
	} else {
		setting, err := sim.ParseMISetting(s.Setting)
		if err != nil {
			return nil, fmt.Errorf("ufmi: explorer: unknown setting %q; want one of %s", s.Setting, strings.Join(ExplorerSettings(), ", "))
		}
		simulation = sim.MISimulation{Setting: setting, N: s.N, D: s.D, Prior: s.Prior, Mu: s.Mu}
	}
	if err := simulation.Validate(); err != nil {
		return nil, fmt.Errorf("ufmi: explorer: %s", strings.TrimPrefix(err.Error(), "ufmi: "))
	}
	return simulation, nil
}

// models returns the state's estimators, in the order of Methods.
func (s ExplorerState) models() ([]models.Model, error) {
	if len(s.Methods) == 0 {
		return nil, fmt.Errorf("ufmi: explorer: choose at least one method (%s)", strings.Join(ExplorerMethods(), ", "))
	}
	for i, name := range s.Methods {
		if slices.Contains(s.Methods[:i], name) {
			return nil, fmt.Errorf("ufmi: explorer: method %q is chosen twice", name)
		}
		if !slices.Contains(ExplorerMethods(), name) {
			return nil, fmt.Errorf("ufmi: explorer: unknown method %q; want one of %s", name, strings.Join(ExplorerMethods(), ", "))
		}
	}
	return models.Select(explorerModels(), s.Methods...)
}

// Sample simulates the state's data: N rows of D features and their class
// codes, drawn from Seed. A smaller N gives the first rows of a larger
// one's sample (the rows are drawn one after another from one stream).
func (s ExplorerState) Sample() (*ufmi.Features, []int, error) {
	simulation, err := s.simulation()
	if err != nil {
		return nil, nil, err
	}
	rows, y, err := simulation.Sample(s.Seed)
	if err != nil {
		return nil, nil, err
	}
	x, err := ufmi.NewFeatures(rows)
	return x, y, err
}

// ExplorerPoint is one method's estimate on the first N rows of a state's
// sample.
type ExplorerPoint struct {
	Method   string
	N        int
	Estimate ufmi.Estimate // with a 95% interval (CI) for UF and RF-oob
}

// ExplorerResult is what the explorer shows for one state: each method's
// estimate on the first n/8, n/4, n/2 and n rows (those of at least
// ExplorerMinRows), and the exact truth.
type ExplorerResult struct {
	State   ExplorerState
	Truth   float64 // the exact I(X;Y) in nats (sim's numerical integration)
	Points  []ExplorerPoint
	Elapsed time.Duration // wall time of the estimates
}

// Explore simulates the state's data and estimates I(X;Y) with each of its
// methods on growing prefixes of the sample, each with the state's seed
// and, for UF and RF-oob, a 95% confidence interval. The estimate on all N
// rows is exactly ufmi.EstimateMI's with that method's configuration.
func Explore(s ExplorerState) (ExplorerResult, error) {
	start := time.Now()
	simulation, err := s.simulation()
	if err != nil {
		return ExplorerResult{}, err
	}
	estimators, err := s.models()
	if err != nil {
		return ExplorerResult{}, err
	}
	truth, err := simulation.Truth()
	if err != nil {
		return ExplorerResult{}, err
	}
	rows, y, err := simulation.Sample(s.Seed)
	if err != nil {
		return ExplorerResult{}, err
	}
	r := ExplorerResult{State: s, Truth: truth.MI}
	r.State.Methods = slices.Clone(s.Methods)
	for _, n := range curveSizes(s.N) {
		x, err := ufmi.NewFeatures(rows[:n])
		if err != nil {
			return ExplorerResult{}, err
		}
		for _, m := range estimators {
			est, err := ufmi.EstimateMI(x, y[:n], explorerConfig(m, s.Seed))
			if err != nil {
				return ExplorerResult{}, fmt.Errorf("ufmi: explorer: %s on the first %d rows: %w", m.Name, n, err)
			}
			r.Points = append(r.Points, ExplorerPoint{Method: m.Name, N: n, Estimate: est})
		}
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// explorerConfig is model m's estimator with the explorer's seed, and an
// interval where the method gives one.
func explorerConfig(m models.Model, seed uint64) ufmi.EstimatorConfig {
	cfg := m.Estimator
	cfg.Seed = seed
	if cfg.Method == ufmi.MethodUF || cfg.Method == ufmi.MethodRFOOB {
		cfg.Confidence = explorerLevel
	}
	return cfg
}

// curveSizes returns n, n/2, n/4, ... (at most explorerCurvePoints sizes,
// each at least ExplorerMinRows), smallest first.
func curveSizes(n int) []int {
	var sizes []int
	for m := n; m >= ExplorerMinRows && len(sizes) < explorerCurvePoints; m /= 2 {
		sizes = append(sizes, m)
	}
	slices.Reverse(sizes)
	return sizes
}

// Final returns the method's estimate on all N rows of the state.
func (r ExplorerResult) Final(method string) (ufmi.Estimate, error) {
	for _, p := range r.Points {
		if p.Method == method && p.N == r.State.N {
			return p.Estimate, nil
		}
	}
	return ufmi.Estimate{}, fmt.Errorf("ufmi: explorer: no estimate by %q (the state's methods are %s)", method, strings.Join(r.State.Methods, ", "))
}

// Closest returns the method whose estimate on all N rows is nearest the
// truth.
func (r ExplorerResult) Closest() string {
	best, gap := "", math.Inf(1)
	for _, p := range r.Points {
		if p.N == r.State.N && math.Abs(p.Estimate.MI-r.Truth) < gap {
			best, gap = p.Method, math.Abs(p.Estimate.MI-r.Truth)
		}
	}
	return best
}

// ExploreDims explores base at each number of dimensions in dims, in order.
func ExploreDims(base ExplorerState, dims []int) ([]ExplorerResult, error) {
	results := make([]ExplorerResult, 0, len(dims))
	for _, d := range dims {
		s := base
		s.D = d
		r, err := Explore(s)
		if err != nil {
			return nil, err
		}
		results = append(results, r)
	}
	return results, nil
}

// FirstBelow returns the first result whose estimate by method (on all N
// rows) is below fraction × the truth, such as the dimension from which
// KSG loses half the information.
func FirstBelow(results []ExplorerResult, method string, fraction float64) (ExplorerResult, error) {
	for _, r := range results {
		est, err := r.Final(method)
		if err != nil {
			return ExplorerResult{}, err
		}
		if est.MI < fraction*r.Truth {
			return r, nil
		}
	}
	return ExplorerResult{}, fmt.Errorf("ufmi: explorer: %s never falls below %g × the truth in these %d results", method, fraction, len(results))
}
