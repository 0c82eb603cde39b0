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
}

func (o Options) spec() Spec {
	if o.Shard.Count == 0 {
		return shard.All
	}
	return o.Shard
}

// fingerprint identifies a job: its kind, data, settings and description.
func fingerprint(kind string, x *ufmi.Features, y []int, settings string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d %d\n%s\n", kind, x.Rows(), x.Cols(), settings)
	var buf [8]byte
	for j := range x.Cols() {
		for _, v := range x.Column(j) {
			binary.LittleEndian.PutUint64(buf[:], math.Float64bits(v))
			h.Write(buf[:])
		}
	}
	for _, c := range y {
		binary.LittleEndian.PutUint64(buf[:], uint64(c))
		h.Write(buf[:])
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// run computes o's shard of cells, then reports whether all are done.
func (o Options) run(cells []shard.Cell, dir shard.Dir, compute func(i int, c shard.Cell) (any, error)) (Outcome, error) {
	if o.Dir == "" {
		return Outcome{}, fmt.Errorf("ufmi: a sharded computation needs a results folder")
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
