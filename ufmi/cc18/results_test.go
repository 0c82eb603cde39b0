package cc18

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// The checked-in result file reads, passes its checks, and writes back
// byte for byte.
func TestResultFileRoundTrip(t *testing.T) {
	b, err := os.ReadFile("testdata/scores.csv")
	if err != nil {
		t.Fatal(err)
	}
	key, scores, err := readScores(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("testdata/scores.csv (regenerate it when scoresFormat changes): %v", err)
	}
	if err := checkScores(scores, key, []int{20, 20, 20}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := writeScores(&out, key, scores); err != nil || !bytes.Equal(out.Bytes(), b) {
		t.Fatalf("written back differently (%v):\n%s", err, out.String())
	}
}

// resultFixture is a toy mirror of two datasets (98, 99), a sweep over them
// and the cell files of a fresh run.
type resultFixture struct {
	opts   SweepOptions
	fits   *int // fits of the "prior" learner: counts recomputations
	scores []FoldScore
	files  map[string][]byte // cell files by name (e.g. "99-fold0-prior.csv")
}

func newResultFixture(t *testing.T) *resultFixture {
	t.Helper()
	mirror := t.TempDir()
	addToMirror(t, mirror, 98, toyCSV(3), toyTypes)
	addToMirror(t, mirror, 99, toyCSV(0), toyTypes)
	fx := &resultFixture{fits: new(int)}
	fx.opts = SweepOptions{IDs: []int{98, 99}, Load: LoadOptions{MirrorDir: mirror, Offline: true},
		Learners: append(Forests(Settings{Trees: 5, MaxFeatures: 1}), priorLearner(fx.fits)), Seed: 1, ResultsDir: t.TempDir()}
	var err error
	if fx.scores, err = Sweep(fx.opts); err != nil {
		t.Fatal(err)
	}
	fx.files = readFolder(t, fx.opts.ResultsDir)
	if len(fx.files) != 2*5*5 {
		t.Fatalf("%d cell files, want 50 (2 datasets × 5 folds × 5 learners)", len(fx.files))
	}
	return fx
}

// readFolder returns the result files of a folder by name; stray temporary
// files (".name.tmp-*") are not result files.
func readFolder(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.csv"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, p := range paths {
		if files[filepath.Base(p)], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// writeFolder writes files into dir, replacing those of fx.files by
// changed ones (nil: left out).
func (fx *resultFixture) writeFolder(t *testing.T, dir string, changed map[string][]byte) {
	t.Helper()
	for name, b := range fx.files {
		if d, ok := changed[name]; ok {
			b = d
		}
		if b == nil {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rewrite reads the fresh file name, lets edit change its key and scores,
// and writes the result in the layout of writeScores.
func (fx *resultFixture) rewrite(t *testing.T, name string, edit func(k *resultKey, s []FoldScore) []FoldScore) []byte {
	t.Helper()
	key, scores, err := readScores(bytes.NewReader(fx.files[name]))
	if err != nil {
		t.Fatal(err)
	}
	scores = edit(&key, scores)
	var b bytes.Buffer
	if err := writeScores(&b, key, scores); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Every damaged, mixed-up or stale cell file is reported with one line and
// recomputed, and only it: the scores and files equal a fresh run's.
func TestSweepRecomputesInvalidResultFiles(t *testing.T) {
	fx := newResultFixture(t)
	const p0, p1, p98 = "99-fold0-prior.csv", "99-fold1-prior.csv", "98-fold0-prior.csv"
	lines := bytes.SplitAfter(fx.files[p0], []byte("\n"))
	lines = lines[:len(lines)-1] // the empty string after the last "\n"
	edit := func(change func(k *resultKey, s []FoldScore) []FoldScore) []byte { return fx.rewrite(t, p0, change) }
	cases := map[string]map[string][]byte{
		"swapped datasets":   {p98: fx.files[p0], p0: fx.files[p98]},
		"swapped folds":      {p0: fx.files[p1], p1: fx.files[p0]},
		"another learner's":  {p0: fx.files["99-fold0-RF.csv"]},
		"cut mid-line":       {p0: fx.files[p0][:len(fx.files[p0])-20]},
		"no key line":        {p0: bytes.Join(lines[1:], nil)},
		"trailer off by one": {p0: append(bytes.Join(lines[:len(lines)-1], nil), "#end 2\n"...)},
		"kappa 1e300": {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore {
			s[0].Kappa = 1e300
			return s
		})},
		"accuracy -7": {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore {
			s[0].Accuracy = -7
			return s
		})},
		"ECE not the bins'": {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore {
			s[0].ECE += 0.01
			return s
		})},
		"a row moved to another bin": {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore {
			for b := range s[0].Bins {
				if s[0].Bins[b].Count > 0 {
					s[0].Bins[b].Count++
					break
				}
			}
			return s
		})},
		"the row dropped, trailer matching": {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore { return s[1:] })},
		"the row duplicated":                {p0: edit(func(_ *resultKey, s []FoldScore) []FoldScore { return append(s, s[0]) })},
		"another fold in the key": {p0: edit(func(k *resultKey, s []FoldScore) []FoldScore {
			f := 1
			k.Fold = &f
			return s
		})},
		"no fold in the key": {p0: edit(func(k *resultKey, s []FoldScore) []FoldScore {
			k.Fold = nil
			return s
		})},
		"another seed in the key": {p0: edit(func(k *resultKey, s []FoldScore) []FoldScore {
			k.Seed = 2
			return s
		})},
		"another learner configuration": {p0: edit(func(k *resultKey, s []FoldScore) []FoldScore {
			k.Learners[0].Config = "another"
			return s
		})},
		"other data": {p0: edit(func(k *resultKey, s []FoldScore) []FoldScore {
			k.Data = strings.Repeat("0", 64)
			return s
		})},
	}
	// A file cut at every line boundary, down to the key line alone.
	for n := 1; n < len(lines); n++ {
		cases[fmt.Sprintf("cut after line %d", n)] = map[string][]byte{p0: bytes.Join(lines[:n], nil)}
	}
	for name, damaged := range cases {
		t.Run(name, func(t *testing.T) {
			o := fx.opts
			o.ResultsDir = t.TempDir()
			fx.writeFolder(t, o.ResultsDir, damaged)
			var log bytes.Buffer
			o.Log = &log
			fits := *fx.fits
			scores, err := Sweep(o)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(scores, fx.scores) {
				t.Error("scores differ from a fresh run's")
			}
			notices := strings.Split(strings.TrimSpace(log.String()), "\n")
			if len(notices) != len(damaged) || !strings.Contains(log.String(), "recomputing") {
				t.Errorf("want one notice per damaged file, got %q", log.String())
			}
			if *fx.fits-fits != len(damaged) {
				t.Errorf("%d cells refitted, want %d", *fx.fits-fits, len(damaged))
			}
			if !reflect.DeepEqual(readFolder(t, o.ResultsDir), fx.files) {
				t.Error("the files differ from a fresh run's")
			}
			t.Log(strings.TrimSpace(log.String()))
		})
	}
}

// The shards of a sweep compute each cell once, whatever their number and
// order; a shard that fails midway (a killed task) leaves whole files only,
// and its rerun computes just the cells it had not finished. The merged
// scores and files equal an unsharded run's.
func TestSweepShardsComputeEachCellOnce(t *testing.T) {
	fx := newResultFixture(t)
	for _, n := range []int{1, 3, 4, 50, 77} {
		o := fx.opts
		o.ResultsDir = t.TempDir()
		fits, ran := *fx.fits, 0
		for i := n - 1; i >= 0; i-- {
			out, err := SweepShard(o, shard.Spec{Index: i, Count: n})
			if err != nil {
				t.Fatal(err)
			}
			ran += out.Ran
			if out.Total != 50 || out.Complete() != (i == 0) {
				t.Errorf("%d shards: shard %d: %v", n, i, out)
			}
		}
		if ran != 50 || *fx.fits-fits != 10 {
			t.Errorf("%d shards computed %d cells (want 50), the prior learner fitted %d times (want 10)", n, ran, *fx.fits-fits)
		}
		fits = *fx.fits
		if got, err := Sweep(o); err != nil || !reflect.DeepEqual(got, fx.scores) || *fx.fits != fits {
			t.Errorf("%d shards, merged: %v, same scores %v, %d refits", n, err, reflect.DeepEqual(got, fx.scores), *fx.fits-fits)
		}
		if !reflect.DeepEqual(readFolder(t, o.ResultsDir), fx.files) {
			t.Errorf("%d shards: the files differ from an unsharded run's", n)
		}
	}

	// Shard 1 of 2 is killed at its 4th fit of the prior learner; its rerun
	// finds a stray temporary file and one cell file deleted.
	o := fx.opts
	o.ResultsDir = t.TempDir()
	fits, kill := 0, 4
	o.Learners = append(slices.Clone(fx.opts.Learners[:4]), models.Model{Name: "prior",
		Custom: func(x *ufmi.Features, y []int, seed uint64) (models.Predictor, error) {
			if fits++; fits == kill {
				return nil, errors.New("killed")
			}
			return fx.opts.Learners[4].Custom(x, y, seed)
		}})
	spec := shard.Spec{Index: 1, Count: 2}
	if _, err := SweepShard(o, spec); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the killed shard: %v", err)
	}
	before := readFolder(t, o.ResultsDir)
	for name, b := range before {
		if !bytes.Equal(b, fx.files[name]) {
			t.Errorf("%s, written before the kill, differs from a fresh run's", name)
		}
	}
	os.Remove(filepath.Join(o.ResultsDir, "98-fold1-RF.csv")) // shard 1 owns cell 1
	if err := os.WriteFile(filepath.Join(o.ResultsDir, ".98-fold3-RF.csv.tmp-123"), []byte("#ufmi-cc18-scores {"), 0o644); err != nil {
		t.Fatal(err)
	}
	kill = -1
	out, err := SweepShard(o, spec)
	if want := 25 - len(before) + 1; err != nil || out.Ran != want || out.Done != 25 {
		t.Fatalf("rerun of shard 1/2: %v, %v; want %d cells computed, 25 done", out, err, want)
	}
	out, err = SweepShard(o, shard.Spec{Index: 0, Count: 2})
	if err != nil || out.Ran != 25 || !out.Complete() {
		t.Fatalf("shard 0/2: %v, %v", out, err)
	}
	if got, err := Sweep(o); err != nil || !reflect.DeepEqual(got, fx.scores) {
		t.Fatalf("merged after the kill: %v, same scores %v", err, reflect.DeepEqual(got, fx.scores))
	}
	if fits != 10+1 { // each prior cell once, and the killed fit
		t.Errorf("the prior learner fitted %d times, want 11", fits)
	}
	if !reflect.DeepEqual(readFolder(t, o.ResultsDir), fx.files) {
		t.Error("the files differ from an unsharded run's")
	}
}

// A valid file of a whole dataset, as sweeps before the cells wrote,
// supplies its cells (saved as cell files) without refitting; an invalid
// one is reported and not used.
func TestSweepReadsDatasetFiles(t *testing.T) {
	fx := newResultFixture(t)
	key, _, err := readScores(bytes.NewReader(fx.files["99-fold0-RF.csv"]))
	if err != nil {
		t.Fatal(err)
	}
	key.Fold, key.Learners = nil, nil
	for _, l := range fx.opts.Learners {
		k, _, _ := readScores(bytes.NewReader(fx.files["99-fold0-"+l.Name+".csv"]))
		key.Learners = append(key.Learners, k.Learners...)
	}
	var whole bytes.Buffer
	if err := writeScores(&whole, key, slices.DeleteFunc(slices.Clone(fx.scores), func(s FoldScore) bool { return s.Dataset != 99 })); err != nil {
		t.Fatal(err)
	}
	for _, damaged := range []bool{false, true} {
		o := fx.opts
		o.ResultsDir = t.TempDir()
		cells := map[string][]byte{}
		for name := range fx.files {
			if strings.HasPrefix(name, "99-") {
				cells[name] = nil
			}
		}
		fx.writeFolder(t, o.ResultsDir, cells)
		b := whole.Bytes()
		if damaged {
			b = b[:len(b)-10]
		}
		if err := os.WriteFile(filepath.Join(o.ResultsDir, "99.csv"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		o.Log = &log
		fits := *fx.fits
		got, err := Sweep(o)
		if err != nil || !reflect.DeepEqual(got, fx.scores) {
			t.Fatalf("damaged %v: %v, same scores %v", damaged, err, reflect.DeepEqual(got, fx.scores))
		}
		files := readFolder(t, o.ResultsDir)
		delete(files, "99.csv")
		if refits := *fx.fits - fits; refits != map[bool]int{false: 0, true: 5}[damaged] || !reflect.DeepEqual(files, fx.files) {
			t.Errorf("damaged %v: %d refits, same cell files %v", damaged, refits, reflect.DeepEqual(files, fx.files))
		}
		if notice := strings.Contains(log.String(), "99.csv: ") && strings.Contains(log.String(), "not used"); notice != damaged {
			t.Errorf("damaged %v: log %q", damaged, log.String())
		}
	}
}

// Changing the seed, the learners or the data recomputes: the results
// equal a fresh run's with the new inputs, not the files on disk.
func TestSweepResultsFollowSeedLearnersAndData(t *testing.T) {
	fx := newResultFixture(t)
	changes := map[string]func(o *SweepOptions){
		"seed": func(o *SweepOptions) { o.Seed = 999 },
		"trees": func(o *SweepOptions) {
			o.Learners = append(Forests(Settings{Trees: 6, MaxFeatures: 1}), priorLearner(fx.fits))
		},
		"maxrows": func(o *SweepOptions) { o.MaxRows = 40 },
		"folds":   func(o *SweepOptions) { o.Folds = 4 },
		"bins":    func(o *SweepOptions) { o.Bins = 10 },
		"data": func(o *SweepOptions) {
			mirror := t.TempDir()
			addToMirror(t, mirror, 98, toyCSV(3), toyTypes)
			addToMirror(t, mirror, 99, toyCSV(5), toyTypes)
			o.Load.MirrorDir = mirror
		},
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			fresh := fx.opts
			change(&fresh)
			fresh.ResultsDir = t.TempDir()
			want, err := Sweep(fresh)
			if err != nil {
				t.Fatal(err)
			}
			stale := fresh
			stale.ResultsDir = t.TempDir()
			fx.writeFolder(t, stale.ResultsDir, nil)
			var log bytes.Buffer
			stale.Log = &log
			got, err := Sweep(stale)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Error("scores differ from a fresh run with the change")
			}
			if !strings.Contains(log.String(), "computed for") && !strings.Contains(log.String(), "computed with") {
				t.Errorf("notices %q do not say what changed", log.String())
			}
			t.Log(strings.TrimSpace(log.String()))
		})
	}
}
