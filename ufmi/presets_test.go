package ufmi

// withTrees returns cfg with the given number of trees.
func withTrees(cfg UFConfig, trees int) UFConfig {
	cfg.Trees = trees
	return cfg
}

// experimentUF is the UF of the paper's posterior experiments, as
// ufmi/models.ExperimentUF builds it (the paper preset with 0.63 of the
// rows growing each tree): the golden numbers pin its estimates, and
// ufmi/models' tests pin ExperimentUF to the same settings.
func experimentUF() UFConfig {
	c := PaperUF()
	c.StructureFraction = 0.63
	return c
}
