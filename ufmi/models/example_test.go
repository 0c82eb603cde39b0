package models_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// Models by the command line's names: a UF preset with its trees, a
// calibrated forest (its trees spread over the calibration folds), a kNN
// estimator.
func ExampleNamed() {
	uf, _ := models.Named("uf", "plugin", 100)
	irf, _ := models.Named("irf", "", 100)
	ksg, _ := models.Named("ksg", "", 100)
	fmt.Printf("%s: %d trees, plug-in %v\n", uf.Name, uf.Estimator.UF.Trees, uf.Estimator.UF.PlugIn)
	fmt.Printf("%s: %d trees per fold\n", irf.Name, irf.Estimator.Forest.Trees)
	fmt.Printf("%s: method %s\n", ksg.Name, ksg.Estimator.Method)
	// Output:
	// UF: 100 trees, plug-in true
	// irf: 20 trees per fold
	// ksg: method ksg
}
