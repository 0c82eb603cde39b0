package shard

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseAndEnv(t *testing.T) {
	t.Parallel()
	if s, err := Parse("1/4"); err != nil || s != (Spec{1, 4}) {
		t.Fatalf("Parse(1/4) = %v, %v", s, err)
	}
	for _, bad := range []string{"4/4", "-1/4", "1", "a/b", "0/0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	env := map[string]string{"JOB_COMPLETION_INDEX": "2"}
	if s, err := FromEnv(3, func(k string) string { return env[k] }); err != nil || s != (Spec{2, 3}) {
		t.Fatalf("FromEnv = %v, %v", s, err)
	}
	env["SLURM_ARRAY_TASK_ID"] = "0"
	if s, _ := FromEnv(3, func(k string) string { return env[k] }); s != (Spec{0, 3}) {
		t.Fatalf("SLURM_ARRAY_TASK_ID not read first: %v", s)
	}
	if _, err := FromEnv(3, func(string) string { return "" }); err == nil {
		t.Fatal("no index variable accepted")
	}
}

// Every cell is computed exactly once over a failed run and its rerun, by
// the shard that owns it, and results survive as written.
func TestRunResumesAfterAFailure(t *testing.T) {
	t.Parallel()
	dir := Dir{Path: t.TempDir(), Job: "j"}
	cells := make([]Cell, 9)
	for i := range cells {
		cells[i] = Cell{Key: "c" + string(rune('0'+i)), Seed: uint64(i)}
	}
	computed := map[string]int{}
	fail := true
	compute := func(i int, c Cell) (any, error) {
		if i == 5 && fail {
			return nil, errors.New("killed")
		}
		computed[c.Key]++
		return i * i, nil
	}
	if _, err := Run(cells, All, dir, compute); err == nil {
		t.Fatal("the failure was not reported")
	}
	fail = false
	spec := Spec{2, 3}
	out, err := Run(cells, spec, dir, compute)
	if err != nil || out.Ran != 2 || out.Done != 7 || out.Complete() {
		t.Fatalf("shard 2/3: %v, %v", out, err)
	}
	out, err = Run(cells, All, dir, compute)
	if err != nil || out.Ran != 2 || !out.Complete() {
		t.Fatalf("rerun: %v, %v", out, err)
	}
	for i, c := range cells {
		var v int
		if ok, err := dir.Read(c, &v); !ok || err != nil || v != i*i || computed[c.Key] != 1 {
			t.Fatalf("cell %d: %v %v %d, computed %d times", i, ok, err, v, computed[c.Key])
		}
	}
	if err := os.WriteFile(filepath.Join(dir.Path, "c0.json"), []byte("{trunc"), 0o644); err != nil {
		t.Fatal(err)
	}
	var v int
	if _, err := dir.Read(cells[0], &v); err == nil {
		t.Fatal("a damaged cell file was read")
	}
}

// Shards that end together: cells another shard writes after this run
// passed them still count, so the last shard to end sees the job complete.
func TestRunCountsCellsOtherShardsFinished(t *testing.T) {
	t.Parallel()
	dir := Dir{Path: t.TempDir(), Job: "j"}
	cells := make([]Cell, 4)
	for i := range cells {
		cells[i] = Cell{Key: "c" + string(rune('0'+i)), Seed: uint64(i)}
	}
	first := Spec{0, 2} // cells 0 and 2; the other shard writes 1 while this one computes 2
	out, err := Run(cells, first, dir, func(i int, c Cell) (any, error) {
		if i == 2 {
			if err := dir.Write(cells[1], 1); err != nil {
				return nil, err
			}
			if err := dir.Write(cells[3], 9); err != nil {
				return nil, err
			}
		}
		return i * i, nil
	})
	if err != nil || out.Ran != 2 || out.Done != 4 || !out.Complete() {
		t.Fatalf("shard 0/2 ending after the other: %v, %v; want 4 of 4 done", out, err)
	}
}

// A cell file holding no result (null or absent), a field no cell file
// has, or that is not a regular file is an error naming it, never a done
// cell of zeros.
func TestReadRefusesEmptyAndForeignCellFiles(t *testing.T) {
	t.Parallel()
	dir := Dir{Path: t.TempDir(), Job: "j"}
	c := Cell{Key: "c", Seed: 7}
	for content, want := range map[string]string{
		`{"job":"j","key":"c","seed":7,"result":null}`:                 "holds no result",
		`{"job":"j","key":"c","seed":7}`:                               "holds no result",
		`{"job":"j","key":"c","seed":7,"result":1,"extra":true}`:       `unknown field "extra"`,
		`{"job":"j","key":"c","seed":7,"result":"x"}`:                  "cannot unmarshal string",
		`{"job":"other","key":"c","seed":7,"result":1}`:                "another job",
		`{"job":"j","key":"c","seed":7,"result":1} {"result":2}`:       "more than one JSON value",
		`{"job":"j","key":"c","seed":7,"result":1}` + "\n\n":           "",
		`{"job":"j","key":"c","seed":18446744073709551615,"result":1}`: "another job",
	} {
		if err := os.WriteFile(dir.File("c"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		var v int
		ok, err := dir.Read(c, &v)
		if want == "" {
			if err != nil || !ok || v != 1 {
				t.Errorf("%s: %v %v %v", content, ok, v, err)
			}
			continue
		}
		if ok || err == nil || !strings.Contains(err.Error(), dir.File("c")) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: ok %v, %v; want an error naming the file and holding %q", content, ok, err, want)
		}
	}
	os.Remove(dir.File("c"))
	if err := os.Mkdir(dir.File("c"), 0o755); err != nil {
		t.Fatal(err)
	}
	var v int
	if _, err := dir.Read(c, &v); err == nil || !strings.Contains(err.Error(), "is a folder, not a regular file") {
		t.Errorf("a folder as cell file: %v", err)
	}
}
