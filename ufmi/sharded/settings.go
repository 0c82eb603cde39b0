package sharded

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/configkey"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// settingsKey spells the effective settings of cfg's estimator for a job's
// fingerprint: the UF's resolved configuration (configkey, as tree-block
// jobs spell it), or the forest's, held-out share and neighbours of the
// other methods, and whether estimates on one feature choose their leaves
// (tree-block jobs refuse one feature then). Shards of one command line run by builds whose defaults
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
		key := "uf " + configkey.UFFields(uf, cfg.Seed)
		if !uf.NoLeafSelection && uf.OneStep() {
			// Estimates on one feature choose their leaves (since
			// 2026-11-29, fourth): a job started before is another job.
			key += " LeafSelection"
		}
		return key, nil
	}
	return fmt.Sprintf("%s %s held-out %v knn %+v", method, configkey.ForestGoSyntax(cfg.Forest), cfg.HeldOut, cfg.KNN), nil
}
