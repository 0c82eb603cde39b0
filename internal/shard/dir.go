package shard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// Cell is one unit of work. Key names its result file (letters, digits,
// '.', '_' and '-'); Seed is the seed its computation uses. Both depend on
// the cell only.
type Cell struct {
	Key  string
	Seed uint64
}

var validKey = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]*$`)

// Dir is a results folder shared by the shards of one job.
type Dir struct {
	Path string
	Job  string // fingerprint of the job; every cell file carries it
}

// cellFile is what a cell's file holds.
type cellFile struct {
	Job    string          `json:"job"`
	Key    string          `json:"key"`
	Seed   uint64          `json:"seed"`
	Result json.RawMessage `json:"result"`
}

func (d Dir) path(key string) string { return filepath.Join(d.Path, key+".json") }

// File is the path of cell key's file.
func (d Dir) File(key string) string { return d.path(key) }

// MaxCellBytes bounds the size of a cell file.
const MaxCellBytes = 256 << 20

// Read loads cell c's result into v; ok is false when the cell is not done.
// A file of another job or another seed is an error, and so is one that
// is not a regular file, is larger than MaxCellBytes, holds fields other
// than a cell file's or holds no result (null): every error names the
// file. Read checks the file's form only; callers check the result's
// values.
func (d Dir) Read(c Cell, v any) (ok bool, err error) {
	path := d.path(c.Key)
	data, err := safefile.ReadFile(path, MaxCellBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("ufmi: %w", err)
	}
	var f cellFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err = dec.Decode(&f)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err != nil {
		return false, fmt.Errorf("ufmi: cell file %s is damaged (%v); delete it to recompute the cell", path, err)
	}
	if f.Job != d.Job || f.Key != c.Key || f.Seed != c.Seed {
		return false, fmt.Errorf("ufmi: %s holds a cell of another job (data or settings differ): if the data file changed since the folder's cells were computed, restore it; to start the job again, use a new results folder", path)
	}
	if r := bytes.TrimSpace(f.Result); len(r) == 0 || bytes.Equal(r, []byte("null")) {
		return false, fmt.Errorf("ufmi: cell file %s holds no result; delete it to recompute the cell", path)
	}
	if err := json.Unmarshal(f.Result, v); err != nil {
		return false, fmt.Errorf("ufmi: cell file %s: %v; delete it to recompute the cell", path, err)
	}
	return true, nil
}

// Write stores cell c's result v: it writes a temporary file in the folder
// and renames it into place, so the cell's file is either absent or whole.
func (d Dir) Write(c Cell, v any) error {
	if !validKey.MatchString(c.Key) {
		return fmt.Errorf("ufmi: cell key %q: want letters, digits, '.', '_' and '-'", c.Key)
	}
	result, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("ufmi: cell %s: %v", c.Key, err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(cellFile{Job: d.Job, Key: c.Key, Seed: c.Seed, Result: result}); err != nil {
		return fmt.Errorf("ufmi: cell %s: %v", c.Key, err)
	}
	if err := os.MkdirAll(d.Path, 0o755); err != nil {
		return fmt.Errorf("ufmi: results folder: %w", err)
	}
	return atomicfile.WriteFile(d.path(c.Key), buf.Bytes())
}
