package frame

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/series"
)

// wantErr fails unless err is non-nil, starts with "ufmi: frame: " and
// contains every fragment.
func wantErr(t *testing.T, err error, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error containing %q, got nil", fragments)
	}
	if !strings.HasPrefix(err.Error(), "ufmi: frame: ") {
		t.Fatalf("error %q does not start with \"ufmi: frame: \"", err)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Fatalf("error %q does not contain %q", err, f)
		}
	}
}

func TestFromColumns(t *testing.T) {
	df, err := FromColumns([]string{"x", "y"}, []float64{1, 2, 3}, []float64{0.5, math.NaN(), -1})
	if err != nil {
		t.Fatal(err)
	}
	if r, c := df.Dims(); r != 3 || c != 2 {
		t.Fatalf("dims %dx%d, want 3x2", r, c)
	}
	y, err := Float64Column(df, "y")
	if err != nil {
		t.Fatal(err)
	}
	if y[0] != 0.5 || !math.IsNaN(y[1]) || y[2] != -1 {
		t.Fatalf("y = %v", y)
	}
}

func TestFromColumnsErrors(t *testing.T) {
	_, err := FromColumns([]string{"x", "y"}, []float64{1, 2}, []float64{1})
	wantErr(t, err, `column "y" has 1 values`)
	_, err = FromColumns([]string{"x"}, []float64{1}, []float64{1})
	wantErr(t, err, "1 names for 2 columns")
	_, err = FromColumns([]string{"x", "x"}, []float64{1}, []float64{1})
	wantErr(t, err, `"x" appears twice`)
	_, err = FromColumns([]string{"x", ""}, []float64{1}, []float64{1})
	wantErr(t, err, "column 1 has an empty name")
	_, err = FromColumns(nil)
	wantErr(t, err, "no column names")
}

func TestFromRecordsTypes(t *testing.T) {
	df, err := FromRecords([]string{"method", "n", "estimate", "ok"}, [][]any{
		{"UF", 100, 0.5, true},
		{"KSG", int64(200), 1, false}, // an int in a float column
		{"UF", uint8(3), float32(0.25), true},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []series.Type{series.String, series.Int, series.Float, series.Bool}
	if got := df.Types(); !reflect.DeepEqual(got, want) {
		t.Fatalf("types %v, want %v", got, want)
	}
	est, err := Float64Column(df, "estimate")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(est, []float64{0.5, 1, 0.25}) {
		t.Fatalf("estimate = %v", est)
	}
	n, err := Float64Column(df, "n")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(n, []float64{100, 200, 3}) {
		t.Fatalf("n = %v", n)
	}
}

func TestFromRecordsErrors(t *testing.T) {
	_, err := FromRecords([]string{"a", "b"}, [][]any{{1, 2}, {3}})
	wantErr(t, err, "row 1 has 1 values for 2 columns")
	_, err = FromRecords([]string{"a"}, [][]any{{1}, {"x"}})
	wantErr(t, err, `column "a" mixes value types`)
	_, err = FromRecords([]string{"a"}, [][]any{{1}, {[]int{2}}})
	wantErr(t, err, `column "a" row 1 has unsupported type []int`)
	_, err = FromRecords([]string{"a"}, [][]any{{uint64(math.MaxUint64)}})
	wantErr(t, err, "unsupported type uint64")
	_, err = FromRecords([]string{"a"}, nil)
	wantErr(t, err, "no rows")
}

func TestFloat64ColumnAndStrings(t *testing.T) {
	df, err := FromRecords([]string{"name", "flag", "num", "txt"}, [][]any{
		{"a", true, 1.0 / 3, "1.5"},
		{"b", false, 2.0, "NaN"},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Float64Column(df, "nope")
	wantErr(t, err, `unknown column "nope"`, `"name"`)
	_, err = Float64Column(df, "name")
	wantErr(t, err, `column "name" is not numeric: row 0 is "a"`)
	_, err = Float64Column(df, "flag")
	wantErr(t, err, `column "flag" has type bool`)
	txt, err := Float64Column(df, "txt")
	if err != nil {
		t.Fatal(err)
	}
	if txt[0] != 1.5 || !math.IsNaN(txt[1]) {
		t.Fatalf("numeric strings read as %v", txt)
	}
	s, err := Strings(df, "num")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0.3333333333333333", "2"}; !reflect.DeepEqual(s, want) {
		t.Fatalf("Strings(num) = %q, want %q", s, want)
	}
	_, err = Strings(df, "missing")
	wantErr(t, err, `unknown column "missing"`)
}
