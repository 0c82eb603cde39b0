package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// Numbers written with a thousands separator or a decimal comma are
// recognised as such (and so refused in a numeric column); other texts
// with digits, separators and groups of other sizes are not.
func TestFormattedNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"0,041": true, "-1,5": true, "1,234": true, "8,165,950": true, "2.193,2": true, "1.234.567": true,
		"1,234.5": true, "12 345": true, "-12 345,75": true, "1'234": true, "1\u00a0234": true, "+1,000,000.25": true,
		"1.5": false, "12345": false, "123 45": false, "01 23 45": false, "1,2,3": false, "1,23,456": false,
		"1.234,5.6": false, "a,123": false, "1,000-2,000": false, ",123": false, "1,": false, "": false,
	} {
		if got := formattedNumber(s); got != want {
			t.Errorf("formattedNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// Missing-cell markers are trimmed as the cells are: " ?" (as written in
// -na ',NA,NaN, ?') marks the cell "?".
func TestMissingMarkersAreTrimmed(t *testing.T) {
	header := []string{"x", "y"}
	rows := [][]string{{"1.5", "a"}, {" ? ", "b"}, {"2", "a"}, {"3", "b"}}
	d, err := FromRecords(header, rows, Spec{Target: "y", Options: Options{NA: []string{"", " ? "}}})
	if err != nil {
		t.Fatal(err)
	}
	if d.X.Kind(0) != ufmi.Numeric || d.X.Missing(0) != 1 {
		t.Errorf("x: kind %v, %d missing; want numeric with 1 missing", d.X.Kind(0), d.X.Missing(0))
	}
}

// A target class written as a missing value often is ("nan", "NULL", "?")
// is kept as a class, with a notice naming it; "+" and "-" classes are not
// noted.
func TestMissingLikeTargetClassIsNoted(t *testing.T) {
	header := []string{"x", "y"}
	for _, c := range []struct {
		labels []string
		want   string
	}{
		{[]string{"1", "2", "nan", "1"}, `target "y" has a class "nan", written as a missing value often is`},
		{[]string{"yes", "NULL", "no", "?"}, `target "y" has classes "?" and "NULL", written as a missing value often is: each is read`},
		{[]string{"+", "-", "+", "-"}, ""},
	} {
		var rows [][]string
		for i, l := range c.labels {
			rows = append(rows, []string{fmt.Sprint(i), l})
		}
		d, err := FromRecords(header, rows, Spec{Target: "y"})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(d.Notices, "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("labels %q: notices %q, want %q", c.labels, got, c.want)
		}
	}
}

// A number beyond float64's range is an error in a column read as numbers,
// and a level's text in a column declared categorical (codes such as 1E500).
func TestOutOfRangeNumberInCategoricalColumn(t *testing.T) {
	header := []string{"code", "y"}
	rows := [][]string{{"1E500", "a"}, {"7", "b"}, {"1E500", "a"}, {"8", "b"}}
	_, err := FromRecords(header, rows, Spec{Target: "y"})
	if err == nil || !strings.Contains(err.Error(), `column "code", data row 1: "1E500" is out of range`) {
		t.Errorf("numeric: err %v, want out of range", err)
	}
	d, err := FromRecords(header, rows, Spec{Target: "y", Options: Options{Categorical: []string{"code"}}})
	if err != nil || d.X.Kind(0) != ufmi.Categorical || len(d.X.Levels(0)) != 3 {
		t.Fatalf("declared categorical: err %v", err)
	}
	if d.X.Levels(0)[0] != "1E500" {
		t.Errorf("levels %q, want 1E500 first", d.X.Levels(0))
	}
}

// A gota string series of numbers (one "?" made gota type it so) is read
// as levels with a notice saying how to read its numbers; declared
// numeric, with "?" a missing marker, it is numeric.
func TestStringSeriesOfNumbers(t *testing.T) {
	cells, labels := make([]string, 300), make([]string, 300)
	for i := range cells {
		cells[i] = fmt.Sprintf("%.3f", float64(i)/7)
		labels[i] = []string{"a", "b"}[i%2]
	}
	cells[5] = "?"
	df := dataframe.New(series.New(cells, series.String, "x"), series.New(labels, series.String, "y"))
	d, err := FromDataFrame(df, Spec{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if d.X.Kind(0) != ufmi.Categorical || len(d.Notices) != 1 || !strings.Contains(d.Notices[0], `column "x" is a string series whose cells are numbers (300 distinct values)`) {
		t.Errorf("by default: kind %v, notices %q", d.X.Kind(0), d.Notices)
	}
	d, err = FromDataFrame(df, Spec{Target: "y", Options: Options{Numeric: []string{"x"}, NA: []string{"", "NA", "NaN", "?"}}})
	if err != nil || d.X.Kind(0) != ufmi.Numeric || d.X.Missing(0) != 1 || d.X.At(7, 0) != 1 {
		t.Fatalf("declared numeric: %v", err)
	}
	_, err = FromDataFrame(df, Spec{Target: "y", Options: Options{Numeric: []string{"x"}}})
	if err == nil || !strings.Contains(err.Error(), `data row 6 holds "?", which is not a decimal number`) {
		t.Errorf("declared numeric without the marker: %v", err)
	}
}

// FromRecords checks the header as a CSV file's is checked: every column
// named, no name twice.
func TestFromRecordsChecksTheHeader(t *testing.T) {
	rows := [][]string{{"1", "2", "a"}, {"3", "4", "b"}}
	for header, want := range map[[3]string]string{
		{"x", "", "y"}:  "header column 2 has no name",
		{"x", "x", "y"}: `header names column "x" twice (columns 1 and 2)`,
	} {
		if _, err := FromRecords(header[:], rows, Spec{Target: "y"}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("header %q: %v, want %q", header, err, want)
		}
	}
}

// unitNumber recognises numbers with a percent or currency sign, and
// nothing else.
func TestUnitNumber(t *testing.T) {
	for _, s := range []string{"0.52%", "1.5 %", "-2%", "$1.20", "-$3", "+€2e1", "£0.5", "¥100", "$ 4"} {
		if !unitNumber(s) {
			t.Errorf("%q not read as a number with a unit sign", s)
		}
	}
	for _, s := range []string{"%", "$", "a%", "$x", "1.5", "5$", "%5", "1,5%", "--$3", "50 percent", "US$3"} {
		if unitNumber(s) {
			t.Errorf("%q read as a number with a unit sign", s)
		}
	}
}
