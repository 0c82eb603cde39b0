package table

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
)

// FromDataFrame converts the columns of df that spec names.
func FromDataFrame(df dataframe.DataFrame, spec Spec) (*Data, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("ufmi: data frame: %v", df.Err)
	}
	if err := checkNames(df.Names()); err != nil {
		return nil, fmt.Errorf("ufmi: data frame: %v", err)
	}
	s, defaulted, err := spec.resolve(df.Names())
	if err != nil {
		return nil, err
	}
	return convert(s, defaulted, df.Nrow(), func(name string) (rawColumn, error) {
		return seriesColumn(df.Col(name), s.Options)
	})
}

// FromRecords converts text cells: header names the columns, each row
// holds one cell per column (as read from a CSV file).
func FromRecords(header []string, rows [][]string, spec Spec) (*Data, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("ufmi: the table has no data rows")
	}
	if err := checkNames(header); err != nil {
		return nil, fmt.Errorf("ufmi: %v", err)
	}
	for i, r := range rows {
		if len(r) != len(header) {
			return nil, fmt.Errorf("ufmi: data row %d has %d cells for %d columns", i+1, len(r), len(header))
		}
	}
	s, defaulted, err := spec.resolve(header)
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	for j, h := range header {
		index[h] = j
	}
	return convert(s, defaulted, len(rows), func(name string) (rawColumn, error) {
		j := index[name]
		cells := make([]string, len(rows))
		for i, r := range rows {
			cells[i] = r[j]
		}
		return textColumn(name, cells, s.Options)
	})
}

// ReadCSV reads a CSV file with a header row (ReadRecords) and converts
// the columns spec names, as FromRecords.
func ReadCSV(path string, spec Spec) (*Data, error) {
	header, rows, err := ReadRecords(path)
	if err != nil {
		return nil, err
	}
	d, err := FromRecords(header, rows, spec)
	if err != nil {
		return nil, fmt.Errorf("ufmi: %s: %s", path, strings.TrimPrefix(err.Error(), "ufmi: "))
	}
	for i, n := range d.Notices {
		d.Notices[i] = path + ": " + n
	}
	return d, nil
}

// utf8BOM is the byte-order mark some editors write at the start of a UTF-8 file.
const utf8BOM = "\ufeff"

// sniffBytes is how much of a file ReadRecordsFrom looks at before reading
// it as CSV: its encoding and its line endings.
const sniffBytes = 64 << 10

// ReadRecords is the one CSV reader of ufmi (the command line reads its
// files with it too): a header row, then data rows of the header's width.
// It skips a UTF-8 byte-order mark and trims spaces around header names
// and before cells. It reads a gzip'd file (such as the CC18 mirror's
// .csv.gz files) as its content, and a file whose lines end in a lone
// carriage return (old Mac files: no line feed in its first 64 KiB) as if
// they ended in line feeds. A missing or empty file, a header without data
// rows, a header name that is empty or repeated, a file in UTF-16 or
// UTF-32 (or holding NUL bytes) or holding bytes that are not UTF-8 (a
// Latin-1 file) and a file separated by semicolons or tabs instead of
// commas are errors naming the file.
func ReadRecords(path string) (header []string, rows [][]string, err error) {
	return ReadRecordsFrom(path, os.Open)
}

// ReadRecordsFrom is ReadRecords opening the file with open (for example
// one that refuses what is not a regular file). Errors of the file system
// and of the CSV reader stay in the returned error's chain.
func ReadRecordsFrom(path string, open func(string) (*os.File, error)) (header []string, rows [][]string, err error) {
	if path == "" {
		return nil, nil, fmt.Errorf("ufmi: no input file given")
	}
	fh, err := open(path)
	if err != nil && path == "-" {
		return nil, nil, fmt.Errorf("ufmi: cannot open -: %w (a file name is read, not standard input: give /dev/stdin for that)", err)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: cannot open %s: %w", path, err)
	}
	defer fh.Close()
	br := bufio.NewReaderSize(fh, sniffBytes)
	gzipped := false
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("ufmi: %s: gzip: %w", path, err)
		}
		defer gz.Close()
		gz.Multistream(false)
		br, gzipped = bufio.NewReaderSize(&gzipMembers{src: br, gz: gz}, sniffBytes), true
	}
	// damaged names what a read error of a gzip file can be: its stream cut
	// short, or damage that decompresses to text the CSV reader refuses
	// (the checksum is checked only at its end).
	damaged := func(err error) string {
		switch {
		case !gzipped:
			return ""
		case errors.Is(err, io.ErrUnexpectedEOF):
			return " (the gzip stream ends early: the file was cut short)"
		case errors.Is(err, gzip.ErrChecksum):
			return " (the gzip checksum fails: the file is damaged)"
		}
		return " (the file is gzip-compressed: if it was damaged, this is where the damage shows; gzip -t checks it)"
	}
	head, _ := br.Peek(sniffBytes)
	if err := checkEncoding(head); err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s %v", path, err)
	}
	// A byte-order mark is skipped, and so are more of them (a file saved
	// through two tools that each added one).
	for bytes.HasPrefix(head, []byte(utf8BOM)) {
		br.Discard(len(utf8BOM))
		head = head[len(utf8BOM):]
	}
	var src io.Reader = br
	if crLineEnds(head) {
		src = crToLF{br}
	}
	r := csv.NewReader(src)
	r.TrimLeadingSpace = true
	header, err = r.Read()
	if err == io.EOF {
		return nil, nil, fmt.Errorf("ufmi: %s is empty", path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %w%s%s", path, err, delimiterHint(header), damaged(err))
	}
	if len(header) == 1 {
		if sep := otherDelimiter(header); sep != "" {
			return nil, nil, fmt.Errorf("ufmi: %s: the header is one column, %q, holding %ss: the file looks %s-separated; ufmi reads comma-separated files (with decimal points): save it as CSV with commas",
				path, header[0], sep, sep)
		}
	}
	if err := checkUTF8(r, header, nil); err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %v", path, err)
	}
	if len(header) <= 2 && strings.HasPrefix(header[0], "sep=") {
		return nil, nil, fmt.Errorf("ufmi: %s: the first line, %q, is a spreadsheet's separator hint, not a header: delete that line", path, strings.Join(header, ","))
	}
	if j := slices.IndexFunc(header, func(h string) bool { return strings.Contains(h, "\r") }); j >= 0 {
		return nil, nil, fmt.Errorf("ufmi: %s: header column %d, %s, holds a carriage return: the lines seem to end in lone carriage returns (old Mac files), which are recognised only where a line ends within the first %d KiB, and the first line is longer; convert the line ends first (tr '\\r' '\\n' < in.csv > out.csv)",
			path, j+1, quoteCell(header[j]), sniffBytes>>10)
	}
	if err := checkHeader(header); err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %v", path, err)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, csv.ErrFieldCount) {
			return nil, nil, fmt.Errorf("ufmi: %s: %w: it has %d, the header %d%s%s", path, err, len(rec), len(header), fieldCountHint(rec), damaged(err))
		}
		if err != nil {
			return nil, nil, fmt.Errorf("ufmi: %s: %w%s%s", path, err, delimiterHint(rec), damaged(err))
		}
		if err := checkUTF8(r, rec, header); err != nil {
			return nil, nil, fmt.Errorf("ufmi: %s: %v", path, err)
		}
		rows = append(rows, rec)
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("ufmi: %s has a header but no data rows", path)
	}
	return header, rows, nil
}

// fieldCountHint says what a record of the wrong number of fields looks
// like: a line of spaces alone, or one another delimiter separates.
func fieldCountHint(rec []string) string {
	if strings.TrimSpace(strings.Join(rec, "")) == "" {
		return " (the line holds only spaces: delete it)"
	}
	return delimiterHint(rec)
}

// checkEncoding rejects the start of a file that is not UTF-8 text: a
// UTF-16 or UTF-32 byte-order mark, or NUL bytes (UTF-16 without a mark,
// or not text at all, such as a spreadsheet workbook). The error follows
// the file's name.
func checkEncoding(head []byte) error {
	const fix = "ufmi reads UTF-8: save the file as CSV in UTF-8"
	for _, bom := range []struct{ mark, name string }{
		{"\xff\xfe\x00\x00", "UTF-32 (little-endian; byte-order mark FF FE 00 00)"},
		{"\x00\x00\xfe\xff", "UTF-32 (big-endian; byte-order mark 00 00 FE FF)"},
		{"\xff\xfe", "UTF-16 (little-endian; byte-order mark FF FE)"},
		{"\xfe\xff", "UTF-16 (big-endian; byte-order mark FE FF)"},
	} {
		if bytes.HasPrefix(head, []byte(bom.mark)) {
			return fmt.Errorf("is encoded in %s; %s", bom.name, fix)
		}
	}
	for _, c := range []struct{ magic, name string }{
		{"BZh?\x31\x41\x59\x26\x53\x59", "bzip2"}, // ? is the block size, 1-9
		{"\xfd7zXZ\x00", "xz"},
		{"\x28\xb5\x2f\xfd", "zstd"},
		{"7z\xbc\xaf\x27\x1c", "7-Zip"},
		{"PK\x03\x04", "zip (an archive, or a spreadsheet workbook such as .xlsx)"},
		{"\x1f\x8b", "gzip twice"},
	} {
		if hasMagic(head, c.magic) {
			return fmt.Errorf("is compressed: %s; ufmi reads CSV, plain or gzip-compressed once (.csv.gz): decompress it first", c.name)
		}
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Errorf("holds NUL bytes (the first at byte %d): it is UTF-16 or UTF-32 text, or no text file (a spreadsheet workbook?); %s", i+1, fix)
	}
	return nil
}

// hasMagic reports whether head starts with magic, where a '?' in magic
// stands for a digit 1-9.
func hasMagic(head []byte, magic string) bool {
	if len(head) < len(magic) {
		return false
	}
	for i := range len(magic) {
		if magic[i] == '?' && head[i] >= '1' && head[i] <= '9' || magic[i] == head[i] {
			continue
		}
		return false
	}
	return true
}

// otherSeparators are the separators a file may use instead of commas,
// with their names in messages, most likely first.
var otherSeparators = []struct{ char, name string }{{";", "semicolon"}, {"\t", "tab"}, {"|", "pipe"}}

// otherDelimiter names the separator a record of one cell holds instead
// of commas: "semicolon", "tab" or "pipe" ("" for none).
func otherDelimiter(rec []string) string {
	if len(rec) != 1 {
		return ""
	}
	for _, sep := range otherSeparators {
		if strings.Contains(rec[0], sep.char) {
			return sep.name
		}
	}
	return ""
}

// delimiterHint ends an error about a record holding semicolons, tabs or
// pipes (a file separated by them, whose decimal commas split cells): it
// names the likely separator.
func delimiterHint(rec []string) string {
	for _, c := range rec {
		for _, sep := range otherSeparators {
			if strings.Contains(c, sep.char) {
				return fmt.Sprintf(" (the line holds %ss: is the file %s-separated? ufmi reads comma-separated files with decimal points: save it as CSV with commas)",
					sep.name, sep.name)
			}
		}
	}
	return ""
}

// gzipMembers reads a gzip file's members one after another, as gzip(1)
// does, and ends at zero bytes after the last member (padding that some
// tools and tape blocks add, which gzip -t accepts); other data after it
// is an error. gz reads src with Multistream(false), so that each member's
// end shows.
type gzipMembers struct {
	src *bufio.Reader
	gz  *gzip.Reader
	end error // once the last member is read: io.EOF or what follows it, for every later call
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	if g.end != nil {
		return 0, g.end
	}
	for {
		n, err := g.gz.Read(p)
		if err != io.EOF || n > 0 {
			if err == io.EOF {
				err = nil // the member's end is handled on the next call
			}
			return n, err
		}
		next, _ := g.src.Peek(2)
		switch {
		case len(next) == 0:
			g.end = io.EOF
			return 0, g.end
		case len(next) == 2 && next[0] == 0x1f && next[1] == 0x8b:
			if err := g.gz.Reset(g.src); err != nil {
				g.end = err
				return 0, err
			}
			g.gz.Multistream(false)
		default:
			g.end = onlyZeros(g.src)
			return 0, g.end
		}
	}
}

// onlyZeros reads r to its end: io.EOF when every byte is zero, else an
// error naming the data after the last gzip member.
func onlyZeros(r io.Reader) error {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		for _, b := range buf[:n] {
			if b != 0 {
				return fmt.Errorf("gzip: data other than zero padding after the last member: %w", gzip.ErrHeader)
			}
		}
		if err == io.EOF {
			return io.EOF
		}
		if err != nil {
			return err
		}
	}
}

// crLineEnds reports whether the start of a file, head, ends its lines in
// lone carriage returns (classic Mac OS): it holds more carriage returns
// not followed by a line feed than line feeds (a file of CR lines may
// still end in one LF; a Windows file's CRLF pairs count for neither).
func crLineEnds(head []byte) bool {
	lone := 0
	for i, b := range head {
		if b == '\r' && (i+1 == len(head) || head[i+1] != '\n') {
			lone++
		}
	}
	return lone > 0 && lone > bytes.Count(head, []byte{'\n'})
}

// crToLF reads a file whose lines end in a lone carriage return (classic
// Mac OS) as one with line feeds.
type crToLF struct{ r io.Reader }

func (c crToLF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// checkUTF8 rejects a record r has just read (header nil: the header
// itself) holding a cell that is not UTF-8 text, such as a file saved in
// Latin-1 or Windows-1252, whose accented letters would all become one
// replacement character: two class names could then print as one.
func checkUTF8(r *csv.Reader, rec, header []string) error {
	for j, c := range rec {
		if utf8.ValidString(c) {
			continue
		}
		at := 0
		for at < len(c) {
			ch, size := utf8.DecodeRuneInString(c[at:])
			if ch == utf8.RuneError && size == 1 {
				break
			}
			at += size
		}
		line, _ := r.FieldPos(j)            // where the cell starts
		line += strings.Count(c[:at], "\n") // a quoted cell may span lines
		where := fmt.Sprintf("header column %d", j+1)
		if header != nil {
			where = fmt.Sprintf("column %q", header[j])
		}
		return fmt.Errorf("line %d, %s: byte 0x%02X is not UTF-8 text (the file is in another encoding, such as Latin-1 or Windows-1252); ufmi reads UTF-8: save the file as CSV in UTF-8", line, where, c[at])
	}
	return nil
}

// checkHeader trims the header names in place and rejects an empty or
// repeated name (checkNames).
func checkHeader(header []string) error {
	for j, h := range header {
		header[j] = strings.TrimSpace(h)
	}
	return checkNames(header)
}

// checkNames rejects a header name that is empty (or only spaces) or
// repeated: a repeated one would make every lookup find its first column
// only.
func checkNames(header []string) error {
	first := make(map[string]int, len(header))
	for j, h := range header {
		if strings.TrimSpace(h) == "" {
			return fmt.Errorf("header column %d has no name; name every column", j+1)
		}
		if i, seen := first[h]; seen {
			return fmt.Errorf("header names column %q twice (columns %d and %d); rename one", h, i+1, j+1)
		}
		first[h] = j
	}
	return nil
}
