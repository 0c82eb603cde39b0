package cc18

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// FuzzReadARFF: ParseARFF never panics, and a dataset it reads, written
// back as ARFF, reads back the same (equal checksums).
func FuzzReadARFF(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.arff")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "")
		f.Add(b, "class")
	}
	f.Add([]byte("@relation r\n@attribute a numeric\n@attribute 'c d' {p,q}\n@data\n1,p\n?,'q'\n"), "c d")
	f.Fuzz(func(t *testing.T, data []byte, target string) {
		d, err := ParseARFF(bytes.NewReader(data), 1, target)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "ufmi: ") {
				t.Errorf("error %q lacks the ufmi prefix", err)
			}
			return
		}
		text := writeARFF(d)
		back, err := ParseARFF(strings.NewReader(text), 1, "")
		if err != nil {
			t.Fatalf("written back, it does not parse: %v\n%s", err, text)
		}
		if back.Checksum() != d.Checksum() {
			t.Fatalf("written back, it reads differently:\n%s", text)
		}
	})
}

// writeARFF writes d as a dense ARFF file with the target last, named
// class: numeric columns as numeric, categorical ones as string.
func writeARFF(d *Dataset) string {
	var b strings.Builder
	b.WriteString("@relation '" + d.Name + "'\n") // ParseARFF strips one pair of quotes, nothing else
	for _, c := range d.Columns {
		kind := "numeric"
		if c.Kind == Categorical {
			kind = "string"
		}
		b.WriteString("@attribute " + arffName(c.Name) + " " + kind + "\n")
	}
	b.WriteString("@attribute class string\n@data\n")
	for i, y := range d.Y {
		for _, c := range d.Columns {
			switch {
			case c.Kind == Numeric && math.IsNaN(c.Num[i]), c.Kind == Categorical && c.Cat[i] == "":
				b.WriteString("?")
			case c.Kind == Numeric:
				b.WriteString(strconv.FormatFloat(c.Num[i], 'g', -1, 64))
			default:
				b.WriteString(arffValue(c.Cat[i]))
			}
			b.WriteString(",")
		}
		b.WriteString(arffValue(d.Classes[y]) + "\n")
	}
	return b.String()
}

// arffName writes an attribute name: bare when it has no white space and
// does not start with a quote, else in a quote it does not contain (an
// attribute name cannot escape its quote).
func arffName(s string) string {
	if s != "" && !strings.ContainsFunc(s, unicode.IsSpace) && s[0] != '\'' && s[0] != '"' {
		return s
	}
	if strings.Contains(s, "'") {
		return `"` + s + `"`
	}
	return "'" + s + "'"
}

// arffValue quotes a data value, escaping quotes and backslashes.
func arffValue(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// FuzzReadScores: readScores and checkScores never panic, and a file
// readScores accepts writes back to a file that reads the same and writes
// back byte for byte.
func FuzzReadScores(f *testing.F) {
	good, err := os.ReadFile("testdata/scores.csv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	lines := bytes.SplitAfter(good, []byte("\n"))
	for n := range lines {
		f.Add(bytes.Join(lines[:n], nil)) // cut at each line boundary
	}
	f.Add(bytes.Replace(good, []byte("\n99,1,RF,"), []byte("\n99,1,RF,1e300"), 1))
	var tiny bytes.Buffer // one fold, one learner, one bin: short enough to mutate well
	writeScores(&tiny, resultKey{Format: scoresFormat, Dataset: 1, Rows: 2, Folds: 1, Bins: 1, Learners: []learnerKey{{"a", "b"}}},
		[]FoldScore{{Dataset: 1, Learner: "a", Kappa: 1, Accuracy: 1, Bins: []metrics.ReliabilityBin{{Hi: 1, Count: 2, Confidence: 1, Accuracy: 1}}}})
	f.Add(tiny.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		key, scores, err := readScores(bytes.NewReader(data))
		if err != nil {
			return
		}
		if key.Folds >= 0 && key.Folds <= 100 {
			sizes := make([]int, key.Folds)
			for i := range sizes {
				sizes[i] = key.Rows / key.Folds
			}
			checkScores(scores, key, sizes)
		}
		var once, twice bytes.Buffer
		if err := writeScores(&once, key, scores); err != nil {
			t.Fatal(err)
		}
		key2, scores2, err := readScores(bytes.NewReader(once.Bytes()))
		if err != nil {
			t.Fatalf("written back, it does not read: %v\n%s", err, once.String())
		}
		if m := key2.mismatch(key); m != "" || len(scores2) != len(scores) {
			t.Fatalf("written back, it reads differently (%s)", m)
		}
		if err := writeScores(&twice, key2, scores2); err != nil || !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("not a fixed point (%v):\n%s\n%s", err, once.String(), twice.String())
		}
	})
}
