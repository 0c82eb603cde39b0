package cc18

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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
// and the files of a fresh run.
type resultFixture struct {
	opts   SweepOptions
	fits   *int // fits of the "prior" learner: counts recomputations
	scores []FoldScore
	files  map[int][]byte
}

func newResultFixture(t *testing.T) *resultFixture {
	t.Helper()
	mirror := t.TempDir()
	addToMirror(t, mirror, 98, toyCSV(3), toyTypes)
	addToMirror(t, mirror, 99, toyCSV(0), toyTypes)
	fx := &resultFixture{fits: new(int), files: map[int][]byte{}}
	fx.opts = SweepOptions{IDs: []int{98, 99}, Load: LoadOptions{MirrorDir: mirror, Offline: true},
		Learners: append(Forests(Settings{Trees: 5, MaxFeatures: 1}), priorLearner(fx.fits)), Seed: 1, ResultsDir: t.TempDir()}
	var err error
	if fx.scores, err = Sweep(fx.opts); err != nil {
		t.Fatal(err)
	}
	for _, id := range fx.opts.IDs {
		fx.files[id] = fx.read(t, fx.opts.ResultsDir, id)
	}
	return fx
}

func (fx *resultFixture) read(t *testing.T, dir string, id int) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.csv", id)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (fx *resultFixture) write(t *testing.T, dir string, id int, b []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.csv", id)), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewrite reads dataset id's fresh file, lets edit change its key and
// scores, and writes the result in the layout of writeScores.
func (fx *resultFixture) rewrite(t *testing.T, id int, edit func(k *resultKey, s []FoldScore) []FoldScore) []byte {
	t.Helper()
	key, scores, err := readScores(bytes.NewReader(fx.files[id]))
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

// Every damaged, mixed-up or stale result file is reported with one line
// and recomputed: the scores and files equal a fresh run's.
func TestSweepRecomputesInvalidResultFiles(t *testing.T) {
	fx := newResultFixture(t)
	lines := bytes.SplitAfter(fx.files[99], []byte("\n"))
	lines = lines[:len(lines)-1] // the empty string after the last "\n"
	cases := map[string]map[int][]byte{
		"swapped datasets":   {98: fx.files[99], 99: fx.files[98]},
		"cut mid-line":       {99: fx.files[99][:len(fx.files[99])-20]},
		"no key line":        {99: bytes.Join(lines[1:], nil)},
		"trailer off by one": {99: append(bytes.Join(lines[:len(lines)-1], nil), "#end 19\n"...)},
		"kappa 1e300": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore {
			s[3].Kappa = 1e300
			return s
		})},
		"accuracy -7": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore {
			s[6].Accuracy = -7
			return s
		})},
		"ECE not the bins'": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore {
			s[0].ECE += 0.01
			return s
		})},
		"a row moved to another bin": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore {
			for b := range s[1].Bins {
				if s[1].Bins[b].Count > 0 {
					s[1].Bins[b].Count++
					break
				}
			}
			return s
		})},
		"a row dropped, trailer matching": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore { return s[1:] })},
		"a row duplicated": {99: fx.rewrite(t, 99, func(_ *resultKey, s []FoldScore) []FoldScore {
			s[1] = s[0]
			return s
		})},
		"another seed in the key": {99: fx.rewrite(t, 99, func(k *resultKey, s []FoldScore) []FoldScore {
			k.Seed = 2
			return s
		})},
		"another learner configuration": {99: fx.rewrite(t, 99, func(k *resultKey, s []FoldScore) []FoldScore {
			k.Learners[0].Config = strings.Replace(k.Learners[0].Config, "Trees:5", "Trees:6", 1)
			return s
		})},
		"other data": {99: fx.rewrite(t, 99, func(k *resultKey, s []FoldScore) []FoldScore {
			k.Data = strings.Repeat("0", 64)
			return s
		})},
	}
	// A file cut at every line boundary, down to the key line alone.
	for n := 1; n < len(lines); n++ {
		cases[fmt.Sprintf("cut after line %d", n)] = map[int][]byte{99: bytes.Join(lines[:n], nil)}
	}
	for name, damaged := range cases {
		t.Run(name, func(t *testing.T) {
			o := fx.opts
			o.ResultsDir = t.TempDir()
			for _, id := range o.IDs {
				b := fx.files[id]
				if d, ok := damaged[id]; ok {
					b = d
				}
				fx.write(t, o.ResultsDir, id, b)
			}
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
			if *fx.fits-fits != 5*len(damaged) {
				t.Errorf("%d folds refitted, want %d", *fx.fits-fits, 5*len(damaged))
			}
			for _, id := range o.IDs {
				if !bytes.Equal(fx.read(t, o.ResultsDir, id), fx.files[id]) {
					t.Errorf("file of dataset %d differs from a fresh run's", id)
				}
			}
			t.Log(strings.TrimSpace(log.String()))
		})
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
			for id, b := range fx.files {
				fx.write(t, stale.ResultsDir, id, b)
			}
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
