package cc18

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// SweepOptions configures a run over several datasets.
type SweepOptions struct {
	IDs      []int // OpenML dataset ids (see Suite and Available)
	Load     LoadOptions
	Learners []ufmi.Model // default Forests(QuickSettings())
	MaxRows  int          // subsample larger datasets to this many rows (0: all; see Settings.MaxRows)
	Folds    int          // default 5
	Bins     int          // ECE/MCE bins, default 20
	Seed     uint64
	// ResultsDir keeps one file of fold scores per dataset (<id>.csv) and
	// resumes from it. A file is used only when it was computed from the
	// same data (its checksum), settings, learners (names and
	// configurations), seed and file format, and passes every check of its
	// scores (see checkScores); any other is recomputed, with a line to Log.
	// Empty: no files.
	ResultsDir string
	// Progress is told after each dataset how many are done (dataset
	// IDs[done-1] has just finished).
	Progress ufmi.Progress
	// Log receives one line per result file or cached download rejected
	// (why, and that it is recomputed or downloaded again); nil means
	// os.Stderr. Load.Log, when set, takes the download lines instead.
	Log io.Writer
}

// Sweep evaluates every dataset, resuming from ResultsDir. Every dataset is
// loaded, also when its results are on file, to check them against its
// checksum.
func Sweep(o SweepOptions) ([]FoldScore, error) {
	if len(o.IDs) == 0 {
		return nil, fmt.Errorf("ufmi: no datasets to evaluate")
	}
	o = o.withDefaults()
	var all []FoldScore
	for i, id := range o.IDs {
		scores, _, err := o.dataset(id)
		if err != nil {
			return nil, err
		}
		all = append(all, scores...)
		if o.Progress != nil {
			o.Progress(i+1, len(o.IDs))
		}
	}
	return all, nil
}

// SweepShard evaluates the datasets of shard s (dataset i of IDs belongs
// to shard i mod s.Count) into ResultsDir, reusing valid result files, and
// counts the datasets whose result files are present. Each dataset is a
// cell: its folds and forests draw from Seed alone, so a later Sweep over
// the same folder (which validates every file) returns what an unsharded
// Sweep would.
func SweepShard(o SweepOptions, s shard.Spec) (shard.Outcome, error) {
	out := shard.Outcome{Shard: s, Total: len(o.IDs)}
	if o.ResultsDir == "" {
		return out, fmt.Errorf("ufmi: a sharded sweep needs a results folder")
	}
	o = o.withDefaults()
	for i, id := range o.IDs {
		if !s.Owns(i) {
			if _, err := os.Stat(o.resultPath(id)); err == nil {
				out.Done++
			}
			continue
		}
		_, computed, err := o.dataset(id)
		if err != nil {
			return out, err
		}
		if computed {
			out.Ran++
		}
		out.Done++
	}
	return out, nil
}

// withDefaults fills in the documented defaults of o.
func (o SweepOptions) withDefaults() SweepOptions {
	if o.Learners == nil {
		o.Learners = Forests(QuickSettings())
	}
	if o.Folds == 0 {
		o.Folds = 5
	}
	if o.Bins == 0 {
		o.Bins = 20
	}
	o.Log = logOrStderr(o.Log)
	if o.Load.Log == nil {
		o.Load.Log = o.Log
	}
	return o
}

// resultPath is the file of dataset id's scores ("" without ResultsDir).
func (o SweepOptions) resultPath(id int) string {
	if o.ResultsDir == "" {
		return ""
	}
	return filepath.Join(o.ResultsDir, fmt.Sprintf("%d.csv", id))
}

// dataset returns the scores of one dataset, from its result file when that
// is valid, else computed (and saved); computed says which.
func (o SweepOptions) dataset(id int) (scores []FoldScore, computed bool, err error) {
	full, err := Load(id, o.Load)
	if err != nil {
		return nil, false, err
	}
	d, err := full.Subsample(o.MaxRows, o.Seed)
	if err != nil {
		return nil, false, err
	}
	tests, err := testFolds(d, o.Folds, o.Seed)
	if err != nil {
		return nil, false, err
	}
	key := newResultKey(o, full, d)
	path := o.resultPath(id)
	if path != "" {
		scores, err := readResult(path, key, tests)
		if err == nil {
			return scores, false, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(o.Log, "ufmi: CC18 results %s: %v; recomputing\n", path, err)
		}
	}
	if scores, err = evaluateFolds(d, o.Learners, tests, o.Bins, o.Seed); err != nil {
		return nil, false, err
	}
	if path != "" {
		err := atomicfile.Write(path, func(w io.Writer) error { return writeScores(w, key, scores) })
		if err != nil {
			return nil, false, err
		}
	}
	return scores, true, nil
}

// readResult reads the result file at path and checks it against key and
// the dataset's test folds. A missing file gives an error matching
// fs.ErrNotExist.
func readResult(path string, key resultKey, tests [][]int) ([]FoldScore, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	got, scores, err := readScores(f)
	if err != nil {
		return nil, err
	}
	if m := got.mismatch(key); m != "" {
		return nil, errors.New(m)
	}
	sizes := make([]int, len(tests))
	for f, t := range tests {
		sizes[f] = len(t)
	}
	return scores, checkScores(scores, key, sizes)
}

// Available lists the suite's dataset ids that the mirror holds.
func Available(o LoadOptions) []int {
	o = o.withDefaults()
	var ids []int
	for _, d := range Suite {
		if o.MirrorDir == "" {
			break
		}
		if _, _, err := mirrorTypes(o.MirrorDir, d.ID); err == nil {
			ids = append(ids, d.ID)
		}
	}
	return ids
}
