package frame

import (
	"strings"
	"testing"
)

func TestValueFindsTheNamedRow(t *testing.T) {
	df, err := FromRecords([]string{"features", "mi", "note"}, [][]any{
		{"claw", 0.36, "a"}, {"age,cluster", 1.19, "b"}, {"cluster", 1.10, "c"}, {"dup", 1.0, "d"}, {"dup", 2.0, "e"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Value(df, "features", "cluster", "mi"); err != nil || v != 1.10 {
		t.Errorf("cluster: %v, %v; want 1.10 (not age,cluster's 1.19)", v, err)
	}
	for _, c := range []struct{ key, column, want string }{
		{"dist", "mi", `no row has features "dist"`},
		{"dup", "mi", "rows 3 and 4 both"},
		{"claw", "note", "not numeric"},
		{"claw", "sd", `unknown column "sd"`},
	} {
		_, err := Value(df, "features", c.key, c.column)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s/%s: error %v, want one containing %q", c.key, c.column, err, c.want)
		}
	}
}
