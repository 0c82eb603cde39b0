package sharded

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/configkey"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// settingsKey spells the effective settings of cfg's estimator for a job's
// fingerprint: the UF's resolved configuration (configkey, as tree-block
// jobs spell it), or the forest's, held-out share and neighbours of the
// other methods. Shards of one command line run by builds whose defaults
// differ (another preset behind the same flags) are then two jobs, not
// one folder of mixed cells.
func settingsKey(cfg ufmi.EstimatorConfig) (string, error) {
	method := cfg.Method
	if method == "" {
		method = ufmi.MethodUF
	}
	if method == ufmi.MethodUF {
		uf, err := resolveUF(cfg)
		if err != nil {
			return "", err
		}
		return "uf " + configkey.UFFields(uf, cfg.Seed), nil
	}
	return fmt.Sprintf("%s %s held-out %v knn %+v", method, configkey.ForestGoSyntax(cfg.Forest), cfg.HeldOut, cfg.KNN), nil
}

// leafSelection is " LeafSelection" when cfg's estimate of I(X;Y) on x
// chooses its leaves (UFConfig.SelectsLeaves; since 2026-11-29, fourth), for the
// fingerprint of a job whose cells hold that estimate: a folder started
// before holds estimates of the configured leaves, another job. Empty
// otherwise, so that other jobs keep their fingerprints.
func leafSelection(cfg ufmi.EstimatorConfig, x *ufmi.Features) (string, error) {
	uf, isUF, err := resolvedUF(cfg)
	if err != nil || !isUF || !uf.SelectsLeaves(x.Cols()) {
		return "", err
	}
	return " LeafSelection", nil
}

// resolvedUF is cfg's UF with its defaults filled in, and whether cfg's
// method is the UF at all.
func resolvedUF(cfg ufmi.EstimatorConfig) (ufmi.UFConfig, bool, error) {
	if cfg.Method != "" && cfg.Method != ufmi.MethodUF {
		return ufmi.UFConfig{}, false, nil
	}
	uf, err := resolveUF(cfg)
	return uf, err == nil, err
}

// differenceLeaves is " DifferenceLeaves" when cfg's UF gives the fits of a
// subset table their own leaf rule (UFConfig.GrowsDifferenceLeaves; since
// 2026-11-30, second), for the fingerprint of a subset-table job: a folder
// started before holds fits with a plain estimate's leaves, another job.
// Empty otherwise, so that those jobs keep their fingerprints.
func differenceLeaves(cfg ufmi.EstimatorConfig) (string, error) {
	uf, isUF, err := resolvedUF(cfg)
	if err != nil || !isUF || !uf.GrowsDifferenceLeaves() {
		return "", err
	}
	return " DifferenceLeaves", nil
}
