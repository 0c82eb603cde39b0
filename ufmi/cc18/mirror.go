package cc18

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// errNotInMirror says a mirror folder does not hold the dataset.
var errNotInMirror = errors.New("not in the mirror")

// readMirror reads dataset id from a mirror folder of gzip'd CSV files
// ("<id>_<name>.csv.gz", target column "class", column types listed in
// column_types.csv), and fails unless it holds mirrorRows rows.
//
// Only a regular file directly in dir is read (see mirrorFile), and only so
// much of it: its size and its decompressed size are bounded by
// mirrorBytes, and reading stops at the first row past the known count.
func readMirror(dir string, id int) (*Dataset, error) {
	types, file, err := mirrorTypes(dir, id)
	if err != nil {
		return nil, err
	}
	path, err := mirrorFile(dir, id, file)
	if err != nil {
		return nil, err
	}
	want := mirrorRows(dir, id)
	limit := mirrorBytes(id, want)
	f, err := safefile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: %v", id, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > limit {
		return nil, fmt.Errorf("ufmi: dataset %d: %s is larger than its limit of %s; restore the mirror's copy", id, path, safefile.Bytes(limit))
	}
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: %s is not gzip'd: %v", id, file, err)
	}
	r := csv.NewReader(safefile.Limit(gz, limit, path+" decompressed"))
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
		if want > 0 && len(rows) == want {
			return nil, fmt.Errorf("ufmi: dataset %d: the mirror's %s holds more than the dataset's %d rows; restore the mirror's copy", id, file, want)
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
	if err := checkRows(d, want); err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: the mirror's %s: %v; restore the mirror's copy", id, file, err)
	}
	return d, nil
}

// mirrorRows is the number of rows the mirror's file of dataset id must
// hold: OpenML's (Suite), unless the mirror's manifest.csv declares the
// dataset partial ("partial: ..." in matches_openml), then the manifest's
// n_instances.
func mirrorRows(dir string, id int) int {
	b, err := safefile.ReadFile(filepath.Join(dir, "manifest.csv"), maxListingBytes)
	if err != nil {
		return knownRows(id)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
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
	b, err := safefile.ReadFile(filepath.Join(dir, "column_types.csv"), maxListingBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", errNotInMirror // no mirror here: look in the cache
	}
	if err != nil {
		return nil, "", fmt.Errorf("ufmi: %s is not a CC18 mirror: %v", dir, err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
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
		if file != "" && r[1] != file {
			return nil, "", fmt.Errorf("ufmi: %s/column_types.csv names two files for dataset %d, %q and %q", dir, id, file, r[1])
		}
		types[j], file = r[4], r[1]
	}
	if file == "" {
		return nil, "", errNotInMirror
	}
	return types, file, nil
}

// Bounds on what a mirror folder's files may hold.
const (
	// maxListingBytes bounds column_types.csv and manifest.csv (the suite's
	// datasets have some 8,000 columns in all: well below 1 MiB).
	maxListingBytes = 64 << 20
	// cellBytes is the room per CSV cell of a dataset of known size, ample
	// for a number or a category name and its comma.
	cellBytes = 64
	// maxUnknownBytes bounds the file of a dataset that Suite lacks.
	maxUnknownBytes = 1 << 30
)

// mirrorBytes bounds the file of dataset id in a mirror, compressed and
// decompressed: room for rows rows (Suite's count when rows is 0) of the
// dataset's columns at cellBytes each, and 1 MiB for the header.
func mirrorBytes(id, rows int) int64 {
	info, ok := Lookup(id)
	if rows <= 0 {
		rows = info.Instances
	}
	if !ok || rows <= 0 {
		return maxUnknownBytes
	}
	return int64(rows)*int64(info.Features+2)*cellBytes + 1<<20
}

// mirrorFile returns the path of the file column_types.csv names for
// dataset id: a plain file name "<id>_<name>.csv.gz" of the mirror folder
// itself. Anything else (an absolute path, "..", a separator, another
// dataset's prefix) is refused, so that a listing cannot make Load read a
// file outside the mirror folder.
func mirrorFile(dir string, id int, name string) (string, error) {
	prefix := strconv.Itoa(id) + "_"
	bad := name != filepath.Base(name) || strings.ContainsAny(name, `/\`+"\x00") || filepath.IsAbs(name) ||
		!strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".csv.gz") || len(name) <= len(prefix)+len(".csv.gz")
	path := filepath.Join(dir, name)
	if rel, err := filepath.Rel(dir, path); bad || err != nil || rel != name {
		return "", fmt.Errorf("ufmi: dataset %d: %s/column_types.csv names the file %q; want a file name %s<name>.csv.gz of the mirror folder itself",
			id, dir, name, prefix)
	}
	return path, nil
}
