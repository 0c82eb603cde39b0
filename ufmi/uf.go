package ufmi

import (
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// FitUF fits an honest Uncertainty Forest on class codes y (0..K-1). With
// PilotTrees > 0 a pilot forest screens the features first (screening.go).
func FitUF(x *Features, y []int, cfg UFConfig) (*Forest, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.PilotTrees > 0 {
		w, err := screenFeatures(x, y, cfg)
		if err != nil {
			return nil, err
		}
		cfg.Tree.FeatureWeights = w
		if report := cfg.Progress; report != nil {
			// Progress counts the pilot's trees first.
			pilot := cfg.PilotTrees
			cfg.Progress = func(done, total int) { report(pilot+done, pilot+total) }
		}
	}
	return fitHonest(x, y, cfg, seeds.Tree)
}
