package ufmi

import "fmt"

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
		if err := checkHeldOut(cfg.HeldOut); err != nil {
			return unused("HeldOut", err)
		}
	}
	if !cfg.Method.KNN() {
		if err := cfg.KNN.Check(); err != nil {
			return unused("KNN", err)
		}
	}
	return nil
}
