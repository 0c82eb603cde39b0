package memory

import (
	"bufio"
	"math"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
)

// source names the files the limits are read from; tests point them at
// fakes.
type source struct {
	procCgroup string // /proc/self/cgroup: the process's cgroup paths
	cgroupRoot string // where the cgroup file systems are mounted
	meminfo    string // /proc/meminfo
}

var system = source{procCgroup: "/proc/self/cgroup", cgroupRoot: "/sys/fs/cgroup", meminfo: "/proc/meminfo"}

// noLimit is where limits stop meaning anything: cgroup v1 writes "no
// limit" as MaxInt64 rounded down to a page.
const noLimit = 1 << 62

// systemAvailable is the available memory of this process, read once.
var systemAvailable = sync.OnceValues(func() (uint64, bool) {
	avail, ok := system.available()
	return withGoLimit(avail, ok, debug.SetMemoryLimit(-1))
})

// withGoLimit is min(avail, lim) for the Go runtime's memory limit lim
// (GOMEMLIMIT; math.MaxInt64 when unset). A limit of 0 or less, or of
// noLimit or more, is no reading.
func withGoLimit(avail uint64, ok bool, lim int64) (uint64, bool) {
	if lim > 0 && lim < noLimit {
		return minKnown(avail, ok, uint64(lim))
	}
	return avail, ok
}

// available is the smallest of the cgroup limit and MemAvailable; ok is
// false when neither can be read.
func (s source) available() (avail uint64, ok bool) {
	if v, found := s.memAvailable(); found {
		avail, ok = v, true
	}
	if v, found := s.cgroupLimit(); found {
		avail, ok = minKnown(avail, ok, v)
	}
	return avail, ok
}

// minKnown is min(cur, v), or v when cur is not known. A reading v of 0
// is not known either: no source that can be read reports a machine
// without memory (a process reading it is running), so a 0 is a failed
// or transient reading (seen once from a shared host) and is ignored,
// never taken as "no memory".
func minKnown(cur uint64, known bool, v uint64) (uint64, bool) {
	if v == 0 {
		return cur, known
	}
	if !known || v < cur {
		return v, true
	}
	return cur, true
}

// memAvailable reads MemAvailable (kB) from meminfo.
func (s source) memAvailable() (uint64, bool) {
	f, err := os.Open(s.meminfo)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || fields[0] != "MemAvailable:" {
			continue
		}
		kb, err := strconv.ParseUint(fields[1], 10, 64)
		if err != nil || kb == 0 || kb > math.MaxUint64/1024 {
			return 0, false // 0 is no reading (see minKnown)
		}
		return kb * 1024, true
	}
	return 0, false
}

// cgroupLimit is the tightest memory limit of the process's cgroups, v2
// (memory.max) and v1 (memory.limit_in_bytes), over each cgroup and its
// ancestors up to the mount point.
func (s source) cgroupLimit() (uint64, bool) {
	b, err := os.ReadFile(s.procCgroup)
	if err != nil {
		return 0, false
	}
	var limit uint64
	var ok bool
	for _, line := range strings.Split(string(b), "\n") {
		// hierarchy-ID:controller-list:cgroup-path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		var dir, file string
		switch {
		case parts[0] == "0" && parts[1] == "":
			dir, file = s.cgroupRoot, "memory.max"
		case hasController(parts[1], "memory"):
			dir, file = filepath.Join(s.cgroupRoot, "memory"), "memory.limit_in_bytes"
		default:
			continue
		}
		if v, found := tightestLimit(dir, parts[2], file); found {
			limit, ok = minKnown(limit, ok, v)
		}
	}
	return limit, ok
}

// hasController reports whether a comma-separated controller list names c.
func hasController(list, c string) bool {
	for _, name := range strings.Split(list, ",") {
		if name == c {
			return true
		}
	}
	return false
}

// tightestLimit reads file in the cgroup folder mount/cg and in each of its
// ancestors up to mount, and returns the smallest limit found. Folders that
// do not exist (a cgroup path from outside a container's mount) are skipped.
func tightestLimit(mount, cg, file string) (uint64, bool) {
	var limit uint64
	var ok bool
	for p := path.Clean("/" + cg); ; p = path.Dir(p) {
		if v, found := readLimit(filepath.Join(mount, filepath.FromSlash(p), file)); found {
			limit, ok = minKnown(limit, ok, v)
		}
		if p == "/" {
			return limit, ok
		}
	}
}

// readLimit reads one limit file; "max" and values of noLimit or more mean
// no limit, and 0 is no reading.
func readLimit(name string) (uint64, bool) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || v == 0 || v >= noLimit {
		return 0, false // 0 is no reading (see minKnown)
	}
	return v, true
}
