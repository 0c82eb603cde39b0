package ufmi

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// FitUF fits an honest Uncertainty Forest on class codes y (0..K-1). With
// PilotTrees > 0 a pilot forest screens the features first (screening.go).
func FitUF(x *Features, y []int, cfg UFConfig) (*Forest, error) {
	if cfg.PilotTrees < 0 {
		return nil, fmt.Errorf("ufmi: pilot trees %d must not be negative", cfg.PilotTrees)
	}
	if cfg.PilotTrees > 0 {
		if cfg.Tree.FeatureWeights != nil {
			return nil, fmt.Errorf("ufmi: set either pilot trees (weights measured) or feature weights (weights given), not both")
		}
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
