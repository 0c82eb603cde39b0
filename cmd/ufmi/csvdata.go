package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/safefile"
	"github.com/ufmi-dev/ufmi/ufmi"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

// table is a CSV file read as a header and string cells.
type table struct {
	path   string
	header []string
	rows   [][]string
}

// utf8BOM is the byte-order mark some editors write at the start of a UTF-8 file.
const utf8BOM = "\ufeff"

// readTable reads a CSV file with a header row, skipping a UTF-8 byte-order
// mark. It rejects missing and empty files, header names that are empty or
// repeated (after trimming spaces), and rows whose width differs from the
// header. Errors wrap those of the file system and the CSV reader.
func readTable(path string) (*table, error) { return readTableFrom(path, os.Open) }

// readTableFrom is readTable opening the file with open.
func readTableFrom(path string, open func(string) (*os.File, error)) (*table, error) {
	if path == "" {
		return nil, fmt.Errorf("no input file given")
	}
	fh, err := open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	if start, _ := br.Peek(len(utf8BOM)); string(start) == utf8BOM {
		br.Discard(len(utf8BOM))
	}
	r := csv.NewReader(br)
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s is empty", path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkHeader(header); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	t := &table{path: path, header: header}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		t.rows = append(t.rows, rec)
	}
	if len(t.rows) == 0 {
		return nil, fmt.Errorf("%s has a header but no data rows", path)
	}
	return t, nil
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

// column returns the index of a named column.
func (t *table) column(name string) (int, error) {
	if j := slices.Index(t.header, name); j >= 0 {
		return j, nil
	}
	return 0, fmt.Errorf("%s has no column %q (columns: %s)", t.path, name, strings.Join(t.header, ", "))
}

// listed resolves the comma-separated column names of a flag (named in
// errors); a name listed twice or left empty is an error.
func (t *table) listed(flag, list string) ([]int, []string, error) {
	names := strings.Split(list, ",")
	idx := make([]int, len(names))
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
		if names[i] == "" {
			return nil, nil, fmt.Errorf("-%s %q holds an empty column name", flag, list)
		}
		if slices.Contains(names[:i], names[i]) {
			return nil, nil, fmt.Errorf("-%s lists column %q twice", flag, names[i])
		}
		j, err := t.column(names[i])
		if err != nil {
			return nil, nil, err
		}
		idx[i] = j
	}
	return idx, names, nil
}

// allBut lists every column except those named in exclude.
func (t *table) allBut(exclude []string) ([]int, []string) {
	var idx []int
	var names []string
	for j, h := range t.header {
		if !slices.Contains(exclude, h) {
			idx, names = append(idx, j), append(names, h)
		}
	}
	return idx, names
}

// features converts the given columns (package ufmi/table: numeric,
// categorical, missing cells by o's markers).
func (t *table) features(cols []int, o uftable.Options) (*ufmi.Features, error) {
	d, err := uftable.FromRecords(t.header, t.rows, uftable.Spec{Features: pickNames(t.header, cols), Options: o})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.path, trimPrefix(err))
	}
	return d.X, nil
}

// pickNames returns names at the given positions.
func pickNames(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for k, j := range idx {
		out[k] = names[j]
	}
	return out
}

// columnSpec names the label and feature columns of a CSV file. A column
// may be listed once: in -features or in -given, not twice in one nor in
// both.
type columnSpec struct {
	target   string // label column
	features string // comma-separated feature columns; empty: every column but the target and given ones
	given    string // comma-separated columns to condition on (mi -given); empty: none
	// targetMayBeFeature accepts the target among the listed features, as
	// table and posterior always have; mi rejects the target in -features
	// and -given.
	targetMayBeFeature bool
	options            uftable.Options // missing-cell markers, declared categorical columns, dropping missing targets
	// private: the file is one a recorded job names (ufmi merge), not one
	// the user gave; it must be a regular file, and errors name it and the
	// kind of problem but show nothing of its content (withheld).
	private bool
}

// labelledData is a CSV file's encoded labels and feature columns.
type labelledData struct {
	labels       *ufmi.Labels
	x            *ufmi.Features  // the given columns, then the feature columns
	givenCount   int             // how many leading columns of x are given columns
	featureNames []string        // names of the feature columns, in x's order
	dropped      int             // rows dropped for a missing target
	test         uftable.Options // how to read rows to predict: x's categorical columns declared
}

// loadLabelled reads the CSV file at path and returns t.labelled(spec).
func loadLabelled(path string, spec columnSpec) (*labelledData, error) {
	if spec.private {
		t, err := readTableFrom(path, safefile.Open)
		if err == nil {
			var d *labelledData
			if d, err = t.labelled(spec); err == nil {
				return d, nil
			}
		}
		return nil, withheld(path, err)
	}
	t, err := readTable(path)
	if err != nil {
		return nil, err
	}
	return t.labelled(spec)
}

// withheld turns an error about the data file a recorded job names into
// one that names the file and the kind of problem, never its content: the
// file may be any file the job.json's writer chose, and merged.err may be
// readable by others. Errors of the file system and CSV syntax errors
// (line and column) are kept; any other (a missing column, a cell that is
// not a number) becomes a general one.
func withheld(path string, err error) error {
	var pathErr *fs.PathError
	var csvErr *csv.ParseError
	switch {
	case errors.Is(err, safefile.ErrNotRegular):
		return fmt.Errorf("the job's data file %s is not a regular file; merge reads only regular files", path)
	case errors.As(err, &pathErr):
		return fmt.Errorf("cannot open the job's data file %s: %v", path, pathErr.Err)
	case errors.As(err, &csvErr):
		return fmt.Errorf("the job's data file %s is not a CSV file: %v", path, csvErr)
	}
	return fmt.Errorf("the job's data file %s does not hold the job's table (a merge shows none of the file's content: run the job's command on it without -merge to see why)", path)
}

// labelled resolves the columns of spec and encodes the labels and
// features. Every error is one line naming the file and the problem.
func (t *table) labelled(spec columnSpec) (*labelledData, error) {
	ycol, err := t.column(spec.target)
	if err != nil {
		return nil, err
	}
	var givenCols []int
	var givenNames []string
	if strings.TrimSpace(spec.given) != "" {
		if givenCols, givenNames, err = t.listed("given", spec.given); err != nil {
			return nil, err
		}
	}
	var featCols []int
	var featNames []string
	if strings.TrimSpace(spec.features) == "" {
		featCols, featNames = t.allBut(append([]string{spec.target}, givenNames...))
	} else if featCols, featNames, err = t.listed("features", spec.features); err != nil {
		return nil, err
	}
	for _, n := range featNames {
		if slices.Contains(givenNames, n) {
			return nil, fmt.Errorf("column %q is in both -features and -given; list it in one", n)
		}
	}
	if !spec.targetMayBeFeature {
		if slices.Contains(featNames, spec.target) {
			return nil, fmt.Errorf("-features lists the target %q; the target cannot also be a feature", spec.target)
		}
		if slices.Contains(givenNames, spec.target) {
			return nil, fmt.Errorf("-given lists the target %q; the target cannot also be conditioned on", spec.target)
		}
	}
	if len(featCols) == 0 {
		return nil, fmt.Errorf("%s has no feature column besides the target %q and the -given ones", t.path, spec.target)
	}
	d, err := uftable.FromRecords(t.header, t.rows, uftable.Spec{Target: t.header[ycol], Given: givenNames,
		Features: featNames, Options: spec.options})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.path, trimPrefix(err))
	}
	return &labelledData{labels: d.Labels, x: d.X, givenCount: len(givenCols), featureNames: featNames,
		dropped: d.Dropped, test: d.TestSpec(spec.options).Options}, nil
}

// givenColumns are the positions in x of the given columns.
func (d *labelledData) givenColumns() []int { return indexRange(0, d.givenCount) }

// featureColumns are the positions in x of the feature columns.
func (d *labelledData) featureColumns() []int {
	return indexRange(d.givenCount, d.givenCount+len(d.featureNames))
}

// indexRange returns the integers from lo up to, not including, hi.
func indexRange(lo, hi int) []int {
	out := make([]int, 0, hi-lo)
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}
