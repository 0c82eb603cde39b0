package memory

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// writeTree writes files (path relative to root -> content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeSource is a source reading files of a temporary folder.
func fakeSource(t *testing.T, files map[string]string) source {
	root := t.TempDir()
	writeTree(t, root, files)
	return source{procCgroup: filepath.Join(root, "proc/self/cgroup"), cgroupRoot: filepath.Join(root, "cgroup"),
		meminfo: filepath.Join(root, "proc/meminfo")}
}

const meminfo = "MemTotal:       24683620 kB\nMemFree:         1000000 kB\nMemAvailable:   22000000 kB\n"

func TestAvailableSources(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		files map[string]string
		want  uint64
		ok    bool
	}{
		{"nothing readable", nil, 0, false},
		{"meminfo only", map[string]string{"proc/meminfo": meminfo}, 22000000 * 1024, true},
		{"v2 limit below MemAvailable", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup": "0::/job\n", "cgroup/job/memory.max": "2000000000\n"}, 2000000000, true},
		{"v2 max means no limit", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup": "0::/job\n", "cgroup/job/memory.max": "max\n"}, 22000000 * 1024, true},
		{"v2 tightest ancestor", map[string]string{"proc/self/cgroup": "0::/a/b\n",
			"cgroup/a/b/memory.max": "max\n", "cgroup/a/memory.max": "3000\n", "cgroup/memory.max": "5000\n"}, 3000, true},
		{"v2 path outside the mount", map[string]string{"proc/self/cgroup": "0::/elsewhere/x\n",
			"cgroup/memory.max": "4096\n"}, 4096, true},
		{"v1 limit", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup": "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n0::/\n",
			"cgroup/memory/docker/abc/memory.limit_in_bytes": "1073741824\n"}, 1 << 30, true},
		{"v1 unlimited", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup":                    "4:cpuacct,memory:/\n",
			"cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"}, 22000000 * 1024, true},
		{"garbage", map[string]string{"proc/meminfo": "MemAvailable: lots kB\n",
			"proc/self/cgroup": "nonsense\n0::/\n", "cgroup/memory.max": "-1\n"}, 0, false},
		// A reading of 0 is no reading: the other sources decide.
		{"MemAvailable 0 ignored", map[string]string{"proc/meminfo": "MemAvailable:   0 kB\n",
			"proc/self/cgroup": "0::/job\n", "cgroup/job/memory.max": "2000000000\n"}, 2000000000, true},
		{"v2 memory.max 0 ignored", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup": "0::/job\n", "cgroup/job/memory.max": "0\n"}, 22000000 * 1024, true},
		{"v2 ancestor 0 ignored", map[string]string{"proc/self/cgroup": "0::/a/b\n",
			"cgroup/a/b/memory.max": "0\n", "cgroup/a/memory.max": "3000\n"}, 3000, true},
		{"v1 limit 0 ignored", map[string]string{"proc/meminfo": meminfo,
			"proc/self/cgroup": "4:memory:/docker/abc\n", "cgroup/memory/docker/abc/memory.limit_in_bytes": "0\n"},
			22000000 * 1024, true},
		{"every source 0", map[string]string{"proc/meminfo": "MemAvailable: 0 kB\n",
			"proc/self/cgroup": "0::/\n", "cgroup/memory.max": "0\n"}, 0, false},
	}
	for _, c := range cases {
		got, ok := fakeSource(t, c.files).available()
		if got != c.want || ok != c.ok {
			t.Errorf("%s: available() = %d, %v; want %d, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// GOMEMLIMIT joins the other sources; unset (MaxInt64), 0 or negative, it
// is no reading.
func TestGoMemoryLimit(t *testing.T) {
	t.Parallel()
	cases := []struct {
		avail uint64
		ok    bool
		lim   int64
		want  uint64
		wok   bool
	}{
		{5000, true, math.MaxInt64, 5000, true},
		{5000, true, 3000, 3000, true},
		{5000, true, 0, 5000, true},
		{5000, true, -1, 5000, true},
		{0, false, 0, 0, false},
		{0, false, 4096, 4096, true},
	}
	for _, c := range cases {
		if got, ok := withGoLimit(c.avail, c.ok, c.lim); got != c.want || ok != c.wok {
			t.Errorf("withGoLimit(%d, %v, %d) = %d, %v; want %d, %v", c.avail, c.ok, c.lim, got, ok, c.want, c.wok)
		}
	}
}

// The real source reads something on Linux and is cached.
func TestSystemAvailable(t *testing.T) {
	t.Parallel()
	a, ok := systemAvailable()
	if _, err := os.Stat("/proc/meminfo"); err == nil && (!ok || a == 0) {
		t.Fatalf("systemAvailable() = %d, %v on a system with /proc/meminfo", a, ok)
	}
	if b, _ := systemAvailable(); b != a {
		t.Fatalf("not cached: %d then %d", a, b)
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	for b, want := range map[uint64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 22_500_000_000: "22.5 GB",
		1_234_000_000_000: "1.2 TB", 999_999: "1.0 MB", math.MaxUint64: "18.4 EB"} {
		if got := Format(b); got != want {
			t.Errorf("Format(%d) = %q, want %q", b, got, want)
		}
	}
}

func TestBytes(t *testing.T) {
	t.Parallel()
	for f, want := range map[float64]uint64{-1: 0, 0: 0, 1.2: 2, 1e30: math.MaxUint64, math.Inf(1): math.MaxUint64} {
		if got := Bytes(f); got != want {
			t.Errorf("Bytes(%v) = %d, want %d", f, got, want)
		}
	}
	if Bytes(math.NaN()) != 0 {
		t.Error("Bytes(NaN) != 0")
	}
}

// Check, Fake and Largest share package state: these tests do not run in
// parallel.

func TestCheckWithFakeLimit(t *testing.T) {
	defer Fake(22_500_000_000)()
	if err := Check("fitting 300 trees on 1000 rows", 100<<20, "use fewer trees"); err != nil {
		t.Fatalf("a small request failed: %v", err)
	}
	err := Check("fitting 100000000 trees on 200 rows", 1_200_000_000_000, "use fewer trees or fewer rows")
	want := "ufmi: fitting 100000000 trees on 200 rows needs about 1.2 TB; this machine has 22.5 GB available: use fewer trees or fewer rows"
	if err == nil || err.Error() != want {
		t.Fatalf("Check = %v\nwant %s", err, want)
	}
}

// Issue 21: a run at n = 500 was refused with "fitting 4 trees on 500
// rows needs about 220.0 kB; this machine has 0 B available" after one
// source read 0. A reading of 0 is unknown memory: nothing is refused.
func TestZeroReadingIsUnknown(t *testing.T) {
	defer Fake(0)()
	if a, ok := Available(); ok {
		t.Fatalf("Available() = %d, %v with a reading of 0; want not known", a, ok)
	}
	if err := Check("fitting 4 trees on 500 rows", 220_000, "use fewer trees or fewer rows"); err != nil {
		t.Fatalf("Check with a reading of 0: %v", err)
	}
}

func TestFakeRestores(t *testing.T) {
	before, okBefore := Available()
	restore := Fake(7)
	if a, ok := Available(); a != 7 || !ok {
		t.Fatalf("Available() = %d, %v under Fake(7)", a, ok)
	}
	inner := Fake(9)
	inner()
	if a, _ := Available(); a != 7 {
		t.Fatalf("nested restore gave %d, want 7", a)
	}
	restore()
	if a, ok := Available(); a != before || ok != okBefore {
		t.Fatalf("after restore Available() = %d, %v; want %d, %v", a, ok, before, okBefore)
	}
}

func TestLargest(t *testing.T) {
	defer Fake(1 << 40)()
	got := Largest(func() {
		var wg sync.WaitGroup
		for _, need := range []uint64{10, 5000, 300} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = Check("work", need, "less")
			}()
		}
		wg.Wait()
	})
	if got != 5000 {
		t.Fatalf("Largest = %d, want 5000", got)
	}
	_ = Check("outside", 1<<30, "less")
	if inner := Largest(func() { _ = Check("x", 1, "y") }); inner != 1 {
		t.Fatalf("a later Largest saw %d, want 1", inner)
	}
	// A refused request counts too.
	if refused := Largest(func() { _ = Check("huge", math.MaxUint64, "less") }); refused != math.MaxUint64 {
		t.Fatalf("Largest over a refused Check = %d", refused)
	}
	if err := Check("huge", math.MaxUint64, "less"); err == nil || !strings.Contains(err.Error(), "18.4 EB") {
		t.Fatalf("Check(MaxUint64) = %v", err)
	}
}
