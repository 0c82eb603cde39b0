package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// tiedCSV writes 60 rows whose one feature equals the label (0/1 against
// a/b): discrete, every row tied with 29 others.
func tiedCSV(t *testing.T) string {
	var b strings.Builder
	b.WriteString("x,label\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%d,%c\n", i%2, "ab"[i%2])
	}
	return writeFile(t, "tied.csv", b.String())
}

// The kNN estimators are not bounded: an estimate above H(Y) or below 0 is
// printed as it came, with a note naming the range (the audit of
// 2026-11-30: ksg read 0.7444 nats of two classes, H(Y) = 0.6931, with no
// note), and ksg and ross, which assume continuous features, name the
// tied rows.
func TestKNNNotesOutsideRangeAndTies(t *testing.T) {
	in := tiedCSV(t)
	for _, method := range []string{"ksg", "mixed-ksg", "ross"} {
		out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-method", method)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", method, code, errOut)
		}
		mi := printedMI(t, out)
		if method == "ksg" && mi <= 0.6931 {
			t.Fatalf("ksg reads %.4f on these ties, no longer above H(Y): the case no longer tests the note", mi)
		}
		above := strings.Contains(errOut, "above H(Y) = 0.6931, the most it can be")
		if above != (mi >= 0.69320) {
			t.Errorf("%s: I = %.4f, note above H(Y): %v; stderr %q", method, mi, above, errOut)
		}
		ties := strings.Contains(errOut, "60 rows of 60 repeat another row's values exactly in the columns x")
		if ties != (method != "mixed-ksg") {
			t.Errorf("%s: ties note %v, want it for ksg and ross only; stderr %q", method, ties, errOut)
		}
	}
	// Ties in the -given columns alone: a continuous x beside a 0/1 z.
	var g strings.Builder
	g.WriteString("x,z,label\n")
	for i := range 80 {
		fmt.Fprintf(&g, "%.4f,%d,%c\n", float64(i*37%80)/7, i%2, "ab"[(i/2)%2])
	}
	_, errOut, code := runCLI(t, "mi", "-in", writeFile(t, "given.csv", g.String()), "-target", "label", "-features", "x", "-given", "z", "-method", "ksg")
	if code != 0 || !strings.Contains(errOut, "80 rows of 80 repeat another row's values exactly in the columns z") {
		t.Errorf("ties in -given: exit %d, stderr %q", code, errOut)
	}
	// x spaced 1 apart against the class codes' 1: ksg reads below 0.
	var b strings.Builder
	b.WriteString("x,label\n")
	for i := range 100 {
		fmt.Fprintf(&b, "%d,%d\n", i, i/50)
	}
	_, errOut, code = runCLI(t, "mi", "-in", writeFile(t, "steps.csv", b.String()), "-target", "label", "-method", "ksg")
	if code != 0 || !strings.Contains(errOut, "below 0, the least it can be: ksg's estimate is off by at least that much") {
		t.Errorf("ksg below 0: exit %d, stderr %q", code, errOut)
	}
}

// table notes its estimates outside [0, H(Y)] as mi does (16 rows of three
// classes in turn along x read I < 0 by the uf), and the classes of a
// single row (ten classes of one row each).
func TestTableNotesEstimatesOutsideRange(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,label\n")
	for i := range 16 {
		fmt.Fprintf(&b, "%d,c%d\n", i, i%3)
	}
	_, errOut, code := runCLI(t, "table", "-in", writeFile(t, "turns.csv", b.String()), "-target", "label", "-trees", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "1 subset (X_in x) has an estimate of I(Y;X_in) or I(Y;X) outside [0, H(Y) = 1.0948]"; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q: %q", want, errOut)
	}
	b.Reset()
	b.WriteString("x,label\n")
	for i := range 10 {
		fmt.Fprintf(&b, "%d,c%d\n", i, i)
	}
	_, errOut, code = runCLI(t, "table", "-in", writeFile(t, "ten.csv", b.String()), "-target", "label", "-trees", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		`classes "c0", "c1", "c2" and 7 more have a single row`,
		"10 classes with about 1 row each",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q: %q", want, errOut)
		}
	}
}

// posterior names the levels of a -test column the training rows never
// had, which the forest routes as missing cells.
func TestPosteriorNotesUnseenLevels(t *testing.T) {
	var b strings.Builder
	b.WriteString("colour,label\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%s,%c\n", []string{"red", "blue"}[i%2], "ab"[i%2])
	}
	train := writeFile(t, "train.csv", b.String())
	test := writeFile(t, "test.csv", "colour\nred\ngreen\ngreen\n")
	_, errOut, code := runCLI(t, "posterior", "-train", train, "-test", test, "-target", "label", "-trees", "20")
	if code != 0 || !strings.Contains(errOut, `column "colour": 2 rows to predict hold a level the training rows never had (the first: "green")`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// posterior notes the -test cells missing in a column every training row
// holds, routed to each split's larger side, and -preset with a forest
// other than uf, which it does not use.
func TestPosteriorNotesMissingCellsAndPreset(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,z,label\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d,%c\n", i%2, i%3, "ab"[i%2])
	}
	train := writeFile(t, "train.csv", b.String())
	test := writeFile(t, "test.csv", "x,z\n0,1\n,1\n1,2\n")
	_, errOut, code := runCLI(t, "posterior", "-train", train, "-test", test, "-target", "label", "-trees", "20", "-method", "rf", "-preset", "oblique")
	for _, want := range []string{
		`column "x": 1 row to predict lacks a value there, which no training row does`,
		"-preset sets the uf method's forest; method rf does not use it",
	} {
		if code != 0 || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, stderr lacks %q: %q", code, want, errOut)
		}
	}
	_, errOut, code = runCLI(t, "posterior", "-train", train, "-test", writeFile(t, "full.csv", "x,z\n0,1\n1,2\n"), "-target", "label", "-trees", "20", "-preset", "oblique")
	if code != 0 || strings.Contains(errOut, "note") {
		t.Errorf("a full -test file with uf: exit %d, stderr %q, want no note", code, errOut)
	}
}

// A file saved with two byte-order marks reads as with one; a confidence
// level prints without the float's last bits.
func TestDoubleByteOrderMarkAndLevelLabel(t *testing.T) {
	var b strings.Builder
	b.WriteString("\ufeff\ufeff\"x\",y\n") // a quoted name after the marks
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d\n", i%2, i%2)
	}
	out, errOut, code := runCLI(t, "mi", "-in", writeFile(t, "bom2.csv", b.String()), "-target", "y", "-features", "x", "-trees", "20", "-ci", "0.9999999999")
	if code != 0 || !strings.Contains(out, "99.99999999% CI") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for level, want := range map[float64]string{0.95: "95%", 0.9: "90%", 0.999: "99.9%", 1e-300: "1e-298%", 0.99999999999: "99.999999999%"} {
		if got := percent(level); got != want {
			t.Errorf("percent(%g) = %q, want %q", level, got, want)
		}
	}
}

// An rf-oob interval comes with a note that it does not cover the
// method's bias; the uf's does not need one.
func TestRFOOBIntervalNote(t *testing.T) {
	in := separatedCSV(t, 200, 3)
	const note = "rf-oob's interval covers the estimate's variability, not the method's upward bias"
	for method, want := range map[string]bool{"rf-oob": true, "uf": false} {
		_, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-method", method, "-trees", "30", "-ci", "0.95")
		if code != 0 || strings.Contains(errOut, note) != want {
			t.Errorf("%s: exit %d, note %v, want %v: %q", method, code, !want, want, errOut)
		}
	}
	_, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-method", "rf-oob", "-trees", "30", "-ci", "0.95", "-features", "x1,x2")
	if code != 0 || !strings.Contains(errOut, note) {
		t.Errorf("table rf-oob: exit %d: %q", code, errOut)
	}
}

// printedMI reads the I(X;Y) line of mi's text output.
func printedMI(t *testing.T, out string) float64 {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "I(X;Y)"); ok {
			var mi float64
			if _, err := fmt.Sscanf(rest, "%g", &mi); err != nil {
				t.Fatalf("reading %q: %v", line, err)
			}
			return mi
		}
	}
	t.Fatalf("no I(X;Y) line in %q", out)
	return 0
}

// A feature that copies the -given column leaves the conditional test no
// pair to swap: the note says p = 1 cannot reject and that such a feature
// adds nothing given the column; a few pairs get the low-power note.
func TestConditionalPairsNote(t *testing.T) {
	if got := conditionalPairsNote(0, 1000); len(got) != 1 || !strings.Contains(got[0], "p = 1") || !strings.Contains(got[0], "a copy of one") {
		t.Errorf("no pairs: %q", got)
	}
	if got := conditionalPairsNote(20, 1000); len(got) != 1 || !strings.Contains(got[0], "only 20 pairs") || !strings.Contains(got[0], "of about 250") {
		t.Errorf("few pairs: %q", got)
	}
	if got := conditionalPairsNote(100, 1000); got != nil {
		t.Errorf("enough pairs: %q", got)
	}
	var b strings.Builder
	b.WriteString("a,b,label\n")
	rng := rand.New(rand.NewPCG(8, 9))
	for range 400 {
		a := rng.NormFloat64()
		label := 0
		if a+rng.NormFloat64() > 0 {
			label = 1
		}
		fmt.Fprintf(&b, "%.6f,%.6f,%d\n", a, a, label)
	}
	_, errOut, code := runCLI(t, "mi", "-in", writeFile(t, "copy.csv", b.String()), "-target", "label", "-features", "b", "-given", "a", "-perm", "19", "-trees", "20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "a copy of one") {
		t.Errorf("a copied -given column: no note on stderr:\n%s", errOut)
	}
}

// A categorical column of 10 or more levels with fewer than 20 rows per
// level gets a note with the uf method (the estimate reads low there,
// TestManyLevelsStudy); one of 10 levels of 50 rows each gets none.
func TestSparseLevelsNote(t *testing.T) {
	table := func(name string, levels, n int) string {
		var b strings.Builder
		b.WriteString("group,label\n")
		for i := range n {
			l := i % levels
			fmt.Fprintf(&b, "g%d,%d\n", l, (l+i/levels)%3/2)
		}
		return writeFile(t, name, b.String())
	}
	_, errOut := miJSON(t, "-in", table("sparse.csv", 100, 500), "-target", "label", "-trees", "20")
	if want := `column "group" (100 levels, about 5 rows each) has fewer than 20 rows per level`; !strings.Contains(errOut, want) {
		t.Errorf("100 levels of 5 rows: stderr %q, want %q", errOut, want)
	}
	_, errOut, code := runCLI(t, "table", "-in", table("sparse2.csv", 100, 500), "-target", "label", "-trees", "20")
	if code != 0 || !strings.Contains(errOut, "fewer than 20 rows per level") {
		t.Errorf("table, 100 levels of 5 rows: exit %d, stderr %q", code, errOut)
	}
	if _, errOut := miJSON(t, "-in", table("dense.csv", 10, 500), "-target", "label", "-trees", "20"); strings.Contains(errOut, "rows per level") {
		t.Errorf("10 levels of 50 rows: stderr %q, want no note", errOut)
	}
	if _, errOut := miJSON(t, "-in", table("sparse3.csv", 100, 500), "-target", "label", "-trees", "20", "-method", "rf-oob"); strings.Contains(errOut, "rows per level") {
		t.Errorf("rf-oob: stderr %q, want no note", errOut)
	}
}

// Rows copied exactly, where a numeric feature differs in most rows, get a
// note (a reviewer's probe read I = 0.30 at I = 0 with 150 rows doubled);
// repeats of a table of few distinct values, and a single copy in 200
// rows, do not.
func TestDuplicateRowsNote(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	table := func(name string, rows, copies int, discrete bool) string {
		var b strings.Builder
		b.WriteString("x1,x2,label\n")
		for i := range rows {
			x1, x2 := fmt.Sprintf("%.6f", rng.NormFloat64()), fmt.Sprintf("%.6f", rng.NormFloat64())
			if discrete {
				x1, x2 = fmt.Sprint(rng.IntN(3)), fmt.Sprint(rng.IntN(2))
			}
			line := fmt.Sprintf("%s,%s,%c\n", x1, x2, "ab"[rng.IntN(2)])
			b.WriteString(line)
			if i < copies {
				b.WriteString(line)
			}
		}
		return writeFile(t, name, b.String())
	}
	const want = "repeat an earlier row exactly"
	_, errOut := miJSON(t, "-in", table("doubled.csv", 150, 150, false), "-target", "label", "-trees", "20")
	if !strings.Contains(errOut, "150 rows of 300 "+want) {
		t.Errorf("150 rows doubled: stderr %q, want a note counting 150 of 300", errOut)
	}
	_, errOut, code := runCLI(t, "table", "-in", table("doubled2.csv", 150, 20, false), "-target", "label", "-trees", "20")
	if code != 0 || !strings.Contains(errOut, "20 rows of 170 "+want) {
		t.Errorf("table, 20 copies: exit %d, stderr %q", code, errOut)
	}
	if _, errOut := miJSON(t, "-in", table("discrete.csv", 300, 0, true), "-target", "label", "-trees", "20"); strings.Contains(errOut, want) {
		t.Errorf("two discrete features, repeats by chance: stderr %q, want no note", errOut)
	}
	if _, errOut := miJSON(t, "-in", table("onecopy.csv", 200, 1, false), "-target", "label", "-trees", "20"); strings.Contains(errOut, want) {
		t.Errorf("one copy in 201 rows: stderr %q, want no note", errOut)
	}
	// One numeric column rounded to three decimals beside a binary one:
	// 2,000 rows take about 1,800 of its values, and about 50 rows repeat an
	// earlier one by chance in every column.
	var coarse strings.Builder
	coarse.WriteString("x,flag,label\n")
	for range 2000 {
		fmt.Fprintf(&coarse, "%.3f,%d,%c\n", rng.NormFloat64(), rng.IntN(2), "ab"[rng.IntN(2)])
	}
	if _, errOut := miJSON(t, "-in", writeFile(t, "coarse.csv", coarse.String()), "-target", "label", "-trees", "20"); strings.Contains(errOut, want) {
		t.Errorf("a numeric column of three decimals: stderr %q, want no note", errOut)
	}
	// Discrete columns beside a numeric one missing in 80% of rows: each
	// missing cell is no distinct value (a reviewer found the note firing).
	var b strings.Builder
	b.WriteString("a,b,dose,label\n")
	for i := range 400 {
		dose := "NA"
		if i%5 == 0 {
			dose = fmt.Sprintf("%.4f", rng.NormFloat64())
		}
		fmt.Fprintf(&b, "%d,%d,%s,%c\n", i%3, i%2, dose, "ab"[rng.IntN(2)])
	}
	if _, errOut := miJSON(t, "-in", writeFile(t, "sparse.csv", b.String()), "-target", "label", "-trees", "20"); strings.Contains(errOut, want) {
		t.Errorf("a mostly missing numeric column: stderr %q, want no note", errOut)
	}
}

// A numeric feature holding the row numbers gets a note naming it and the
// -drop that leaves it out; a numeric feature of distinct values that are
// not consecutive integers does not.
func TestRowNumbersNote(t *testing.T) {
	var b strings.Builder
	b.WriteString("row,x,label\n")
	for i := range 120 {
		fmt.Fprintf(&b, "%d,%d,%c\n", i+1, 3*i, "ab"[i%2])
	}
	_, errOut := miJSON(t, "-in", writeFile(t, "rows.csv", b.String()), "-target", "label", "-trees", "20")
	if want := `feature "row" (1 to 120) holds consecutive integers, each once`; !strings.Contains(errOut, want) || !strings.Contains(errOut, "-drop row on the command line") || strings.Contains(errOut, `"x"`) {
		t.Errorf("stderr %q, want a note on row only", errOut)
	}
}

// A conditional MI whose target and given columns have a rank correlation
// of 0.8 or more gets a note on contrasts of correlated columns in table,
// and in mi with a preset whose fit takes the target as it is
// (default-2026-11-30b); not with the default's residuals, not with
// -preset oblique, and not for columns correlated 0.5.
func TestCorrelatedConditionalNote(t *testing.T) {
	file := func(rho float64) string {
		rng := rand.New(rand.NewPCG(3, 3))
		var b strings.Builder
		b.WriteString("a,b,label\n")
		for range 200 {
			e := rng.NormFloat64()
			fmt.Fprintf(&b, "%.5f,%.5f,%d\n", e, rho*e+math.Sqrt(1-rho*rho)*rng.NormFloat64(), rng.IntN(2))
		}
		return writeFile(t, fmt.Sprintf("corr%g.csv", rho), b.String())
	}
	const want = `columns "b" and "a" have rank correlation 0.9`
	high, low := file(0.95), file(0.5)
	if _, errOut := miJSON(t, "-in", high, "-target", "label", "-features", "b", "-given", "a", "-trees", "20", "-preset", "default-2026-11-30b"); !strings.Contains(errOut, want) {
		t.Errorf("mi -preset default-2026-11-30b, correlation 0.95: stderr %q, want %q", errOut, want)
	}
	if _, errOut := miJSON(t, "-in", high, "-target", "label", "-features", "b", "-given", "a", "-trees", "20"); strings.Contains(errOut, "rank correlation") {
		t.Errorf("mi, the default's residuals: stderr %q, want no note", errOut)
	}
	if _, errOut := miJSON(t, "-in", high, "-target", "label", "-features", "b", "-given", "a", "-trees", "20", "-preset", "oblique-2026-11-29"); strings.Contains(errOut, "rank correlation") {
		t.Errorf("mi -preset oblique-2026-11-29: stderr %q, want no note", errOut)
	}
	if _, errOut := miJSON(t, "-in", low, "-target", "label", "-features", "b", "-given", "a", "-trees", "20", "-preset", "default-2026-11-30b"); strings.Contains(errOut, "rank correlation") {
		t.Errorf("mi, correlation 0.5: stderr %q, want no note", errOut)
	}
	if _, errOut := miJSON(t, "-in", high, "-target", "label", "-features", "a,b", "-trees", "20"); strings.Contains(errOut, "rank correlation") {
		t.Errorf("mi without -given: stderr %q, want no note", errOut)
	}
	if _, errOut, code := runIn("table", "-in", high, "-target", "label", "-trees", "20"); code != 0 || !strings.Contains(errOut, "rank correlation 0.9") {
		t.Errorf("table, correlation 0.95: exit %d, stderr %q, want the note", code, errOut)
	}
}
