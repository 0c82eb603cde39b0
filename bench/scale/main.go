// Command scale measures the memory and time of one MI estimate on the
// separated setting of ufmi/sim (exact truth known) at large n, with the
// default estimator: EstimateMI streams the forest's trees, so memory is
// O(n × d) for the data and O(n × classes) for the posterior sums, whatever
// the number of trees. -inmemory fits the forest first (FitUF, every tree
// kept) for comparison.
//
//	go run ./bench/scale -n 1000000 -d 10 [-trees 300] [-workers 0] [-inmemory] [-ranger]
//
// It prints the estimate, the truth, the wall time and the peak resident
// memory of the process (VmHWM from /proc/self/status; the Go runtime's
// own peak where /proc is missing). -ranger then times R's ranger (Debian's
// r-cran-ranger) growing the same number of trees on the same rows with
// the settings nearest the default UF's trees (subsamples of the structure
// fraction, the same features per split, nodes of fewer than two minimum
// leaves not split, no forest kept) and prints the ratios of wall and CPU
// times (CPU time is the fairer figure on a machine other jobs share).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ufmi-dev/ufmi/bench/internal/peer"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
)

func main() {
	n := flag.Int("n", 100_000, "rows")
	d := flag.Int("d", 10, "dimensions (two carry the signal)")
	trees := flag.Int("trees", ufmi.DefaultTrees, "trees of the forest")
	seed := flag.Uint64("seed", 1, "seed of the data and of the forest")
	workers := flag.Int("workers", 0, "goroutines (0: all cores)")
	inMemory := flag.Bool("inmemory", false, "fit and keep the whole forest (FitUF) instead of streaming")
	withRanger := flag.Bool("ranger", false, "also time ranger growing the same trees on the same rows")
	flag.Parse()
	if err := run(*n, *d, *trees, *seed, *workers, *inMemory, *withRanger); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(n, d, trees int, seed uint64, workers int, inMemory, withRanger bool) error {
	setting := sim.MISimulation{Setting: sim.Separated, N: n, D: d, Prior: 0.5}
	truth, err := setting.Truth()
	if err != nil {
		return err
	}
	csvPath := ""
	if withRanger {
		dir, err := os.MkdirTemp("", "ufmi-scale")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		csvPath = filepath.Join(dir, "data.csv")
	}
	x, y, err := sample(setting, seed, csvPath)
	if err != nil {
		return err
	}
	uf := ufmi.DefaultUF()
	uf.Trees = trees
	start, cpuStart := time.Now(), cpuSeconds()
	var mi float64
	if inMemory {
		f, err := ufmi.FitUF(x, y, uf, ufmi.Runtime{Seed: seed, Workers: workers})
		if err != nil {
			return err
		}
		h, err := f.HonestConditionalEntropy(false, nil)
		if err != nil {
			return err
		}
		hy, _ := ufmi.LabelEntropy(y)
		mi = hy - h
		runtime.KeepAlive(f)
	} else {
		est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: seed, Workers: workers}})
		if err != nil {
			return err
		}
		mi = est.MI
	}
	ours := elapsed{wall: time.Since(start).Seconds(), cpu: cpuSeconds() - cpuStart}
	mode := "streaming"
	if inMemory {
		mode = "in-memory"
	}
	fmt.Printf("separated n=%d d=%d trees=%d (%s, %d cores)\n", n, d, trees, mode, runtime.GOMAXPROCS(0))
	fmt.Printf("MI %.4f nats, truth %.4f, error %+.4f\n", mi, truth.MI, mi-truth.MI)
	fmt.Printf("estimate wall time %.1f s, CPU %.1f s\n", ours.wall, ours.cpu)
	fmt.Printf("peak memory %s\n", peakMemory())
	if withRanger {
		return timeRanger(csvPath, uf, d, trees, workers, ours)
	}
	return nil
}

// timeRanger times ranger growing trees on the rows in csvPath with the
// settings nearest uf's trees, and prints its wall time and the ratio to
// ufmi's whole estimate (ours, which also grows the screening pilot and
// fills the leaves with the vote rows).
func timeRanger(csvPath string, uf ufmi.UFConfig, d, trees, workers int, ours elapsed) error {
	mtry, err := uf.Tree.MaxFeatures.Count(d)
	if err != nil {
		return err
	}
	threads := workers
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	minNode := 2 * max(1, uf.Tree.MinSamplesLeaf)
	here, _ := os.Getwd()
	r, err := peer.Run("Rscript", filepath.Join(here, "bench", "ranger_fit.R"), csvPath,
		strconv.Itoa(trees), strconv.Itoa(threads), "1", strconv.FormatFloat(uf.StructureFraction, 'g', -1, 64),
		strconv.Itoa(mtry), strconv.Itoa(minNode), "FALSE")
	if err != nil {
		return fmt.Errorf("ranger: %w", err)
	}
	fmt.Printf("ranger %d trees (sample.fraction %g, mtry %d, min.node.size %d, %d threads, forest not kept): fit wall time %.1f s",
		trees, uf.StructureFraction, mtry, minNode, threads, r.Seconds[0])
	if len(r.CPU) > 0 {
		fmt.Printf(", CPU %.1f s", r.CPU[0])
	}
	fmt.Printf("\nufmi estimate / ranger fit: wall time %.2f", ours.wall/r.Seconds[0])
	if len(r.CPU) > 0 {
		fmt.Printf(", CPU time %.2f", ours.cpu/r.CPU[0])
	}
	fmt.Println()
	return nil
}

// elapsed is the wall and CPU seconds (all threads) of a computation.
type elapsed struct{ wall, cpu float64 }

// cpuSeconds is the user and system time of the process so far.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return math.NaN()
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()).Seconds()
}

// sample draws the data and converts them to column-major Features, letting
// the row slices go before the estimate starts; with a csvPath it first
// writes the rows there for the peer.
func sample(s sim.MISimulation, seed uint64, csvPath string) (*ufmi.Features, []int, error) {
	rows, y, err := s.Sample(seed)
	if err != nil {
		return nil, nil, err
	}
	if csvPath != "" {
		if err := peer.WriteCSV(csvPath, rows, y); err != nil {
			return nil, nil, err
		}
	}
	x, err := ufmi.NewFeatures(rows)
	runtime.GC()
	return x, y, err
}

// peakMemory reads VmHWM, the peak resident set, from /proc/self/status; it
// falls back on the Go runtime's memory obtained from the system.
func peakMemory() string {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
				return strings.TrimSpace(v) + " (VmHWM)"
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return fmt.Sprintf("%d MB (runtime Sys)", int(math.Round(float64(m.Sys)/1e6)))
}
