package ufmi

import (
	"fmt"
	"math"
)

// checkUnusedSettings refuses an invalid value in the settings of a method
// other than cfg.Method (already parsed): EstimatorConfig holds every
// method's settings, and a mistake in one (Forest.Trees: -1 beside
// Method uf) would otherwise pass silently and surface only when the
// method is switched. Values the method uses are checked where it fits.
func (cfg EstimatorConfig) checkUnusedSettings() error {
	unused := func(field string, err error) error {
		return fmt.Errorf("%w; EstimatorConfig.%s is not used by the %s method, but an invalid value is refused all the same: leave it zero", err, field, cfg.Method)
	}
	if cfg.Method != MethodUF {
		if err := cfg.UF.check(); err != nil {
			return unused("UF", err)
		}
	}
	if cfg.Method == MethodUF || cfg.Method.KNN() {
		if _, err := cfg.Forest.check(DefaultTrees); err != nil {
			return unused("Forest", err)
		}
	}
	switch cfg.Method {
	case MethodRFSplit, MethodSigRF, MethodIRF:
	default:
		if cfg.HeldOut != 0 && !(cfg.HeldOut > 0 && cfg.HeldOut < 1) {
			return unused("HeldOut", fmt.Errorf("ufmi: held-out fraction %v must be in (0, 1) (0 means %v)", cfg.HeldOut, defaultHeldOut))
		}
	}
	if !cfg.Method.KNN() {
		if cfg.KNN.K < 0 {
			return unused("KNN", fmt.Errorf("ufmi: kNN neighbour count K=%d must be at least 1 (0 means the default)", cfg.KNN.K))
		}
		if !(cfg.KNN.Jitter >= 0) || math.IsInf(cfg.KNN.Jitter, 0) {
			return unused("KNN", fmt.Errorf("ufmi: kNN jitter %v must be a finite number >= 0", cfg.KNN.Jitter))
		}
	}
	return nil
}
