// Command peers times ufmi's random forest against scikit-learn's
// RandomForestClassifier and R's ranger on the same data, side by side in
// one run, and prints the time ratios. It also measures how fit time grows
// from n to 10n rows (ufmi's; every implementation's with -scale-peers).
//
//	go run ./bench/peers [-n 10000] [-d 20] [-trees 300] [-threads 2] [-reps 3] [-scale 10] [-scale-peers]
//
// The peers come from Debian packages (python3-sklearn, r-cran-ranger); a
// peer that is not installed is reported as missing, not skipped silently.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ufmi-dev/ufmi/bench/internal/peer"
	"github.com/ufmi-dev/ufmi/internal/synth"
	"github.com/ufmi-dev/ufmi/ufmi"
)

func main() {
	n := flag.Int("n", 10000, "rows")
	d := flag.Int("d", 20, "features")
	trees := flag.Int("trees", 300, "trees")
	threads := flag.Int("threads", 2, "threads for every implementation")
	reps := flag.Int("reps", 3, "repetitions (the median is reported)")
	scale := flag.Int("scale", 10, "also time ufmi at scale×n rows (0: skip)")
	scalePeers := flag.Bool("scale-peers", false, "time the peers at scale×n rows too (minutes)")
	flag.Parse()
	if err := run(*n, *d, *trees, *threads, *reps, *scale, *scalePeers); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

// forestConfig is the forest every implementation grows: subsamples of
// 63.2% of the rows, all features at every split, leaves of one row.
func forestConfig(trees int) ufmi.ForestConfig {
	return ufmi.ForestConfig{Trees: trees, Sampling: ufmi.Subsample, SampleFraction: 0.632}
}

func run(n, d, trees, threads, reps, scale int, scalePeers bool) error {
	dir, err := os.MkdirTemp("", "ufmi-peers")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fmt.Printf("forest: %d trees, subsample 0.632, all %d features per split, min leaf 1; n=%d; %d threads; median of %d runs\n\n",
		trees, d, n, threads, reps)
	rows, y := makeData(n, d, 1)
	base, err := timeAll(dir, rows, y, trees, threads, reps, true)
	if err != nil {
		return err
	}
	ours := base[0].secs
	fmt.Printf("%-14s %10s %14s\n", "implementation", "fit (s)", "time / ufmi")
	for _, r := range base {
		if r.err != nil {
			fmt.Printf("%-14s %10s %14s   (%v)\n", r.name, "-", "-", r.err)
			continue
		}
		fmt.Printf("%-14s %10.2f %14.2f\n", r.name, r.secs, r.secs/ours)
	}
	if scale <= 1 {
		return nil
	}
	big, by := makeData(n*scale, d, 2)
	grown, err := timeAll(dir, big, by, trees, threads, 1, scalePeers)
	if err != nil {
		return err
	}
	fmt.Printf("\nfit time at n=%d (one run) against n=%d (n log n growth would be %.1f×):\n", n*scale, n, float64(scale)*logRatio(n*scale, n))
	for i, r := range grown {
		switch {
		case r.err != nil:
			fmt.Printf("%-14s %10s   (%v)\n", r.name, "-", r.err)
		case base[i].err != nil:
			fmt.Printf("%-14s %10.2f s\n", r.name, r.secs)
		default:
			fmt.Printf("%-14s %10.2f s = %.1f× the time at n=%d\n", r.name, r.secs, r.secs/base[i].secs, n)
		}
	}
	return nil
}

// timing is one implementation's median fit time, or why it has none.
type timing struct {
	name string
	secs float64
	err  error
}

// timeAll times ufmi and, when withPeers, scikit-learn and ranger on the
// same data (written to dir as CSV for the peers).
func timeAll(dir string, rows [][]float64, y []int, trees, threads, reps int, withPeers bool) ([]timing, error) {
	ours, err := timeUFMI(rows, y, trees, threads, reps)
	if err != nil {
		return nil, err
	}
	out := []timing{{"ufmi (Go)", ours, nil}}
	if !withPeers {
		return out, nil
	}
	path := filepath.Join(dir, fmt.Sprintf("data_%d.csv", len(rows)))
	if err := peer.WriteCSV(path, rows, y); err != nil {
		return nil, err
	}
	here, _ := os.Getwd()
	for _, p := range []struct{ name, cmd, script string }{
		{"scikit-learn", "/usr/bin/python3", "sklearn_fit.py"},
		{"ranger (R)", "Rscript", "ranger_fit.R"},
	} {
		secs, err := peer.Time(p.cmd, filepath.Join(here, "bench", p.script), path, strconv.Itoa(trees), strconv.Itoa(threads), strconv.Itoa(reps))
		out = append(out, timing{p.name, secs, err})
	}
	return out, nil
}

func logRatio(a, b int) float64 {
	la, lb := 0.0, 0.0
	for v := a; v > 1; v /= 2 {
		la++
	}
	for v := b; v > 1; v /= 2 {
		lb++
	}
	return la / lb
}

// makeData draws standard normal features; the label depends on the first
// two features plus noise, so trees grow deep as in real data.
func makeData(n, d int, seed uint64) ([][]float64, []int) {
	return synth.Gaussian(n, d, seed, 99, func(row []float64, rng *rand.Rand) int {
		if row[0]-row[1]+0.5*rng.NormFloat64() > 0 {
			return 1
		}
		return 0
	})
}

func timeUFMI(rows [][]float64, y []int, trees, threads, reps int) (float64, error) {
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		return 0, err
	}
	var times []float64
	for range reps {
		start := time.Now()
		if _, err := ufmi.FitRF(x, y, forestConfig(trees), ufmi.Runtime{Seed: 1, Workers: threads}); err != nil {
			return 0, err
		}
		times = append(times, time.Since(start).Seconds())
	}
	return peer.Median(times), nil
}
