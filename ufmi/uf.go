package ufmi

import (
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// FitUF fits an honest Uncertainty Forest on class codes y (0..K-1), run by
// rt: tree i draws from the stream (rt.Seed, tree, i), pilot tree i from
// (rt.Seed, pilot, i), and rt.Progress counts the pilot's trees, then the
// forest's. Unless cfg.NoScreening, a pilot forest screens the features
// first (screening.go).
func FitUF(x *Features, y []int, cfg UFConfig, rt Runtime) (*Forest, error) {
	if _, err := checkTrainingData(x, y); err != nil {
		return nil, err
	}
	return fitUF(x, y, cfg, rt)
}

// fitUF is FitUF without the check that every class has rows: the fast
// test fits its structure half, a part of checked labels.
func fitUF(x *Features, y []int, cfg UFConfig, rt Runtime) (*Forest, error) {
	cfg, rt, err := screened(x, y, cfg, rt, 0)
	if err != nil {
		return nil, err
	}
	f, err := fitHonest(x, y, cfg, rt, seeds.Tree)
	if err != nil {
		return nil, err
	}
	f.rule = cfg.entropyRuleFor(x, y, f.k)
	f.drawRuntime = Runtime{Seed: rt.Seed, Workers: rt.Workers}
	return f, nil
}

// screened resolves cfg and, with screening, runs its pilot: it returns cfg
// with the pilot's feature weights set, and the runtime of the forest that
// follows (its progress counting on after the pilot's trees, with
// afterForest steps still to come after the forest's: the label draws).
func screened(x *Features, y []int, cfg UFConfig, rt Runtime, afterForest int) (UFConfig, Runtime, error) {
	cfg, err := cfg.resolved()
	if err != nil {
		return cfg, rt, err
	}
	if cfg.NoScreening {
		return cfg, rt.stage(0, afterForest), nil
	}
	w, err := screenFeatures(x, y, cfg, rt.stage(0, cfg.Trees+afterForest))
	if err != nil {
		return cfg, rt, err
	}
	cfg.Tree.FeatureWeights = w
	return cfg, rt.stage(cfg.PilotTrees, afterForest), nil
}
