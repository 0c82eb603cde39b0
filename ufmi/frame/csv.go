package frame

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/internal/atomicfile"
)

// ReadCSV reads a CSV file with a header line; column types are detected by
// gota (int, float, bool, else string; "NaN" and "NA" are missing values).
// A file with only a header gives a frame without rows whose columns are
// strings.
func ReadCSV(path string) (dataframe.DataFrame, error) {
	f, err := os.Open(path)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: %w", err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: reading %s: %w", path, err)
	}
	if len(records) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: reading %s: no header line", path)
	}
	if len(records) == 1 {
		cols := make([]series.Series, len(records[0]))
		for i, name := range records[0] {
			cols[i] = series.New([]string{}, series.String, name)
		}
		return newFrame(cols)
	}
	df := dataframe.LoadRecords(records)
	if err := df.Error(); err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: reading %s: %w", path, err)
	}
	return df, nil
}

// WriteCSV writes df with a header line to path atomically (see
// internal/atomicfile): a reader never sees a half-written file. Floats are
// written in the shortest form that reads back exactly, always with a
// decimal point or an exponent so that they read back as floats (gota's own
// writer keeps only six decimals). Folders of path that do not exist are
// created, as for a cache under data/sim.
func WriteCSV(df dataframe.DataFrame, path string) error {
	if err := frameErr(df); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		if err := writeRecords(w, csvRecords(df)); err != nil {
			return fmt.Errorf("ufmi: frame: writing %s: %w", path, err)
		}
		return nil
	})
}

// writeRecords writes records as CSV. A record of one empty field is
// written "" (quoted): encoding/csv writes it as an empty line, which
// every CSV reader skips, so a one-column table would lose that row.
func writeRecords(w io.Writer, records [][]string) error {
	cw := csv.NewWriter(w)
	for _, rec := range records {
		if len(rec) == 1 && rec[0] == "" {
			cw.Flush()
			if _, err := io.WriteString(w, "\"\"\n"); err != nil {
				return err
			}
			continue
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvRecords returns the header and the rows of df as text.
func csvRecords(df dataframe.DataFrame) [][]string {
	names := df.Names()
	cols := make([][]string, len(names))
	for c, name := range names {
		s := df.Col(name)
		if s.Type() == series.Float {
			cols[c] = make([]string, s.Len())
			for r, v := range s.Float() {
				cols[c][r] = csvFloat(v)
			}
		} else {
			cols[c] = s.Records()
		}
	}
	records := [][]string{names}
	for r := range df.Nrow() {
		row := make([]string, len(names))
		for c := range names {
			row[c] = cols[c][r]
		}
		records = append(records, row)
	}
	return records
}

// csvFloat writes v exactly, marked as a float ("3" becomes "3.0").
func csvFloat(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eIN") { // not 1.5, 1e+30, +Inf or NaN
		s += ".0"
	}
	return s
}

// Cached returns the table stored at path when it exists and recompute is
// false; otherwise it calls compute, writes the result to path (WriteCSV)
// and returns it as read back (ReadCSV), so that the first run and later
// ones see the same table: column types are those ReadCSV detects. A
// computed table without columns is an error, not cached.
func Cached(path string, recompute bool, compute func() (dataframe.DataFrame, error)) (dataframe.DataFrame, error) {
	if path == "" {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: no cache path given")
	}
	if compute == nil {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: no function to compute %s with (compute is nil)", path)
	}
	if !recompute {
		_, err := os.Stat(path)
		if err == nil {
			return ReadCSV(path)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: %w", err)
		}
	}
	df, err := compute()
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: computing %s: %w", path, err)
	}
	if df.Err == nil && df.Ncol() == 0 {
		// A file of no header line would fail every later read.
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: computing %s gave a table without columns; nothing was cached", path)
	}
	if err := WriteCSV(df, path); err != nil {
		return dataframe.DataFrame{}, err
	}
	// The table as the cache gives it back, so that the first run and
	// every later one see the same values and types ("NA" missing, "007"
	// the number 7).
	return ReadCSV(path)
}
