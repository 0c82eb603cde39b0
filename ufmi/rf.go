package ufmi

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/limits"
	"math"
	"math/rand/v2"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Sampling says which rows grow each tree of a random forest.
type Sampling int

const (
	// Bootstrap draws round(SampleFraction·n) rows with replacement (default).
	Bootstrap Sampling = iota
	// Subsample draws round(SampleFraction·n) distinct rows without replacement.
	Subsample
)

func (s Sampling) String() string {
	switch s {
	case Bootstrap:
		return "bootstrap"
	case Subsample:
		return "subsample"
	}
	return fmt.Sprintf("Sampling(%d)", int(s))
}

// ForestConfig holds the hyper-parameters of a random forest (RF). Every
// field's zero value is the default (defaults.go); it holds no seed,
// workers or progress (see Runtime).
type ForestConfig struct {
	Trees int // number of trees, 1..1,000,000 (0: DefaultTrees; a calibration fold's: 60)
	// Tree holds the per-tree settings. Left unset, MaxFeatures and
	// MinSamplesLeaf are the paper's (rfTreeDefaults): all features, fully
	// grown (leaves of 1 row).
	Tree     tree.Config
	Sampling Sampling // Bootstrap (the zero value, the default) or Subsample; other values are an error
	// SampleFraction is the rows per tree as a fraction of n: in (0, 1] for
	// Subsample (0: 0.632), in (0, 10] for Bootstrap (0: 1).
	SampleFraction float64
}

// FitRF fits Breiman's random forest: each tree is grown on a bootstrap
// sample (or a subsample) and its leaves predict the class frequencies of
// that sample. y holds class codes 0..K-1 (see ufmi/table's EncodeIntLabels). Tree i
// draws from the stream (rt.Seed, tree, i); rt.Progress counts the trees.
func FitRF(x *Features, y []int, cfg ForestConfig, rt Runtime) (*Forest, error) {
	return fitRF(x, y, cfg, rt, true)
}

// fitRF is FitRF; whole is false for a part of checked labels (a training
// part or fold), which may lack classes (see checkFit).
func fitRF(x *Features, y []int, cfg ForestConfig, rt Runtime, whole bool) (*Forest, error) {
	trees, err := cfg.check(DefaultTrees)
	if err != nil {
		return nil, err
	}
	k, params, err := checkFit(x, y, rfTreeDefaults(cfg.Tree), whole)
	if err != nil {
		return nil, err
	}
	draws, err := cfg.sampleSize(x.n)
	if err != nil {
		return nil, err
	}
	return growForest(x, y, k, growPlan{trees: trees, params: params,
		sampler: bootstrapSampler{draws: draws, sampling: cfg.Sampling}, voter: frequencyVoter{k: k},
		purpose: seeds.Tree, rt: rt})
}

// check validates the settings that do not depend on the data (the number
// of trees, the sampling scheme and the sample fraction) and returns the
// number of trees, defaultTrees when Trees is 0.
func (cfg ForestConfig) check(defaultTrees int) (int, error) {
	trees, err := countOrDefault("number of trees", cfg.Trees, defaultTrees, limits.Trees)
	if err != nil {
		return 0, err
	}
	_, err = cfg.fraction()
	return trees, err
}

// fraction resolves the sample fraction of the sampling scheme.
func (cfg ForestConfig) fraction() (float64, error) {
	frac := cfg.SampleFraction
	switch cfg.Sampling {
	case Bootstrap:
		if frac == 0 {
			return defaultBootstrapFraction, nil
		}
		if !(frac > 0 && frac <= limits.SampleFraction) {
			return 0, fmt.Errorf("ufmi: bootstrap sample fraction %v must be in (0, %v] (0 means %v)", frac, limits.SampleFraction, defaultBootstrapFraction)
		}
	case Subsample:
		if frac == 0 {
			return defaultSubsampleFraction, nil
		}
		if !(frac > 0 && frac <= 1) {
			return 0, fmt.Errorf("ufmi: subsample fraction %v must be in (0, 1] (0 means %v)", frac, defaultSubsampleFraction)
		}
	default:
		return 0, fmt.Errorf("ufmi: unknown sampling %d (want Bootstrap or Subsample)", int(cfg.Sampling))
	}
	return frac, nil
}

// sampleSize is the number of rows drawn per tree.
func (cfg ForestConfig) sampleSize(n int) (int, error) {
	frac, err := cfg.fraction()
	if err != nil {
		return 0, err
	}
	m := int(math.Round(frac * float64(n)))
	if m < 2 {
		return 0, fmt.Errorf("ufmi: sample fraction %v of %d rows leaves %d rows per tree; need at least 2", frac, n, m)
	}
	return m, nil
}

// bootstrapSampler draws RF's rows: draws rows with replacement (Bootstrap)
// or without (Subsample). The drawn rows also vote.
type bootstrapSampler struct {
	draws    int
	sampling Sampling
}

func (s bootstrapSampler) sampleRows() int { return s.draws }

func (s bootstrapSampler) sample(rng *rand.Rand, mult []int32, _ []int) treeRows {
	drawSample(rng, mult, s.draws, s.sampling)
	structure := newRowSet(len(mult))
	for i, c := range mult {
		if c > 0 {
			structure.add(i)
		}
	}
	return treeRows{structure: structure}
}

// drawSample sets mult[i] to the number of times row i is drawn.
func drawSample(rng *rand.Rand, mult []int32, draws int, s Sampling) {
	n := len(mult)
	if s == Bootstrap {
		for range draws {
			mult[rng.IntN(n)]++
		}
		return
	}
	perm := rng.Perm(n)
	for _, i := range perm[:draws] {
		mult[i] = 1
	}
}
