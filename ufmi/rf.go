package ufmi

import (
	"fmt"
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
	if s == Subsample {
		return "subsample"
	}
	return "bootstrap"
}

// ForestConfig holds the hyper-parameters of a random forest (RF). Zero
// values mean the documented defaults.
type ForestConfig struct {
	Trees          int         // number of trees (default 300)
	Tree           tree.Config // per-tree settings (default: Gini, all features, fully grown)
	Sampling       Sampling    // bootstrap (default) or subsample
	SampleFraction float64     // rows per tree as a fraction of n (default 1 for bootstrap, 0.632 for subsample)
	Workers        int         // goroutines (default GOMAXPROCS); results never depend on it
	Seed           uint64      // tree i draws from the stream (Seed, tree, i)
	Progress       Progress    // called after each tree
}

// FitRF fits Breiman's random forest: each tree is grown on a bootstrap
// sample (or a subsample) and its leaves predict the class frequencies of
// that sample. y holds class codes 0..K-1 (see EncodeIntLabels).
func FitRF(x *Features, y []int, cfg ForestConfig) (*Forest, error) {
	k, params, trees, err := checkFit(x, y, cfg.Tree, cfg.Trees)
	if err != nil {
		return nil, err
	}
	draws, err := cfg.sampleSize(x.n)
	if err != nil {
		return nil, err
	}
	return growForest(x, y, k, growPlan{trees: trees, params: params,
		sampler: bootstrapSampler{draws: draws, sampling: cfg.Sampling}, voter: frequencyVoter{k: k},
		seed: cfg.Seed, purpose: seeds.Tree, workers: cfg.Workers, progress: cfg.Progress})
}

// sampleSize is the number of rows drawn per tree.
func (cfg ForestConfig) sampleSize(n int) (int, error) {
	frac := cfg.SampleFraction
	if frac == 0 {
		frac = 1
		if cfg.Sampling == Subsample {
			frac = 0.632
		}
	}
	if !(frac > 0) || (cfg.Sampling == Subsample && frac > 1) || math.IsInf(frac, 0) {
		return 0, fmt.Errorf("ufmi: sample fraction %v must be in (0, 1] (or > 0 for bootstrap)", cfg.SampleFraction)
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
