package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mergeCells are the cell files of a small sharded job that FuzzMergeCells
// replaces: the observed estimate, a block of permutations, a tree block's
// header and the screening pilot's weights.
var mergeCells = []struct {
	job  []string
	file string
}{
	{[]string{"-perm", "20"}, "observed.json"},
	{[]string{"-perm", "20"}, "perm-0000000-0000010.json"},
	{[]string{"-trees", "12", "-trees-per-cell", "4"}, "trees-0000004-0000008.json"},
	{[]string{"-trees", "12", "-trees-per-cell", "4"}, "pilot.json"},
}

// FuzzMergeCells merges a results folder in which one cell file holds
// arbitrary bytes: the merge must not panic or hang, and must either print
// the job's result (the bytes were a valid cell) or fail with exit status 1
// and one line naming the problem.
func FuzzMergeCells(f *testing.F) {
	for i, c := range mergeCells {
		dir := f.TempDir()
		in := fuzzMergeData(f)
		mustRunF(f, append([]string{"mi", "-in", in, "-target", "label", "-trees", "10", "-results", dir, "-json"}, c.job...)...)
		valid, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(valid, uint8(i))
		f.Add([]byte(strings.Replace(string(valid), "0.", "9.", 1)), uint8(i))
		f.Add([]byte(`{"result": null}`), uint8(i))
		f.Add([]byte(`{"classes": 1000000000}`), uint8(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		c := mergeCells[int(which)%len(mergeCells)]
		dir := t.TempDir()
		in := fuzzMergeData(t)
		args := append([]string{"mi", "-in", in, "-target", "label", "-trees", "10", "-results", dir, "-json"}, c.job...)
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("the job failed: %s", errOut.String())
		}
		if err := os.WriteFile(filepath.Join(dir, c.file), data, 0o644); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		errOut.Reset()
		switch code := run([]string{"merge", "-results", dir, "-json"}, &out, &errOut); code {
		case 0:
			checkFiniteOutput(t, "mi", out.Bytes())
		case 1:
			msg := errOut.String()
			if !strings.HasPrefix(msg, "ufmi merge: ") || strings.Count(msg, "\n") != 1 {
				t.Fatalf("merge failed without one clear line: %q", msg)
			}
		default:
			t.Fatalf("merge exited %d: %s", code, errOut.String())
		}
	})
}

// fuzzMergeData writes the small labelled CSV file the fuzzed jobs run on.
func fuzzMergeData(tb testing.TB) string {
	tb.Helper()
	var b strings.Builder
	b.WriteString("x1,x2,label\n")
	for i := range 40 {
		label := []string{"a", "b"}[i%2]
		shift := float64(2*(i%2) - 1)
		fmt.Fprintf(&b, "%g,%g,%s\n", shift+float64(i%7)/7, float64(i%5)/5, label)
	}
	path := filepath.Join(tb.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// mustRunF runs the command line and fails the fuzz setup when it fails.
func mustRunF(f *testing.F, args ...string) {
	var out, errOut bytes.Buffer
	if code := run(args, &out, &errOut); code != 0 {
		f.Fatalf("%v: exit %d: %s", args, code, errOut.String())
	}
}
