package cc18

import (
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// errNotInMirror says a mirror folder does not hold the dataset.
var errNotInMirror = errors.New("not in the mirror")

// readMirror reads dataset id from a mirror folder of gzip'd CSV files
// ("<id>_<name>.csv.gz", target column "class", column types listed in
// column_types.csv), and fails unless it holds mirrorRows rows.
func readMirror(dir string, id int) (*Dataset, error) {
	types, file, err := mirrorTypes(dir, id)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, file))
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: %v", id, err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: %s is not gzip'd: %v", id, file, err)
	}
	r := csv.NewReader(gz)
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: reading the header of %s: %v", id, file, err)
	}
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("ufmi: dataset %d: %s: %v", id, file, err)
		}
		rows = append(rows, rec)
	}
	kinds := make([]Kind, len(header))
	target := -1
	for j, h := range header {
		t, ok := types[j]
		if !ok {
			return nil, fmt.Errorf("ufmi: dataset %d: column_types.csv lists no type for column %d (%s)", id, j, h)
		}
		switch t {
		case "target":
			target = j
		case "categorical":
			kinds[j] = Categorical
		}
	}
	if target < 0 {
		return nil, fmt.Errorf("ufmi: dataset %d: no target column", id)
	}
	name := strings.TrimSuffix(strings.TrimPrefix(file, strconv.Itoa(id)+"_"), ".csv.gz")
	d, err := newDataset(id, name, header, kinds, rows, target)
	if err != nil {
		return nil, err
	}
	if err := checkRows(d, mirrorRows(dir, id)); err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: the mirror's %s: %v; restore the mirror's copy", id, file, err)
	}
	return d, nil
}

// mirrorRows is the number of rows the mirror's file of dataset id must
// hold: OpenML's (Suite), unless the mirror's manifest.csv declares the
// dataset partial ("partial: ..." in matches_openml), then the manifest's
// n_instances.
func mirrorRows(dir string, id int) int {
	f, err := os.Open(filepath.Join(dir, "manifest.csv"))
	if err != nil {
		return knownRows(id)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		return knownRows(id)
	}
	col := map[string]int{}
	for j, h := range recs[0] {
		col[h] = j
	}
	idCol, ok1 := col["openml_dataset_id"]
	nCol, ok2 := col["n_instances"]
	matchCol, ok3 := col["matches_openml"]
	if !ok1 || !ok2 || !ok3 {
		return knownRows(id)
	}
	for _, r := range recs[1:] {
		if len(r) != len(recs[0]) || r[idCol] != strconv.Itoa(id) || !strings.HasPrefix(r[matchCol], "partial") {
			continue
		}
		if n, err := strconv.Atoi(r[nCol]); err == nil {
			return n
		}
	}
	return knownRows(id)
}

// mirrorTypes returns the column types of dataset id (by column index) and
// its file name, from the mirror's column_types.csv.
func mirrorTypes(dir string, id int) (map[int]string, string, error) {
	f, err := os.Open(filepath.Join(dir, "column_types.csv"))
	if os.IsNotExist(err) {
		return nil, "", errNotInMirror // no mirror here: look in the cache
	}
	if err != nil {
		return nil, "", fmt.Errorf("ufmi: %s is not a CC18 mirror: %v", dir, err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, "", fmt.Errorf("ufmi: %s/column_types.csv: %v", dir, err)
	}
	types := map[int]string{}
	file := ""
	want := strconv.Itoa(id)
	for _, r := range recs[1:] {
		if len(r) < 5 || r[0] != want {
			continue
		}
		j, err := strconv.Atoi(r[2])
		if err != nil {
			return nil, "", fmt.Errorf("ufmi: column_types.csv: bad column index %q", r[2])
		}
		types[j], file = r[4], r[1]
	}
	if file == "" {
		return nil, "", errNotInMirror
	}
	return types, file, nil
}
