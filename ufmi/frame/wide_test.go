package frame

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// Wide puts each method's value beside the others, one row per (d, n),
// averaging repeated rows and leaving NaN where a method has none.
func TestWide(t *testing.T) {
	long, err := FromRecords([]string{"d", "n", "method", "mi"}, [][]any{
		{10, 1000, "UF", 0.20}, {10, 1000, "KSG", 0.01}, {10, 2000, "UF", 0.22}, {10, 2000, "UF", 0.24},
		{50, 1000, "KSG", 0.00},
	})
	if err != nil {
		t.Fatal(err)
	}
	wide, err := Wide(long, []string{"d", "n"}, "method", "mi")
	if err != nil {
		t.Fatal(err)
	}
	if got := wide.Names(); !reflect.DeepEqual(got, []string{"d", "n", "UF", "KSG"}) {
		t.Fatalf("columns %v", got)
	}
	uf, _ := Float64Column(wide, "UF")
	ksg, _ := Float64Column(wide, "KSG")
	n, _ := Float64Column(wide, "n")
	if !reflect.DeepEqual(n, []float64{1000, 2000, 1000}) || uf[0] != 0.20 || math.Abs(uf[1]-0.23) > 1e-12 || !math.IsNaN(uf[2]) ||
		ksg[0] != 0.01 || !math.IsNaN(ksg[1]) || ksg[2] != 0 {
		t.Errorf("wide frame n %v, UF %v, KSG %v", n, uf, ksg)
	}
	if _, err := Wide(long, []string{"d"}, "nope", "mi"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("unknown across column: %v", err)
	}
	if _, err := Wide(long, nil, "method", "mi"); err == nil || !strings.Contains(err.Error(), "Wide needs at least one by column") {
		t.Errorf("no by column: %v", err)
	}
	clash, _ := FromRecords([]string{"d", "method", "mi"}, [][]any{{1, "d", 0.1}})
	if _, err := Wide(clash, []string{"d"}, "method", "mi"); err == nil {
		t.Errorf("a method named like a by column gave no error")
	}
}
