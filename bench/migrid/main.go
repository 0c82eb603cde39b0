// Command migrid measures MI estimators on the reference grid of the four
// simulation settings (overlapping, separated, three_class, scaled): class
// prior sweep at n=2000, d=2; dimension sweep at n=2000, prior 1/2; sample
// size sweeps at d=2 and d=10 — 14 cells per setting. It prints the RMSE
// against the exact truth per setting for each candidate configuration of
// UF, beside the reference implementation's RMSE (computed from
// $UFMI_MIRROR/reference/mi_settings.csv when present), writes every
// estimate to a CSV (replaced only when the run completes), and can rewrite
// the table of docs/guide.md (-doc).
//
//	go run ./bench/migrid [-reps 5] [-trees 300] [-candidates default,paper] [-doc docs/guide.md]
package main

import (
	"bufio"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/docsection"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/study"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

var settings = []sim.MISetting{sim.Overlapping, sim.Separated, sim.ThreeClass, sim.Scaled}

// candidates are the UF configurations that can be measured by name:
// the presets and ablations of the default, one change each.
func candidates() map[string]ufmi.UFConfig {
	change := func(edit func(c *ufmi.UFConfig)) ufmi.UFConfig {
		c := ufmi.DefaultUF()
		edit(&c)
		return c
	}
	withLeaf := func(m int) ufmi.UFConfig { return change(func(c *ufmi.UFConfig) { c.Tree.MinSamplesLeaf = m }) }
	obliqueLeaf := func(m int) ufmi.UFConfig {
		c := ufmi.ObliqueUF()
		c.Tree.MinSamplesLeaf = m
		return c
	}
	unsharpenedOblique := func() ufmi.UFConfig {
		c := ufmi.ObliqueUF()
		c.NoSharpening = true
		return c
	}
	// noScreen is the default without feature screening: every node
	// examines all features.
	noScreen := func(leaf int) ufmi.UFConfig {
		return change(func(c *ufmi.UFConfig) {
			c.NoScreening, c.PilotTrees, c.PilotFloor = true, 0, 0
			c.Tree.MaxFeatures, c.Tree.MinSamplesLeaf = tree.AllFeatures(), leaf
		})
	}
	preset := func(name string) ufmi.UFConfig {
		c, err := ufmi.ParseUFPreset(name)
		if err != nil {
			panic(err) // a preset ufmi names
		}
		return c
	}
	return map[string]ufmi.UFConfig{
		"default":                ufmi.DefaultUF(),
		"default-2026-11-25":     preset("default-2026-11-25"),
		"default-2026-11-27":     preset("default-2026-11-27"),
		"default-2026-11-28":     preset("default-2026-11-28"),
		"default-2026-11-29":     preset("default-2026-11-29"),
		"default-2026-11-29b":    preset("default-2026-11-29b"),
		"default-fixed-leaves":   change(func(c *ufmi.UFConfig) { c.FixedLeaves = true }),
		"paper":                  ufmi.PaperUF(),
		"authors":                ufmi.AuthorsUF(),
		"oblique":                ufmi.ObliqueUF(),
		"oblique-2026-11-25":     preset("oblique-2026-11-25"),
		"oblique-2026-11-28":     preset("oblique-2026-11-28"),
		"oblique-2026-11-29":     preset("oblique-2026-11-29"),
		"oblique-leaf3":          obliqueLeaf(3),
		"oblique-unsharpened":    unsharpenedOblique(),
		"unsharpened":            change(func(c *ufmi.UFConfig) { c.NoSharpening = true }),
		"plugin":                 change(func(c *ufmi.UFConfig) { c.PlugIn = true }),
		"default-noscreen":       noScreen(6),
		"default-noscreen-leaf5": noScreen(5),
		"default-noscreen-leaf8": noScreen(8),
		"default-leaf1":          withLeaf(1),
		"default-leaf3":          withLeaf(3),
		"default-leaf5":          withLeaf(5),
		"default-leaf8":          withLeaf(8),
		"default-floor05":        change(func(c *ufmi.UFConfig) { c.PilotFloor = 0.05 }),
		"default-pilot100":       change(func(c *ufmi.UFConfig) { c.PilotTrees = 100 }),
		"default-sqrt":           change(func(c *ufmi.UFConfig) { c.Tree.MaxFeatures = tree.SqrtFeatures() }),
		"default-nostrat":        change(func(c *ufmi.UFConfig) { c.Unstratified = true }),
		"default-uniform":        change(func(c *ufmi.UFConfig) { c.EmptyLeaf = ufmi.EmptyUniform }),
		"default-structure60":    change(func(c *ufmi.UFConfig) { c.StructureFraction = 0.6 }),
	}
}

// referenceMethods are the reference columns shown beside ours.
var referenceMethods = []string{"UF-nokappa", "UF", "UF-legacy", "RF-oob", "IRF", "SigRF", "KSG", "MixedKSG"}

func main() {
	reps := flag.Int("reps", 5, "repetitions per cell")
	trees := flag.Int("trees", 300, "trees per forest")
	names := flag.String("candidates", "default,paper,authors", "comma-separated candidate names: "+strings.Join(sortedKeys(candidates()), ", "))
	out := flag.String("out", "data/sim/migrid.csv", "CSV of every estimate")
	docPath := flag.String("doc", "", "rewrite the table between the migrid markers of this Markdown file (docs/guide.md)")
	flag.Parse()
	if err := run(*reps, *trees, strings.Split(*names, ","), *out, *docPath); err != nil {
		fmt.Fprintln(os.Stderr, "migrid:", err)
		os.Exit(1)
	}
}

func sortedKeys(m map[string]ufmi.UFConfig) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

func run(reps, trees int, names []string, outPath, docPath string) error {
	all := candidates()
	for _, n := range names {
		if _, ok := all[n]; !ok {
			return fmt.Errorf("unknown candidate %q", n)
		}
	}
	// sq[candidate][setting] accumulates squared errors.
	sq := map[string]map[string][]float64{}
	err := atomicfile.Write(outPath, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write([]string{"candidate", "setting", "n", "d", "prior", "rep", "mi_hat", "mi_true", "seconds"})
		start := time.Now()
		for i, name := range names {
			sq[name] = map[string][]float64{}
			uf := all[name]
			uf.Trees = trees
			progress := func(done, total int) {
				fmt.Fprintf(os.Stderr, "\r%s (%d/%d): %d/%d estimates, %s", name, i+1, len(names), done, total, time.Since(start).Round(time.Second))
			}
			err := study.RunGrid(uf, reps, progress, func(e study.GridEstimate) {
				s := e.Setting.String()
				sq[name][s] = append(sq[name][s], (e.MI-e.TrueMI)*(e.MI-e.TrueMI))
				w.Write([]string{name, s, strconv.Itoa(e.Cell.N), strconv.Itoa(e.Cell.D), fmt.Sprint(e.Cell.Prior), strconv.Itoa(e.Rep),
					fmt.Sprintf("%.6f", e.MI), fmt.Sprintf("%.6f", e.TrueMI), fmt.Sprintf("%.3f", e.Seconds)})
			})
			if err != nil {
				return err
			}
		}
		fmt.Fprintln(os.Stderr)
		w.Flush()
		return w.Error()
	})
	if err != nil {
		return err
	}
	ref, refErr := referenceRMSE(study.ReferenceGrid())
	table := formatTable(names, sq, ref, reps, trees)
	if refErr != nil {
		table += fmt.Sprintf("\n(reference columns unavailable: %v)\n", refErr)
	}
	fmt.Print(table)
	if docPath != "" {
		return docsection.ReplaceInFile(docPath, "migrid", table)
	}
	return nil
}

func rmse(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return math.Sqrt(s / float64(len(v)))
}

// formatTable renders the RMSE per setting as a Markdown table.
func formatTable(names []string, sq map[string]map[string][]float64, ref map[string]map[string]float64, reps, trees int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "MI RMSE in nats over the 14 grid cells × %d reps per setting (%d trees; reference columns: %d reps, 300 trees).\n\n", reps, trees, 5)
	b.WriteString("| estimator | overlapping | separated | three_class | scaled |\n|---|---|---|---|---|\n")
	for _, n := range names {
		fmt.Fprintf(&b, "| ufmi UF %s |", n)
		for _, s := range settings {
			fmt.Fprintf(&b, " %.3f |", rmse(sq[n][s.String()]))
		}
		b.WriteString("\n")
	}
	for _, m := range referenceMethods {
		r, ok := ref[m]
		if !ok {
			continue
		}
		fmt.Fprintf(&b, "| reference %s |", m)
		for _, s := range settings {
			fmt.Fprintf(&b, " %.3f |", r[s.String()])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// referenceRMSE computes each reference method's RMSE per setting over the
// same cells from the reference CSV, de-duplicating cells shared by sweeps.
func referenceRMSE(cells []study.GridCell) (map[string]map[string]float64, error) {
	root := os.Getenv("UFMI_MIRROR")
	if root == "" {
		return nil, fmt.Errorf("UFMI_MIRROR is not set")
	}
	fh, err := os.Open(filepath.Join(root, "reference", "mi_settings.csv"))
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	r := csv.NewReader(bufio.NewReader(fh))
	header, err := r.Read()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	want := map[string]bool{}
	for _, c := range cells {
		want[fmt.Sprintf("%d/%d/%g", c.N, c.D, c.Prior)] = true
	}
	seen := map[string]bool{}
	sq := map[string]map[string][]float64{}
	for {
		rec, err := r.Read()
		if err != nil {
			break
		}
		n, _ := strconv.Atoi(rec[col["n"]])
		d, _ := strconv.Atoi(rec[col["d"]])
		p, _ := strconv.ParseFloat(rec[col["pi"]], 64)
		key := fmt.Sprintf("%d/%d/%g", n, d, p)
		if !want[key] {
			continue
		}
		id := strings.Join([]string{rec[col["setting"]], key, rec[col["rep"]], rec[col["method"]]}, "|")
		if seen[id] {
			continue
		}
		seen[id] = true
		est, _ := strconv.ParseFloat(rec[col["MI_hat"]], 64)
		truth, _ := strconv.ParseFloat(rec[col["MI_true"]], 64)
		m, s := rec[col["method"]], rec[col["setting"]]
		if sq[m] == nil {
			sq[m] = map[string][]float64{}
		}
		sq[m][s] = append(sq[m][s], (est-truth)*(est-truth))
	}
	out := map[string]map[string]float64{}
	for m, bySetting := range sq {
		out[m] = map[string]float64{}
		for s, v := range bySetting {
			out[m][s] = rmse(v)
		}
	}
	return out, nil
}
