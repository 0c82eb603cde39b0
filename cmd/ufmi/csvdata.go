package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// table is a CSV file read as a header and string cells.
type table struct {
	path   string
	header []string
	rows   [][]string
}

// readTable reads a CSV file with a header row. It rejects missing and empty
// files and rows whose width differs from the header.
func readTable(path string) (*table, error) {
	if path == "" {
		return nil, fmt.Errorf("no input file given")
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %v", path, err)
	}
	defer fh.Close()
	r := csv.NewReader(fh)
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s is empty", path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	t := &table{path: path, header: header}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		t.rows = append(t.rows, rec)
	}
	if len(t.rows) == 0 {
		return nil, fmt.Errorf("%s has a header but no data rows", path)
	}
	return t, nil
}

// column returns the index of a named column.
func (t *table) column(name string) (int, error) {
	for j, h := range t.header {
		if strings.TrimSpace(h) == name {
			return j, nil
		}
	}
	return 0, fmt.Errorf("%s has no column %q (columns: %s)", t.path, name, strings.Join(t.header, ", "))
}

// columns resolves a comma-separated list of names; an empty list means
// every column except those excluded.
func (t *table) columns(list string, exclude ...string) ([]int, []string, error) {
	var names []string
	if strings.TrimSpace(list) == "" {
		for _, h := range t.header {
			skip := false
			for _, e := range exclude {
				skip = skip || strings.TrimSpace(h) == e
			}
			if !skip {
				names = append(names, strings.TrimSpace(h))
			}
		}
	} else {
		for _, s := range strings.Split(list, ",") {
			names = append(names, strings.TrimSpace(s))
		}
	}
	idx := make([]int, len(names))
	for i, n := range names {
		j, err := t.column(n)
		if err != nil {
			return nil, nil, err
		}
		idx[i] = j
	}
	return idx, names, nil
}

// features parses the given columns as numbers; an empty or non-numeric cell
// is an error naming the row and the column.
func (t *table) features(cols []int) (*ufmi.Features, error) {
	rows := make([][]float64, len(t.rows))
	for i, rec := range t.rows {
		rows[i] = make([]float64, len(cols))
		for k, j := range cols {
			s := strings.TrimSpace(rec[j])
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: column %q, data row %d: %q is not a number (impute or encode it first)", t.path, t.header[j], i+1, s)
			}
			rows[i][k] = v
		}
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.path, err)
	}
	return x, nil
}

// labels encodes the target column; an empty label is an error.
func (t *table) labels(col int) (*ufmi.Labels, error) {
	y := make([]string, len(t.rows))
	for i, rec := range t.rows {
		y[i] = strings.TrimSpace(rec[col])
		if y[i] == "" {
			return nil, fmt.Errorf("%s: target %q is empty in data row %d", t.path, t.header[col], i+1)
		}
	}
	l, err := ufmi.EncodeStringLabels(y)
	if err != nil {
		return nil, err
	}
	if l.K() < 2 {
		return nil, fmt.Errorf("%s: target %q holds a single class (%s); MI needs at least two", t.path, t.header[col], l.Classes[0])
	}
	return l, nil
}

// columnSpec names the label and feature columns of a CSV file.
type columnSpec struct {
	target   string // label column
	features string // comma-separated feature columns; empty: every column but the target and given ones
	given    string // comma-separated columns to condition on (mi -given); empty: none
	// targetMayBeFeature accepts the target among the features or given
	// columns, as table and posterior always have; mi rejects it.
	targetMayBeFeature bool
}

// labelledData is a CSV file's encoded labels and numeric columns.
type labelledData struct {
	labels       *ufmi.Labels
	x            *ufmi.Features // the given columns, then the feature columns
	givenCount   int            // how many leading columns of x are given columns
	featureNames []string       // names of the feature columns, in x's order
}

// loadLabelled reads the CSV file at path and returns t.labelled(spec).
func loadLabelled(path string, spec columnSpec) (*labelledData, error) {
	t, err := readTable(path)
	if err != nil {
		return nil, err
	}
	return t.labelled(spec)
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
	if spec.given != "" {
		if givenCols, givenNames, err = t.columns(spec.given); err != nil {
			return nil, err
		}
	}
	featCols, featNames, err := t.columns(spec.features, append([]string{spec.target}, givenNames...)...)
	if err != nil {
		return nil, err
	}
	cols := slices.Concat(givenCols, featCols)
	if !spec.targetMayBeFeature && slices.Contains(cols, ycol) {
		return nil, fmt.Errorf("the target %q cannot also be a feature", spec.target)
	}
	labels, err := t.labels(ycol)
	if err != nil {
		return nil, err
	}
	x, err := t.features(cols)
	if err != nil {
		return nil, err
	}
	return &labelledData{labels: labels, x: x, givenCount: len(givenCols), featureNames: featNames}, nil
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
