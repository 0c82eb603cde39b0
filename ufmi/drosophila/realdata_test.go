package drosophila

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// plugInEntropy is -sum p log p of the counts, in nats.
func plugInEntropy(counts map[string]int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	h := 0.0
	for _, c := range counts {
		p := float64(c) / float64(total)
		h -= p * math.Log(p)
	}
	return h
}

// plugInMI is the plug-in I(Y; X) of discrete rows x and labels y:
// H(Y) + H(X) - H(X, Y) from the empirical counts.
func plugInMI(x [][]float64, y []int) float64 {
	cx, cy, cxy := map[string]int{}, map[string]int{}, map[string]int{}
	for i, row := range x {
		kx, ky := fmt.Sprint(row), fmt.Sprint(y[i])
		cx[kx]++
		cy[ky]++
		cxy[kx+"|"+ky]++
	}
	return plugInEntropy(cy) + plugInEntropy(cx) - plugInEntropy(cxy)
}

func TestRealEncodingAuthorsMatchesNotebook(t *testing.T) {
	mirror := realMirror(t)
	n, err := Load(LoadOptions{Dir: mirror})
	if err != nil {
		t.Fatal(err)
	}
	x, names, y, classes, err := n.Encode(EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(mirror, "features_encoded.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], []string{"claw", "dist", "age", "cluster", "y", "type"}) || len(recs) != 214 {
		t.Fatalf("features_encoded.csv: header %q, %d lines", recs[0], len(recs))
	}
	if !slices.Equal(names, recs[0][:4]) || len(x) != 213 {
		t.Fatalf("names %q, %d rows", names, len(x))
	}
	for i, rec := range recs[1:] {
		for j := range 4 {
			want, err := strconv.ParseFloat(rec[j], 64)
			if err != nil {
				t.Fatal(err)
			}
			if x[i][j] != want {
				t.Errorf("row %d, %s: got %v, notebook %v", i, names[j], x[i][j], want)
			}
		}
		if strconv.Itoa(y[i]) != rec[4] || classes[y[i]] != rec[5] {
			t.Errorf("row %d: y %d (%s), notebook %s (%s)", i, y[i], classes[y[i]], rec[4], rec[5])
		}
	}
	if !slices.Equal(classes, []string{"KC", "MBIN", "MBON", "PN"}) {
		t.Errorf("classes = %q", classes)
	}
	counts := map[string]int{}
	for _, c := range y {
		counts[classes[c]]++
	}
	if h := plugInEntropy(counts); math.Abs(h-1.2151839186517945) > 1e-15 {
		t.Errorf("plug-in H(Y) = %.17g, want 1.2151839186517945", h)
	}
}

func TestRealEncodingIndicators(t *testing.T) {
	mirror := realMirror(t)
	n, err := Load(LoadOptions{Dir: mirror})
	if err != nil {
		t.Fatal(err)
	}
	xa, na, y, _, err := n.Encode(EncodingAuthors)
	if err != nil {
		t.Fatal(err)
	}
	xi, ni, yi, _, err := n.Encode(EncodingIndicators)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(y, yi) {
		t.Fatal("the two encodings code Y differently")
	}
	for i := range xi {
		notKC := 0.0
		if n.Types[i] != "KC" {
			notKC = 1
		}
		for _, j := range []int{4, 5, 6} {
			if xi[i][j] != notKC {
				t.Fatalf("row %d (%s): %s = %v, want %v", i, n.Types[i], ni[j], xi[i][j], notKC)
			}
		}
		// Present values are the same in both encodings; only age's missing code differs.
		want := slices.Clone(xa[i])
		if want[2] == -1 {
			want[2] = 0
		}
		if !slices.Equal(xi[i][:4], want) {
			t.Fatalf("row %d: indicators %v, authors %v", i, xi[i][:4], xa[i])
		}
	}

	// Closed form: knowing "is KC" leaves H(Y) only among the 113 others (21, 29, 63).
	others := plugInEntropy(map[string]int{"MBIN": 21, "MBON": 29, "PN": 63})
	isKC := plugInEntropy(map[string]int{"KC": 100, "MBIN": 21, "MBON": 29, "PN": 63}) - 113.0/213.0*others
	clawInd, _, err := SelectFeatures(xi, ni, []string{"claw", "claw_missing"})
	if err != nil {
		t.Fatal(err)
	}
	if got := plugInMI(clawInd, y); math.Abs(got-isKC) > 1e-12 {
		t.Errorf("plug-in I(Y; claw, claw_missing) = %.6f, want I(Y; is KC) = %.6f", got, isKC)
	}
	clawAuthors, _, err := SelectFeatures(xa, na, []string{"claw"})
	if err != nil {
		t.Fatal(err)
	}
	// 0.361337 was computed independently (awk over vdf.csv); the doc quotes it.
	if got := plugInMI(clawAuthors, y); math.Abs(got-0.361337) > 1e-6 || got >= isKC {
		t.Errorf("plug-in I(Y; claw) under the authors' encoding = %.6f, want 0.361337 < %.6f", got, isKC)
	}
	if math.Abs(isKC-0.691284) > 1e-6 {
		t.Errorf("I(Y; is KC) = %.6f, the doc quotes 0.691", isKC)
	}
}

func TestRealAdjacency(t *testing.T) {
	mirror := realMirror(t)
	opts := LoadOptions{Dir: mirror}
	adj, labels, err := LoadAdjacency(opts)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(adj) != 213 || len(labels) != 213 {
		t.Fatalf("%d rows, %d labels", len(adj), len(labels))
	}
	nonZero, total, maxW := 0, 0.0, 0.0
	for i, row := range adj {
		if row[i] != 0 {
			t.Errorf("diagonal entry %d is %v", i, row[i])
		}
		for _, v := range row {
			if v != 0 {
				nonZero++
			}
			total += v
			maxW = math.Max(maxW, v)
		}
		typ, err := CellType(labels[i])
		if err != nil || typ != n.Types[i] {
			t.Errorf("row %d: label %s (%s) but vdf.csv type %s", i, labels[i], typ, n.Types[i])
		}
	}
	if nonZero != 7536 || total != 26371 || maxW != 65 {
		t.Errorf("non-zero %d, total %v, max %v; want 7536, 26371, 65", nonZero, total, maxW)
	}
	perm := OrderByType(labels)
	for k, p := range perm {
		if p != k {
			t.Fatalf("labels are grouped K, I, O, P already, but OrderByType moves row %d to %d", p, k)
		}
	}
}

func TestRealPublishedTable(t *testing.T) {
	mirror := realMirror(t)
	rows, err := LoadPublishedTable(LoadOptions{Dir: mirror})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 14 {
		t.Fatalf("%d rows, want 14", len(rows))
	}
	for i, r := range rows {
		// Row i is the bit mask i+1 over claw=1, dist=2, age=4, cluster=8.
		var want []string
		for b, f := range baseFeatures {
			if (i+1)&(1<<b) != 0 {
				want = append(want, f)
			}
		}
		if !slices.Equal(r.InFeatures, want) {
			t.Errorf("row %d: %q, want %q", i, r.InFeatures, want)
		}
		if r.IXY != 0.9170463900331417 || math.Abs(r.IYXIn+r.IYXOutGivenIn-r.IXY) > 1e-12 {
			t.Errorf("row %s: %v + %v != %v", strings.Join(r.InFeatures, ","), r.IYXIn, r.IYXOutGivenIn, r.IXY)
		}
	}
	if r := rows[12]; r.IYXOutGivenIn >= 0 || r.IYXOutGivenIn < -1e-4 {
		t.Errorf("claw,age,cluster conditional MI = %v, the file has -8.6e-05", r.IYXOutGivenIn)
	}
}
