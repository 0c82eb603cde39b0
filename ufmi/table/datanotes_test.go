package table

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// notesTable is a table of n rows: row (the row number), x and z (noise),
// and label y, "a" or "b" at random, with class "c" on the last row when
// lone; with copies, each row appears twice.
func notesTable(t *testing.T, n int, lone, copies bool, spec Spec) *Data {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	header := []string{"row", "x", "z", "y"}
	var rows [][]string
	for i := range n {
		label := []string{"a", "b"}[r.IntN(2)]
		if lone && i == n-1 {
			label = "c"
		}
		row := []string{fmt.Sprint(i + 1), fmt.Sprint(r.NormFloat64()), fmt.Sprint(r.NormFloat64()), label}
		rows = append(rows, row)
		if copies {
			rows = append(rows, row)
		}
	}
	d, err := FromRecords(header, rows, spec)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// countNotes counts the notes holding text.
func countNotes(notes []string, text string) int {
	count := 0
	for _, n := range notes {
		if strings.Contains(n, text) {
			count++
		}
	}
	return count
}

// Data.MI gives a Go caller the notes the command line prints: a class of
// a single row, a row-number column, copied rows; for a conditional MI
// too; and none of them for a method other than uf or for clean data.
func TestDataMINotesReachGoCallers(t *testing.T) {
	cfg := ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 3}}
	cfg.UF = ufmi.DefaultUF()
	cfg.UF.Trees = 20

	d := notesTable(t, 200, true, false, Spec{Target: "y"})
	res, err := d.MI(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class "c" has a single row`, `feature "row" (1 to 200) holds consecutive integers`} {
		if countNotes(res.Notes, want) != 1 {
			t.Errorf("a lone class and a row number: notes %q, want one holding %q", res.Notes, want)
		}
	}

	d = notesTable(t, 150, false, true, Spec{Target: "y", Given: []string{"z"}, Drop: []string{"row"}})
	res, err = d.MI(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if countNotes(res.Notes, "150 rows of 300 repeat an earlier row exactly") != 1 || countNotes(res.Notes, "consecutive integers") != 0 {
		t.Errorf("copied rows, conditional MI, row dropped: notes %q, want the copied rows' note alone", res.Notes)
	}

	rf := cfg
	rf.Method = ufmi.MethodRFOOB
	if res, err = d.MI(rf); err != nil || len(res.Notes) != 0 {
		t.Errorf("rf-oob: notes %q, err %v; want none", res.Notes, err)
	}

	d = notesTable(t, 200, false, false, Spec{Target: "y", Drop: []string{"row"}})
	if res, err = d.MI(cfg); err != nil || len(res.Notes) != 0 {
		t.Errorf("clean data: notes %q, err %v; want none", res.Notes, err)
	}
}

// methodNotes gives the data notes for the uf method however it is named
// ("", uf in any case) and none for another method.
func TestMethodNotesNameTheUFMethodInAnyCase(t *testing.T) {
	d := notesTable(t, 200, true, false, Spec{Target: "y"})
	for _, method := range []ufmi.Method{"", ufmi.MethodUF, "UF", "Uf"} {
		if notes := d.methodNotes(method); countNotes(notes, `class "c" has a single row`) != 1 {
			t.Errorf("method %q: notes %q, want the lone class's", method, notes)
		}
	}
	for _, method := range []ufmi.Method{ufmi.MethodRFOOB, ufmi.MethodKSG, "RF-OOB"} {
		if notes := d.methodNotes(method); notes != nil {
			t.Errorf("method %q: notes %q, want none", method, notes)
		}
	}
}

// A categorical column of 40 levels of 5 rows gets the sparse-levels note,
// naming it; the same column over 1,000 rows does not.
func TestSparseLevelsNote(t *testing.T) {
	for _, c := range []struct {
		rows int
		want string
	}{{200, `column "g" (40 levels, about 5 rows each) has fewer than 20 rows per level`}, {1000, ""}} {
		cells, levels := make([]float64, c.rows), make([]string, 40)
		for i := range cells {
			cells[i] = float64(i % 40)
		}
		for l := range levels {
			levels[l] = fmt.Sprint("level", l)
		}
		x, err := ufmi.NewColumnFeatures([]ufmi.Column{{Name: "g", Kind: ufmi.Categorical, Values: cells, Levels: levels}})
		if err != nil {
			t.Fatal(err)
		}
		got := SparseLevelsNote(x)
		if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%d rows: note %q, want it to start with %q", c.rows, got, c.want)
		}
	}
}

// A conditional MI of 5 classes whose given column is fitted alone (the
// preset default-2026-11-30d) carries the library's note on its two fits;
// the default, which fits it beside the swapped target, does not.
func TestDataMINotesSeparateFits(t *testing.T) {
	header := []string{"x1", "x2", "label"}
	var rows [][]string
	for i := range 300 {
		c := i % 5
		rows = append(rows, []string{fmt.Sprint(2*c + i%3), fmt.Sprint((i * 7) % 11), fmt.Sprint(c)})
	}
	d, err := FromRecords(header, rows, Spec{Target: "label", Features: []string{"x2"}, Given: []string{"x1"}})
	if err != nil {
		t.Fatal(err)
	}
	const note = "need not share its two fits' bias"
	old, err := ufmi.ParseUFPreset("default-2026-11-30d")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		uf   ufmi.UFConfig
		want int
	}{{old, 1}, {ufmi.DefaultUF(), 0}} {
		cfg := ufmi.EstimatorConfig{UF: c.uf, Runtime: ufmi.Runtime{Seed: 2}}
		cfg.UF.Trees = 20
		res, err := d.MI(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := countNotes(res.Notes, note); got != c.want {
			t.Errorf("%d notes on the two fits in %q, want %d", got, res.Notes, c.want)
		}
	}
}
