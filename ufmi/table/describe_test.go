package table

import (
	"slices"
	"strings"
	"testing"
)

func TestDescribeAndIncompleteRows(t *testing.T) {
	long := strings.Repeat("x", 45) // one level name longer than Describe shows
	header := []string{"colour", "size", "name", "label"}
	rows := [][]string{
		{"red", "1.5", "é" + long, "yes"},
		{"green", "", "b", "no"},
		{"red", "NA", "c", "yes"},
		{"", "2", "d", "no"},
		{"blue", "0.5", "e", "no"},
	}
	data, err := FromRecords(header, rows, Spec{Target: "label"})
	if err != nil {
		t.Fatal(err)
	}
	df := data.Describe()
	want := map[string][]string{
		"column":                         {"colour", "size", "name"},
		"kind":                           {"categorical", "numeric", "categorical"},
		"levels":                         {"3", "–", "5"},
		"level names (first appearance)": {"red green blue", "", "é" + strings.Repeat("x", 39) + " …"},
		"missing":                        {"1", "2", "0"},
	}
	if names := df.Names(); !slices.Equal(names, []string{"column", "kind", "levels", "level names (first appearance)", "missing"}) {
		t.Fatalf("columns %q", names)
	}
	for col, w := range want {
		if got := df.Col(col).Records(); !slices.Equal(got, w) {
			t.Errorf("%s: %q, want %q", col, got, w)
		}
	}
	if got := data.IncompleteRows(); got != 3 {
		t.Errorf("IncompleteRows = %d, want 3 (rows 2, 3 and 4)", got)
	}
}
