package cc18

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
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
	// ResultsDir keeps one CSV of fold scores per dataset; datasets whose
	// file exists are read instead of recomputed (resume). Empty: no files.
	ResultsDir string
	// Progress is told after each dataset how many are done (dataset
	// IDs[done-1] has just finished).
	Progress ufmi.Progress
}

// Sweep evaluates every dataset, resuming from ResultsDir.
func Sweep(o SweepOptions) ([]FoldScore, error) {
	if len(o.IDs) == 0 {
		return nil, fmt.Errorf("ufmi: no datasets to evaluate")
	}
	o = o.withDefaults()
	var all []FoldScore
	for i, id := range o.IDs {
		scores, err := readScores(o.resultPath(id))
		if err != nil {
			if scores, err = o.evaluate(id); err != nil {
				return nil, err
			}
		}
		all = append(all, scores...)
		if o.Progress != nil {
			o.Progress(i+1, len(o.IDs))
		}
	}
	return all, nil
}

// SweepShard evaluates the datasets of shard s (dataset i of IDs belongs
// to shard i mod s.Count) that ResultsDir does not hold yet, and counts
// the datasets done. Each dataset is a cell: its folds and forests draw
// from Seed alone, so a later Sweep over the same folder returns what an
// unsharded Sweep would.
func SweepShard(o SweepOptions, s shard.Spec) (shard.Outcome, error) {
	out := shard.Outcome{Shard: s, Total: len(o.IDs)}
	if o.ResultsDir == "" {
		return out, fmt.Errorf("ufmi: a sharded sweep needs a results folder")
	}
	o = o.withDefaults()
	for i, id := range o.IDs {
		if _, err := readScores(o.resultPath(id)); err == nil {
			out.Done++
			continue
		}
		if !s.Owns(i) {
			continue
		}
		if _, err := o.evaluate(id); err != nil {
			return out, err
		}
		out.Ran++
		out.Done++
	}
	return out, nil
}

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
	return o
}

// resultPath is the file of dataset id's scores ("" without ResultsDir).
func (o SweepOptions) resultPath(id int) string {
	if o.ResultsDir == "" {
		return ""
	}
	return filepath.Join(o.ResultsDir, fmt.Sprintf("%d.csv", id))
}

// evaluate scores dataset id and saves the scores when ResultsDir is set.
func (o SweepOptions) evaluate(id int) ([]FoldScore, error) {
	d, err := Load(id, o.Load)
	if err != nil {
		return nil, err
	}
	if d, err = d.Subsample(o.MaxRows, o.Seed); err != nil {
		return nil, err
	}
	scores, err := Evaluate(d, o.Learners, o.Folds, o.Bins, o.Seed)
	if err != nil {
		return nil, err
	}
	if path := o.resultPath(id); path != "" {
		if err := writeScores(path, scores); err != nil {
			return nil, err
		}
	}
	return scores, nil
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

var scoreHeader = []string{"dataset", "fold", "learner", "kappa", "accuracy", "ece", "mce", "bin_counts", "bin_confidence", "bin_accuracy"}

// writeScores writes fold scores (with their reliability bins) as CSV.
func writeScores(path string, scores []FoldScore) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write(scoreHeader)
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, s := range scores {
		var counts, conf, acc string
		for b, bin := range s.Bins {
			if b > 0 {
				counts, conf, acc = counts+" ", conf+" ", acc+" "
			}
			counts += strconv.Itoa(bin.Count)
			conf += g(bin.Confidence)
			acc += g(bin.Accuracy)
		}
		w.Write([]string{strconv.Itoa(s.Dataset), strconv.Itoa(s.Fold), s.Learner, g(s.Kappa), g(s.Accuracy), g(s.ECE), g(s.MCE), counts, conf, acc})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

var errNoScores = errors.New("no saved scores")

// readScores reads a file written by writeScores.
func readScores(path string) ([]FoldScore, error) {
	if path == "" {
		return nil, errNoScores
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, errNoScores
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) < 2 {
		return nil, errNoScores
	}
	var out []FoldScore
	for _, r := range recs[1:] {
		if len(r) != len(scoreHeader) {
			return nil, errNoScores
		}
		s := FoldScore{Learner: r[2]}
		s.Dataset, _ = strconv.Atoi(r[0])
		s.Fold, _ = strconv.Atoi(r[1])
		vals := make([]float64, 4)
		for k := range vals {
			if vals[k], err = strconv.ParseFloat(r[3+k], 64); err != nil {
				return nil, errNoScores
			}
		}
		s.Kappa, s.Accuracy, s.ECE, s.MCE = vals[0], vals[1], vals[2], vals[3]
		if s.Bins, err = parseBins(r[7], r[8], r[9]); err != nil {
			return nil, errNoScores
		}
		out = append(out, s)
	}
	return out, nil
}

func parseBins(counts, conf, acc string) ([]metrics.ReliabilityBin, error) {
	c, f, a := splitSpaces(counts), splitSpaces(conf), splitSpaces(acc)
	if len(c) != len(f) || len(c) != len(a) {
		return nil, errNoScores
	}
	bins := make([]metrics.ReliabilityBin, len(c))
	for b := range bins {
		n, err1 := strconv.Atoi(c[b])
		cf, err2 := strconv.ParseFloat(f[b], 64)
		ac, err3 := strconv.ParseFloat(a[b], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, errNoScores
		}
		bins[b] = metrics.ReliabilityBin{Lo: float64(b) / float64(len(c)), Hi: float64(b+1) / float64(len(c)), Count: n, Confidence: cf, Accuracy: ac}
	}
	return bins, nil
}

func splitSpaces(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
