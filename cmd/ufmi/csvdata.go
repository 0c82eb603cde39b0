package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/names"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"github.com/ufmi-dev/ufmi/internal/safefile"
	"github.com/ufmi-dev/ufmi/ufmi"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

// csvFile is a CSV file read as a header and string cells.
type csvFile struct {
	path   string
	header []string
	rows   [][]string
}

// readCSV reads a CSV file with a header row through ufmi/table's one
// reader (ReadRecords: byte-order mark, header names, row widths checked).
func readCSV(path string) (*csvFile, error) { return readCSVFrom(path, os.Open) }

// readCSVFrom is readCSV opening the file with open. Its errors keep
// those of the file system and the CSV reader in their chain.
func readCSVFrom(path string, open func(string) (*os.File, error)) (*csvFile, error) {
	header, rows, err := uftable.ReadRecordsFrom(path, open)
	if err != nil {
		return nil, cliError{err}
	}
	return &csvFile{path: path, header: header, rows: rows}, nil
}

// cliError shows a library error without its "ufmi: " prefix and keeps it
// in the chain (errors.Is, errors.As).
type cliError struct{ err error }

func (e cliError) Error() string { return trimPrefix(e.err) }
func (e cliError) Unwrap() error { return e.err }

// column returns the index of a named column.
func (t *csvFile) column(name string) (int, error) {
	if j := slices.Index(t.header, name); j >= 0 {
		return j, nil
	}
	return 0, fmt.Errorf("%s has no column %q (columns: %s)", t.path, name, names.List(t.header))
}

// listed resolves the comma-separated column names of a flag (named in
// errors; splitNames); a name listed twice or left empty is an error.
func (t *csvFile) listed(flag, list string) ([]int, []string, error) {
	names, err := splitDistinctNames(flag, list)
	if err != nil {
		return nil, nil, err
	}
	idx := make([]int, len(names))
	for i := range names {
		j, err := t.column(names[i])
		if err != nil {
			return nil, nil, err
		}
		idx[i] = j
	}
	return idx, names, nil
}

// allBut lists every column except those named in exclude.
func (t *csvFile) allBut(exclude []string) ([]int, []string) {
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
func (t *csvFile) features(cols []int, o uftable.Options) (*ufmi.Features, error) {
	d, err := uftable.FromRecords(t.header, t.rows, uftable.Spec{Features: pick.At(t.header, cols), Options: o})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.path, trimPrefix(err))
	}
	return d.X, nil
}

// columnSpec names the label and feature columns of a CSV file. A column
// may be listed once: in -features or in -given, not twice in one nor in
// both.
type columnSpec struct {
	target   string // label column
	features string // comma-separated feature columns; empty: every column but the target and given ones
	given    string // comma-separated columns to condition on (mi -given); empty: none
	drop     string // comma-separated columns left out of the default features (-drop)
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
	labels       *uftable.Labels
	x            *ufmi.Features  // the given columns, then the feature columns
	givenCount   int             // how many leading columns of x are given columns
	featureNames []string        // names of the feature columns, in x's order
	dropped      int             // rows dropped for a missing target
	test         uftable.Options // how to read rows to predict: x's categorical columns declared
	// notices say what the conversion decided on its own (a mixed column
	// read as categorical, an all-missing column left out), one line each,
	// naming the file; printNotices shows them on stderr.
	notices []string
}

// loadLabelled reads the CSV file at path and returns t.labelled(spec).
func loadLabelled(path string, spec columnSpec) (*labelledData, error) {
	if spec.private {
		t, err := readCSVFrom(path, safefile.Open)
		if err == nil {
			var d *labelledData
			if d, err = t.labelled(spec); err == nil {
				d.notices = nil // they would show the file's content
				return d, nil
			}
		}
		return nil, withheld(path, err)
	}
	t, err := readCSV(path)
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
func (t *csvFile) labelled(spec columnSpec) (*labelledData, error) {
	ycol, err := t.column(spec.target)
	if err != nil {
		return nil, err
	}
	var givenNames, featNames, dropNames []string
	if strings.TrimSpace(spec.given) != "" {
		if _, givenNames, err = t.listed("given", spec.given); err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(spec.drop) != "" {
		if _, dropNames, err = t.listed("drop", spec.drop); err != nil {
			return nil, err
		}
	}
	defaulted := strings.TrimSpace(spec.features) == ""
	if defaulted {
		_, featNames = t.allBut(slices.Concat([]string{spec.target}, givenNames, dropNames))
	} else if _, featNames, err = t.listed("features", spec.features); err != nil {
		return nil, err
	}
	for _, n := range featNames {
		if slices.Contains(givenNames, n) {
			return nil, fmt.Errorf("column %q is in both -features and -given; list it in one", n)
		}
	}
	for _, n := range dropNames {
		switch {
		case n == spec.target:
			return nil, fmt.Errorf("-drop lists the target %q; the target cannot be dropped", n)
		case slices.Contains(featNames, n):
			return nil, fmt.Errorf("column %q is in both -features and -drop; list it in one", n)
		case slices.Contains(givenNames, n):
			return nil, fmt.Errorf("column %q is in both -given and -drop; list it in one", n)
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
	if len(featNames) == 0 {
		return nil, fmt.Errorf("%s has no feature column besides the target %q and the -given and -drop ones", t.path, spec.target)
	}
	s := uftable.Spec{Target: t.header[ycol], Given: givenNames, Drop: dropNames, Options: spec.options}
	if !defaulted {
		s.Features = featNames
	}
	d, err := uftable.FromRecords(t.header, t.rows, s)
	if err != nil {
		return nil, fmt.Errorf("%s: %v%s", t.path, trimPrefix(err), cellFlagsHint(err))
	}
	notices := make([]string, len(d.Notices))
	for i, n := range d.Notices {
		notices[i] = t.path + ": " + n
	}
	return &labelledData{labels: d.Labels, x: d.X, givenCount: len(d.Given), featureNames: d.Features,
		dropped: d.Dropped, test: d.TestSpec(spec.options).Options, notices: notices}, nil
}

// printNotices shows the notices of reading a file on w, one line each,
// as "ufmi COMMAND: note: ...": error lines never start so.
func printNotices(w io.Writer, command string, notices []string) {
	for _, n := range notices {
		fmt.Fprintf(w, "ufmi %s: note: %s\n", command, n)
	}
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

// cellFlagsHint names the flags that settle a cell which is not a number
// in a numeric column: -na for texts that mark a missing value (numpy
// writes "nan"), -categorical for a column of level codes.
func cellFlagsHint(err error) string {
	if !strings.Contains(err.Error(), "which is not a decimal number") {
		return ""
	}
	return ` (-na lists the texts of missing cells, e.g. -na ',NA,NaN,nan'; -categorical the columns to read as categorical)`
}
