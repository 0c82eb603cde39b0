package drosophila

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Neurons is the neuron table of vdf.csv, one entry per neuron in file
// order. Missing numbers are NaN and a missing age is "".
type Neurons struct {
	Names   []string  // column v: CATMAID neuron name (not a feature)
	Types   []string  // column type: the label Y (KC, MBIN, MBON, PN)
	Claw    []float64 // number of dendritic claws; NaN where missing (non-KC)
	Dist    []float64 // distance to the neuropile in nm; NaN where missing
	Age     []string  // "mature" or "young"; "" where missing
	Cluster []float64 // latent-structure cluster 1..7; NaN where missing
}

// Len is the number of neurons.
func (n *Neurons) Len() int { return len(n.Types) }

// neuronColumns are the columns vdf.csv must have (any order, extra columns ignored).
var neuronColumns = []string{"v", "type", "claw", "dist", "age", "cluster"}

// missingTokens are the cell values read as missing (R writes NA; pandas
// also reads an empty cell or NaN as missing).
var missingTokens = map[string]bool{"": true, "NA": true, "NaN": true, "nan": true}

// Load finds vdf.csv (data folder, then mirror), checks its pinned SHA-256
// and parses it.
func Load(opts LoadOptions) (*Neurons, error) {
	b, err := opts.readDataFile(FileNeurons)
	if err != nil {
		return nil, err
	}
	return ReadNeurons(bytes.NewReader(b))
}

// ReadNeurons parses a table in the vdf.csv format: a header naming the
// columns v,type,claw,dist,age,cluster and one neuron per row. It does not
// check any hash, so it also reads hand-made or edited tables.
func ReadNeurons(r io.Reader) (*Neurons, error) {
	cr := csv.NewReader(r)
	header, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("ufmi: neuron table is empty")
	}
	if err != nil {
		return nil, fmt.Errorf("ufmi: neuron table header: %w", err)
	}
	col, err := neuronColumnIndex(header)
	if err != nil {
		return nil, err
	}
	n := &Neurons{}
	err = forEachRecord(cr, "neuron table", func(rec []string, line int) error {
		return n.appendRecord(rec, col, line)
	})
	if err != nil {
		return nil, err
	}
	if n.Len() == 0 {
		return nil, fmt.Errorf("ufmi: neuron table has a header but no neurons")
	}
	return n, nil
}

// neuronColumnIndex maps each required column name to its position.
func neuronColumnIndex(header []string) (map[string]int, error) {
	col := make(map[string]int, len(header))
	for i, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := col[h]; dup {
			return nil, fmt.Errorf("ufmi: neuron table has column %q twice", h)
		}
		col[h] = i
	}
	for _, want := range neuronColumns {
		if _, ok := col[want]; !ok {
			return nil, fmt.Errorf("ufmi: neuron table lacks column %q (need %s)", want, strings.Join(neuronColumns, ","))
		}
	}
	return col, nil
}

// appendRecord parses one row; line is its line number for error messages.
func (n *Neurons) appendRecord(rec []string, col map[string]int, line int) error {
	field := func(name string) string { return strings.TrimSpace(rec[col[name]]) }
	typ := field("type")
	if missingTokens[typ] {
		return fmt.Errorf("ufmi: neuron table line %d: cell type is missing", line)
	}
	var nums [3]float64
	for k, name := range []string{"claw", "dist", "cluster"} {
		v, err := parseOptionalNumber(field(name))
		if err != nil {
			return fmt.Errorf("ufmi: neuron table line %d, column %s: %w", line, name, err)
		}
		nums[k] = v
	}
	age := field("age")
	if missingTokens[age] {
		age = ""
	}
	n.Names = append(n.Names, field("v"))
	n.Types = append(n.Types, typ)
	n.Claw = append(n.Claw, nums[0])
	n.Dist = append(n.Dist, nums[1])
	n.Age = append(n.Age, age)
	n.Cluster = append(n.Cluster, nums[2])
	return nil
}

// parseOptionalNumber reads a finite number, or NaN for a missing token.
func parseOptionalNumber(s string) (float64, error) {
	if missingTokens[s] {
		return math.NaN(), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is infinite", s)
	}
	return v, nil
}
