package drosophila

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// cellTypeOfLabel maps the one-letter labels of right_cell_labels.csv to
// the cell types of vdf.csv.
var cellTypeOfLabel = map[string]string{"K": "KC", "I": "MBIN", "O": "MBON", "P": "PN"}

// CellType returns the vdf.csv cell type of a one-letter adjacency label:
// K -> KC, I -> MBIN, O -> MBON, P -> PN.
func CellType(label string) (string, error) {
	t, ok := cellTypeOfLabel[label]
	if !ok {
		return "", fmt.Errorf("ufmi: unknown cell label %q (want K, I, O or P)", label)
	}
	return t, nil
}

// LoadAdjacency finds right_adjacency.csv and right_cell_labels.csv (data
// folder, then mirror), checks their pinned SHA-256 and returns the
// synapse-count matrix (adj[i][j] = synapses from neuron i to neuron j, rows
// in vdf.csv order) and the one-letter label of each row.
func LoadAdjacency(opts LoadOptions) (adj [][]float64, labels []string, err error) {
	b, err := opts.readDataFile(FileAdjacency)
	if err != nil {
		return nil, nil, err
	}
	if adj, err = ReadAdjacency(bytes.NewReader(b)); err != nil {
		return nil, nil, err
	}
	if b, err = opts.readDataFile(FileCellLabels); err != nil {
		return nil, nil, err
	}
	if labels, err = ReadCellLabels(bytes.NewReader(b)); err != nil {
		return nil, nil, err
	}
	if len(labels) != len(adj) {
		return nil, nil, fmt.Errorf("ufmi: %d cell labels for a %d×%d adjacency matrix", len(labels), len(adj), len(adj))
	}
	return adj, labels, nil
}

// ReadAdjacency parses a square matrix written as one line per row of
// whitespace-separated non-negative numbers (no header). Blank lines are
// skipped.
func ReadAdjacency(r io.Reader) ([][]float64, error) {
	var adj [][]float64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxDataFileBytes)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		row := make([]float64, len(fields))
		for j, f := range fields {
			v, err := strconv.ParseFloat(f, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return nil, fmt.Errorf("ufmi: adjacency line %d, column %d: %q is not a non-negative finite number", line, j+1, f)
			}
			row[j] = v
		}
		adj = append(adj, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ufmi: reading adjacency matrix: %w", err)
	}
	if len(adj) == 0 {
		return nil, fmt.Errorf("ufmi: adjacency matrix is empty")
	}
	for i, row := range adj {
		if len(row) != len(adj) {
			return nil, fmt.Errorf("ufmi: adjacency row %d has %d values, the matrix has %d rows (must be square)", i+1, len(row), len(adj))
		}
	}
	return adj, nil
}

// ReadCellLabels parses one label per line (surrounding spaces trimmed).
// Trailing blank lines are ignored; a blank line before a label is an error.
func ReadCellLabels(r io.Reader) ([]string, error) {
	var labels []string
	blankAt := 0
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" {
			if blankAt == 0 {
				blankAt = line
			}
			continue
		}
		if blankAt != 0 {
			return nil, fmt.Errorf("ufmi: cell labels: line %d is blank", blankAt)
		}
		labels = append(labels, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ufmi: reading cell labels: %w", err)
	}
	if len(labels) == 0 {
		return nil, fmt.Errorf("ufmi: cell label file is empty")
	}
	return labels, nil
}
