package drosophila

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addFixture adds a testdata file and a few damaged copies of it to the
// seed corpus of f, through add.
func addFixture(f *testing.F, name string, add func(b []byte)) {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	add(b)
	add(b[:len(b)/2])
	add(bytes.ReplaceAll(b, []byte(","), []byte(";")))
	add(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
}

// checkError fails unless err is one line starting with "ufmi: ".
func checkError(t *testing.T, err error) {
	t.Helper()
	if msg := err.Error(); !strings.HasPrefix(msg, "ufmi: ") || strings.Contains(msg, "\n") {
		t.Fatalf("error is not one line starting with \"ufmi: \": %q", msg)
	}
}

// FuzzReadNeurons reads arbitrary bytes as vdf.csv, then encodes the
// neurons both ways and selects every feature: no panic, a clear error or
// a finite design matrix that matches the table.
func FuzzReadNeurons(f *testing.F) {
	addFixture(f, "small_vdf.csv", func(b []byte) { f.Add(b) })
	f.Add([]byte("v,type,claw,dist,age,cluster\nx,KC,nan,+Inf,young,1\n"))
	f.Add([]byte("cluster,age,dist,claw,type,v,extra\n1,,,,PN,a,\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNeurons(bytes.NewReader(data))
		if err != nil {
			checkError(t, err)
			return
		}
		for _, enc := range []Encoding{EncodingAuthors, EncodingIndicators} {
			x, names, y, classes, err := n.Encode(enc)
			if err != nil {
				checkError(t, err)
				continue
			}
			if len(x) != n.Len() || len(y) != n.Len() {
				t.Fatalf("%v: %d rows and %d labels for %d neurons", enc, len(x), len(y), n.Len())
			}
			for i, row := range x {
				if len(row) != len(names) || y[i] < 0 || y[i] >= len(classes) || classes[y[i]] != n.Types[i] {
					t.Fatalf("%v: row %d: %v with label %d of %q", enc, i, row, y[i], classes)
				}
				for _, v := range row {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("%v: row %d is not finite: %v", enc, i, row)
					}
				}
			}
			cols, err := FeatureColumns(enc, BaseFeatures())
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := SelectFeatures(x, names, cols); err != nil {
				t.Fatalf("%v: selecting %v: %v", enc, cols, err)
			}
		}
	})
}

// FuzzReadPublishedTable reads arbitrary bytes as mi_table.csv: no panic,
// a clear error or finite rows of known features.
func FuzzReadPublishedTable(f *testing.F) {
	addFixture(f, "small_mi_table.csv", func(b []byte) { f.Add(b) })
	f.Add([]byte("in_features,I_YX_in,I_YX_out|X_in,I_XY\n\"\",1,2,3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := ReadPublishedTable(bytes.NewReader(data))
		if err != nil {
			checkError(t, err)
			return
		}
		for i, r := range rows {
			if len(r.InFeatures) == 0 {
				t.Fatalf("row %d has no features", i)
			}
			for _, v := range []float64{r.IYXIn, r.IYXOutGivenIn, r.IXY} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("row %d: %+v is not finite", i, r)
				}
			}
		}
	})
}

// FuzzReadAdjacency reads arbitrary bytes as right_adjacency.csv and
// right_cell_labels.csv, then maps the labels to cell types and orders the
// matrix by them: no panic, a clear error or a square non-negative matrix.
func FuzzReadAdjacency(f *testing.F) {
	labels, err := os.ReadFile(filepath.Join("testdata", "small_cell_labels.csv"))
	if err != nil {
		f.Fatal(err)
	}
	addFixture(f, "small_adjacency.csv", func(b []byte) { f.Add(b, labels) })
	f.Add([]byte("1 2\n3 4\n\n"), []byte("K\n\nP\n"))
	f.Add([]byte("0x1p3 -0\n1e400 0\n"), []byte(" O \nI\n\n\n"))
	f.Fuzz(func(t *testing.T, adjData, labelData []byte) {
		adj, err := ReadAdjacency(bytes.NewReader(adjData))
		if err != nil {
			checkError(t, err)
		} else {
			for i, row := range adj {
				if len(row) != len(adj) {
					t.Fatalf("row %d has %d values in a %d-row matrix", i, len(row), len(adj))
				}
				for _, v := range row {
					if !(v >= 0) || math.IsInf(v, 0) {
						t.Fatalf("row %d: %v", i, row)
					}
				}
			}
		}
		labels, lerr := ReadCellLabels(bytes.NewReader(labelData))
		if lerr != nil {
			checkError(t, lerr)
			return
		}
		for _, l := range labels {
			if _, err := CellType(l); err != nil {
				checkError(t, err)
			}
		}
		perm := OrderByType(labels)
		if err != nil {
			return
		}
		sorted, err := PermuteSquare(adj, perm)
		if err != nil {
			checkError(t, err)
			if len(labels) == len(adj) {
				t.Fatalf("%d labels order a %d×%d matrix: %v", len(labels), len(adj), len(adj), err)
			}
			return
		}
		if len(sorted) != len(adj) {
			t.Fatalf("ordered matrix has %d rows, want %d", len(sorted), len(adj))
		}
	})
}
