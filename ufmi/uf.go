package ufmi

import (
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// FitUF fits an honest Uncertainty Forest on class codes y (0..K-1). With
// PilotTrees > 0 a pilot forest screens the features first (screening.go).
func FitUF(x *Features, y []int, cfg UFConfig) (*Forest, error) {
	cfg, err := screened(x, y, cfg)
	if err != nil {
		return nil, err
	}
	return fitHonest(x, y, cfg, seeds.Tree)
}

// screened checks cfg and, with PilotTrees > 0, returns it with the pilot's
// feature weights set and Progress counting the pilot's trees first.
func screened(x *Features, y []int, cfg UFConfig) (UFConfig, error) {
	if err := cfg.check(); err != nil {
		return cfg, err
	}
	if cfg.PilotTrees > 0 {
		w, err := screenFeatures(x, y, cfg)
		if err != nil {
			return cfg, err
		}
		cfg.Tree.FeatureWeights = w
		if report := cfg.Progress; report != nil {
			pilot := cfg.PilotTrees
			cfg.Progress = func(done, total int) { report(pilot+done, pilot+total) }
		}
	}
	return cfg, nil
}
