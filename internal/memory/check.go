package memory

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// fake, when set, replaces the system's available memory (see Fake).
var fake atomic.Pointer[uint64]

// Available is the memory available to the process in bytes; ok is false
// when it is not known. A reading of 0 bytes is not known (a source that
// read 0 is ignored, see minKnown): Available never reports 0 as known.
func Available() (bytes uint64, ok bool) {
	if p := fake.Load(); p != nil {
		return *p, *p > 0
	}
	bytes, ok = systemAvailable()
	return bytes, ok && bytes > 0
}

// Fake makes Available report bytes (0: not known) until restore is called. It is for
// tests, which must not run in parallel with other fits while it holds.
func Fake(bytes uint64) (restore func()) {
	old := fake.Swap(&bytes)
	return func() { fake.Store(old) }
}

// Check returns an error when need bytes exceed the available memory:
//
//	ufmi: <what> needs about 1.2 TB; this machine has 22.5 GB available: <remedy>
//
// what describes the work ("fitting 1000000 trees on 10000 rows"), remedy
// how to need less ("use fewer trees or fewer rows"). Check returns nil when
// the available memory is not known.
func Check(what string, need uint64, remedy string) error {
	record(need)
	avail, ok := Available()
	if !ok || need <= avail {
		return nil
	}
	return fmt.Errorf("ufmi: %s needs about %s; this machine has %s available: %s", what, Format(need), Format(avail), remedy)
}

// Bytes converts an estimate computed in floating point to a byte count,
// saturating at the largest uint64 (and 0 for negative or NaN estimates).
func Bytes(f float64) uint64 {
	switch {
	case !(f > 0):
		return 0
	case f >= math.MaxUint64:
		return math.MaxUint64
	}
	return uint64(math.Ceil(f))
}

// Format writes a byte count with a decimal unit: "512 B", "22.5 GB".
func Format(b uint64) string {
	const units = "kMGTPE"
	if b < 1000 {
		return fmt.Sprintf("%d B", b)
	}
	v := float64(b)
	i := -1
	for v >= 999.95 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return fmt.Sprintf("%.1f %cB", v, units[i])
}

// meters are the running Largest calls, each with the largest need seen.
var meters struct {
	sync.Mutex
	active map[*uint64]bool
}

// record tells every running Largest call about a checked need.
func record(need uint64) {
	meters.Lock()
	defer meters.Unlock()
	for peak := range meters.active {
		*peak = max(*peak, need)
	}
}

// Largest runs fn and returns the largest need that any Check made while
// fn ran. It measures the memory of work whose size only fn knows (a
// statistic fitted inside a permutation test). Checks from other goroutines
// running at the same time count too, which can only overstate the result.
func Largest(fn func()) (largest uint64) {
	peak := new(uint64)
	meters.Lock()
	if meters.active == nil {
		meters.active = map[*uint64]bool{}
	}
	meters.active[peak] = true
	meters.Unlock()
	defer func() {
		meters.Lock()
		delete(meters.active, peak)
		largest = *peak
		meters.Unlock()
	}()
	fn()
	return // largest is read when the meter is removed, above
}
