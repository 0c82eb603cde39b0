// Command scale measures the memory and time of one MI estimate on the
// separated setting of ufmi/sim (exact truth known) at large n, with the
// default estimator: EstimateMI streams the forest's trees, so memory is
// O(n × d) for the data and O(n × classes) for the posterior sums, whatever
// the number of trees. -inmemory fits the forest first (FitUF, every tree
// kept) for comparison.
//
//	go run ./bench/scale -n 1000000 -d 10 [-trees 300] [-workers 0] [-inmemory]
//
// It prints the estimate, the truth, the wall time and the peak resident
// memory of the process (VmHWM from /proc/self/status; the Go runtime's
// own peak where /proc is missing).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

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
	flag.Parse()
	if err := run(*n, *d, *trees, *seed, *workers, *inMemory); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(n, d, trees int, seed uint64, workers int, inMemory bool) error {
	setting := sim.MISimulation{Setting: sim.Separated, N: n, D: d, Prior: 0.5}
	truth, err := setting.Truth()
	if err != nil {
		return err
	}
	x, y, err := sample(setting, seed)
	if err != nil {
		return err
	}
	uf := ufmi.DefaultUF()
	uf.Trees = trees
	start := time.Now()
	var mi float64
	if inMemory {
		uf.Seed, uf.Workers = seed, workers
		f, err := ufmi.FitUF(x, y, uf)
		if err != nil {
			return err
		}
		h, err := f.HonestConditionalEntropy(false, nil, workers)
		if err != nil {
			return err
		}
		hy, _ := ufmi.LabelEntropy(y)
		mi = hy - h
		runtime.KeepAlive(f)
	} else {
		est, err := ufmi.EstimateMI(x, y, ufmi.EstimatorConfig{UF: uf, Seed: seed, Workers: workers})
		if err != nil {
			return err
		}
		mi = est.MI
	}
	wall := time.Since(start)
	mode := "streaming"
	if inMemory {
		mode = "in-memory"
	}
	fmt.Printf("separated n=%d d=%d trees=%d (%s, %d cores)\n", n, d, trees, mode, runtime.GOMAXPROCS(0))
	fmt.Printf("MI %.4f nats, truth %.4f, error %+.4f\n", mi, truth.MI, mi-truth.MI)
	fmt.Printf("estimate wall time %.1f s\n", wall.Seconds())
	fmt.Printf("peak memory %s\n", peakMemory())
	return nil
}

// sample draws the data and converts them to column-major Features, letting
// the row slices go before the estimate starts.
func sample(s sim.MISimulation, seed uint64) (*ufmi.Features, []int, error) {
	rows, y, err := s.Sample(seed)
	if err != nil {
		return nil, nil, err
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
