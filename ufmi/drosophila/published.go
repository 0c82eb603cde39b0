package drosophila

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// PublishedRow is one row of the authors' mi_table.csv (nats, one forest
// run per entry).
type PublishedRow struct {
	InFeatures    []string // X_in, e.g. ["claw", "dist"]
	IYXIn         float64  // I(Y; X_in), column I_YX_in
	IYXOutGivenIn float64  // I(Y; X_out | X_in), column I_YX_out|X_in
	IXY           float64  // I(Y; X) with all four features, column I_XY
}

// publishedColumns is the exact header of mi_table.csv.
var publishedColumns = []string{"in_features", "I_YX_in", "I_YX_out|X_in", "I_XY"}

// LoadPublishedTable finds mi_table.csv (data folder, then mirror), checks
// its pinned SHA-256 and parses it.
func LoadPublishedTable(opts LoadOptions) ([]PublishedRow, error) {
	b, err := opts.readDataFile(FilePublishedTable)
	if err != nil {
		return nil, err
	}
	return ReadPublishedTable(bytes.NewReader(b))
}

// ReadPublishedTable parses a table in the mi_table.csv format: header
// in_features,I_YX_in,I_YX_out|X_in,I_XY, feature lists comma-separated
// inside quotes.
func ReadPublishedTable(r io.Reader) ([]PublishedRow, error) {
	cr := csv.NewReader(r)
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("ufmi: published MI table header: %w", err)
	}
	if !slices.Equal(header, publishedColumns) {
		return nil, fmt.Errorf("ufmi: published MI table header is %q, want %q", header, publishedColumns)
	}
	var rows []PublishedRow
	err = forEachRecord(cr, "published MI table", func(rec []string, line int) error {
		row, err := parsePublishedRecord(rec)
		if err != nil {
			return fmt.Errorf("ufmi: published MI table line %d: %w", line, err)
		}
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("ufmi: published MI table has no rows")
	}
	return rows, nil
}

// parsePublishedRecord converts one CSV record of mi_table.csv.
func parsePublishedRecord(rec []string) (PublishedRow, error) {
	var row PublishedRow
	for _, f := range strings.Split(rec[0], ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(baseFeatures, f) {
			return row, fmt.Errorf("unknown feature %q in %q", f, rec[0])
		}
		row.InFeatures = append(row.InFeatures, f)
	}
	var vals [3]float64
	for k, s := range rec[1:] {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return row, fmt.Errorf("column %s: %q is not a finite number", publishedColumns[k+1], s)
		}
		vals[k] = v
	}
	row.IYXIn, row.IYXOutGivenIn, row.IXY = vals[0], vals[1], vals[2]
	return row, nil
}
