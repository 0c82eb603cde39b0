package cc18

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/metrics"
)

// A result file holds the fold scores of one cell of a sweep (one learner
// on one fold: one row) or, as sweeps before the cells wrote, of a whole
// dataset (a row per fold and learner):
//
//	#ufmi-cc18-scores {"format":2,"dataset":11,"fold":0,...}   the resultKey, as JSON
//	dataset,fold,learner,kappa,...                              a CSV header and the rows
//	#end 1                                                      the number of rows: a file cut short lacks it
const (
	scoresMagic   = "#ufmi-cc18-scores "
	scoresTrailer = "#end "
	// maxScoresBytes caps what readScores reads (a real file is tens of KB).
	maxScoresBytes = 64 << 20
)

var scoreHeader = []string{"dataset", "fold", "learner", "kappa", "accuracy", "ece", "mce", "bin_counts", "bin_confidence", "bin_accuracy"}

// writeScores writes a result file.
func writeScores(w io.Writer, key resultKey, scores []FoldScore) error {
	if _, err := io.WriteString(w, scoresMagic); err != nil {
		return err
	}
	enc := json.NewEncoder(w) // one line, ended by "\n"
	enc.SetEscapeHTML(false)
	if err := enc.Encode(key); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write(scoreHeader)
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, s := range scores {
		counts, conf, acc := make([]string, len(s.Bins)), make([]string, len(s.Bins)), make([]string, len(s.Bins))
		for b, bin := range s.Bins {
			counts[b], conf[b], acc[b] = strconv.Itoa(bin.Count), g(bin.Confidence), g(bin.Accuracy)
		}
		cw.Write([]string{strconv.Itoa(s.Dataset), strconv.Itoa(s.Fold), s.Learner, g(s.Kappa), g(s.Accuracy), g(s.ECE), g(s.MCE),
			strings.Join(counts, " "), strings.Join(conf, " "), strings.Join(acc, " ")})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s%d\n", scoresTrailer, len(scores))
	return err
}

// readScores reads a result file: its key and scores. It checks the
// layout (key line, header, complete rows, a trailer counting them) and
// that every field parses; checkScores judges the values.
func readScores(r io.Reader) (resultKey, []FoldScore, error) {
	var key resultKey
	data, err := io.ReadAll(io.LimitReader(r, maxScoresBytes+1))
	if err != nil {
		return key, nil, err
	}
	switch {
	case len(data) > maxScoresBytes:
		return key, nil, fmt.Errorf("larger than %d bytes", maxScoresBytes)
	case !bytes.HasPrefix(data, []byte(scoresMagic)):
		return key, nil, fmt.Errorf("not a ufmi CC18 result file of format %d (no %q line)", scoresFormat, strings.TrimSpace(scoresMagic))
	case !bytes.HasSuffix(data, []byte("\n")):
		return key, nil, errors.New("the last line is cut short")
	}
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	dec := json.NewDecoder(bytes.NewReader(first[len(scoresMagic):]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&key); err != nil {
		return key, nil, fmt.Errorf("key line: %v", err)
	}
	if dec.More() {
		return key, nil, errors.New("key line: text after the key")
	}
	if key.Format != scoresFormat {
		return key, nil, fmt.Errorf("format %d, this ufmi reads %d", key.Format, scoresFormat)
	}
	body, trailer := splitLastLine(rest)
	count, ok := strings.CutPrefix(string(trailer), scoresTrailer)
	n, err := strconv.Atoi(count)
	if !ok || err != nil {
		return key, nil, fmt.Errorf("no %q trailer: the file is cut short", scoresTrailer+"<rows>")
	}
	cr := csv.NewReader(bytes.NewReader(body))
	cr.FieldsPerRecord = len(scoreHeader)
	recs, err := cr.ReadAll()
	if err != nil {
		return key, nil, err
	}
	if len(recs) == 0 || !slices.Equal(recs[0], scoreHeader) {
		return key, nil, errors.New("no CSV header after the key")
	}
	recs = recs[1:]
	if len(recs) != n {
		return key, nil, fmt.Errorf("%d rows, the trailer says %d: the file is cut short", len(recs), n)
	}
	scores := make([]FoldScore, len(recs))
	for i, r := range recs {
		if scores[i], err = parseScore(r); err != nil {
			return key, nil, fmt.Errorf("row %d: %v", i+1, err)
		}
	}
	return key, scores, nil
}

// splitLastLine splits text, empty or ending in "\n", into the lines before
// its last line and the last line (without "\n").
func splitLastLine(text []byte) (before, last []byte) {
	text = bytes.TrimSuffix(text, []byte("\n"))
	i := bytes.LastIndexByte(text, '\n')
	return text[:i+1], text[i+1:]
}

// parseScore reads one CSV row of a result file.
func parseScore(r []string) (FoldScore, error) {
	s := FoldScore{Learner: r[2]}
	var err error
	if s.Dataset, err = strconv.Atoi(r[0]); err != nil {
		return s, err
	}
	if s.Fold, err = strconv.Atoi(r[1]); err != nil {
		return s, err
	}
	for k, v := range []*float64{&s.Kappa, &s.Accuracy, &s.ECE, &s.MCE} {
		if *v, err = strconv.ParseFloat(r[3+k], 64); err != nil {
			return s, err
		}
	}
	s.Bins, err = parseBins(r[7], r[8], r[9])
	return s, err
}

// parseBins reads the space-separated counts, confidences and accuracies of
// the reliability bins.
func parseBins(counts, conf, acc string) ([]metrics.ReliabilityBin, error) {
	c, f, a := strings.Fields(counts), strings.Fields(conf), strings.Fields(acc)
	if len(c) != len(f) || len(c) != len(a) {
		return nil, fmt.Errorf("%d bin counts, %d confidences, %d accuracies", len(c), len(f), len(a))
	}
	bins := make([]metrics.ReliabilityBin, len(c))
	for b := range bins {
		n, err1 := strconv.Atoi(c[b])
		cf, err2 := strconv.ParseFloat(f[b], 64)
		ac, err3 := strconv.ParseFloat(a[b], 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, fmt.Errorf("bin %d: %v", b, err)
		}
		bins[b] = metrics.ReliabilityBin{Lo: float64(b) / float64(len(c)), Hi: float64(b+1) / float64(len(c)), Count: n, Confidence: cf, Accuracy: ac}
	}
	return bins, nil
}
