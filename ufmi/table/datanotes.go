package table

// Notes on data that make a uf estimate less than it seems: classes of
// one or two rows, copied rows, a row-number column, a categorical column
// of sparse levels. Each is measured and named; none changes a number.

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"

	"github.com/ufmi-dev/ufmi/internal/names"
	"github.com/ufmi-dev/ufmi/internal/plural"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// DataNotes returns the notes on features x and labels (one line each,
// nil when there is nothing to say) that make the uf method's estimate
// less than it seems, whatever the settings: classes of one or two rows
// (TinyClassNotes), copied rows (CopiedRowsNote), a feature holding the
// row numbers (RowNumbersNote) and categorical columns of sparse levels
// (SparseLevelsNote). Data.MI puts them in its result's Notes for the uf
// method; the command line prints them on stderr, naming the file.
//
// Notes on what it is not given are left out: labels nil (Data without a
// target) gives only the feature notes, x nil only the class notes.
func DataNotes(x *ufmi.Features, labels *Labels) []string {
	notes := TinyClassNotes(labels)
	if x == nil {
		return notes
	}
	var codes []int
	if labels != nil {
		codes = labels.Codes
	}
	for _, note := range []string{CopiedRowsNote(x, codes), RowNumbersNote(x), SparseLevelsNote(x)} {
		if note != "" {
			notes = append(notes, note)
		}
	}
	return notes
}

// TinyClassNotes returns notes naming the classes of a single row and
// those of two rows, if any: an honest forest lets each row grow a tree or
// vote in it, never both, and scores a row only with the other rows' votes,
// so nothing it learns ties a class of one row to x; a class of two rows
// gives one row to the structure and one to the votes of every tree at the
// default's stratified halves, so neither is scored beside a vote of its
// class. The uf estimate misses such a class's share of I(X;Y), and its
// interval does not cover it.
//
// Labels nil, or codes outside its classes, give no note.
func TinyClassNotes(labels *Labels) []string {
	if labels == nil {
		return nil
	}
	counts := make([]int, labels.K())
	for _, c := range labels.Codes {
		if c < 0 || c >= len(counts) {
			return nil
		}
		counts[c]++
	}
	var notes []string
	for rows, what := range []string{1: "a single row", 2: "2 rows"} {
		if rows == 0 {
			continue
		}
		var names []string
		for c, n := range counts {
			if n == rows {
				names = append(names, strconv.Quote(labels.Classes[c]))
			}
		}
		if len(names) == 0 {
			continue
		}
		which := "class " + names[0] + " has"
		if len(names) > 1 {
			which = "classes " + plural.FirstOf(names, 3, ", ") + " have"
		}
		why := "an honest forest lets a row grow a tree or vote in it, never both"
		if rows == 2 {
			why = "every tree of the default gives one of them to its structure and the other to its votes, and scores a row by the other rows' votes only, never beside a vote of its class"
		}
		notes = append(notes, fmt.Sprintf("%s %s: %s, so the uf estimate cannot see what sets such a class apart (its share of I(X;Y) is lost, and the interval does not cover it); 3 rows make it partly visible, and with the default's leaves 8 rows let them shrink to learn it", which, what, why))
	}
	return notes
}

// CopiedRowsNote returns a note ("" for none) when at least one row in a
// hundred repeats an earlier row exactly (every feature and the label y)
// although a numeric feature takes a different value in most rows, and
// at least three times as many rows repeat as pairs of rows would agree by
// chance were the columns independent (coincidentPairs): copied rows. The interval, the
// lower bound and the tests take the rows as independent draws; a copy
// counts one draw twice, and the uf estimate scores each copy with the
// other's vote. A reviewer's probe read I = 0.30 and a certified lower
// bound of 0.16 nats at I = 0 with 150 rows each doubled (three numeric
// columns).
//
// x nil, or labels y not one per row of x, give no note.
func CopiedRowsNote(x *ufmi.Features, y []int) string {
	if x == nil || len(y) != x.Rows() || !mostlyDistinctNumeric(x) {
		return ""
	}
	repeats, n := repeatedRows(x, y), x.Rows()
	if repeats == 0 || 100*repeats < n || float64(repeats) < 3*coincidentPairs(x, y) {
		return ""
	}
	return fmt.Sprintf("%s of %d repeat an earlier row exactly (every feature and the label) although a numeric feature differs in most rows: copied rows? Estimates, intervals, the lower bound and the permutation tests take rows as independent draws: a copy is scored beside its twin's vote, which reads information that is not there (labels independent of 3 features, 150 rows each doubled: I = 0.30, certified at least 0.16), and makes the intervals and tests too sure (docs/inference.md, \"Assumptions\"); drop the copies if they are not separate observations", plural.Count(repeats, "row"), n)
}

// coincidentPairs is the number of pairs of rows expected to agree in every
// feature and the label by chance, were the columns independent: the pairs
// of rows times each column's chance that two rows agree in it (the sum of
// its values' squared shares, a missing cell counting as one value). Rows
// of coarse values (a numeric column rounded to three decimals beside a
// few levels) repeat by chance about that often; copies far more. Columns
// that depend on each other agree more often than this says.
func coincidentPairs(x *ufmi.Features, y []int) float64 {
	n := float64(x.Rows())
	pairs := n * (n - 1) / 2
	agree := func(key func(i int) uint64) float64 {
		counts := make(map[uint64]float64)
		for i := range x.Rows() {
			counts[key(i)]++
		}
		sum := 0.0
		for _, c := range counts {
			sum += (c / n) * (c / n)
		}
		return sum
	}
	for j := range x.Cols() {
		pairs *= agree(func(i int) uint64 { return math.Float64bits(x.At(i, j)) })
	}
	return pairs * agree(func(i int) uint64 { return uint64(y[i]) })
}

// mostlyDistinctNumeric reports whether a numeric feature of x takes a
// different value in at least half the rows (missing cells left out).
func mostlyDistinctNumeric(x *ufmi.Features) bool {
	for j := range x.Cols() {
		if x.Kind(j) == ufmi.Categorical {
			continue
		}
		seen, present := make(map[float64]bool), 0
		for _, v := range x.Column(j) {
			if !math.IsNaN(v) { // each NaN would be a key of its own
				seen[v] = true
				present++
			}
		}
		if present > 0 && 2*len(seen) >= x.Rows() {
			return true
		}
	}
	return false
}

// repeatedRows counts the rows that repeat an earlier row exactly, every
// cell's bits and the label, found by a 64-bit hash of them: a collision
// among a million rows has a chance of about 3e-8.
func repeatedRows(x *ufmi.Features, y []int) int {
	rows, repeats := make(map[uint64]struct{}, x.Rows()), 0
	h, cells := fnv.New64a(), make([]byte, 8*(x.Cols()+1)) // one row's cells and label, little-endian
	put := func(at int, v uint64) {
		for k := range 8 {
			cells[8*at+k] = byte(v >> (8 * k))
		}
	}
	for i := range x.Rows() {
		for j := range x.Cols() {
			put(j, math.Float64bits(x.At(i, j)))
		}
		put(x.Cols(), uint64(y[i]))
		h.Reset()
		h.Write(cells)
		key := h.Sum64()
		if _, ok := rows[key]; ok {
			repeats++
		} else {
			rows[key] = struct{}{}
		}
	}
	return repeats
}

// RowNumbersNote returns a note ("" for none) naming the numeric features
// of x whose values are the integers lo..lo+n-1, each once, for n rows
// (10 or more): a row number or an identifier, which tells the rows apart
// and nothing else, unless the rows' order carries information (rows
// sorted by the label give a high estimate through it).
func RowNumbersNote(x *ufmi.Features) string {
	if x == nil {
		return ""
	}
	var found, plain []string
	for j := range x.Cols() {
		if x.Kind(j) != ufmi.Categorical && x.Rows() >= 10 {
			if lo, hi, ok := consecutiveIntegers(x.Column(j)); ok {
				found, plain = append(found, fmt.Sprintf("%q (%g to %g)", x.Name(j), lo, hi)), append(plain, x.Name(j))
			}
		}
	}
	if len(found) == 0 {
		return ""
	}
	which := "feature " + found[0] + " holds"
	if len(found) > 1 {
		which = "features " + plural.FirstOf(found, 3, ", ") + " hold"
	}
	return fmt.Sprintf("%s consecutive integers, each once: a row number or an identifier? It tells rows apart and says nothing of them, unless the rows' order does (rows sorted by the label read information through it); leave it out of the features (-drop %s on the command line, Spec.Drop in Go)", which, names.FlagList(plain))
}

// consecutiveIntegers reports whether col holds the integers lo..lo+n-1,
// each once, for its n cells (none missing).
func consecutiveIntegers(col []float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range col {
		if v != math.Trunc(v) { // true for NaN
			return 0, 0, false
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo != float64(len(col)-1) {
		return 0, 0, false
	}
	seen := make([]bool, len(col))
	for _, v := range col {
		k := int(v - lo)
		if seen[k] {
			return 0, 0, false
		}
		seen[k] = true
	}
	return lo, hi, true
}

// SparseLevelsNote returns a note ("" for none) naming the categorical
// columns of x with at least 10 levels and fewer than 20 rows per level
// on average (the rows with a level): a tree cannot sort levels of a few
// structure rows by their class rates, its leaves mix levels of different
// rates, and the uf estimate reads low (TestManyLevelsStudy).
func SparseLevelsNote(x *ufmi.Features) string {
	if x == nil {
		return ""
	}
	const manyLevels, levelRows = 10, 20
	var names []string
	for j := range x.Cols() {
		if x.Kind(j) != ufmi.Categorical {
			continue
		}
		seen, rows := make(map[float64]bool), 0
		for _, v := range x.Column(j) {
			if !math.IsNaN(v) {
				seen[v] = true
				rows++
			}
		}
		if len(seen) < manyLevels || rows >= levelRows*len(seen) {
			continue
		}
		names = append(names, fmt.Sprintf("%q (%d levels, about %s each)", x.Name(j), len(seen), plural.Count(rows/len(seen), "row")))
	}
	if len(names) == 0 {
		return ""
	}
	which := "column " + names[0] + " has"
	if len(names) > 1 {
		which = "columns " + plural.FirstOf(names, 3, ", ") + " have"
	}
	return fmt.Sprintf("%s fewer than %d rows per level: a tree cannot sort levels of few rows by their class rates, its leaves mix levels that differ, and the uf estimate reads the information low "+
		"(one column whose levels have class rate 0.8 or 0.2, I = 0.193: bias -0.058 and 23%% of 95%% intervals covering with 100 levels of 5 rows, -0.020 and 85%% with 50 of 10, -0.009 to -0.005 and 92%% with 26 of 19 and 100 of 20); "+
		"see docs/inference.md, \"A categorical column of many levels\"", which, levelRows)
}
