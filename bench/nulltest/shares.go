package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// compareShares prints the fast test's rejection rate at level 0.05 in every
// power cell for each fast-test share of o.shares, on the power table's data
// sets 0..o.shareSets-1.
func compareShares(o options) error {
	var shares []float64
	for _, f := range strings.Split(o.shares, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return fmt.Errorf("-shares: %q is not a number", f)
		}
		shares = append(shares, v)
	}
	if o.shareSets < 1 {
		return fmt.Errorf("-share-sets %d: want at least 1", o.shareSets)
	}
	fmt.Printf("Power of the fast test at level 0.05 by fast-test share, %d data sets per cell, %d trees, %d permutations.\n\n", o.shareSets, o.trees, o.perms)
	fmt.Print("| share |")
	for _, c := range cells {
		fmt.Printf(" n=%d d=%d mu=%g |", c.n, c.d, c.mu)
	}
	fmt.Print("\n|---|" + strings.Repeat("---|", len(cells)) + "\n")
	for _, share := range shares {
		fmt.Printf("| %g |", share)
		for _, c := range cells {
			rejected := 0
			for i := range o.shareSets {
				x, y, seed, err := powerData(c, i)
				if err != nil {
					return err
				}
				res, err := ufmi.FastPermutationTest(x, y, estimator(o.trees), ufmi.PermutationConfig{Permutations: o.perms, FastShare: share, Runtime: ufmi.Runtime{Seed: seed}})
				if err != nil {
					return err
				}
				if res.PValue <= 0.05 {
					rejected++
				}
			}
			fmt.Printf(" %.2f |", float64(rejected)/float64(o.shareSets))
			fmt.Fprintf(os.Stderr, "\rshare %g, n=%d d=%d done      ", share, c.n, c.d)
		}
		fmt.Println()
	}
	fmt.Fprintln(os.Stderr)
	return nil
}
