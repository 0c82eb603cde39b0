package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
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

// names are the header's column names, trimmed of spaces.
func (t *table) names() []string {
	out := make([]string, len(t.header))
	for j, h := range t.header {
		out[j] = strings.TrimSpace(h)
	}
	return out
}

// features converts the given columns (package ufmi/table: numeric,
// categorical, missing cells by o's markers).
func (t *table) features(cols []int, o uftable.Options) (*ufmi.Features, error) {
	names := t.names()
	d, err := uftable.FromRecords(names, t.rows, uftable.Spec{Features: pickNames(names, cols), Options: o})
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

// columnSpec names the label and feature columns of a CSV file.
type columnSpec struct {
	target   string // label column
	features string // comma-separated feature columns; empty: every column but the target and given ones
	given    string // comma-separated columns to condition on (mi -given); empty: none
	// targetMayBeFeature accepts the target among the features or given
	// columns, as table and posterior always have; mi rejects it.
	targetMayBeFeature bool
	options            uftable.Options // missing-cell markers, declared categorical columns, dropping missing targets
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
	names := t.names()
	d, err := uftable.FromRecords(names, t.rows, uftable.Spec{Target: names[ycol], Given: givenNames,
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
