package cc18

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/safefile"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// SweepOptions configures a run over several datasets.
type SweepOptions struct {
	IDs      []int // OpenML dataset ids (see Suite and Available)
	Load     LoadOptions
	Learners []models.Model // default Forests(QuickSettings()); distinct names
	MaxRows  int            // subsample larger datasets to this many rows (0: all; see Settings.MaxRows)
	Folds    int            // default 5
	Bins     int            // ECE/MCE bins, default 20
	Seed     uint64
	// ResultsDir keeps one file per cell of the sweep, the scores of one
	// learner on one test fold of one dataset (<id>-fold<f>-<learner>.csv),
	// and resumes from it. A file is used only when it was computed from
	// the same data (its checksum), settings, learner (name and
	// configuration), fold, seed and file format, and passes every check of
	// its scores (see checkScores); any other is recomputed, with a line to
	// Log. A valid file of a whole dataset (<id>.csv, as sweeps before the
	// cells wrote) supplies the cells it holds. Empty: no files.
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
	o, err := o.checked()
	if err != nil {
		return nil, err
	}
	var all []FoldScore
	for i, id := range o.IDs {
		scores, _, err := o.dataset(id, func(int, int) bool { return true })
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

// Cells lists the cells of the sweep in shard order: dataset by dataset
// (in IDs order), learner by learner, fold by fold. A cell's key names its
// result file and its seed is the one its learner fits with; both depend
// on the cell alone (the seed on Seed and the fold only, as in Evaluate),
// never on the shard that computes it.
func (o SweepOptions) Cells() []shard.Cell {
	o = o.withDefaults()
	var cells []shard.Cell
	for _, id := range o.IDs {
		for _, l := range o.Learners {
			for f := range o.Folds {
				cells = append(cells, shard.Cell{Key: cellKey(id, f, l.Name), Seed: foldSeed(o.Seed, f)})
			}
		}
	}
	return cells
}

// SweepShard evaluates the cells of shard s into ResultsDir, reusing valid
// result files, and counts the cells whose files are present. Cell j of
// Cells belongs to shard j mod s.Count. A later Sweep over the same folder
// (which validates every file) returns what an unsharded Sweep would.
// Progress is told after each dataset.
func SweepShard(o SweepOptions, s shard.Spec) (shard.Outcome, error) {
	o, err := o.checked()
	if err != nil {
		return shard.Outcome{Shard: s}, err
	}
	if o.ResultsDir == "" {
		return shard.Outcome{Shard: s}, fmt.Errorf("ufmi: a sharded sweep needs a results folder")
	}
	cells := o.Cells()
	out := shard.Outcome{Shard: s, Total: len(cells)}
	per := len(o.Learners) * o.Folds // cells per dataset
	for i, id := range o.IDs {
		owns := func(f, l int) bool { return s.Owns(i*per + l*o.Folds + f) }
		mine := 0
		for j := i * per; j < (i+1)*per; j++ {
			switch {
			case s.Owns(j):
				mine++
			case fileExists(o.cellPath(cells[j].Key)):
				out.Done++
			}
		}
		if mine > 0 {
			_, computed, err := o.dataset(id, owns)
			if err != nil {
				return out, err
			}
			out.Ran += computed
			out.Done += mine
		}
		if o.Progress != nil {
			o.Progress(i+1, len(o.IDs))
		}
	}
	return out, nil
}

// checked fills in the documented defaults of o and checks the learners'
// names, which name the cells.
func (o SweepOptions) checked() (SweepOptions, error) {
	if len(o.IDs) == 0 {
		return o, fmt.Errorf("ufmi: no datasets to evaluate")
	}
	o = o.withDefaults()
	seen := map[string]bool{}
	for _, l := range o.Learners {
		if l.Name == "" || seen[l.Name] {
			return o, fmt.Errorf("ufmi: learner name %q is empty or repeated; each learner of a sweep needs its own name", l.Name)
		}
		seen[l.Name] = true
	}
	return o, nil
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

// cellKey names the cell of learner on fold f of dataset id: the base name
// of its result file, the learner's name escaped to fit a file name.
func cellKey(id, f int, learner string) string {
	return fmt.Sprintf("%d-fold%d-%s", id, f, url.PathEscape(learner))
}

// cellPath is the result file of the cell with the given key ("" without
// ResultsDir).
func (o SweepOptions) cellPath(key string) string {
	if o.ResultsDir == "" {
		return ""
	}
	return filepath.Join(o.ResultsDir, key+".csv")
}

// datasetPath is the file of a whole dataset's scores that sweeps before
// the cells wrote ("" without ResultsDir).
func (o SweepOptions) datasetPath(id int) string {
	if o.ResultsDir == "" {
		return ""
	}
	return filepath.Join(o.ResultsDir, fmt.Sprintf("%d.csv", id))
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// dataset returns the scores of the cells of dataset id that owns(fold,
// learner index) selects, fold by fold and learner by learner: each from
// its result file when that is valid, else computed and saved at once.
// computed counts the cells computed.
func (o SweepOptions) dataset(id int, owns func(f, l int) bool) (scores []FoldScore, computed int, err error) {
	full, err := Load(id, o.Load)
	if err != nil {
		return nil, 0, err
	}
	d, err := full.Subsample(o.MaxRows, o.Seed)
	if err != nil {
		return nil, 0, err
	}
	tests, err := testFolds(d, o.Folds, o.Seed)
	if err != nil {
		return nil, 0, err
	}
	key := newResultKey(o, full, d)
	got := make([][]*FoldScore, len(tests)) // got[f][l]: the cell's score, once known
	missing := 0
	for f := range tests {
		got[f] = make([]*FoldScore, len(o.Learners))
		for l, lk := range key.Learners {
			if !owns(f, l) {
				continue
			}
			if got[f][l] = o.readCell(cellKey(id, f, lk.Name), key.cell(f, lk), tests); got[f][l] == nil {
				missing++
			}
		}
	}
	if missing > 0 {
		if err := o.fromDatasetFile(id, key, tests, owns, got); err != nil {
			return nil, 0, err
		}
	}
	for f, test := range tests {
		var fd *fold // prepared for the first cell of f to compute
		for l, lk := range key.Learners {
			if !owns(f, l) || got[f][l] != nil {
				continue
			}
			if fd == nil {
				if fd, err = prepareFold(d, f, test); err != nil {
					return nil, 0, err
				}
			}
			s, err := fd.score(o.Learners[l], o.Bins, o.Seed)
			if err != nil {
				return nil, 0, err
			}
			if err := o.writeCell(cellKey(id, f, lk.Name), key.cell(f, lk), s); err != nil {
				return nil, 0, err
			}
			got[f][l] = &s
			computed++
		}
	}
	for f := range got {
		for l := range got[f] {
			if owns(f, l) {
				scores = append(scores, *got[f][l])
			}
		}
	}
	return scores, computed, nil
}

// readCell returns the score in the result file of the cell named name when
// the file is valid for key; nil when there is none (or no ResultsDir), or
// when it is invalid, with a line to Log.
func (o SweepOptions) readCell(name string, key resultKey, tests [][]int) *FoldScore {
	scores := o.readValid(o.cellPath(name), key, tests, "recomputing")
	if scores == nil {
		return nil
	}
	return &scores[0]
}

// readValid returns the scores of the result file at path when it is valid
// for key; nil when path is "" or there is no file, or when it is invalid,
// with a line to Log ending in then (what the sweep does instead).
func (o SweepOptions) readValid(path string, key resultKey, tests [][]int, then string) []FoldScore {
	if path == "" {
		return nil
	}
	scores, err := readResult(path, key, tests)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(o.Log, "ufmi: CC18 results %s: %v; %s\n", path, err, then)
		}
		return nil
	}
	return scores
}

// writeCell writes the result file of the cell named name: to a temporary
// file, renamed into place, so the file is absent or whole.
func (o SweepOptions) writeCell(name string, key resultKey, s FoldScore) error {
	path := o.cellPath(name)
	if path == "" {
		return nil
	}
	return atomicfile.Write(path, func(w io.Writer) error { return writeScores(w, key, []FoldScore{s}) })
}

// fromDatasetFile fills the unknown cells of got that owns selects and a
// valid file of the whole dataset holds (key is the dataset's), and saves
// them as cell files. A missing file changes nothing; an invalid one is
// reported to Log.
func (o SweepOptions) fromDatasetFile(id int, key resultKey, tests [][]int, owns func(f, l int) bool, got [][]*FoldScore) error {
	for _, s := range o.readValid(o.datasetPath(id), key, tests, "not used") {
		l := slices.IndexFunc(key.Learners, func(k learnerKey) bool { return k.Name == s.Learner })
		if !owns(s.Fold, l) || got[s.Fold][l] != nil {
			continue
		}
		if err := o.writeCell(cellKey(id, s.Fold, s.Learner), key.cell(s.Fold, key.Learners[l]), s); err != nil {
			return err
		}
		got[s.Fold][l] = &s
	}
	return nil
}

// maxResultBytes bounds a result file (a few lines per fold and forest).
const maxResultBytes = 64 << 20

// readResult reads the result file at path and checks it against key and
// the dataset's test folds. A missing file gives an error matching
// fs.ErrNotExist.
func readResult(path string, key resultKey, tests [][]int) ([]FoldScore, error) {
	f, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	got, scores, err := readScores(safefile.Limit(f, maxResultBytes, path))
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
