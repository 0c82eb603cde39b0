package table

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/ufmi-dev/ufmi/internal/testcheck"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// writeBytes writes content to a file in a temporary folder.
func writeBytes(t *testing.T, name string, content []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// utf16Bytes encodes s in UTF-16, little- or big-endian, after bom.
func utf16Bytes(s string, bigEndian bool, bom []byte) []byte {
	out := slices.Clone(bom)
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// Files that used to give an unclear error: lines ending in a lone CR are
// read; UTF-16, semicolons and tabs give errors naming them; gzip'd files
// are read as their content.
func TestReadRecordsOddFiles(t *testing.T) {
	t.Parallel()
	want := [][]string{{"1", "2", "p"}, {"3", "4", "q"}}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("a,b,y\n1,2,p\n3,4,q\n"))
	zw.Close()
	for name, content := range map[string][]byte{
		"CR only":           []byte("a,b,y\r1,2,p\r3,4,q\r"),
		"CR only, no last":  []byte("a,b,y\r1,2,p\r3,4,q"),
		"CR, last LF":       []byte("a,b,y\r1,2,p\r3,4,q\n"),
		"CR only with BOM":  []byte("\ufeffa,b,y\r1,2,p\r3,4,q\r"),
		"CRLF":              []byte("a,b,y\r\n1,2,p\r\n3,4,q\r\n"),
		"gzip":              gz.Bytes(),
		"gzip, zero padded": append(slices.Clone(gz.Bytes()), make([]byte, 700)...),
		"gzip, two members": append(gzipOf([]byte("a,b,y\n1,2,p\n")), gzipOf([]byte("3,4,q\n"))...),
	} {
		header, rows, err := ReadRecords(writeBytes(t, "in.csv", content))
		if err != nil || !slices.Equal(header, []string{"a", "b", "y"}) || len(rows) != 2 || !slices.Equal(rows[0], want[0]) || !slices.Equal(rows[1], want[1]) {
			t.Errorf("%s: header %q, rows %q, %v", name, header, rows, err)
		}
	}
	if header, _, err := ReadRecords(writeBytes(t, "in.csv", []byte("BZh,y\n1,p\n2,q\n"))); err != nil || header[0] != "BZh" {
		t.Errorf("a header starting with BZh (bzip2's first bytes, not all of its magic): %q, %v", header, err)
	}
	if _, _, err := ReadRecords(writeBytes(t, "in.csv", []byte("sep=,\na,y\n1,p\n2,q\n"))); err == nil || !strings.Contains(err.Error(), `the first line, "sep=,", is a spreadsheet's separator hint, not a header: delete that line`) {
		t.Errorf("Excel's sep=, line: %v", err)
	}
	text := "a,y\n1,p\n2,q\n"
	for name, c := range map[string]struct {
		content []byte
		want    string
	}{
		"UTF-16LE":           {utf16Bytes(text, false, []byte{0xff, 0xfe}), "is encoded in UTF-16 (little-endian; byte-order mark FF FE); ufmi reads UTF-8: save the file as CSV in UTF-8"},
		"UTF-16BE":           {utf16Bytes(text, true, []byte{0xfe, 0xff}), "is encoded in UTF-16 (big-endian; byte-order mark FE FF)"},
		"UTF-16 no BOM":      {utf16Bytes(text, false, nil), "holds NUL bytes (the first at byte 2): it is UTF-16 or UTF-32 text"},
		"semicolons":         {[]byte("a;b;y\n1,5;2,25;p\n3,5;4;q\n"), `in.csv: the header is one column, "a;b;y", holding semicolons: the file looks semicolon-separated; ufmi reads comma-separated files`},
		"tabs":               {[]byte("a\tb\ty\n1.5\t2\tp\n3\t4\tq\n"), `holding tabs: the file looks tab-separated`},
		"pipes":              {[]byte("a|b|y\n1.5|2|p\n3|4|q\n"), `holding pipes: the file looks pipe-separated`},
		"semicolon rows":     {[]byte("a,b,y\n1;2;p\n3;4;q\n"), "wrong number of fields: it has 1, the header 3 (the line holds semicolons: is the file semicolon-separated?"},
		"gzip, cut short":    {gz.Bytes()[:len(gz.Bytes())/2], "the gzip stream ends early: the file was cut short"},
		"bzip2":              {[]byte("BZh91AY&SY\x00\x01"), "is compressed: bzip2; ufmi reads CSV, plain or gzip-compressed once (.csv.gz): decompress it first"},
		"zip":                {[]byte("PK\x03\x04\x14\x00"), "is compressed: zip (an archive, or a spreadsheet workbook such as .xlsx)"},
		"gzip twice":         {gzipOf(gz.Bytes()), "is compressed: gzip twice"},
		"gzip, then text":    {append(slices.Clone(gz.Bytes()), "x,y\n"...), "data other than zero padding after the last member"},
		"gzip, bad checksum": {badChecksum(gz.Bytes()), "(the gzip checksum fails: the file is damaged)"},
		"only a CR header":   {[]byte("a,b,y\r"), "has a header but no data rows"},
		"CR, a long header":  {[]byte(strings.Repeat("a_long_column_name,", 4000) + "y\r" + strings.Repeat("1,", 4000) + "p\r"), `header column 4001, "y\r1", holds a carriage return: the lines seem to end in lone carriage returns`},
	} {
		_, _, err := ReadRecords(writeBytes(t, "in.csv", c.content))
		testcheck.Error(t, name, err, c.want)
	}
}

// A text column mixing numbers and words is categorical, with a notice,
// when it has few distinct values or mostly words; a mostly numeric
// column with a stray word stays an error.
func TestMixedColumns(t *testing.T) {
	t.Parallel()
	header := []string{"doors", "code", "size", "y"}
	var rows [][]string
	for i := range 60 {
		doors := []string{"2", "3", "4", "5more"}[i%4]
		code := fmt.Sprintf("x%d", i) // words, and one number
		if i == 7 {
			code = "3"
		}
		rows = append(rows, []string{doors, code, fmt.Sprint(i), []string{"p", "q"}[i%2]})
	}
	d, err := FromRecords(header, rows, Spec{Target: "y", Features: []string{"doors", "code"}})
	if err != nil {
		t.Fatal(err)
	}
	if d.X.Kind(0) != ufmi.Categorical || len(d.X.Levels(0)) != 4 || d.X.Kind(1) != ufmi.Categorical {
		t.Errorf("doors and code should be categorical: %v, %v", d.X.Kind(0), d.X.Kind(1))
	}
	if len(d.Notices) != 2 || d.Notices[0] != `column "doors" mixes numbers and text (4 distinct values, 1 of them text, such as "5more" in data row 4); read as categorical` ||
		d.Notices[1] != `column "code" mixes text and numbers (60 distinct values, 1 of them numbers, such as "3" in data row 8); read as categorical` {
		t.Errorf("notices %q", d.Notices)
	}
	// Fifteen numbers and one text, "?": read as categorical, and the
	// notice suggests listing the text as missing (a reviewer read such a
	// column's note as silent about its lost order).
	marked := make([][]string, 40)
	for i := range marked {
		v := fmt.Sprint(i % 15)
		if i == 5 {
			v = "?"
		}
		marked[i] = []string{v, []string{"p", "q"}[i%2]}
	}
	m, err := FromRecords([]string{"dose", "y"}, marked, Spec{Target: "y"})
	if err != nil || len(m.Notices) != 1 || !strings.HasSuffix(m.Notices[0], `read as categorical, its numbers' order lost (if it marks a missing cell, add such a text to the missing markers: -na ',NA,NaN,TEXT' on the command line (the list replaces the default) or Options.NA)`) {
		t.Errorf("15 numbers and \"?\": %v, notices %q", err, m.Notices)
	}
	// Declared categorical: no notice.
	d, err = FromRecords(header, rows, Spec{Target: "y", Features: []string{"doors"}, Options: Options{Categorical: []string{"doors"}}})
	if err != nil || len(d.Notices) != 0 {
		t.Errorf("declared categorical: %v, notices %q", err, d.Notices)
	}
	// Many distinct numbers and one word: a likely typo.
	rows[30][2] = "3l"
	_, err = FromRecords(header, rows, Spec{Target: "y", Features: []string{"size"}})
	testcheck.Error(t, "a stray word", err, `column "size" holds numbers and, in data row 31, "3l", which is not a decimal number`)
	// CSV files: the notices name the file.
	var b strings.Builder
	b.WriteString(strings.Join(header, ",") + "\n")
	for _, r := range rows {
		b.WriteString(strings.Join(r, ",") + "\n")
	}
	path := writeBytes(t, "cars.csv", []byte(b.String()))
	d, err = ReadCSV(path, Spec{Target: "y", Features: []string{"doors"}})
	if err != nil || len(d.Notices) != 1 || !strings.HasPrefix(d.Notices[0], path+`: column "doors" mixes`) {
		t.Errorf("ReadCSV: %v, notices %q", err, d.Notices)
	}
}

// A default feature column missing in every row is left out with a
// notice; a listed one is an error, as is a table left with none. Drop
// leaves columns out of the defaults and conflicts with any other role.
func TestAllMissingAndDroppedColumns(t *testing.T) {
	t.Parallel()
	header := []string{"id", "x", "empty", "y"}
	var rows [][]string
	for i := range 40 {
		rows = append(rows, []string{fmt.Sprint("r", i), fmt.Sprint(i % 5), "NA", []string{"p", "q"}[i%2]})
	}
	d, err := FromRecords(header, rows, Spec{Target: "y", Drop: []string{"id"}})
	if err != nil || !slices.Equal(d.Features, []string{"x"}) || d.X.Cols() != 1 {
		t.Fatalf("default features with id dropped: %v, %v", err, d)
	}
	if len(d.Notices) != 1 || d.Notices[0] != `column "empty" is missing in all 40 rows; left out of the features` {
		t.Errorf("notices %q", d.Notices)
	}
	_, err = FromRecords(header, rows, Spec{Target: "y", Features: []string{"x", "empty"}})
	testcheck.Error(t, "listed all-missing column", err, `column "empty" is missing in all 40 rows`)
	_, err = FromRecords(header, rows, Spec{Target: "y", Drop: []string{"id", "x"}})
	testcheck.Error(t, "nothing left", err, `column "empty" is missing in all 40 rows, and no other feature column remains`)
	for name, c := range map[string]struct {
		spec Spec
		want string
	}{
		"drop a feature":  {Spec{Target: "y", Features: []string{"x"}, Drop: []string{"x"}}, `column "x" is both a feature and dropped`},
		"drop the target": {Spec{Target: "y", Drop: []string{"y"}}, `column "y" is both the target and dropped`},
		"drop a given":    {Spec{Target: "y", Given: []string{"x"}, Drop: []string{"x"}}, `column "x" is both given and dropped`},
		"drop unknown":    {Spec{Target: "y", Drop: []string{"nope"}}, `no dropped column "nope"`},
		"given twice":     {Spec{Target: "y", Given: []string{"x", "x"}}, `the given columns list "x" twice`},
		"features twice":  {Spec{Target: "y", Features: []string{"x", "x"}}, `the feature columns list "x" twice`},
		"numeric and categorical": {Spec{Target: "y", Options: Options{Numeric: []string{"x"}, Categorical: []string{"x"}}},
			`column "x" is listed both as categorical and as numeric`},
	} {
		_, err := FromRecords(header, rows, c.spec)
		testcheck.Error(t, name, err, c.want)
	}
}

// Rows to predict are read with the training data's kinds: a word in a
// column the forest saw as numeric is an error naming the cell, as in the
// training data, not a categorical column the forest cannot use.
func TestRowsToPredictKeepNumericColumns(t *testing.T) {
	train, err := FromRecords([]string{"x", "label"}, [][]string{{"1", "a"}, {"2", "b"}, {"3", "a"}, {"4", "b"}}, Spec{Target: "label"})
	if err != nil {
		t.Fatal(err)
	}
	spec := train.TestSpec(Options{})
	if !slices.Equal(spec.Numeric, []string{"x"}) {
		t.Fatalf("TestSpec declares %v numeric, want [x]", spec.Numeric)
	}
	for _, rows := range [][][]string{{{"0.5"}, {"foo"}}, {{"bar"}, {"foo"}}} {
		_, err := FromRecords([]string{"x"}, rows, spec)
		testcheck.Error(t, fmt.Sprint(rows), err, `column "x" must hold numbers (as where the forest was fitted), but data row`)
	}
	// Training data declared numeric say so, not "as where the forest was fitted".
	_, err = FromRecords([]string{"x", "label"}, [][]string{{"1", "a"}, {"two", "b"}}, Spec{Target: "label", Options: Options{Numeric: []string{"x"}}})
	testcheck.Error(t, "training column declared numeric", err, `column "x" must hold numbers (declared numeric (Options.Numeric)), but data row 2 holds`)
	if d, err := FromRecords([]string{"x"}, [][]string{{"0.5"}, {"NA"}}, spec); err != nil || d.X.Kind(0) != ufmi.Numeric {
		t.Errorf("a missing cell in a numeric column: %v", err)
	}
}

// A byte that is not UTF-8 is reported on its own line, also inside a
// quoted cell that spans lines, and a legitimate U+FFFD before it does
// not hide it.
func TestReadRecordsNamesTheLineOfABadByte(t *testing.T) {
	content := []byte("x,note\n1,fine\n2,\"first line\nsecond \uFFFD line\nthird caf\xe9 line\"\n")
	_, _, err := ReadRecords(writeBytes(t, "notes.csv", content))
	want := `line 5, column "note": byte 0xE9 is not UTF-8 text`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want an error containing %q", err, want)
	}
}

// gzipOf is data compressed with gzip.
func gzipOf(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// badChecksum is a gzip file with its CRC-32 (the trailer's first 4 bytes)
// changed.
func badChecksum(gz []byte) []byte {
	b := slices.Clone(gz)
	b[len(b)-8] ^= 0xff
	return b
}
