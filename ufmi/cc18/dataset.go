package cc18

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/classes"
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/internal/seeds"
)

// Kind is the type of a feature column.
type Kind int

const (
	// Numeric columns hold numbers; NaN marks a missing value.
	Numeric Kind = iota
	// Categorical columns hold category names; "" marks a missing value.
	Categorical
)

// Column is one feature column of a dataset.
type Column struct {
	Name string
	Kind Kind
	Num  []float64 // Numeric columns
	Cat  []string  // Categorical columns
}

// Dataset is a classification dataset with raw (unprocessed) features.
type Dataset struct {
	ID      int
	Name    string
	Columns []Column
	Y       []int    // class codes 0..K-1
	Classes []string // class labels, sorted
}

// Rows is the number of instances.
func (d *Dataset) Rows() int { return len(d.Y) }

// newDataset assembles a dataset from raw string cells: header names,
// per-column kinds, the cells of each row, and the target column's index.
// Empty cells and "?" are missing; a numeric cell that does not parse is an
// error naming the column and row, and so is a missing target.
func newDataset(id int, name string, header []string, kinds []Kind, rows [][]string, target int) (*Dataset, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("ufmi: dataset %d (%s) has no rows", id, name)
	}
	d := &Dataset{ID: id, Name: name}
	labels := make([]string, len(rows))
	for i, r := range rows {
		if len(r) != len(header) {
			return nil, fmt.Errorf("ufmi: dataset %d row %d has %d fields, the header %d", id, i+1, len(r), len(header))
		}
		labels[i] = r[target]
		if missing(labels[i]) {
			return nil, fmt.Errorf("ufmi: dataset %d row %d has no class label", id, i+1)
		}
	}
	for j, h := range header {
		if j == target {
			continue
		}
		col := Column{Name: h, Kind: kinds[j]}
		for i, r := range rows {
			cell := r[j]
			if col.Kind == Categorical {
				if missing(cell) {
					cell = ""
				}
				col.Cat = append(col.Cat, cell)
				continue
			}
			v := math.NaN()
			if !missing(cell) {
				var err error
				if v, err = parseNumber(cell); err != nil {
					return nil, fmt.Errorf("ufmi: dataset %d column %q row %d: %q is not a number", id, h, i+1, cell)
				}
			}
			col.Num = append(col.Num, v)
		}
		d.Columns = append(d.Columns, col)
	}
	seen := map[string]bool{}
	for _, l := range labels {
		if !seen[l] {
			seen[l] = true
			d.Classes = append(d.Classes, l)
		}
	}
	sort.Strings(d.Classes)
	code := map[string]int{}
	for k, c := range d.Classes {
		code[c] = k
	}
	d.Y = make([]int, len(labels))
	for i, l := range labels {
		d.Y[i] = code[l]
	}
	if len(d.Classes) < 2 {
		return nil, fmt.Errorf("ufmi: dataset %d has a single class", id)
	}
	return d, nil
}

func missing(cell string) bool { return cell == "" || cell == "?" }

// Subsample returns a dataset of at most maxRows rows drawn without
// replacement, stratified by class (seeded), or d itself when it is small
// enough or maxRows is 0.
func (d *Dataset) Subsample(maxRows int, seed uint64) (*Dataset, error) {
	if maxRows <= 0 || d.Rows() <= maxRows {
		return d, nil
	}
	folds, err := classes.StratifiedFolds(d.Y, (d.Rows()+maxRows-1)/maxRows, seeds.Derive(seed, seeds.Subsample, 0))
	if err != nil {
		return nil, err
	}
	rows := folds[0]
	out := &Dataset{ID: d.ID, Name: d.Name, Classes: d.Classes, Y: make([]int, len(rows))}
	for k, i := range rows {
		out.Y[k] = d.Y[i]
	}
	for _, c := range d.Columns {
		nc := Column{Name: c.Name, Kind: c.Kind}
		for _, i := range rows {
			if c.Kind == Numeric {
				nc.Num = append(nc.Num, c.Num[i])
			} else {
				nc.Cat = append(nc.Cat, c.Cat[i])
			}
		}
		out.Columns = append(out.Columns, nc)
	}
	return out, nil
}

// TargetColumn is the name of the class-label column of Dataset.Frame.
const TargetColumn = "class"

// Frame returns the raw dataset as a gota DataFrame: numeric columns as
// floats and categorical columns as strings, missing cells as gota's
// missing values (NaN), then the class label as the string column
// TargetColumn. Nothing is imputed or encoded: package ufmi/table reads
// the frame with categorical columns and missing cells as they are.
func (d *Dataset) Frame() (dataframe.DataFrame, error) {
	cols := make([]series.Series, 0, len(d.Columns)+1)
	for _, c := range d.Columns {
		if c.Name == TargetColumn {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: dataset %d has a feature named %q, the label's column name", d.ID, TargetColumn)
		}
		if c.Kind == Numeric {
			cols = append(cols, series.New(c.Num, series.Float, c.Name))
			continue
		}
		cells := make([]any, len(c.Cat))
		for i, v := range c.Cat {
			if v != "" {
				cells[i] = v
			}
		}
		cols = append(cols, series.New(cells, series.String, c.Name))
	}
	labels := make([]string, len(d.Y))
	for i, y := range d.Y {
		labels[i] = d.Classes[y]
	}
	df := dataframe.New(append(cols, series.New(labels, series.String, TargetColumn))...)
	return df, df.Err
}
