package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/internal/mirror"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// runIn runs the command line in this process and returns stdout, stderr
// and the exit status.
func runIn(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// miJSON runs "ufmi mi ... -json" in this process and returns its MI.
func miJSON(t *testing.T, args ...string) (float64, string) {
	t.Helper()
	out, errOut, code := runIn(append(append([]string{"mi"}, args...), "-json")...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	var rep struct{ MI float64 }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: not JSON: %q", args, out)
	}
	return rep.MI, errOut
}

// A file whose lines end in a lone CR (old Mac files) and a gzip'd file
// give the estimate of the same file with LF line ends.
func TestCROnlyAndGzipFilesAreRead(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,noise,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%d,%d,%c\n", i%2, (i*7)%5, "pq"[i%2])
	}
	lf := b.String()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(lf))
	zw.Close()
	want, _ := miJSON(t, "-in", writeFile(t, "lf.csv", lf), "-target", "y", "-trees", "20")
	for name, path := range map[string]string{
		"CR only": writeFile(t, "cr.csv", strings.ReplaceAll(lf, "\n", "\r")),
		"gzip":    writeFile(t, "in.csv.gz", gz.String()),
	} {
		if got, _ := miJSON(t, "-in", path, "-target", "y", "-trees", "20"); got != want {
			t.Errorf("%s: MI %v, want %v as with LF line ends", name, got, want)
		}
	}
}

// A column of few distinct values mixing numbers and words (2, 3, 4,
// 5more) is read as categorical and a default feature column missing in
// every row is left out, each with a note on stderr that is no error line.
func TestNoticesOnStderr(t *testing.T) {
	var b strings.Builder
	b.WriteString("doors,TBG,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%s,,%c\n", []string{"2", "3", "4", "5more"}[i%4], "pq"[i%4/2])
	}
	in := writeFile(t, "cars.csv", b.String())
	mi, errOut := miJSON(t, "-in", in, "-target", "y", "-trees", "20")
	want := []string{
		"ufmi mi: note: " + in + `: column "doors" mixes numbers and text (4 distinct values, 1 of them text, such as "5more" in data row 4); read as categorical`,
		"ufmi mi: note: " + in + `: column "TBG" is missing in all 60 rows; left out of the features`,
	}
	if errOut != strings.Join(want, "\n")+"\n" {
		t.Errorf("stderr %q, want the two notes %q", errOut, want)
	}
	if mi < 0.5 {
		t.Errorf("doors determines y: MI %v, want about log 2", mi)
	}
	// table and posterior note them too.
	_, errOut, code := runIn("table", "-in", in, "-target", "y", "-features", "doors", "-trees", "10", "-json")
	if code != 0 || !strings.HasPrefix(errOut, "ufmi table: note: "+in+`: column "doors" mixes`) {
		t.Errorf("table: exit %d, %q", code, errOut)
	}
	out, errOut, code := runIn("posterior", "-train", in, "-test", in, "-target", "y", "-trees", "10")
	if code != 0 || strings.Count(errOut, "ufmi posterior: note: ") != 2 || !strings.HasPrefix(out, "p,q\n") {
		t.Errorf("posterior: exit %d, %q, %q", code, out, errOut)
	}
}

// A class of a single row or of two rows gets a note with the uf method (an
// honest forest at the default's halves cannot learn it), none with a
// method that can, nor for a class of three rows or many.
func TestSingleRowClassNote(t *testing.T) {
	table := func(name string, sizes map[byte]int) string {
		var b strings.Builder
		b.WriteString("x,y\n")
		i := 0
		for _, c := range []byte("abcz") {
			for range sizes[c] {
				fmt.Fprintf(&b, "%d,%c\n", i%5, c)
				i++
			}
		}
		return writeFile(t, name, b.String())
	}
	in := table("single.csv", map[byte]int{'a': 1, 'b': 1, 'c': 1, 'z': 97})
	_, errOut := miJSON(t, "-in", in, "-target", "y", "-trees", "20")
	want := "ufmi mi: note: " + in + `: classes "a", "b", "c" have a single row: an honest forest lets a row grow a tree or vote in it, never both, so the uf estimate cannot see what sets such a class apart (its share of I(X;Y) is lost, and the interval does not cover it); 3 rows make it partly visible, and with the default's leaves 8 rows let them shrink to learn it` + "\n"
	if !strings.HasPrefix(errOut, want) {
		t.Errorf("stderr %q, want it to start with %q", errOut, want)
	}
	if _, errOut := miJSON(t, "-in", in, "-target", "y", "-method", "rf-oob", "-trees", "20"); errOut != "" {
		t.Errorf("rf-oob: stderr %q, want no note", errOut)
	}
	in = table("pair.csv", map[byte]int{'a': 2, 'b': 3, 'z': 95})
	_, errOut = miJSON(t, "-in", in, "-target", "y", "-trees", "20")
	want = "ufmi mi: note: " + in + `: class "a" has 2 rows: every tree of the default gives one of them to its structure and the other to its votes, and scores a row by the other rows' votes only, never beside a vote of its class, so the uf estimate cannot see what sets such a class apart (its share of I(X;Y) is lost, and the interval does not cover it); 3 rows make it partly visible, and with the default's leaves 8 rows let them shrink to learn it` + "\n"
	if !strings.HasPrefix(errOut, want) {
		t.Errorf("a class of 2 rows beside one of 3: stderr %q, want it to start with %q", errOut, want)
	}
	if strings.Contains(errOut, `"b"`) {
		t.Errorf("the class of 3 rows is named in a note: %q", errOut)
	}
	if _, errOut, code := runCLI(t, "table", "-in", in, "-target", "y", "-trees", "20"); code != 0 || !strings.Contains(errOut, `class "a" has 2 rows`) {
		t.Errorf("table, a class of 2 rows: exit %d, stderr %q", code, errOut)
	}
	if _, errOut := miJSON(t, "-in", separatedCSV(t, 50, 5), "-target", "label", "-trees", "20"); errOut != "" {
		t.Errorf("two classes of many rows: stderr %q, want no note", errOut)
	}
}

// Three or more classes with fewer than 100 rows per class draw a note
// that the default reads low there where X says little
// (TestManyClassesBiasStudy), ten or more classes one that it reads high
// where X separates groups of classes (TestNoiseTermSignalStudy) unless
// the noise term is capped; two classes, 3-9 classes of 100 rows, the
// plug-in preset, or 10 classes of 120 rows capped draw none.
func TestFewRowsPerClassNote(t *testing.T) {
	table := func(n, k int) string {
		var b strings.Builder
		b.WriteString("x,y\n")
		for i := range n {
			fmt.Fprintf(&b, "%d,c%d\n", i%7, i%k)
		}
		return writeFile(t, fmt.Sprintf("k%d.csv", k), b.String())
	}
	note := "classes with about"
	if _, errOut := miJSON(t, "-in", table(200, 5), "-target", "y", "-trees", "20"); !strings.Contains(errOut, "ufmi mi: note: 5 classes with about 40 rows each: with fewer than 100 rows per class the estimate reads low where X says little about Y") || strings.Contains(errOut, "reads high") {
		t.Errorf("5 classes of 40 rows: stderr %q, want the note (low only)", errOut)
	}
	if _, errOut := miJSON(t, "-in", table(500, 10), "-target", "y", "-trees", "20"); !strings.Contains(errOut, "10 classes with about 50 rows each: with fewer than 100 rows per class the estimate reads low") || !strings.Contains(errOut, "; with 10 or more classes it reads high where X separates groups of classes") {
		t.Errorf("10 classes of 50 rows: stderr %q, want the note (low and high)", errOut)
	}
	if _, errOut := miJSON(t, "-in", table(1200, 10), "-target", "y", "-trees", "20"); !strings.Contains(errOut, "10 classes with about 120 rows each: with 10 or more classes it reads high where X separates") || strings.Contains(errOut, "reads low") {
		t.Errorf("10 classes of 120 rows: stderr %q, want the note (high only)", errOut)
	}
	// Fewer than 5 rows per class (-many-classes): either way.
	if _, errOut := miJSON(t, "-in", table(180, 60), "-target", "y", "-trees", "20", "-many-classes"); !strings.Contains(errOut, "60 classes with about 3 rows each: with fewer than 5 rows per class the one-step breaks down and the estimate may be far off either way") || strings.Contains(errOut, "reads high") {
		t.Errorf("60 classes of 3 rows: stderr %q, want the note", errOut)
	}
	// Capped, the noise term no longer reads high.
	if _, errOut := miJSON(t, "-in", table(500, 10), "-target", "y", "-trees", "20", "-preset", "capped-noise"); !strings.Contains(errOut, "the capped estimate reads low, with or without signal") || strings.Contains(errOut, "reads high") {
		t.Errorf("capped, 10 classes of 50 rows: stderr %q, want the capped note (low only)", errOut)
	}
	if _, errOut, code := runCLI(t, "table", "-in", table(200, 5), "-target", "y", "-trees", "10", "-json"); code != 0 || !strings.Contains(errOut, "ufmi table: note: 5 classes with about 40 rows each") {
		t.Errorf("table, 5 classes of 40 rows: exit %d, stderr %q, want the note", code, errOut)
	}
	for _, c := range []struct {
		n, k  int
		extra []string
	}{{100, 2, nil}, {300, 3, nil}, {900, 9, nil}, {200, 5, []string{"-preset", "plugin"}}, {1200, 10, []string{"-preset", "capped-noise"}}} {
		args := append([]string{"-in", table(c.n, c.k), "-target", "y", "-trees", "20"}, c.extra...)
		if _, errOut := miJSON(t, args...); strings.Contains(errOut, note) {
			t.Errorf("%d rows, %d classes %v: stderr %q, want no note", c.n, c.k, c.extra, errOut)
		}
	}
}

// The three OpenML-CC18 tables that used to fail through "ufmi mi -in"
// load: car (doors holds 5more, persons more), cylinder-bands
// (cylinder_number of codes such as x126 and a few numbers) and sick (TBG
// missing in every row), read from the mirror's gzip'd CSV files.
func TestPublicTablesLoad(t *testing.T) {
	dir := mirror.Dir(t, "cc18")
	for file, notes := range map[string][]string{
		"40975_car.csv.gz":           {`column "doors" mixes numbers and text`, `column "persons" mixes numbers and text`},
		"6332_cylinder-bands.csv.gz": {`column "cylinder_number" mixes text and numbers (429 distinct values, 2 of them numbers`},
		"38_sick.csv.gz":             {`column "TBG" is missing in all 3772 rows; left out of the features`},
	} {
		path := filepath.Join(dir, file)
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: not in the mirror: %v", file, err)
			continue
		}
		mi, errOut := miJSON(t, "-in", path, "-target", "class", "-trees", "10")
		for _, n := range notes {
			if !strings.Contains(errOut, "ufmi mi: note: "+path+": "+n) {
				t.Errorf("%s: stderr lacks the note %q: %q", file, n, errOut)
			}
		}
		if mi <= 0 {
			t.Errorf("%s: MI %v, want positive", file, mi)
		}
	}
}

// -drop leaves an identifier out of the default features (mi, table);
// posterior -id prints the test file's identifier first on each row.
func TestDropAndID(t *testing.T) {
	var b, test strings.Builder
	b.WriteString("id,x,noise,y\n")
	test.WriteString("id,x,noise\n")
	for i := range 80 {
		fmt.Fprintf(&b, "row-%d,%d,%d,%c\n", i, i%2, (i*7)%5, "pq"[i%2])
	}
	fmt.Fprintf(&test, "first,0,1\nsecond,1,3\n")
	train := writeFile(t, "train.csv", b.String())
	testFile := writeFile(t, "test.csv", test.String())
	dropped, _ := miJSON(t, "-in", train, "-target", "y", "-drop", "id", "-trees", "20")
	listed, _ := miJSON(t, "-in", train, "-target", "y", "-features", "x,noise", "-trees", "20")
	if dropped != listed {
		t.Errorf("-drop id: MI %v, want %v as with -features x,noise", dropped, listed)
	}
	out, errOut, code := runIn("table", "-in", train, "-target", "y", "-drop", "id", "-trees", "10", "-json")
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 3 || rows[2]["features"] != "x,noise" {
		t.Errorf("table -drop id without -features: exit %d, %q, %q", code, out, errOut)
	}
	out, errOut, code = runIn("posterior", "-train", train, "-test", testFile, "-target", "y", "-id", "id", "-trees", "20")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 || lines[0] != "id,p,q" || !strings.HasPrefix(lines[1], "first,") || !strings.HasPrefix(lines[2], "second,") {
		t.Errorf("posterior -id: exit %d, %q, %q", code, out, errOut)
	}
	// The id column is no feature: the same posteriors as without it.
	plain, _, _ := runIn("posterior", "-train", train, "-test", testFile, "-target", "y", "-features", "x,noise", "-trees", "20")
	if p := strings.Split(strings.TrimSpace(plain), "\n"); len(p) != 3 || "first,"+p[1] != lines[1] {
		t.Errorf("posterior -id changed the posteriors: %q vs %q", plain, out)
	}
	out, _, code = runIn("posterior", "-train", train, "-test", testFile, "-target", "y", "-id", "id", "-trees", "20", "-json")
	var rep struct {
		IDs []string `json:"ids"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || strings.Join(rep.IDs, ",") != "first,second" {
		t.Errorf("posterior -id -json: %q", out)
	}
}

// table's X_in column is as wide as its longest entry: every column starts
// at the same place in every line.
func TestTableTextColumnsAreAligned(t *testing.T) {
	var b strings.Builder
	long := "a_feature_name_much_longer_than_thirty_two_characters"
	b.WriteString(long + ",x,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%d,%d,%c\n", (i*3)%7, i%2, "pq"[i%2])
	}
	in := writeFile(t, "long.csv", b.String())
	for _, extra := range [][]string{nil, {"-ci", "0.9"}} {
		out, errOut, code := runIn(append([]string{"table", "-in", in, "-target", "y", "-features", long + ",x", "-trees", "10"}, extra...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if len(lines) != 4 {
			t.Fatalf("want a header and 3 rows: %q", out)
		}
		for _, l := range lines {
			if len(l) != len(lines[0]) {
				t.Errorf("%v: line %q is not aligned with %q", extra, l, lines[0])
			}
			// One repeat has no sd to show (a probe read "sd 0.0000" as no
			// variability).
			if extra == nil && l != lines[0] && !strings.Contains(l, "          - ") {
				t.Errorf("one repeat: line %q, want \"-\" in the sd column", l)
			}
		}
	}
}

// Progress on a file or pipe is whole lines at a modest rate, without
// "\r"; on a terminal one line rewritten in place. table counts its
// subset fits under that name.
func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	p := progressTo(&buf, false, "permutations")
	for i := 1; i <= 1000; i++ {
		p(i, 1000)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if strings.Contains(buf.String(), "\r") || len(lines) != 11 || lines[0] != "permutations 1/1000" || lines[10] != "permutations 1000/1000" {
		t.Errorf("progress to a file: %d lines %q", len(lines), buf.String())
	}
	// Slow steps: a line at least every progressInterval.
	buf.Reset()
	clock := time.Unix(0, 0)
	s := newStatusLine(&buf)
	s.now = func() time.Time { return clock }
	for i := 1; i <= 50; i++ {
		clock = clock.Add(progressInterval / 2)
		s.update(i, 1000, "step %d", i)
	}
	if n := strings.Count(buf.String(), "\n"); n != 25 {
		t.Errorf("slow steps: %d lines, want one per interval (25): %q", n, buf.String())
	}
	buf.Reset()
	term := &statusLine{w: &buf, terminal: true, lastStep: -1, now: time.Now}
	for i := 1; i <= 100; i++ {
		term.update(i, 100, "permutations %d/%d", i, 100)
	}
	if got := buf.String(); strings.Count(got, "\r") != 21 || strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "\rpermutations 100/100   \n") {
		t.Errorf("progress on a terminal: %q", got)
	}
	in := separatedCSV(t, 100, 9)
	_, errOut, code := runIn("table", "-in", in, "-target", "label", "-features", "x1,x2", "-trees", "10")
	if code != 0 || !strings.Contains(errOut, "subset fits 3/3\n") || strings.Contains(errOut, "permutations") || strings.Contains(errOut, "\r") {
		t.Errorf("table's progress: exit %d, %q", code, errOut)
	}
}

// ufmi version and ufmi -version print the build's version on one line.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		out, errOut, code := runIn(args...)
		if code != 0 || !strings.HasPrefix(out, "ufmi ") || strings.Count(out, "\n") != 1 || errOut != "" {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, errOut)
		}
	}
	// A stray argument is a usage error, exit status 2, as for the other commands.
	if out, errOut, code := runIn("version", "extra"); code != 2 || out != "" || !strings.Contains(errOut, "usage: ufmi version") {
		t.Errorf("version extra: exit %d, %q, %q; want exit 2 and the usage line", code, out, errOut)
	}
	// -h asks for the help: exit status 0, as for the other commands.
	if out, errOut, code := runIn("version", "-h"); code != 0 || out != "" || !strings.Contains(errOut, "usage of ufmi version") {
		t.Errorf("version -h: exit %d, %q, %q; want exit 0 and the usage line", code, out, errOut)
	}
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got := versionText(info); got != "devel (revision 0123abcd, 2026-01-02T03:04:05Z, modified), go1.26.8" {
		t.Errorf("devel build: %q", got)
	}
	info = &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}}
	if got := versionText(info); got != "v1.2.0, go1.26.8" {
		t.Errorf("tagged build: %q", got)
	}
}

// -na's help says that the list replaces the default markers; -h exits 0.
func TestNAHelpSaysReplaces(t *testing.T) {
	_, errOut, code := runIn("mi", "-h")
	if code != 0 || !strings.Contains(errOut, "the list replaces the default (the empty cell, NA and NaN)") {
		t.Errorf("mi -h: exit %d, %q", code, errOut)
	}
}

// The CC18 sweep's log lines ("ufmi: CC18 results ...") show as the
// command's notes, as every other command's do.
func TestCC18LogLinesAreNotes(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(noteWriter{w: &b, command: "cc18"}, "ufmi: CC18 results %s: %v; %s\n", "r/1.json", "truncated", "computing it again")
	if want := "ufmi cc18: note: CC18 results r/1.json: truncated; computing it again\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// An estimate of H(Y|X) (or of H(Y|X,Z) and H(Y|Z) with -given) more than a
// tenth of log K above log K, which no conditional entropy of K classes can
// be, draws a note naming the excess: 20 classes of 8 rows on one noise
// column read about 1 nat above log 20. Two classes of 500 rows at I = 0,
// whose estimates spread by about 0.01 nats, draw none; of eight data sets
// of 24 rows (two classes of 12 rows, two noise columns) several do.
func TestAboveLogKNote(t *testing.T) {
	noise := func(name string, n, k, columns int, seed uint64) string {
		rng := rand.New(rand.NewPCG(seed, 3))
		var b strings.Builder
		for c := range columns {
			fmt.Fprintf(&b, "x%d,", c)
		}
		b.WriteString("y\n")
		for i := range n {
			for range columns {
				fmt.Fprintf(&b, "%.4f,", rng.NormFloat64())
			}
			fmt.Fprintf(&b, "c%d\n", i%k)
		}
		return writeFile(t, name, b.String())
	}
	const note = "the most it can be: it is off by at least that much"
	oneColumn := noise("k20.csv", 160, 20, 1, 1)
	if _, errOut := miJSON(t, "-in", oneColumn, "-target", "y"); !regexp.MustCompile(`note: H\(Y\|X\) reads [0-9.]+ nats, (0\.[5-9]|1\.[0-9])[0-9] above log 20 = 2\.9957, ` + note).MatchString(errOut) {
		t.Errorf("20 classes of 8 rows on one column: stderr %q, want the note", errOut)
	}
	twoColumns := noise("k20z.csv", 160, 20, 2, 1)
	if _, errOut := miJSON(t, "-in", twoColumns, "-target", "y", "-features", "x0", "-given", "x1"); !strings.Contains(errOut, "note: H(Y|Z) reads") || !strings.Contains(errOut, "note: H(Y|X,Z) reads") {
		t.Errorf("20 classes of 8 rows, -given: stderr %q, want notes on H(Y|Z) and H(Y|X,Z)", errOut)
	}
	if _, errOut := miJSON(t, "-in", noise("k2.csv", 500, 2, 2, 1), "-target", "y"); strings.Contains(errOut, note) {
		t.Errorf("two classes of 250 rows: stderr %q, want no note", errOut)
	}
	fired := 0
	for seed := uint64(1); seed <= 8; seed++ {
		mi, errOut := miJSON(t, "-in", noise("small.csv", 24, 2, 2, seed), "-target", "y")
		above := math.Log(2)-mi > 1.1*math.Log(2) // H(Y) is log 2: 12 rows per class
		if strings.Contains(errOut, note) != above {
			t.Errorf("seed %d: I(X;Y) %v, note %v", seed, mi, !above)
		}
		if above {
			fired++
		}
	}
	t.Logf("two classes of 12 rows: the note in %d of 8 data sets", fired)
	if fired == 0 || fired == 8 {
		t.Errorf("two classes of 12 rows: the note in %d of 8 data sets, want some", fired)
	}
}

// KSG and Mixed-KSG, which put the class code among the coordinates, draw
// a note that their estimate depends on the features' units (the same
// data in other units read another number); ross and uf draw none. A
// conditional entropy far below 0 is noted as impossible too.
func TestKNNUnitsNote(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var one, thousand strings.Builder
	one.WriteString("x,y\n")
	thousand.WriteString("x,y\n")
	for i := range 300 {
		x := rng.NormFloat64() + float64(i%2)
		fmt.Fprintf(&one, "%.6f,%d\n", x, i%2)
		fmt.Fprintf(&thousand, "%.6f,%d\n", 1000*x, i%2)
	}
	a, b := writeFile(t, "one.csv", one.String()), writeFile(t, "thousand.csv", thousand.String())
	const note = "its estimate depends on the features' units"
	for _, m := range []string{"ksg", "mixed-ksg", "ross", "uf"} {
		miA, errOut := miJSON(t, "-in", a, "-target", "y", "-method", m, "-trees", "20")
		miB, _ := miJSON(t, "-in", b, "-target", "y", "-method", m, "-trees", "20")
		knnCoordinate := m == "ksg" || m == "mixed-ksg"
		if strings.Contains(errOut, note) != knnCoordinate {
			t.Errorf("%s: stderr %q, want the units note %v", m, errOut, knnCoordinate)
		}
		if changed := math.Abs(miA-miB) > 0.01; changed != knnCoordinate {
			t.Errorf("%s: %.4f in one unit, %.4f in units 1000 times smaller: changed %v", m, miA, miB, changed)
		}
	}
	if notes := aboveLogK(ufmi.MethodKSG, 2, -0.2, nil); len(notes) != 1 || !strings.Contains(notes[0], "H(Y|X) reads -0.2000 nats, below 0, the least it can be") {
		t.Errorf("H(Y|X) = -0.2: %q", notes)
	}
	if notes := aboveLogK(ufmi.MethodKSG, 2, -0.05, nil); len(notes) != 0 {
		t.Errorf("H(Y|X) = -0.05, within a tenth of log 2 of 0: %q", notes)
	}
}

// A flag the method does not use (-preset for a method other than uf, -k
// for one other than the kNN estimators, -trees for a kNN estimator) is
// noted, not silently ignored; given where it is used, it draws no note.
func TestIgnoredFlagsNote(t *testing.T) {
	in := separatedCSV(t, 200, 3)
	for _, c := range []struct {
		args []string
		note string
	}{
		{[]string{"-method", "ksg", "-preset", "paper"}, "-preset sets the uf method's forest; method ksg does not use it"},
		{[]string{"-k", "7", "-trees", "20"}, "-k sets the kNN methods' neighbours (ksg, mixed-ksg, ross); method uf does not use it"},
		{[]string{"-method", "rf-oob", "-preset", "oblique", "-trees", "20"}, "method rf-oob does not use it"},
		{[]string{"-method", "ksg", "-trees", "50"}, "-trees sets the forests' trees; method ksg does not use it"},
	} {
		if _, errOut := miJSON(t, append([]string{"-in", in, "-target", "label"}, c.args...)...); !strings.Contains(errOut, c.note) {
			t.Errorf("%v: stderr %q, want %q", c.args, errOut, c.note)
		}
	}
	for _, args := range [][]string{{"-method", "ross", "-k", "7"}, {"-preset", "paper", "-trees", "20"}} {
		if _, errOut := miJSON(t, append([]string{"-in", in, "-target", "label"}, args...)...); strings.Contains(errOut, "does not use it") {
			t.Errorf("%v: stderr %q, want no note", args, errOut)
		}
	}
}

// table -ci marks the intervals brought down to log K (JSON
// *_ci_at_maximum) and says so in a note: 12 classes that x gives away,
// whose conditional MI given a noise column reads about log 12.
func TestTableIntervalsAtLogK(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	var b strings.Builder
	b.WriteString("x,noise,label\n")
	for i := range 120 {
		fmt.Fprintf(&b, "%d,%.4f,c%d\n", i%12, rng.NormFloat64(), i%12)
	}
	in := writeFile(t, "x12.csv", b.String())
	out, errOut, code := runIn("table", "-in", in, "-target", "label", "-ci", "0.95", "-trees", "50", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("not JSON: %q", out)
	}
	for _, r := range rows {
		if r["features"] == "noise" && r["cmi_out_given_in_ci_at_maximum"] != true {
			t.Errorf("row noise: %v, want cmi_out_given_in_ci_at_maximum", r)
		}
	}
	if !strings.Contains(errOut, "have an interval whose high end was brought down to log 12 = 2.4849") {
		t.Errorf("stderr %q, want the note", errOut)
	}
}

// A conditional MI with 3 or more classes whose given columns are fitted
// alone notes that its two fits need not share their bias and points to
// the conditional test; 2 classes, the test asked for, or one given column
// whose rest is swapped change the note or drop it.
func TestManyClassConditionalNote(t *testing.T) {
	cfg := ufmi.EstimatorConfig{}
	if notes := manyClassConditional(cfg, 2, false, false); len(notes) != 0 {
		t.Errorf("2 classes: %q, want no note", notes)
	}
	if notes := manyClassConditional(cfg, 3, false, false); len(notes) != 1 || !strings.Contains(notes[0], "13 of 40 intervals excluded 0") {
		t.Errorf("3 classes: %q, want the note (4 weak classes fitted alone: 13 of 40 intervals excluding 0)", notes)
	}
	notes := manyClassConditional(cfg, 5, false, false)
	if len(notes) != 1 || !strings.Contains(notes[0], "-0.015 to +0.052 nats") || !strings.Contains(notes[0], "add -perm 999") || !strings.Contains(notes[0], "-preset label-draws") {
		t.Errorf("5 classes: %q", notes)
	}
	if notes := manyClassConditional(cfg, 5, false, true); len(notes) != 1 || strings.Contains(notes[0], "add -perm") {
		t.Errorf("5 classes with -perm: %q", notes)
	}
	if notes := manyClassConditional(ufmi.EstimatorConfig{UF: ufmi.PaperUF()}, 5, false, false); len(notes) != 0 {
		t.Errorf("the paper's plug-in: %q, want no note (measured for the one-step)", notes)
	}
	if notes := manyClassConditional(cfg, 5, true, false); len(notes) != 0 {
		t.Errorf("one given column, the rest swapped: %q, want no note", notes)
	}
	drawn, err := ufmi.ParseUFPreset("label-draws")
	if err != nil {
		t.Fatal(err)
	}
	if notes := manyClassConditional(ufmi.EstimatorConfig{UF: drawn}, 5, false, false); len(notes) != 0 {
		t.Errorf("the label draws: %q, want no note (they take the bias out)", notes)
	}
	var b strings.Builder
	b.WriteString("x1,x2,label\n")
	for i := range 300 {
		c := i % 5
		fmt.Fprintf(&b, "%d,%d,%d\n", 2*c+i%3, (i*7)%11, c)
	}
	in := writeFile(t, "five.csv", b.String())
	const note = "need not share its two fits' bias"
	_, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "x2", "-given", "x1", "-trees", "20", "-preset", "default-2026-11-30d")
	if code != 0 || !strings.Contains(errOut, note) {
		t.Errorf("mi -given with 5 classes, the given column fitted alone: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-features", "x2", "-given", "x1", "-trees", "20")
	if code != 0 || strings.Contains(errOut, note) {
		t.Errorf("mi -given with 5 classes, the rest swapped: exit %d, stderr %q, want no note", code, errOut)
	}
}

// table's column limit is the library's: SubsetTable takes tableColumns
// single-column groups and refuses one more.
func TestTableColumnsMatchTheLibrary(t *testing.T) {
	rows, y := make([][]float64, 40), make([]int, 40)
	for i := range rows {
		rows[i] = make([]float64, tableColumns+1)
		for j := range rows[i] {
			rows[i][j] = float64((i*7 + j*13) % 29)
		}
		y[i] = i % 2
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		t.Fatal(err)
	}
	groups := make([][]int, tableColumns+1)
	for j := range groups {
		groups[j] = []int{j}
	}
	_, err = ufmi.SubsetTable(x, y, groups, 1, ufmi.EstimatorConfig{UF: ufmi.UFConfig{Trees: 1}})
	if want := fmt.Sprintf("takes 1 to %d feature groups", tableColumns); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%d groups: %v, want an error saying %q", tableColumns+1, err, want)
	}
}

// Every command's -h prints its flags and exits 0; a flag it does not know
// exits 2.
func TestHelpExitsZero(t *testing.T) {
	for _, command := range []string{"mi", "posterior", "table", "fetch-drosophila", "cc18", "merge", "slurm", "version"} {
		if out, errOut, code := runIn(command, "-h"); code != 0 || out != "" || !strings.Contains(errOut, "usage of ufmi "+command) {
			t.Errorf("%s -h: exit %d, %q, %q; want exit 0 and the usage on stderr", command, code, out, errOut)
		}
		if command == "version" {
			continue
		}
		if _, errOut, code := runIn(command, "-no-such-flag"); code != 2 || !strings.Contains(errOut, "no-such-flag") {
			t.Errorf("%s -no-such-flag: exit %d, %q; want exit 2 naming the flag", command, code, errOut)
		}
	}
}
