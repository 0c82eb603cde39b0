package sharded

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// editCell rewrites the result of the cell file path with edit, keeping its
// job, key and seed: a hand edit that a checksum of the file would not
// catch.
func editCell(t *testing.T, path string, edit func(result any) any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cell map[string]json.RawMessage // the seed's digits kept as they are
	if err := json.Unmarshal(data, &cell); err != nil {
		t.Fatal(err)
	}
	var result any
	if err := json.Unmarshal(cell["result"], &result); err != nil {
		t.Fatal(err)
	}
	if cell["result"], err = json.Marshal(edit(result)); err != nil {
		t.Fatal(err)
	}
	if data, err = json.Marshal(cell); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// set returns an edit that sets the fields of a JSON object.
func set(fields map[string]any) func(any) any {
	return func(r any) any {
		m := r.(map[string]any)
		for k, v := range fields {
			m[k] = v
		}
		return m
	}
}

// restore copies the files of src over dir's.
func restore(t *testing.T, src, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(src, "*"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// copyDir copies the files of dir into a new folder.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	restore(t, dir, out)
	return out
}

// A hand-edited cell file (a value out of its range, values that do not
// add up, a null result, a block of the wrong length, other weights) fails
// the merge with an error naming the file; the intact folder merges.
func TestEditedCellsAreRejected(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 40, 2)
	cfg := quickConfig()
	dir := t.TempDir()
	if _, err := MIPermutationTest(x, y, cfg, 20, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	intact := copyDir(t, dir)
	for _, c := range []struct {
		name, file string
		edit       func(any) any
		want       string
	}{
		{"MI 9.99", "observed.json", set(map[string]any{"MI": 9.99}), "holds MI 9.99, but H(Y) - H(Y|X)"},
		{"H(Y|X) -5", "observed.json", func(r any) any {
			m := r.(map[string]any)
			m["HYGivenX"], m["MI"] = -5.0, m["HY"].(float64)+5
			return m
		}, "holds H(Y|X) = -5, outside [0, "},
		{"H(Y) 3", "observed.json", set(map[string]any{"HY": 3.0}), "holds H(Y) = 3; the labels' is"},
		{"another N", "observed.json", set(map[string]any{"N": 41}), "holds an estimate of 41 rows"},
		{"another method", "observed.json", set(map[string]any{"Method": "ksg"}), `holds an estimate of method "ksg"`},
		{"a null result", "observed.json", func(any) any { return nil }, "holds no result"},
		{"a statistic 7.5", "statistic.json", func(any) any { return 7.5 }, "holds the observed statistic 7.5, outside"},
		{"a null statistic", "statistic.json", func(any) any { return nil }, "holds no result"},
		{"a null value", "perm-0000000-0000010.json", func(r any) any { r.([]any)[3] = 7.5; return r }, "holds the null value 7.5 (permutation 3 of the block)"},
		{"a short block", "perm-0000010-0000020.json", func(r any) any { return r.([]any)[:9] }, "holds 9 null values; its block has 10 permutations"},
		{"a null block", "perm-0000010-0000020.json", func(any) any { return nil }, "holds no result"},
	} {
		restore(t, intact, dir)
		editCell(t, filepath.Join(dir, c.file), c.edit)
		_, err := MIPermutationTest(x, y, cfg, 20, Options{Dir: dir, Merge: true})
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, c.file)) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error naming %s and holding %q", c.name, err, c.file, c.want)
		}
	}
	restore(t, intact, dir)
	if _, err := MIPermutationTest(x, y, cfg, 20, Options{Dir: dir, Merge: true}); err != nil {
		t.Errorf("the intact folder: %v", err)
	}

	// The subset table's cells.
	table := t.TempDir()
	groups := [][]int{{0}, {1}}
	if _, _, err := SubsetTable(x, y, groups, 1, cfg, Options{Dir: table}); err != nil {
		t.Fatal(err)
	}
	editCell(t, filepath.Join(table, "subset-r0000-m00001.json"), set(map[string]any{"h_y_given_x": 1e9}))
	if _, _, err := SubsetTable(x, y, groups, 1, cfg, Options{Dir: table, Merge: true}); err == nil || !strings.Contains(err.Error(), "subset-r0000-m00001.json holds H(Y|X) = 1e+09") {
		t.Errorf("an edited subset cell: %v", err)
	}
}

// Tree block cells: a header claiming a billion classes is refused before
// anything is allocated for it; edited pilot weights are refused too.
func TestEditedTreeBlocksAreRejected(t *testing.T) {
	t.Parallel()
	x, y := smallData(t, 60, 2)
	cfg := quickConfig()
	cfg.UF.Trees = 12
	dir := t.TempDir()
	if _, err := MITreeBlocks(x, y, cfg, 4, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	intact := copyDir(t, dir)
	for _, c := range []struct {
		name, file string
		edit       func(any) any
		want       string
	}{
		{"a billion classes", "trees-0000004-0000008.json", set(map[string]any{"classes": 1_000_000_000}),
			"holds sums of 60 rows and 1000000000 classes; the data want 60 rows and 2 classes"},
		{"more rows", "trees-0000004-0000008.json", set(map[string]any{"rows": 61}), "holds sums of 61 rows"},
		{"other trees", "trees-0000004-0000008.json", set(map[string]any{"lo": 0}), "holds trees 0..7; the cell is trees 4..7"},
		{"another file", "trees-0000004-0000008.json", set(map[string]any{"file": "../x.bin"}), `names the sums file "../x.bin"`},
		{"other bytes", "trees-0000004-0000008.json", set(map[string]any{"bytes": 1 << 40}), "gives its sums 1099511627776 bytes"},
		{"a negative tree entropy", "trees-0000004-0000008.json", set(map[string]any{"tree_entropy": -1}), "holds the tree entropy sum -1"},
		{"weights of another length", "pilot.json", func(r any) any { return append(r.([]any), 1.0) }, "holds 3 feature weights; the data have 2 columns"},
		{"a negative weight", "pilot.json", func(r any) any { r.([]any)[0] = -1.0; return r }, "holds the weight -1 for column 0; the pilot's lie in [0.01, 1.01]"},
		{"other weights", "pilot.json", func(r any) any { return []any{0.5, 0.5} }, "whose largest is 0.5; the pilot's largest is 1 + 0.01"},
		{"no weights", "pilot.json", func(any) any { return nil }, "holds no result"},
	} {
		restore(t, intact, dir)
		editCell(t, filepath.Join(dir, c.file), c.edit)
		var err error
		if c.file == "pilot.json" {
			// The pilot is read by a run that computes a cell.
			os.Remove(filepath.Join(dir, "trees-0000000-0000004.json"))
			_, err = MITreeBlocks(x, y, cfg, 4, Options{Dir: dir})
		} else {
			_, err = MITreeBlocks(x, y, cfg, 4, Options{Dir: dir, Merge: true})
		}
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, c.file)) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error naming %s and holding %q", c.name, err, c.file, c.want)
		}
	}
}

// Data that differ only in a column's kind (numeric codes or categorical
// levels of the same codes), in its level names, or in the class names are
// another job: their cells never mix.
func TestFingerprintCoversKindsLevelsAndClasses(t *testing.T) {
	t.Parallel()
	codes := []float64{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 2, 1, 0, 0, 1, 2, 1, 0}
	y := []int{0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0}
	noise := make([]float64, len(codes))
	for i := range noise {
		noise[i] = float64(i%7) / 3
	}
	features := func(kind ufmi.Kind, levels []string) *ufmi.Features {
		x, err := ufmi.NewColumnFeatures([]ufmi.Column{{Name: "c", Kind: kind, Values: codes, Levels: levels}, {Name: "n", Values: noise}})
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	cfg := quickConfig()
	dir := t.TempDir()
	numeric := features(ufmi.Numeric, nil)
	if _, err := MIPermutationTest(numeric, y, cfg, 10, Options{Dir: dir, Classes: []string{"a", "b"}}); err != nil {
		t.Fatal(err)
	}
	for name, run := range map[string]func() error{
		"categorical": func() error {
			_, err := MIPermutationTest(features(ufmi.Categorical, []string{"0", "1", "2"}), y, cfg, 10, Options{Dir: dir, Classes: []string{"a", "b"}})
			return err
		},
		"other class names": func() error {
			_, err := MIPermutationTest(numeric, y, cfg, 10, Options{Dir: dir, Classes: []string{"a", "c"}})
			return err
		},
		"unnamed classes": func() error {
			_, err := MIPermutationTest(numeric, y, cfg, 10, Options{Dir: dir})
			return err
		},
	} {
		if err := run(); err == nil || !strings.Contains(err.Error(), "another job") {
			t.Errorf("%s: %v; want another job", name, err)
		}
	}
	levels := t.TempDir()
	if _, err := MIPermutationTest(features(ufmi.Categorical, []string{"p", "q", "r"}), y, cfg, 10, Options{Dir: levels}); err != nil {
		t.Fatal(err)
	}
	if _, err := MIPermutationTest(features(ufmi.Categorical, []string{"p", "q", "s"}), y, cfg, 10, Options{Dir: levels}); err == nil || !strings.Contains(err.Error(), "another job") {
		t.Errorf("other level names: %v", err)
	}
}
