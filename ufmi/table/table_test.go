package table

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/internal/testcheck"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// quick is a small UF for tests.
var quick = ufmi.EstimatorConfig{UF: func() ufmi.UFConfig { c := ufmi.DefaultUF(); c.Trees = 40; return c }(), Runtime: ufmi.Runtime{Seed: 1}}

// sampleRecords draws a table of n rows: a colour whose level shifts the
// class, a numeric size missing in 10% of rows (empty or NA), a boolean
// flag, an integer code and the label.
func sampleRecords(n int, seed uint64) ([]string, [][]string) {
	rng := rand.New(rand.NewPCG(seed, 3))
	colours := []string{"red", "green", "blue", "grey"}
	header := []string{"colour", "size", "flag", "code", "label"}
	var rows [][]string
	for range n {
		c := rng.IntN(4)
		y := "no"
		if rng.Float64() < []float64{0.2, 0.8, 0.3, 0.7}[c] {
			y = "yes"
		}
		size := fmt.Sprintf("%.3f", rng.NormFloat64())
		if rng.Float64() < 0.1 {
			size = []string{"", "NA"}[rng.IntN(2)]
		}
		rows = append(rows, []string{colours[c], size, fmt.Sprint(rng.IntN(2) == 0), fmt.Sprint(rng.IntN(3)), y})
	}
	return header, rows
}

func TestRecordsBecomeTypedColumns(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(200, 1)
	d, err := FromRecords(header, rows, Spec{Target: "label", Options: Options{Categorical: []string{"code"}}})
	if err != nil {
		t.Fatal(err)
	}
	x := d.X
	if !slices.Equal(d.Features, []string{"colour", "size", "flag", "code"}) || x.Cols() != 4 {
		t.Fatalf("features %v", d.Features)
	}
	kinds := []ufmi.Kind{ufmi.Categorical, ufmi.Numeric, ufmi.Categorical, ufmi.Categorical}
	for j, k := range kinds {
		if x.Kind(j) != k || x.Name(j) != d.Features[j] {
			t.Errorf("column %d (%s): %v, want %v", j, x.Name(j), x.Kind(j), k)
		}
	}
	if x.Levels(0)[0] != rows[0][0] || len(x.Levels(0)) != 4 || len(x.Levels(2)) != 2 {
		t.Errorf("levels %v, %v: want the first row's colour first, 4 colours and 2 flags", x.Levels(0), x.Levels(2))
	}
	missing := 0
	for _, r := range rows {
		if r[1] == "" || r[1] == "NA" {
			missing++
		}
	}
	if x.Missing(1) != missing || missing == 0 {
		t.Errorf("size has %d missing cells, want %d", x.Missing(1), missing)
	}
	if !slices.Equal(d.Categorical(), []string{"colour", "flag", "code"}) {
		t.Errorf("categorical columns %v", d.Categorical())
	}
	// Other markers: with NA = {"?"} an empty cell is not missing, so size
	// mixes numbers and text: an error naming the cell, unless size is
	// declared categorical.
	_, err = FromRecords(header, rows, Spec{Target: "label", Features: []string{"size"}, Options: Options{NA: []string{"?"}}})
	testcheck.Error(t, "mixed column", err, `column "size" holds numbers and, in data row`)
	d, err = FromRecords(header, rows, Spec{Target: "label", Features: []string{"size"},
		Options: Options{NA: []string{"?"}, Categorical: []string{"size"}}})
	if err != nil || d.X.Kind(0) != ufmi.Categorical || d.X.Missing(0) != 0 {
		t.Errorf("NA = {?}, size declared categorical: %v", err)
	}
}

func TestDecimalNumbersOnly(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"1": true, "-2.5": true, "+.5": true, "3.": true, "1e-3": true, "2E+10": true,
		"0x10": false, "Inf": false, "nan": false, "1_000": false, "1,5": false, "e3": false, "1e": false, ".": false, "": false} {
		if _, ok := parseDecimal(s); ok != want {
			t.Errorf("parseDecimal(%q) = %v, want %v", s, ok, want)
		}
	}
	_, err := FromRecords([]string{"a", "y"}, [][]string{{"1e999", "p"}, {"1", "q"}}, Spec{Target: "y"})
	testcheck.Error(t, "out of range", err, `column "a", data row 1: "1e999" is out of range`)
}

// frameOf builds the DataFrame of sampleRecords with typed columns.
func frameOf(t *testing.T, header []string, rows [][]string) dataframe.DataFrame {
	t.Helper()
	df := dataframe.LoadRecords(append([][]string{header}, rows...), dataframe.WithTypes(map[string]series.Type{
		"colour": series.String, "size": series.Float, "flag": series.Bool, "code": series.Int, "label": series.String}))
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	return df
}

func TestDataFrameAndCSVGiveTheSameEstimate(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(300, 2)
	df := frameOf(t, header, rows)
	spec := Spec{Target: "label", Features: []string{"colour", "size", "flag"}}
	fromFrame, err := MI(df, spec, quick)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t.csv")
	var b strings.Builder
	for _, r := range append([][]string{header}, rows...) {
		b.WriteString(strings.Join(r, ",") + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fromCSV, err := MICSV(path, spec, quick)
	if err != nil {
		t.Fatal(err)
	}
	if fromFrame.MI != fromCSV.MI || fromFrame.MI < 0.05 || !slices.Equal(fromFrame.Features, spec.Features) {
		t.Errorf("MI from the frame %v, from the CSV %v: want the same, clearly positive", fromFrame.MI, fromCSV.MI)
	}
	// Renaming the colours changes nothing.
	renamed := make([][]string, len(rows))
	for i, r := range rows {
		renamed[i] = slices.Clone(r)
		renamed[i][0] = "colour-" + strings.ToUpper(r[0])
	}
	again, err := MI(frameOf(t, header, renamed), spec, quick)
	if err != nil || again.MI != fromFrame.MI {
		t.Errorf("renamed levels: MI %v (%v), before %v", again.MI, err, fromFrame.MI)
	}
	// A bool column is categorical with two levels.
	d, err := FromDataFrame(df, Spec{Target: "label", Features: []string{"flag"}})
	if err != nil || d.X.Kind(0) != ufmi.Categorical || len(d.X.Levels(0)) != 2 {
		t.Errorf("bool column: %v", err)
	}
	// An int column declared categorical has its values as level names.
	d, err = FromDataFrame(df, Spec{Target: "label", Features: []string{"code"}, Options: Options{Categorical: []string{"code"}}})
	if err != nil || d.X.Kind(0) != ufmi.Categorical || !slices.Contains(d.X.Levels(0), "2") {
		t.Errorf("declared categorical int column: %v", err)
	}
}

func TestMissingTarget(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(100, 3)
	rows[4][4], rows[9][4] = "", "NA"
	_, err := FromRecords(header, rows, Spec{Target: "label"})
	testcheck.Error(t, "missing target", err, `target "label" is missing in 2 of 100 rows (first: data row 5)`)
	d, err := FromRecords(header, rows, Spec{Target: "label", Options: Options{DropMissingTarget: true}})
	if err != nil || d.Dropped != 2 || d.X.Rows() != 98 || len(d.Labels.Codes) != 98 || slices.Contains(d.Rows, 4) {
		t.Fatalf("dropping: %v, dropped %d", err, d.Dropped)
	}
	res, err := d.MI(quick)
	if err != nil || res.Dropped != 2 || res.N != 98 {
		t.Errorf("MI after dropping: %v, dropped %d, n %d", err, res.Dropped, res.N)
	}
	df := dataframe.New(series.New([]any{1, nil, 2, 1}, series.Int, "y"), series.New([]float64{1, 2, 3, 4}, series.Float, "x"))
	_, err = FromDataFrame(df, Spec{Target: "y"})
	testcheck.Error(t, "NaN target in a frame", err, `target "y" is missing in 1 of 4 rows`)
}

func TestBadTables(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(60, 4)
	header = append(header, "empty", "one", "id")
	for i := range rows {
		rows[i] = append(rows[i], "NA", "same", fmt.Sprint("row-", i))
	}
	_, err := FromRecords(header, rows, Spec{Target: "label", Features: []string{"empty"}})
	testcheck.Error(t, "a column all missing", err, `column "empty" is missing in all 60 rows`)
	// A single level carries no information: a valid column, never split.
	res, err := MI(frameOf(t, header[:5], rowsOf(rows, 5)), Spec{Target: "label", Features: []string{"flag"}}, quick)
	if err != nil {
		t.Fatal(err)
	}
	one, err := FromRecords(header, rows, Spec{Target: "label", Features: []string{"one", "flag"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := one.MI(quick); err != nil || got.MI != res.MI {
		t.Errorf("adding a one-level column: MI %v (%v), want %v unchanged", got.MI, err, res.MI)
	}
	// Thousands of levels.
	many := make([][]string, 3000)
	for i := range many {
		many[i] = []string{fmt.Sprint("id-", i), fmt.Sprint(i % 2)}
	}
	_, err = FromRecords([]string{"id", "y"}, many, Spec{Target: "y"})
	testcheck.Error(t, "thousands of levels", err, `column "id" has 3000 levels; at most 1024`)
	_, err = FromRecords(header, rows, Spec{Target: "nope"})
	testcheck.Error(t, "unknown column", err, `no target column "nope"`)
	_, err = FromRecords([]string{"a", "a", "y"}, [][]string{{"1", "2", "p"}}, Spec{Target: "y"})
	testcheck.Error(t, "duplicate names", err, `header names column "a" twice (columns 1 and 2)`)
	_, err = FromRecords([]string{"a", "y"}, [][]string{{"1", "p"}, {"2", "p"}}, Spec{Target: "y"})
	testcheck.Error(t, "single class", err, `target "y" holds a single class (p)`)
	_, err = MI(frameOf(t, header[:5], rowsOf(rows, 5)), Spec{Target: "label", Features: []string{"label"}}, quick)
	testcheck.Error(t, "target as a feature", err, `target "label" cannot also be a feature`)
	_, err = MI(frameOf(t, header[:5], rowsOf(rows, 5)), Spec{Target: "label", Features: []string{"colour"}},
		ufmi.EstimatorConfig{Method: ufmi.MethodKSG})
	testcheck.Error(t, "kNN on a categorical column", err, `column "colour" is categorical (4 levels)`)
}

// rowsOf keeps the first k cells of every row.
func rowsOf(rows [][]string, k int) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = r[:k]
	}
	return out
}

func TestConditionalMIPosteriorAndSubsets(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(300, 5)
	df := frameOf(t, header, rows)
	res, err := MI(df, Spec{Target: "label", Features: []string{"flag"}, Given: []string{"colour"}}, quick)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.MI) > 0.05 || res.HYGivenZ >= res.HY || !slices.Equal(res.Given, []string{"colour"}) {
		t.Errorf("I(flag; label | colour) = %.3f, H(Y|Z) %.3f, H(Y) %.3f: want about 0 and H(Y|Z) < H(Y)", res.MI, res.HYGivenZ, res.HY)
	}
	// With Confidence, the conditional MI's interval is ufmi.ConditionalMI's
	// (it used to be dropped, Level 0).
	ci := quick
	ci.Confidence = 0.95
	withCI, err := MI(df, Spec{Target: "label", Features: []string{"flag"}, Given: []string{"colour"}}, ci)
	if err != nil {
		t.Fatal(err)
	}
	d, err := FromDataFrame(df, Spec{Target: "label", Features: []string{"flag"}, Given: []string{"colour"}})
	if err != nil {
		t.Fatal(err)
	}
	direct, err := ufmi.ConditionalMI(d.X, d.Labels.Codes, d.GivenColumns(), d.FeatureColumns(), ci)
	if err != nil {
		t.Fatal(err)
	}
	if withCI.CI.Level != 0.95 || withCI.CI != direct.CI {
		t.Errorf("conditional MI's interval %+v, ufmi.ConditionalMI's %+v", withCI.CI, direct.CI)
	}
	// The subset table does not condition on Given columns: an error, not
	// a table that leaves them out.
	if _, err := SubsetTable(df, Spec{Target: "label", Features: []string{"flag", "size"}, Given: []string{"colour"}}, 1, quick); err == nil || !strings.Contains(err.Error(), "does not condition on given columns (colour)") {
		t.Errorf("subset table with Given: %v, want an error naming the given columns", err)
	}
	if _, err := MI(df, Spec{Target: "label", Features: []string{"flag"}, Given: []string{"label"}}, quick); err == nil || !strings.Contains(err.Error(), "cannot also be a given column") {
		t.Errorf("target among the given columns: %v", err)
	}
	// The test rows list their colours in another order and add one never
	// seen; the size column has only numbers there.
	test := dataframe.New(series.New([]string{"green", "red", "purple"}, series.String, "colour"),
		series.New([]float64{0, 0, math.NaN()}, series.Float, "size"))
	model := models.UF("UF", quick.UF)
	post, err := Posterior(df, test, Spec{Target: "label", Features: []string{"colour", "size"}}, model, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(post.Proba) != 3 || !slices.Equal(post.Classes, []string{"no", "yes"}) || post.Proba[0][1] < post.Proba[1][1]+0.2 {
		t.Errorf("posteriors %v for %v: want P(yes | green) well above P(yes | red)", post.Proba, post.Classes)
	}
	if len(post.Notices) == 0 || !strings.Contains(post.Notices[0], `column "colour": 1 row to predict holds a level the training rows never had (the first: "purple")`) {
		t.Errorf("notices %q, want one naming the unseen colour", post.Notices)
	}
	// Colours written as codes: no row to predict holds a training level,
	// and the notice asks whether the values are written as in training.
	coded := dataframe.New(series.New([]int{1, 2, 1}, series.Int, "colour"), series.New([]float64{0, 1, 0}, series.Float, "size"))
	if post, err = Posterior(df, coded, Spec{Target: "label", Features: []string{"colour", "size"}}, model, 1); err != nil {
		t.Fatal(err)
	}
	if len(post.Notices) == 0 || !strings.Contains(post.Notices[0], "no row to predict holds a training level") {
		t.Errorf("notices %q, want one saying that no colour is a training level", post.Notices)
	}
	table, err := SubsetTable(df, Spec{Target: "label", Features: []string{"colour", "size"}}, 1, quick)
	if err != nil {
		t.Fatal(err)
	}
	if len(table) != 3 || !slices.Equal(table[2].In, []string{"colour", "size"}) || table[0].MIIn.Mean < 0.05 {
		t.Errorf("subset table %+v", table)
	}
}

// Issue 21: an int target went through float64, so {0, 2^53, 2^53+1} had 2
// classes and {MaxInt64, MinInt64} "a single class". Int columns are read
// as the integers they hold.
func TestIntTargetKeepsEveryInteger(t *testing.T) {
	t.Parallel()
	x := series.New([]float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, series.Float, "x")
	for _, c := range []struct {
		values  []int
		classes []string
	}{
		{[]int{0, 1 << 53, 1<<53 + 1, 0, 1 << 53, 1<<53 + 1}, []string{"0", "9007199254740992", "9007199254740993"}},
		{[]int{math.MaxInt64, math.MinInt64, math.MaxInt64, math.MinInt64, math.MaxInt64, math.MinInt64},
			[]string{"-9223372036854775808", "9223372036854775807"}},
	} {
		df := dataframe.New(series.New(c.values, series.Int, "y"), x)
		d, err := FromDataFrame(df, Spec{Target: "y"})
		if err != nil {
			t.Fatalf("%v: %v", c.values, err)
		}
		if !slices.Equal(d.Labels.Classes, c.classes) {
			t.Errorf("%v: classes %v, want %v", c.values, d.Labels.Classes, c.classes)
		}
		for i, v := range c.values {
			if d.Labels.Classes[d.Labels.Codes[i]] != fmt.Sprint(v) {
				t.Errorf("%v: row %d coded %d (%s)", c.values, i, d.Labels.Codes[i], d.Labels.Classes[d.Labels.Codes[i]])
			}
		}
		// As a categorical feature, the levels are the exact integers too.
		f, err := FromDataFrame(df, Spec{Features: []string{"y"}, Options: Options{Categorical: []string{"y"}}})
		if err != nil || len(f.X.Levels(0)) != len(c.classes) || f.X.Levels(0)[0] != fmt.Sprint(c.values[0]) {
			t.Errorf("%v as a categorical feature: %v, levels %v", c.values, err, f.X.Levels(0))
		}
	}
}

// Issue 21: one row to predict with a missing cell was refused ("missing in
// all 1 rows; drop it") although the same row predicted fine beside
// another. Rows to predict may lack values; training data may not have a
// column missing everywhere. An empty frame has no rows.
func TestRowsToPredictMayLackValues(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(200, 6)
	spec := Spec{Target: "label", Features: []string{"colour", "size"}}
	model := models.UF("UF", quick.UF)
	train := frameOf(t, header, rows)
	one := dataframe.New(series.New([]string{"green"}, series.String, "colour"), series.New([]float64{math.NaN()}, series.Float, "size"))
	two := dataframe.New(series.New([]string{"green", "red"}, series.String, "colour"), series.New([]float64{math.NaN(), 1}, series.Float, "size"))
	p1, err := Posterior(train, one, spec, model, 1)
	if err != nil {
		t.Fatalf("one row with a missing cell: %v", err)
	}
	p2, err := Posterior(train, two, spec, model, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p1.Proba[0], p2.Proba[0]) {
		t.Errorf("the row alone predicts %v, beside another %v", p1.Proba[0], p2.Proba[0])
	}
	// A categorical cell missing in the only row, too.
	oneCat := dataframe.New(series.New([]string{"NA"}, series.String, "colour"), series.New([]float64{0.5}, series.Float, "size"))
	if _, err := Posterior(train, oneCat, spec, model, 1); err != nil {
		t.Errorf("one row with a missing level: %v", err)
	}
	empty := train.Subset([]int{})
	_, err = MI(empty, Spec{Target: "label"}, quick)
	testcheck.Error(t, "an empty frame", err, "the table has no data rows")
}

// A numeric target written in several ways ("1" and "1.0", "0" and "-0",
// "+1", "01") is one class per number, with a notice: as texts they were
// four classes, and H(Y) doubled (a reviewer's probe). A target whose texts
// are not all numbers keeps its texts as classes.
func TestTargetNumbersWrittenTwoWays(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(100, 3)
	spelled := map[string][]string{"no": {"0", "0.0", "-0"}, "yes": {"1", "1.0", "+1", "01"}}
	mixed := make([][]string, len(rows))
	for i, r := range rows {
		ways := spelled[r[4]]
		rows[i][4] = ways[0]
		mixed[i] = slices.Clone(rows[i])
		mixed[i][4] = ways[i%len(ways)]
	}
	clean, err := FromRecords(header, rows, Spec{Target: "label"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := FromRecords(header, mixed, Spec{Target: "label"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Labels.K() != 2 || !slices.Equal(d.Labels.Codes, clean.Labels.Codes) {
		t.Errorf("classes %q, codes equal to the clean table's: %v", d.Labels.Classes, slices.Equal(d.Labels.Codes, clean.Labels.Codes))
	}
	if len(d.Notices) != 1 || !strings.Contains(d.Notices[0], `target "label" writes the same number in more than one way`) {
		t.Errorf("notices %q", d.Notices)
	}
	words := make([][]string, len(rows))
	for i, r := range mixed {
		words[i] = slices.Clone(r)
	}
	huge := make([][]string, len(rows))
	for i, r := range rows {
		huge[i] = slices.Clone(r)
		huge[i][4] = []string{"9007199254740993", "9007199254740992.0"}[i%2] // equal as float64
	}
	if d, err := FromRecords(header, huge, Spec{Target: "label"}); err != nil {
		t.Errorf("2^53 + 1 and 2^53: %v", err)
	} else if d.Labels.K() != 2 || len(d.Notices) != 0 {
		t.Errorf("2^53 + 1 and 2^53: classes %q, notices %q", d.Labels.Classes, d.Notices)
	}
	words[0][4] = "none"
	d, err = FromRecords(header, words, Spec{Target: "label"})
	if err != nil || d.Labels.K() < 5 || len(d.Notices) != 0 {
		t.Errorf("a text among the labels: %v, classes %q, notices %q", err, d.Labels.Classes, d.Notices)
	}
}

// An empty target cell that the missing-cell texts leave out is named with
// the file's data row, not the row among those kept.
func TestEmptyTargetCellOutsideNA(t *testing.T) {
	t.Parallel()
	header, rows := sampleRecords(100, 3)
	rows[0][4], rows[1][4], rows[4][4] = "?", "?", ""
	_, err := FromRecords(header, rows, Spec{Target: "label", Options: Options{NA: []string{"?"}, DropMissingTarget: true}})
	testcheck.Error(t, "empty target outside NA", err, `target "label" has an empty cell in data row 5, which the texts of missing cells (NA, -na) do not include`)
}

// A float series holding an infinity, the target as a feature, is an
// error naming the cell, as an out-of-range number in a text cell is, not
// a class of its own (a reviewer's probe).
func TestInfiniteTargetIsAnError(t *testing.T) {
	df := dataframe.New(series.New([]float64{0, 1, math.Inf(1), 0}, series.Float, "y"),
		series.New([]float64{1, 2, 3, 4}, series.Float, "x"))
	_, err := FromDataFrame(df, Spec{Target: "y"})
	testcheck.Error(t, "target +Inf", err, `column "y", data row 3: "+Inf" is out of range`)
	df = dataframe.New(series.New([]string{"a", "b", "a", "b"}, series.String, "y"),
		series.New([]float64{1, math.Inf(-1), 3, 4}, series.Float, "x"))
	_, err = FromDataFrame(df, Spec{Target: "y"})
	testcheck.Error(t, "feature -Inf", err, `column "x", data row 2: "-Inf" is out of range`)
}

// decimalKey writes equal numbers alike and unequal ones apart, exactly,
// and in time linear in the text whatever its exponent.
func TestDecimalKey(t *testing.T) {
	same := [][]string{
		{"1", "1.0", "+1", "01", "1.000", "0.1e1", "10e-1", "1E0", "100e-2"},
		{"0", "-0", "0.000", "+0e5", "0e-999999", ".0"},
		{"1.5", "0.015e2", "15e-1", "+1.50", "150E-2"},
		{"-2.5", "-25e-1", "-0.25e1"},
		{"1e999999", "10e999998", "0.1e1000000"},
		{"9007199254740993", "9007199254740993.0"},
	}
	var keys []string
	for _, group := range same {
		key := decimalKey(group[0])
		for _, t2 := range group[1:] {
			if k := decimalKey(t2); k != key {
				t.Errorf("%q reads %q, %q reads %q: one number", group[0], key, t2, k)
			}
		}
		keys = append(keys, key)
	}
	keys = append(keys, decimalKey("9007199254740992"), decimalKey("2e-999999"), decimalKey("-1"), decimalKey("1e999998"), decimalKey("0.1"))
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			t.Errorf("two different numbers share the key %q", k)
		}
		seen[k] = true
	}
	if k := decimalKey("0.015e2"); k != "0.15e1" {
		t.Errorf("0.015e2 reads %q, want 0.15e1", k)
	}
	texts := make([]string, 400)
	for i := range texts {
		texts[i] = []string{"1e999999", "2e-999999"}[i%2]
	}
	out, note := sameNumberLabels("y", texts)
	if note != "" || out[0] != "1e999999" || out[1] != "2e-999999" {
		t.Errorf("huge exponents: note %q, classes %q", note, out[:2])
	}
}
