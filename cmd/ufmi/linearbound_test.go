package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

// trunkCSV writes the trunk setting (n rows, d features, ||μ|| = 1.2247,
// exact I = 0.4319): information spread over every feature, along a
// direction oblique to the axes.
func trunkCSV(t *testing.T, n, d int, seed uint64) string {
	t.Helper()
	rows, y, err := sim.TrunkSimulation{N: n, D: d, Prior: 0.5, Norm: 1.2247}.Sample(seed)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for j := range d {
		fmt.Fprintf(&b, "x%d,", j)
	}
	b.WriteString("label\n")
	for i, r := range rows {
		for _, v := range r {
			fmt.Fprintf(&b, "%g,", v)
		}
		fmt.Fprintf(&b, "%d\n", y[i])
	}
	return writeFile(t, "trunk.csv", b.String())
}

// With -bound, the CLI notes an interval that lies below the linear bound's
// limit, and points to the oblique preset unless it is already in use: the
// axis-aligned forest of the 2026-11-29 default on the trunk at d = 10
// (measured: interval up to 0.36, limit 0.37; today's default, whose
// local-linear fit follows the discriminant, reaches the limit there), not
// the separated setting, whose information lies along an axis.
func TestMIBoundNotesAnIntervalBelowTheLinearBound(t *testing.T) {
	const note = "lies below what a logistic regression certifies"
	trunk := trunkCSV(t, 1000, 10, 7)
	_, errOut, code := runCLI(t, "mi", "-in", trunk, "-target", "label", "-bound", "-preset", "default-2026-11-29")
	if code != 0 || !strings.Contains(errOut, note) || !strings.Contains(errOut, "try -preset oblique") {
		t.Errorf("the 2026-11-29 default on the trunk: exit %d, want the note pointing to -preset oblique: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "mi", "-in", trunk, "-target", "label", "-bound", "-preset", "oblique")
	if code != 0 || strings.Contains(errOut, "try -preset oblique") {
		t.Errorf("oblique preset on the trunk: exit %d, want no pointer to itself: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "mi", "-in", separatedCSV(t, 1000, 3), "-target", "label", "-bound")
	if code != 0 || strings.Contains(errOut, note) {
		t.Errorf("separated setting: exit %d, want no note: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "mi", "-in", trunk, "-target", "label")
	if code != 0 || strings.Contains(errOut, note) {
		t.Errorf("without -bound: exit %d, want no note: %s", code, errOut)
	}
}
