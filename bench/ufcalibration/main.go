// Command ufcalibration measures how UF's empty-leaf policy changes its
// calibration on the OpenML-CC18 datasets of the mirror, against RF, with
// the quick settings: the pairwise ECE and kappa-loss tables and the mean
// confidence of each forest ("What we tried" in docs/reproduce.md).
//
//	UFMI_MIRROR=../shared/data go run ./bench/ufcalibration
package main

import (
	"fmt"
	"os"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/cc18"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "ufcalibration:", err)
		os.Exit(1)
	}
}

func run() error {
	settings := cc18.QuickSettings()
	forests := cc18.Forests(settings)
	rf, uf := forests[0], forests[3]
	learners := []models.Model{rf, uf,
		withEmptyLeaf("UF-abstain", settings, ufmi.EmptyAbstain),
		withEmptyLeaf("UF-prior", settings, ufmi.EmptyPrior)}
	load := cc18.LoadOptions{}
	ids := cc18.Available(load)
	if len(ids) == 0 {
		return fmt.Errorf("no CC18 datasets in the mirror; set UFMI_MIRROR")
	}
	scores, err := cc18.Sweep(cc18.SweepOptions{IDs: ids, Load: load, Learners: learners, MaxRows: settings.MaxRows, Seed: 1,
		Progress: func(done, total int) { fmt.Fprintf(os.Stderr, "\rdatasets %d/%d", done, total) }})
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return err
	}
	names := make([]string, len(learners))
	for i, l := range learners {
		names[i] = l.Name
	}
	for _, m := range []cc18.Metric{cc18.ECE, cc18.KappaLoss} {
		table, err := cc18.PairwiseTable(scores, m, names)
		if err != nil {
			return err
		}
		header, rows := table.Cells(0.05)
		fmt.Println(header)
		for _, r := range rows {
			fmt.Println(r...)
		}
	}
	for _, n := range names {
		conf, acc := cc18.MeanConfidence(scores, n)
		fmt.Printf("%-11s confidence %.3f  accuracy %.3f\n", n, conf, acc)
	}
	return nil
}

// withEmptyLeaf is cc18's UF with another empty-leaf policy.
func withEmptyLeaf(name string, s cc18.Settings, policy ufmi.EmptyLeafPolicy) models.Model {
	return cc18.UFModel(name, s, func(c *ufmi.UFConfig) { c.EmptyLeaf = policy })
}
