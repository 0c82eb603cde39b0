package frame

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// awkwardFrame holds values that a lossy CSV writer or reader would change.
func awkwardFrame(t *testing.T) dataframe.DataFrame {
	t.Helper()
	df, err := FromRecords([]string{"label", "n", "x", "ok"}, [][]any{
		{`comma, "quote"`, 1, 1.0 / 3, true},
		{"plain", -2, 1e-9, false},
		{"whole", 3, 3.0, true},
		{"special", 4, math.Inf(1), false},
		{"missing", 5, math.NaN(), true},
		{"big", 6, 6.02214076e23, false},
	})
	if err != nil {
		t.Fatal(err)
	}
	return df
}

func TestCSVRoundTripIsExact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "table.csv") // folder created on write
	df := awkwardFrame(t)
	if err := WriteCSV(df, path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Names(), df.Names()) || !reflect.DeepEqual(back.Types(), df.Types()) {
		t.Fatalf("read back %v %v, wrote %v %v", back.Names(), back.Types(), df.Names(), df.Types())
	}
	for _, name := range df.Names() {
		want, _ := Strings(df, name)
		got, _ := Strings(back, name)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("column %q read back as %q, wrote %q", name, got, want)
		}
	}
}

func TestCSVFloat(t *testing.T) {
	cases := map[float64]string{
		3: "3.0", -2: "-2.0", 0.1: "0.1", 1e-9: "1e-09", 1e21: "1e+21",
		math.Inf(1): "+Inf", math.Inf(-1): "-Inf", math.NaN(): "NaN",
	}
	for v, want := range cases {
		if got := csvFloat(v); got != want {
			t.Errorf("csvFloat(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestCSVFloatColumnOfWholeNumbersStaysFloat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.csv")
	df, err := FromColumns([]string{"v"}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(df, path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Types()[0]; got != series.Float {
		t.Fatalf("column read back as %s, want float", got)
	}
}

func TestWriteCSVReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	if err := os.WriteFile(path, []byte("old,content\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(awkwardFrame(t), path); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "t.csv" {
		t.Fatalf("folder holds %v, want only t.csv (no temporary files)", entries)
	}
	back, err := ReadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Nrow() != 6 {
		t.Fatalf("file has %d rows after replacement", back.Nrow())
	}
}

func TestCSVWithoutRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.csv")
	df, err := FromColumns([]string{"a", "b"}, []float64{}, []float64{})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(df, path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := back.Dims(); r != 0 || c != 2 || !reflect.DeepEqual(back.Names(), []string{"a", "b"}) {
		t.Fatalf("read back %dx%d %v, want 0x2 [a b]", r, c, back.Names())
	}
}

func TestCSVErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadCSV(filepath.Join(dir, "absent.csv"))
	wantErr(t, err, "absent.csv")
	blank := filepath.Join(dir, "blank.csv")
	if err := os.WriteFile(blank, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadCSV(blank)
	wantErr(t, err, "blank.csv", "no header")
	ragged := filepath.Join(dir, "ragged.csv")
	if err := os.WriteFile(ragged, []byte("a,b\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadCSV(ragged)
	wantErr(t, err, "ragged.csv")
	err = WriteCSV(dataframe.New(), filepath.Join(t.TempDir(), "x.csv"))
	wantErr(t, err, "holds an error")
}

func TestCachedComputesOnceThenReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.csv")
	calls := 0
	compute := func() (dataframe.DataFrame, error) {
		calls++
		return FromColumns([]string{"run", "value"}, []float64{1, 2}, []float64{float64(calls) / 7, 0.5})
	}
	first, err := Cached(path, false, compute)
	if err != nil {
		t.Fatal(err)
	}
	second, err := Cached(path, false, compute)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Fatalf("compute called %d times, want 1", calls)
	}
	a, _ := Float64Column(first, "value")
	b, _ := Float64Column(second, "value")
	if !reflect.DeepEqual(a, b) || a[0] != 1.0/7 {
		t.Fatalf("cached values %v differ from computed %v", b, a)
	}
	third, err := Cached(path, true, compute)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 {
		t.Fatalf("recompute: compute called %d times, want 2", calls)
	}
	fourth, err := Cached(path, false, compute)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := Float64Column(third, "value")
	d, _ := Float64Column(fourth, "value")
	if calls != 2 || c[0] != 2.0/7 || !reflect.DeepEqual(c, d) {
		t.Fatalf("after recompute the cache holds %v, computed %v (calls %d)", d, c, calls)
	}
}

func TestCachedComputeError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.csv")
	boom := errors.New("boom")
	_, err := Cached(path, false, func() (dataframe.DataFrame, error) { return dataframe.DataFrame{}, boom })
	if !errors.Is(err, boom) {
		t.Fatalf("error %v does not wrap the compute error", err)
	}
	wantErr(t, err, "cache.csv", "boom")
	if _, statErr := os.Stat(path); !errors.Is(statErr, os.ErrNotExist) {
		t.Fatalf("a failed computation left a cache file (%v)", statErr)
	}
}

// Cached gives the first run the table later runs read (values and types as
// ReadCSV detects them), and refuses to cache a table without columns,
// whose file no later run could read.
func TestCachedFirstRunAsLaterRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.csv")
	compute := func() (dataframe.DataFrame, error) {
		return dataframe.New(series.New([]string{"NA", "007", "x"}, series.String, "code")), nil
	}
	first, err := Cached(path, false, compute)
	if err != nil {
		t.Fatal(err)
	}
	later, err := Cached(path, false, compute)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first.Records(), later.Records()) || first.Col("code").Type() != later.Col("code").Type() {
		t.Errorf("first run %q (%v), later %q (%v)", first.Records(), first.Col("code").Type(), later.Records(), later.Col("code").Type())
	}
	empty := filepath.Join(t.TempDir(), "e.csv")
	if _, err := Cached(empty, false, func() (dataframe.DataFrame, error) { return dataframe.DataFrame{}, nil }); err == nil || !strings.Contains(err.Error(), "without columns") {
		t.Errorf("a table without columns: %v", err)
	}
	if _, err := os.Stat(empty); err == nil {
		t.Error("a table without columns was cached")
	}
}

// A one-column table keeps its rows of an empty cell through the cache:
// they were written as empty lines, which every CSV reader skips.
func TestCachedKeepsEmptyCellsOfOneColumn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.csv")
	df := dataframe.New(series.New([]string{"x", "", "y"}, series.String, "s"))
	got, err := Cached(path, false, func() (dataframe.DataFrame, error) { return df, nil })
	if err != nil {
		t.Fatal(err)
	}
	if got.Nrow() != 3 {
		t.Fatalf("%d rows came back of 3: %v", got.Nrow(), got.Col("s").Records())
	}
	if _, err := Cached(path, true, nil); err == nil || !strings.Contains(err.Error(), "compute is nil") {
		t.Errorf("a nil compute: %v", err)
	}
	if _, err := Cached("", false, func() (dataframe.DataFrame, error) { return df, nil }); err == nil || !strings.HasPrefix(err.Error(), "ufmi: frame: ") {
		t.Errorf("no path: %v", err)
	}
}
