package table

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
)

// FromDataFrame converts the columns of df that spec names.
func FromDataFrame(df dataframe.DataFrame, spec Spec) (*Data, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("ufmi: data frame: %v", df.Err)
	}
	s, err := spec.resolve(df.Names())
	if err != nil {
		return nil, err
	}
	return convert(s, df.Nrow(), func(name string) (rawColumn, error) {
		return seriesColumn(df.Col(name), s.Options), nil
	})
}

// FromRecords converts text cells: header names the columns, each row
// holds one cell per column (as read from a CSV file).
func FromRecords(header []string, rows [][]string, spec Spec) (*Data, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("ufmi: the table has no data rows")
	}
	for i, r := range rows {
		if len(r) != len(header) {
			return nil, fmt.Errorf("ufmi: data row %d has %d cells for %d columns", i+1, len(r), len(header))
		}
	}
	s, err := spec.resolve(header)
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	for j, h := range header {
		index[h] = j
	}
	return convert(s, len(rows), func(name string) (rawColumn, error) {
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
	return d, nil
}

// utf8BOM is the byte-order mark some editors write at the start of a UTF-8 file.
const utf8BOM = "\ufeff"

// ReadRecords is the one CSV reader of ufmi (the command line reads its
// files with it too): a header row, then data rows of the header's width.
// It skips a UTF-8 byte-order mark and trims spaces around header names
// and before cells. A missing or empty file, a header without data rows,
// and a header name that is empty or repeated are errors naming the file.
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
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: cannot open %s: %w", path, err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	if start, _ := br.Peek(len(utf8BOM)); string(start) == utf8BOM {
		br.Discard(len(utf8BOM))
	}
	r := csv.NewReader(br)
	r.TrimLeadingSpace = true
	header, err = r.Read()
	if err == io.EOF {
		return nil, nil, fmt.Errorf("ufmi: %s is empty", path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %w", path, err)
	}
	if err := checkHeader(header); err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %v", path, err)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("ufmi: %s: %w", path, err)
		}
		rows = append(rows, rec)
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("ufmi: %s has a header but no data rows", path)
	}
	return header, rows, nil
}

// checkHeader trims the header names in place and rejects an empty or
// repeated name: a repeated one would make every lookup find its first
// column only.
func checkHeader(header []string) error {
	for j, h := range header {
		header[j] = strings.TrimSpace(h)
		if header[j] == "" {
			return fmt.Errorf("header column %d has no name; name every column", j+1)
		}
		if i := slices.Index(header[:j], header[j]); i >= 0 {
			return fmt.Errorf("header names column %q twice (columns %d and %d); rename one", header[j], i+1, j+1)
		}
	}
	return nil
}
