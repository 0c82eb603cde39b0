package table

import (
	"encoding/csv"
	"fmt"
	"os"
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

// ReadCSV reads a CSV file with a header row (names trimmed of spaces) and
// converts the columns spec names, as FromRecords.
func ReadCSV(path string, spec Spec) (*Data, error) {
	header, rows, err := readCSV(path)
	if err != nil {
		return nil, err
	}
	d, err := FromRecords(header, rows, spec)
	if err != nil {
		return nil, fmt.Errorf("ufmi: %s: %s", path, strings.TrimPrefix(err.Error(), "ufmi: "))
	}
	return d, nil
}

// readCSV returns a CSV file's header and data rows.
func readCSV(path string) ([]string, [][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: %v", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.TrimLeadingSpace = true
	records, err := r.ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("ufmi: %s: %v", path, err)
	}
	if len(records) == 0 {
		return nil, nil, fmt.Errorf("ufmi: %s is empty", path)
	}
	header := records[0]
	for j := range header {
		header[j] = strings.TrimSpace(strings.TrimPrefix(header[j], "\ufeff"))
	}
	return header, records[1:], nil
}
