package sharded

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// Spec selects shard Index of Count (see internal/shard).
type Spec = shard.Spec

// Outcome counts a job's cells after a shard ran.
type Outcome = shard.Outcome

// Options says where the cells go and which of them this process computes.
type Options struct {
	Dir   string // the results folder shared by all shards
	Shard Spec   // zero value: every cell (shard 0 of 1)
	// Job describes the settings that are not in the arguments (e.g. the
	// command line's flags); it enters the job's fingerprint, so cells of
	// different settings never mix.
	Job   string
	Merge bool // compute nothing: merge, and fail if a cell is missing
	// Classes names the label codes (Classes[c] is code c's label), as
	// ufmi.Labels does; they enter the job's fingerprint. nil: unnamed.
	Classes []string
	// CheckOnly stops once the data, the settings and the job's layout
	// have passed every check of the computation, before any cell is read,
	// computed or written: an Outcome of no cell done and no error for a
	// job that would run. A caller checks so before claiming a results folder (the
	// command line's job.json, ufmi slurm's script).
	CheckOnly bool
}

func (o Options) spec() Spec {
	if o.Shard.Count == 0 {
		return shard.All
	}
	return o.Shard
}

// fingerprint identifies a job: its kind, data (every column's kind,
// values and, for a categorical one, level names; the class codes and
// o.Classes' names) and settings (o.Job). Strings enter with their length,
// so no two different jobs hash the same bytes.
func fingerprint(kind string, x *ufmi.Features, y []int, o Options) string {
	h := sha256.New()
	var buf [8]byte
	putInt := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	putString := func(s string) {
		putInt(uint64(len(s)))
		h.Write([]byte(s))
	}
	putString(kind)
	putString(o.Job)
	putInt(uint64(x.Rows()))
	putInt(uint64(x.Cols()))
	for j := range x.Cols() {
		putInt(uint64(x.Kind(j)))
		levels := x.Levels(j)
		putInt(uint64(len(levels)))
		for _, l := range levels {
			putString(l)
		}
		for _, v := range x.Column(j) {
			putInt(math.Float64bits(v))
		}
	}
	putInt(uint64(len(y)))
	for _, c := range y {
		putInt(uint64(c))
	}
	putInt(uint64(len(o.Classes)))
	for _, c := range o.Classes {
		putString(c)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// run computes o's shard of cells, then reports whether all are done.
func (o Options) run(cells []shard.Cell, dir shard.Dir, compute func(i int, c shard.Cell) (any, error)) (Outcome, error) {
	if o.Dir == "" {
		return Outcome{}, fmt.Errorf("ufmi: a sharded computation needs a results folder")
	}
	if o.CheckOnly {
		return Outcome{Shard: o.spec(), Total: len(cells)}, nil // none done: the caller stops here
	}
	if o.Merge {
		missing, err := shard.Missing(cells, dir)
		if err != nil {
			return Outcome{}, err
		}
		if len(missing) > 0 {
			return Outcome{}, fmt.Errorf("ufmi: %d of %d cells are not done in %s (first: %s); run the missing shards first",
				len(missing), len(cells), o.Dir, missing[0])
		}
		return Outcome{Shard: o.spec(), Done: len(cells), Total: len(cells)}, nil
	}
	return shard.Run(cells, o.spec(), dir, compute)
}
