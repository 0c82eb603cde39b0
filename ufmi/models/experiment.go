package models

import "github.com/ufmi-dev/ufmi/ufmi"

// ExperimentStructureFraction is the share of rows that grows each UF tree
// in the paper's posterior experiments (the steep simulation and the CC18
// calibration study): 0.63, so that 0.37 of the rows vote.
const ExperimentStructureFraction = 0.63

// ExperimentUF is the UF of the paper's posterior experiments: the paper
// preset (ufmi.PaperUF) with ExperimentStructureFraction of the rows
// growing each tree.
func ExperimentUF() ufmi.UFConfig {
	c := ufmi.PaperUF()
	c.StructureFraction = ExperimentStructureFraction
	return c
}
