// Package peer runs the reference implementations of the benchmarks
// (scikit-learn and ranger, from Debian's packages) on data written as CSV,
// so that ufmi and a peer are timed on the same rows in one run.
package peer

import (
	"encoding/csv"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
)

// WriteCSV writes the rows with columns x0, x1, ... and the label y, the
// format the peer scripts under bench/ read.
func WriteCSV(path string, rows [][]float64, y []int) error {
	if len(rows) == 0 {
		return fmt.Errorf("peer: no rows to write")
	}
	return atomicfile.Write(path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		header := make([]string, len(rows[0])+1)
		for j := range rows[0] {
			header[j] = fmt.Sprintf("x%d", j)
		}
		header[len(header)-1] = "y"
		w.Write(header)
		rec := make([]string, len(header))
		for i, r := range rows {
			for j, v := range r {
				rec[j] = strconv.FormatFloat(v, 'g', 17, 64)
			}
			rec[len(rec)-1] = strconv.Itoa(y[i])
			w.Write(rec)
		}
		w.Flush()
		return w.Error()
	})
}

// Time runs a peer script (cmd script args...) that prints one fit time in
// seconds per line, and returns the median of those times. A peer that is
// not installed is an error saying so.
func Time(cmd, script string, args ...string) (float64, error) {
	r, err := Run(cmd, script, args...)
	if err != nil {
		return 0, err
	}
	return Median(r.Seconds), nil
}

// Timings are what a peer script printed: the wall seconds of each run (a
// number alone on a line) and, where it prints them, the CPU seconds of
// each run (lines "cpu S").
type Timings struct {
	Seconds, CPU []float64
}

// Run runs a peer script and reads its timings; it is an error when the
// script prints no wall time.
func Run(cmd, script string, args ...string) (Timings, error) {
	if _, err := exec.LookPath(cmd); err != nil {
		return Timings{}, fmt.Errorf("%s not installed", cmd)
	}
	out, err := exec.Command(cmd, append([]string{script}, args...)...).CombinedOutput()
	if err != nil {
		return Timings{}, fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	var r Timings
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if cpu, ok := strings.CutPrefix(line, "cpu "); ok {
			if v, err := strconv.ParseFloat(strings.TrimSpace(cpu), 64); err == nil {
				r.CPU = append(r.CPU, v)
			}
		} else if v, err := strconv.ParseFloat(line, 64); err == nil {
			r.Seconds = append(r.Seconds, v)
		}
	}
	if len(r.Seconds) == 0 {
		return Timings{}, fmt.Errorf("no timing in output: %s", strings.TrimSpace(string(out)))
	}
	return r, nil
}

// Median returns the middle value of v (the upper one of an even count);
// it sorts v.
func Median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}
