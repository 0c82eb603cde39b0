package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// binary is the ufmi command built once for these tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ufmi-cli")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "ufmi")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building ufmi: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCLI runs the built binary and returns stdout, stderr and the exit code.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// gzipCutShort is a gzip'd CSV file of 2,000 rows cut at half its length.
func gzipCutShort(t *testing.T) []byte {
	t.Helper()
	var b strings.Builder
	b.WriteString("a,y\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "%d,%c\n", i, "pq"[i%2])
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return gz.Bytes()[:gz.Len()/2]
}

// wideCSV is a table of m numeric columns c0..c(m-1) and a label y, 40 rows.
func wideCSV(m int) string {
	var b strings.Builder
	for j := range m {
		fmt.Fprintf(&b, "c%d,", j)
	}
	b.WriteString("y\n")
	for i := range 40 {
		for j := range m {
			fmt.Fprintf(&b, "%d,", (i*7+j*13)%29)
		}
		fmt.Fprintf(&b, "%c\n", "pq"[i%2])
	}
	return b.String()
}

// writeFile writes content to a file in a temporary folder and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// separatedCSV writes the separated-Gaussians setting with a noise column
// and a string label: a, b.
func separatedCSV(t *testing.T, n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("x1,x2,noise,label\n")
	for i := 0; i < n; i++ {
		label, mu := "a", 1.0
		if rng.IntN(2) == 1 {
			label, mu = "b", -1
		}
		fmt.Fprintf(&b, "%g,%g,%g,%s\n", rng.NormFloat64()+mu, rng.NormFloat64(), rng.NormFloat64(), label)
	}
	return writeFile(t, "sep.csv", b.String())
}

func TestMIJSON(t *testing.T) {
	in := separatedCSV(t, 600, 1)
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "100", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %q", out)
	}
	for _, k := range []string{"method", "preset", "n", "classes", "h_y", "h_y_given_x", "mi", "p_value", "seconds"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, out)
		}
	}
	mi := rep["mi"].(float64)
	if rep["n"].(float64) != 600 || rep["classes"].(float64) != 2 || math.Abs(mi-0.337) > 0.1 {
		t.Errorf("unexpected estimate: %s", out)
	}
	if math.Abs(rep["h_y"].(float64)-rep["h_y_given_x"].(float64)-mi) > 1e-9 {
		t.Errorf("mi != h_y - h_y_given_x: %s", out)
	}
}

// fewPairsCSV writes 300 rows of three N(0, 1) columns a1, a2, a3, b =
// a1 + a2 + a3 + N(0, 0.1²) and a label that follows a1 + a2 + a3: given
// the three, few rows of a vote half have a partner near enough to swap b.
func fewPairsCSV(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("a1,a2,a3,b,label\n")
	rng := rand.New(rand.NewPCG(4, 5))
	for range 300 {
		a1, a2, a3 := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		label := 0
		if a1+a2+a3+rng.NormFloat64() > 0 {
			label = 1
		}
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f,%.4f,%d\n", a1, a2, a3, a1+a2+a3+0.1*rng.NormFloat64(), label)
	}
	return writeFile(t, "few-pairs.csv", b.String())
}

// With three numeric -given columns and 300 rows few rows of the vote
// half have a partner near enough in them: the conditional test says its
// power is small instead of only printing a large p-value; so does
// "table" for its subsets whose X_in are those three.
func TestConditionalTestNotesFewPairs(t *testing.T) {
	in := fewPairsCSV(t)
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "b", "-given", "a1,a2,a3", "-trees", "30", "-perm", "19", "-json")
	var rep struct {
		Pairs *int `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || rep.Pairs == nil {
		t.Fatalf("exit %d (%v)\n%s%s", code, err, out, errOut)
	}
	if *rep.Pairs >= 7 || *rep.Pairs > 0 && !strings.Contains(errOut, "little power") || *rep.Pairs == 0 && !strings.Contains(errOut, "cannot reject") {
		t.Errorf("%d pairs of about 75: want fewer than 7 and a notice saying so; stderr: %s", *rep.Pairs, errOut)
	}
	out, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "a1,a2,a3,b", "-trees", "30", "-perm", "9", "-test", "fast", "-json")
	var rows []struct {
		Features string `json:"features"`
		Pairs    *int   `json:"pairs_conditional"`
	}
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil {
		t.Fatalf("table: exit %d (%v)\n%s%s", code, err, out, errOut)
	}
	for _, r := range rows {
		if r.Features == "a1,a2,a3" && (r.Pairs == nil || *r.Pairs >= 7 || !regexp.MustCompile(`fewer than a tenth [^\n]*\(X_in [^)\n]*\ba1,a2,a3\b`).MatchString(errOut)) {
			t.Errorf("table: b given a1,a2,a3 should form few pairs and be named in a notice: %s\n%s", out, errOut)
		}
	}
}

func TestMIWithPermutationsAndGiven(t *testing.T) {
	in := separatedCSV(t, 300, 2)
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "x1", "-trees", "30", "-perm", "19", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		PValue *float64 `json:"p_value"`
	}
	json.Unmarshal([]byte(out), &rep)
	if rep.PValue == nil || *rep.PValue != 0.05 {
		t.Errorf("p-value with 19 permutations of a strong signal should be 1/20: %s", out)
	}
	out, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-features", "noise", "-given", "x1,x2", "-trees", "60")
	if code != 0 || !strings.Contains(out, "I(X;Y|Z)") {
		t.Fatalf("conditional MI: exit %d\n%s%s", code, out, errOut)
	}
	// -perm with -given: the conditional test, in JSON and text.
	out, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-features", "x1", "-given", "x2", "-trees", "30", "-perm", "19", "-json")
	var cond struct {
		PValue *float64 `json:"p_value"`
		Test   *string  `json:"test"`
		Pairs  *int     `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &cond); code != 0 || err != nil {
		t.Fatalf("conditional test: exit %d (%v)\n%s%s", code, err, out, errOut)
	}
	if cond.PValue == nil || *cond.PValue != 0.05 || cond.Test == nil || *cond.Test != "conditional" || cond.Pairs == nil || *cond.Pairs < 20 {
		t.Errorf("x1 informs the label given x2: want p = 1/20 from the conditional test, with pairs: %s", out)
	}
	if strings.Contains(errOut, "little power") {
		t.Errorf("%d pairs of about 75 drew the few-pairs notice: %s", *cond.Pairs, errOut)
	}
	out, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-features", "noise", "-given", "x1,x2", "-trees", "30", "-perm", "19")
	if code != 0 || !strings.Contains(out, "permutations, conditional test)") || !strings.Contains(out, "pairs ") {
		t.Errorf("conditional test in text: exit %d\n%s%s", code, out, errOut)
	}
	for _, m := range []string{"rf-oob", "rf-split", "sigrf", "irf", "ksg", "mixed-ksg", "ross"} {
		if _, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-method", m, "-trees", "20"); code != 0 {
			t.Errorf("method %s: exit %d: %s", m, code, errOut)
		}
	}
}

// 20 rows whose label x gives away: no row is misclassified out of sample,
// and the interval's low end is the separable limit, log 2 - h(p_u) with
// p_u = 1 - 0.025^(1/20) (0.2398), not the estimate itself; the JSON says
// so (ci_none_misclassified), and so does the text output.
func TestMIIntervalWithoutMisclassifiedRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 20 {
		fmt.Fprintf(&b, "%d,%d\n", i%2, i%2)
	}
	in := writeFile(t, "separable.csv", b.String())
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "y", "-ci", "0.95", "-json")
	var rep map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if low, _ := rep["ci_low"].(float64); rep["ci_none_misclassified"] != true || math.Abs(low-0.2398) > 1e-4 {
		t.Errorf("want ci_none_misclassified and ci_low 0.2398: %s", out)
	}
	out, _, _ = runCLI(t, "mi", "-in", in, "-target", "y", "-ci", "0.95")
	if !strings.Contains(out, "[0.2398, ") || !strings.Contains(out, "no row misclassified out of sample: the low end reaches") {
		t.Errorf("text output without the separable limit:\n%s", out)
	}
}

// 12 rows of 3 classes apart on x: I = log 3 with a normal interval that
// would reach past it; ci_high stops at log 3 and the JSON (ci_at_maximum)
// and the text output say so.
func TestMIIntervalAtMaximum(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 12 {
		fmt.Fprintf(&b, "%g,%d\n", float64(i%3)+float64(i)/100, i%3)
	}
	in := writeFile(t, "three.csv", b.String())
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "y", "-ci", "0.95", "-json")
	var rep map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if high, _ := rep["ci_high"].(float64); rep["ci_at_maximum"] != true || math.Abs(high-math.Log(3)) > 1e-12 {
		t.Errorf("want ci_at_maximum and ci_high log 3: %s", out)
	}
	out, _, _ = runCLI(t, "mi", "-in", in, "-target", "y", "-ci", "0.95")
	if !strings.Contains(out, ", 1.0986] nats") || !strings.Contains(out, "the high end is log 3, the most it can be with 3 classes") {
		t.Errorf("text output without the maximum:\n%s", out)
	}
}

// -ci adds an interval around the estimate, for MI and conditional MI, in
// JSON and text, and -bound the lower bound for MI; without them the JSON
// keys are absent.
func TestMIConfidenceInterval(t *testing.T) {
	in := separatedCSV(t, 500, 6)
	var rep map[string]any
	for _, args := range [][]string{
		{"mi", "-in", in, "-target", "label", "-trees", "60", "-ci", "0.95", "-bound", "-json"},
		{"mi", "-in", in, "-target", "label", "-features", "x1", "-given", "x2,noise", "-trees", "60", "-ci", "0.95", "-json"},
		{"mi", "-in", in, "-target", "label", "-method", "rf-oob", "-trees", "60", "-ci", "0.9", "-bound", "-json"},
	} {
		out, errOut, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		rep = nil
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("not JSON: %q", out)
		}
		low, lok := rep["ci_low"].(float64)
		high, hok := rep["ci_high"].(float64)
		mi := rep["mi"].(float64)
		if !lok || !hok || !(low < mi && mi < high) || high-low > 0.2 {
			t.Errorf("%v: want ci_low < mi < ci_high, a few hundredths apart: %s", args, out)
		}
		if rep["ci_level"] != 0.95 && rep["ci_level"] != 0.9 {
			t.Errorf("%v: ci_level %v", args, rep["ci_level"])
		}
		// The lower bound: for mi, not for a conditional MI.
		bound, bok := rep["mi_lower_bound"].(float64)
		limit, lok := rep["mi_lower_limit"].(float64)
		se, sok := rep["mi_lower_bound_se"].(float64)
		if slices.Contains(args, "-given") {
			if bok || lok || sok {
				t.Errorf("%v: a lower bound for a conditional MI: %s", args, out)
			}
		} else if z := math.Sqrt2 * math.Erfinv(2*rep["ci_level"].(float64)-1); !bok || !lok || !sok ||
			!(limit < bound && bound <= rep["h_y"].(float64)) || se <= 0 || math.Abs(limit-(bound-z*se)) > 1e-9 {
			t.Errorf("%v: want mi_lower_limit < mi_lower_bound <= h_y, the limit z = %.3f SE below: %s", args, z, out)
		}
		// The linear bound comes with the forest's.
		linear, bok := rep["mi_linear_bound"].(float64)
		linearLimit, lok := rep["mi_linear_limit"].(float64)
		_, sok = rep["mi_linear_bound_se"].(float64)
		if slices.Contains(args, "-given") {
			if bok || lok || sok {
				t.Errorf("%v: a linear bound for a conditional MI: %s", args, out)
			}
		} else if !bok || !lok || !sok || !(linearLimit < linear && linear <= rep["h_y"].(float64)) {
			t.Errorf("%v: want mi_linear_limit < mi_linear_bound <= h_y: %s", args, out)
		}
	}
	out, _, _ := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "30", "-json")
	if strings.Contains(out, "ci_low") || strings.Contains(out, "ci_high") {
		t.Errorf("an interval without -ci: %s", out)
	}
	if strings.Contains(out, "mi_lower") {
		t.Errorf("a lower bound without -bound: %s", out)
	}
	out, _, _ = runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "30", "-ci", "0.95", "-json")
	if strings.Contains(out, "mi_lower") {
		t.Errorf("a lower bound with -ci alone: %s", out)
	}
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "30", "-ci", "0.95", "-bound")
	if code != 0 || !strings.Contains(out, "95% CI       [") || !strings.Contains(out, "I(X;Y) >=    0.") || !strings.Contains(out, "logistic regression; bound") {
		t.Errorf("text mode shows no interval or bound: exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "certifies no information") {
		t.Errorf("a bound above 0 said to certify nothing: %s", out)
	}
	// On 6 rows the limits lie below 0: printed as they are, with a word.
	tiny := writeFile(t, "tiny.csv", "x,label\n0.1,a\n0.9,b\n0.4,a\n0.3,b\n0.8,a\n0.6,b\n")
	out, errOut, code = runCLI(t, "mi", "-in", tiny, "-target", "label", "-trees", "30", "-bound")
	if code != 0 || strings.Count(out, "I(X;Y) >=    -") != 2 || strings.Count(out, "; not above 0, it certifies no information)") != 2 {
		t.Errorf("6 rows: want both limits below 0, each saying it certifies nothing: exit %d\n%s%s", code, out, errOut)
	}
}

// Tiny tables that x separates exactly: 20 rows where x is the label, and
// a class of 10 rows among 100. The default preset gave I = 0 for both;
// now the estimate is within 0.01 of H(Y) and its lower bound's limit
// above 0.
func TestMISmallSeparableTables(t *testing.T) {
	var twenty, rare strings.Builder
	twenty.WriteString("x,y\n")
	for i := range 20 {
		fmt.Fprintf(&twenty, "%d,%c\n", i%2, "ab"[i%2])
	}
	rare.WriteString("x,y\n")
	for i := range 100 {
		c := 0
		if i < 10 {
			c = 1
		}
		fmt.Fprintf(&rare, "%d,%c\n", c, "ab"[c])
	}
	for name, content := range map[string]string{"twenty.csv": twenty.String(), "rare.csv": rare.String()} {
		out, errOut, code := runCLI(t, "mi", "-in", writeFile(t, name, content), "-target", "y", "-bound", "-json")
		var rep struct {
			HY    float64 `json:"h_y"`
			MI    float64 `json:"mi"`
			Limit float64 `json:"mi_lower_limit"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || math.Abs(rep.MI-rep.HY) > 0.01 || rep.Limit <= 0 {
			t.Errorf("%s: exit %d, %s%s; want mi within 0.01 of h_y and a lower limit above 0", name, code, out, errOut)
		}
	}
}

// -test chooses the permutation test; the JSON names it beside p_value.
func TestMIPermutationTests(t *testing.T) {
	in := separatedCSV(t, 300, 6)
	var rep struct {
		PValue *float64 `json:"p_value"`
		Test   *string  `json:"test"`
	}
	for _, test := range []string{"refit", "fast"} {
		out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "x1", "-trees", "30", "-perm", "19", "-test", test, "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", test, code, errOut)
		}
		rep.PValue, rep.Test = nil, nil
		json.Unmarshal([]byte(out), &rep)
		if rep.PValue == nil || *rep.PValue != 0.05 || rep.Test == nil || *rep.Test != test {
			t.Errorf("%s test of a strong signal: want p = 1/20 and test %q: %s", test, test, out)
		}
	}
	out, _, _ := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "20", "-json")
	if !strings.Contains(out, `"p_value":null`) || !strings.Contains(out, `"test":null`) {
		t.Errorf("without -perm, p_value and test should be null: %s", out)
	}
	out, _, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "20", "-perm", "9", "-test", "fast")
	if code != 0 || !strings.Contains(out, "fast test") {
		t.Errorf("text output should name the test: exit %d\n%s", code, out)
	}
	if _, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-method", "ksg", "-perm", "9", "-test", "fast"); code == 0 || !strings.Contains(errOut, "fast") {
		t.Errorf("the fast test of a kNN estimator should fail: exit %d, %q", code, errOut)
	}
}

// "table -perm N -test both" gives each subset both p-values of I(Y;X_in)
// and the conditional test's of I(Y;X_out|X_in) (none for the full
// subset, whose X_out is empty); -test fast only the fast one besides the
// conditional one; a method other than uf no conditional one, with a note.
func TestTablePValues(t *testing.T) {
	in := separatedCSV(t, 300, 7)
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "30", "-perm", "19", "-test", "both", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "little power") {
		t.Errorf("one given column of 300 rows drew the few-pairs notice: %s", errOut)
	}
	var rows []struct {
		Features string   `json:"features"`
		PRefit   *float64 `json:"p_value_refit"`
		PFast    *float64 `json:"p_value_fast"`
		PCond    *float64 `json:"p_value_conditional"`
		Pairs    *int     `json:"pairs_conditional"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("want 3 subsets: %q (%v)", out, err)
	}
	for _, r := range rows {
		if r.PRefit == nil || r.PFast == nil {
			t.Fatalf("%s lacks a p-value: %s", r.Features, out)
		}
		if strings.Contains(r.Features, "x1") && (*r.PRefit != 0.05 || *r.PFast != 0.05) {
			t.Errorf("%s holds the signal: p-values %v, %v, want 1/20", r.Features, *r.PRefit, *r.PFast)
		}
		switch {
		case r.Features == "x1,noise" && r.PCond != nil:
			t.Errorf("the full subset has no X_out, but a conditional p-value %v", *r.PCond)
		case r.Features == "noise" && (r.PCond == nil || *r.PCond != 0.05):
			t.Errorf("x1 holds the signal given noise: want a conditional p-value of 1/20: %s", out)
		case r.Features == "x1" && r.PCond == nil:
			t.Errorf("x1 lacks the conditional p-value of noise given x1: %s", out)
		case r.PCond != nil && (r.Pairs == nil || *r.Pairs < 20):
			t.Errorf("%s: the conditional test of one given column of 300 rows should report its pairs, about 60: %s", r.Features, out)
		}
	}
	if _, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-method", "ksg", "-perm", "9", "-json"); code != 0 ||
		!strings.Contains(errOut, "-perm gives no p-value of I(Y;X_out|X_in) with method ksg") {
		t.Errorf("ksg with -perm: want a note that there is no conditional p-value: exit %d\n%s", code, errOut)
	}
	out, _, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "30", "-perm", "9", "-test", "fast", "-json")
	if code != 0 || strings.Contains(out, "p_value_refit") || !strings.Contains(out, "p_value_fast") {
		t.Errorf("-test fast should give only the fast p-value: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "20", "-json")
	if strings.Contains(out, "p_value") {
		t.Errorf("without -perm no p-values: %s", out)
	}
	// Text output: one header, and the p-value columns with or without -ci.
	for _, extra := range [][]string{nil, {"-ci", "0.95"}} {
		args := append([]string{"table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "20", "-perm", "9", "-test", "both"}, extra...)
		out, errOut, code := runCLI(t, args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) != 4 || strings.Count(out, "\nX_in ") != 0 || !strings.Contains(lines[0], "p refit") || !strings.Contains(lines[0], "p fast") || !strings.HasSuffix(lines[0], "p cond") {
			t.Errorf("%v: want a header with both p-value columns and 3 rows: exit %d\n%s%s", extra, code, out, errOut)
			continue
		}
		for _, line := range lines[1:] {
			if f := strings.Fields(line); len(f) < 3 || f[len(f)-1] == "" || f[len(f)-2] == "" {
				t.Errorf("%v: row without p-values: %q", extra, line)
			}
		}
	}
}

// On a table too small for the one-forest tests' forests, "ufmi table
// -perm -test both" keeps the table: the refit test's p-values, and for the
// fast and conditional tests a missing p-value ("n/a"), the reason in
// tests_too_small and one note per test.
func TestTablePValuesOnTooFewRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("x1,noise,label\n")
	for i := range 20 {
		fmt.Fprintf(&b, "%d,%d,%c\n", i%2, (i*7)%20, "ab"[i%2])
	}
	in := writeFile(t, "tiny.csv", b.String())
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-perm", "9", "-test", "both", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []struct {
		Features string            `json:"features"`
		PRefit   *float64          `json:"p_value_refit"`
		PFast    *float64          `json:"p_value_fast"`
		PCond    *float64          `json:"p_value_conditional"`
		TooSmall map[string]string `json:"tests_too_small"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("want 3 subsets: %q (%v)", out, err)
	}
	for _, r := range rows {
		wantCond := r.Features != "x1,noise" // the full subset has no X_out
		if r.PRefit == nil || r.PFast != nil || r.PCond != nil || !strings.Contains(r.TooSmall["fast"], "none of the fast test's") ||
			(r.TooSmall["conditional"] != "") != wantCond || len(r.TooSmall) != map[bool]int{true: 2, false: 1}[wantCond] {
			t.Errorf("%s: want a refit p-value and the fast (and conditional) tests marked too small: %+v", r.Features, r)
		}
	}
	for _, test := range []string{"fast test for 3 subsets", "conditional test for 2 subsets"} {
		if !strings.Contains(errOut, "no p-value of the "+test) {
			t.Errorf("want a note of the %s: %s", test, errOut)
		}
	}
	out, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-perm", "9", "-test", "both")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 {
		t.Fatalf("text: exit %d\n%s%s", code, out, errOut)
	}
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		want := []string{"n/a", "n/a"}
		if f[0] == "x1,noise" {
			want = []string{"n/a", "-"}
		}
		if got := f[len(f)-2:]; !slices.Equal(got, want) {
			t.Errorf("text row %q: want the fast and conditional columns %v", line, want)
		}
	}
}

// -many-classes accepts a target that looks continuous, which is an error
// naming the flag (not the library's setting) without it.
func TestManyClassesFlag(t *testing.T) {
	in := separatedCSV(t, 60, 5)
	for _, cmd := range []string{"mi", "table"} {
		_, errOut, code := runCLI(t, cmd, "-in", in, "-target", "x1", "-features", "x2", "-trees", "10")
		if code != 1 || !strings.Contains(errOut, "or pass -many-classes to estimate with 60 classes anyway") || strings.Contains(errOut, "EstimatorConfig") {
			t.Errorf("%s without -many-classes: exit %d, %s", cmd, code, errOut)
		}
		if _, errOut, code := runCLI(t, cmd, "-in", in, "-target", "x1", "-features", "x2", "-trees", "10", "-many-classes"); code != 0 {
			t.Errorf("%s -many-classes: exit %d, %s", cmd, code, errOut)
		}
	}
}

func TestPosteriorCSV(t *testing.T) {
	train := separatedCSV(t, 400, 3)
	test := writeFile(t, "test.csv", "x1,x2,noise\n3,0,0\n-3,0,0\n")
	for _, m := range []string{"uf", "rf", "sigrf", "irf", "UF", "SigRF"} { // names in any case, as mi's
		out, errOut, code := runCLI(t, "posterior", "-train", train, "-test", test, "-target", "label", "-method", m, "-trees", "50")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", m, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 3 || lines[0] != "a,b" {
			t.Fatalf("%s: want a header of class labels and 2 rows, got %q", m, out)
		}
		var pa, pb float64
		fmt.Sscanf(lines[1], "%g,%g", &pa, &pb)
		if pa < 0.7 || math.Abs(pa+pb-1) > 1e-6 {
			t.Errorf("%s: posterior at x1=3 should favour class a: %q", m, lines[1])
		}
	}
}

func TestTableJSON(t *testing.T) {
	in := separatedCSV(t, 400, 4)
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,x2,noise", "-trees", "40", "-repeats", "2", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 7 {
		t.Fatalf("want 7 subsets, got %q (%v)", out, err)
	}
	if rows[0]["features"] != "x1" || rows[2]["features"] != "x1,x2" || rows[6]["features"] != "x1,x2,noise" {
		t.Errorf("subset order or names: %s", out)
	}
	for _, k := range []string{"features", "mi_in", "cmi_out_given_in", "mi_all", "sd_mi_in"} {
		if _, ok := rows[0][k]; !ok {
			t.Errorf("row lacks %q", k)
		}
	}
	if strings.Contains(out, "_ci_") {
		t.Errorf("intervals without -ci: %s", out)
	}
}

// table -ci gives each subset row the intervals of its three estimates,
// around them (around 0 for an estimate below zero: an interval never lies
// below zero).
func TestTableConfidenceInterval(t *testing.T) {
	in := separatedCSV(t, 400, 7)
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "40", "-ci", "0.95", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("want 3 subsets, got %q (%v)", out, err)
	}
	for _, r := range rows {
		for _, est := range []string{"mi_in", "cmi_out_given_in", "mi_all"} {
			low, lok := r[est+"_ci_low"].(float64)
			high, hok := r[est+"_ci_high"].(float64)
			v := r[est].(float64)
			if !lok || !hok || !(0 <= low && low <= max(v, 0) && max(v, 0) <= high) {
				t.Errorf("%s of %v: want 0 <= %s_ci_low <= max(%s, 0) <= %s_ci_high: %v", est, r["features"], est, est, est, r)
			}
		}
	}
	out, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "40", "-ci", "0.9")
	if code != 0 || !strings.Contains(out, "90% CI") || strings.Contains(out, " sd ") {
		t.Errorf("text table shows no interval (or a repeat sd without -repeats): exit %d\n%s%s", code, out, errOut)
	}
	// With -repeats the spread of the repeats stays beside the interval.
	out, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "20", "-ci", "0.9", "-repeats", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(lines[0], "90% CI         sd") {
		t.Errorf("-ci with -repeats: want the repeat sd after I(Y;X_in)'s interval: exit %d\n%s%s", code, out, errOut)
	}
}

// badInput is one bad command line and the one-line error it must give.
// docs/bad-input.md lists these cases by name, one row each.
type badInput struct {
	name string
	args []string
	want string
}

// threeRows is a table too small for intervals and calibrated forests.
const threeRows = "a,b,y\n1,2,p\n2,1,q\n3,3,p\n"

// badInputs are the command lines TestBadInputTable runs: unreadable files
// and headers, column lists, counts out of range and cells that are not
// decimal numbers.
// classRows is a CSV of a numeric column and a target y of k classes of
// rows rows each.
func classRows(k, rows int) string {
	var b strings.Builder
	b.WriteString("a,y\n")
	for i := range k * rows {
		fmt.Fprintf(&b, "%d,c%d\n", i, i%k)
	}
	return b.String()
}

func badInputs(t *testing.T) []badInput {
	good := separatedCSV(t, 50, 5)
	csv := func(content string) string { return writeFile(t, "in.csv", content) }
	mi := func(extra ...string) []string {
		return append([]string{"mi", "-in", good, "-target", "label"}, extra...)
	}
	table := func(extra ...string) []string {
		return append([]string{"table", "-in", good, "-target", "label", "-features", "x1,x2"}, extra...)
	}
	posterior := func(extra ...string) []string {
		return append([]string{"posterior", "-train", good, "-test", good, "-target", "label"}, extra...)
	}
	// cell puts v in data row 2 of a column of 30 distinct numbers: a
	// mostly numeric column with a stray text (a column of at most 20
	// distinct values, or of mostly words, is read as categorical).
	cell := func(v string) []string {
		var b strings.Builder
		b.WriteString("a,y\n1,p\n" + v + ",q\n")
		for i := 3; i <= 30; i++ {
			fmt.Fprintf(&b, "%d,%c\n", i, "pq"[i%2])
		}
		return []string{"mi", "-in", csv(b.String()), "-target", "y"}
	}
	raw := func(content []byte) string { return writeFile(t, "in.csv", string(content)) }
	utf16 := []byte{0xff, 0xfe}
	for _, c := range "a,y\n1,p\n2,q\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	utf16BE := []byte{0xfe, 0xff}
	for _, c := range "a,y\n1,p\n2,q\n" {
		utf16BE = append(utf16BE, 0, byte(c))
	}
	mirrorRoot := t.TempDir() // a mirror's root: its cc18 folder holds the listing
	if err := os.MkdirAll(filepath.Join(mirrorRoot, "cc18"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mirrorRoot, "cc18", "column_types.csv"), []byte("did,file,column,type\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return []badInput{
		// Files and headers.
		{"missing file", []string{"mi", "-in", "/no/such/file.csv", "-target", "label"}, "cannot open"},
		{"empty file", []string{"mi", "-in", csv(""), "-target", "label"}, "is empty"},
		{"header only", []string{"mi", "-in", csv("a,b\n"), "-target", "b"}, "no data rows"},
		{"duplicated header name", []string{"mi", "-in", csv("x,x,y\n1,5,a\n2,6,b\n3,7,a\n"), "-target", "y"}, `header names column "x" twice (columns 1 and 2); rename one`},
		{"duplicated header name (table)", []string{"table", "-in", csv("x,x,y\n1,5,a\n2,6,b\n"), "-target", "y", "-features", "x"}, `header names column "x" twice`},
		{"duplicated header name in -test", []string{"posterior", "-train", good, "-test", csv("x1,x2,x2,noise\n1,2,3,4\n"), "-target", "label"}, `header names column "x2" twice`},
		{"empty header name", []string{"mi", "-in", csv("x,,y\n1,5,a\n2,6,b\n"), "-target", "y"}, "header column 2 has no name"},
		{"UTF-16 file", []string{"mi", "-in", raw(utf16), "-target", "y"}, "in.csv is encoded in UTF-16 (little-endian; byte-order mark FF FE); ufmi reads UTF-8: save the file as CSV in UTF-8"},
		{"UTF-16 big-endian file", []string{"mi", "-in", raw(utf16BE), "-target", "y"}, "is encoded in UTF-16 (big-endian; byte-order mark FE FF)"},
		{"UTF-16 file without a byte-order mark", []string{"mi", "-in", raw(utf16[2:]), "-target", "y"}, "holds NUL bytes (the first at byte 2): it is UTF-16 or UTF-32 text"},
		{"Latin-1 file", []string{"mi", "-in", raw([]byte("a,y\n1,caf\xe9\n2,th\xe8\n3,caf\xe9\n")), "-target", "y"}, `in.csv: line 2, column "y": byte 0xE9 is not UTF-8 text (the file is in another encoding, such as Latin-1 or Windows-1252); ufmi reads UTF-8: save the file as CSV in UTF-8`},
		{"Latin-1 header", []string{"mi", "-in", raw([]byte("na\xefve,y\n1,p\n2,q\n")), "-target", "y"}, "in.csv: line 1, header column 1: byte 0xEF is not UTF-8 text"},
		{"semicolon-separated file", []string{"mi", "-in", csv("a;b;y\n1,5;2;p\n2,5;3;q\n"), "-target", "y"}, `the header is one column, "a;b;y", holding semicolons: the file looks semicolon-separated; ufmi reads comma-separated files`},
		{"tab-separated file", []string{"mi", "-in", csv("a\tb\ty\n1.5\t2\tp\n2.5\t3\tq\n"), "-target", "y"}, "holding tabs: the file looks tab-separated"},
		{"-in - for standard input", []string{"mi", "-in", "-", "-target", "y"}, "cannot open -: open -: no such file or directory (a file name is read, not standard input: give /dev/stdin for that)"},
		{"pipe-separated file", []string{"mi", "-in", csv("a|b|y\n1.5|2|p\n2.5|3|q\n"), "-target", "y"}, "holding pipes: the file looks pipe-separated"},
		{"spreadsheet separator line", []string{"mi", "-in", csv("sep=,\na,y\n1,p\n2,q\n"), "-target", "y"}, `the first line, "sep=,", is a spreadsheet's separator hint, not a header: delete that line`},
		{"bzip2 file", []string{"mi", "-in", raw([]byte("BZh91AY&SY\x00\x01")), "-target", "y"}, "in.csv is compressed: bzip2; ufmi reads CSV, plain or gzip-compressed once (.csv.gz): decompress it first"},
		{"zip file or workbook", []string{"mi", "-in", raw([]byte("PK\x03\x04\x14\x00")), "-target", "y"}, "is compressed: zip (an archive, or a spreadsheet workbook such as .xlsx)"},
		{"gzip file cut short", []string{"mi", "-in", raw(gzipCutShort(t)), "-target", "y"}, "(the gzip stream ends early: the file was cut short)"},
		{"two rows", []string{"mi", "-in", csv("a,y\n1,p\n2,q\n"), "-target", "y"}, "2 rows: a structure fraction of 0.5 leaves 1 row to grow the trees on; a tree needs at least 2"},
		{"table of 17 feature columns", []string{"table", "-in", csv(wideCSV(17)), "-target", "y"}, "17 feature columns; the table has a row for every subset of its columns and takes at most 16: name at most 16 with -features"},
		{"a row of too few fields", []string{"mi", "-in", csv("a,b,y\n1,2,p\n2,3\n"), "-target", "y"}, "record on line 3: wrong number of fields: it has 2, the header 3"},
		{"a line of spaces", []string{"mi", "-in", csv("a,b,y\n1,2,p\n  \n2,3,q\n"), "-target", "y"}, "record on line 3: wrong number of fields: it has 1, the header 3 (the line holds only spaces: delete it)"},
		{"semicolons in the rows", []string{"mi", "-in", csv("a,b,y\n1;2;p\n2;3;q\n"), "-target", "y"}, "wrong number of fields: it has 1, the header 3 (the line holds semicolons: is the file semicolon-separated?"},
		{"stray argument naming a CSV file", []string{"mi", good, "-target", "label"}, "unexpected arguments: " + good + " -target label (to read " + good + ", give -in " + good + "; flags after it were not read"},
		{"posterior stray argument naming a file", []string{"posterior", "-target", "label", good}, "(to read " + good + ", give -train " + good + " or -test " + good + ")"},
		{"unknown column", mi("-features", "nope"), `has no column "nope"`},
		{"unknown target", []string{"mi", "-in", good, "-target", "nope"}, `has no column "nope"`},
		{"target only", []string{"mi", "-in", csv("y\np\nq\n"), "-target", "y"}, "no feature column besides the target"},
		{"empty target cell", []string{"mi", "-in", csv("a,y\n1,p\n2,\n3,q\n"), "-target", "y"}, "missing in 1 of 3 rows (first: data row 2)"},
		{"single class", []string{"mi", "-in", csv("a,y\n1,p\n2,p\n3,p\n"), "-target", "y"}, "single class"},
		{"50 classes of 20 rows", []string{"mi", "-in", csv(classRows(50, 20)), "-target", "y"},
			`target "y" has 50 classes with about 20 rows each: with 50 or more classes and fewer than 100 rows per class the UF's one-step estimate is far off either way`},
		// Column lists.
		{"-features a,a", mi("-features", "x1,x1"), `-features lists column "x1" twice`},
		{"-given a,a", mi("-features", "x1", "-given", "x2,x2"), `-given lists column "x2" twice`},
		{"-features a,b -given a", mi("-features", "x1,x2", "-given", "x1"), `column "x1" is in both -features and -given`},
		{"-features with an empty name", mi("-features", "x1,,x2"), "holds an empty column name"},
		{"mi -features lists the target", mi("-features", "x1,label"), `-features lists the target "label"`},
		{"mi -given lists the target", mi("-features", "x1", "-given", "label"), `-given lists the target "label"`},
		{"table -features a,a", table("-features", "x1,x1"), `-features lists column "x1" twice`},
		{"-drop a feature", mi("-features", "x1,x2", "-drop", "x2"), `column "x2" is in both -features and -drop; list it in one`},
		{"-drop a given column", mi("-given", "x2", "-drop", "x2"), `column "x2" is in both -given and -drop; list it in one`},
		{"-drop the target", mi("-drop", "label"), `-drop lists the target "label"; the target cannot be dropped`},
		{"-drop an unknown column", mi("-drop", "nope"), `has no column "nope"`},
		{"-drop every feature", mi("-drop", "x1,x2,noise"), `has no feature column besides the target "label" and the -given and -drop ones`},
		{"table -drop a,a", table("-drop", "noise,noise"), `-drop lists column "noise" twice`},
		{"-categorical a,a", mi("-categorical", "noise,noise"), `-categorical lists column "noise" twice`},
		{"-categorical with an empty name", mi("-categorical", "noise,"), `-categorical "noise," holds an empty column name`},
		{"cc18 -ids a,a", []string{"cc18", "-ids", "11,11"}, "-ids lists dataset 11 twice"},
		{"posterior -id unknown column", posterior("-id", "nope"), `-id: ` + good + ` has no column "nope"`},
		{"posterior -id listed in -features", posterior("-id", "noise", "-features", "x1,noise"), `-id column "noise" is also listed in -features: a row identifier would be learned as a feature`},
		{"posterior test row with a word in a numeric column", []string{"posterior", "-train", good, "-target", "label", "-trees", "10", "-test", writeFile(t, "rows.csv", "x1,x2,noise\n0.5,1,0\nnan,1,0\n")},
			`rows.csv: column "x1" must hold numbers (as where the forest was fitted), but data row 2 holds "nan", which is not a decimal number`},
		{"-test refit with -given", mi("-features", "x1", "-given", "x2", "-perm", "10", "-test", "refit"), "-test refit with -given is not supported: permuting labels does not test conditional independence; with -given, -perm runs the conditional test"},
		{"-test conditional without -given", mi("-features", "x1", "-perm", "10", "-test", "conditional"), "-test conditional needs -given"},
		{"-perm -given with kNN", mi("-features", "x1", "-given", "x2", "-perm", "10", "-method", "ksg"), "the conditional permutation test fits a UF; method ksg has no conditional test"},
		{"-test magic", mi("-perm", "9", "-test", "magic"), `-test "magic": want refit or fast`},
		{"mi -test without -perm", mi("-test", "fast"), "-test fast needs -perm N: without permutations no test runs"},
		{"table -test without -perm", table("-test", "both"), "-test both needs -perm N"},
		{"table -test twice", table("-perm", "9", "-test", "twice"), `-test "twice": want refit, fast or both`},
		{"-test fast with kNN", mi("-method", "ksg", "-perm", "9", "-test", "fast"), "method ksg has no fast test"},
		{"-test fast on 20 rows", []string{"mi", "-in", csv("x,y\n" + strings.Repeat("0,a\n1,b\n", 10)), "-target", "y", "-perm", "19", "-test", "fast"},
			"none of the fast test's 300 trees split"},
		// Checked before the file is read, and so before any estimate.
		{"table -test fast with kNN", []string{"table", "-in", "/no/such/file.csv", "-target", "label", "-method", "ksg", "-perm", "9", "-test", "fast"},
			"the fast permutation test fits a UF; method ksg has no fast test"},
		// Counts.
		{"-trees 0", mi("-trees", "0"), "-trees 0 must be in 1..1000000"},
		{"-trees 100000000", mi("-trees", "100000000"), "-trees 100000000 must be in 1..1000000"},
		{"-trees 9999999999999", mi("-trees", "9999999999999"), "-trees 9999999999999 must be in 1..1000000"},
		{"-trees beyond int64", mi("-trees", "99999999999999999999"), `invalid value "99999999999999999999" for flag -trees`},
		{"posterior -trees -5", posterior("-trees", "-5"), "-trees -5 must be in 1..1000000"},
		{"sigrf with 3 trees", mi("-method", "sigrf", "-trees", "3"), "sigrf grows trees/5 in each of its 5 folds: give at least 5 trees, got 3"},
		{"-perm -1", mi("-perm", "-1"), "-perm -1 must be in 0..1000000 (0: no test)"},
		{"-perm 2000000", mi("-perm", "2000000"), "-perm 2000000 must be in 0..1000000"},
		{"-workers -1", mi("-workers", "-1"), "-workers -1 must be in 0.."},
		{"-workers 100000", mi("-workers", "100000"), fmt.Sprintf("(0: all cores; at most 4 × the %d cores)", runtime.NumCPU())},
		{"posterior -workers -1", posterior("-workers", "-1"), "-workers -1 must be in 0.."},
		{"-k 0", mi("-method", "ksg", "-k", "0"), "-k 0 must be in 1..1000000"},
		{"-k 2000000", mi("-method", "ksg", "-k", "2000000"), "-k 2000000 must be in 1..1000000"},
		{"-k as many as rows", mi("-method", "ross", "-k", "50"), "-k 50 must be below the number of rows (50)"},
		{"-repeats 0", table("-repeats", "0"), "-repeats 0 must be in 1..10000"},
		{"-repeats 1000000", table("-repeats", "1000000"), "-repeats 1000000 must be in 1..10000"},
		{"misspelt flag", mi("-tress", "5"), "flag provided but not defined: -tress"},
		// Cells: a column of decimal numbers is numeric, one of text is
		// categorical; a column mixing the two must be declared.
		{"cell foo", cell("foo"), `column "a" holds numbers and, in data row 2, "foo", which is not a decimal number such as -1.5e3: correct the cell, mark it missing, or declare the column categorical (-na lists the texts of missing cells`},
		{"cell 0x1p3", cell("0x1p3"), `in data row 2, "0x1p3", which is not a decimal number`},
		{"cell 1_000", cell("1_000"), `"1_000", which is not a decimal number`},
		{"cell Inf", cell("Inf"), `"Inf", which is not a decimal number`},
		{"cell +Inf", cell("+Inf"), `"+Inf", which is not a decimal number`},
		{"cell 1e999", cell("1e999"), `"1e999" is out of range`},
		{"cell of 500,000 digits", cell(strings.Repeat("7", 500000)), `data row 2: "7777777777777777777777777777777777777777"... (500000 characters) is out of range`},
		{"cell with a decimal comma", cell(`"1,5"`), `column "a" holds numbers written with a decimal comma or a thousands separator, such as "1,5" in data row 2, which ufmi reads as neither`},
		{"column of decimal commas", []string{"mi", "-in", csv("a,y\n\"0,041\",p\n\"1,5\",q\n\"-2,25\",q\n"), "-target", "y"}, `column "a" holds numbers written with a decimal comma or a thousands separator, such as "0,041" in data row 1`},
		{"column of percentages", []string{"mi", "-in", csv("a,y\n0.52%,p\n1.5 %,q\n-2%,q\n"), "-target", "y"}, `column "a" holds numbers written with a unit sign, such as "0.52%" in data row 1, which ufmi reads as text (a level per value)`},
		{"column of prices", []string{"mi", "-in", csv("a,y\n$1.20,p\n-$3,q\n€2e1,q\n"), "-target", "y"}, `column "a" holds numbers written with a unit sign, such as "$1.20" in data row 1`},
		{"column of thousands separators", []string{"mi", "-in", csv("a,y\n\"2.193,2\",p\n\"921,9\",q\n\"8.165.950\",q\n12 345,p\n"), "-target", "y"}, `column "a" holds numbers written with a decimal comma or a thousands separator, such as "2.193,2" in data row 1`},
		{"decimal commas and a missing marker", []string{"mi", "-in", csv("a,y\n" + strings.Repeat("\"-0,9\",p\n\"1,25\",q\n", 10) + "n/a,q\n"), "-target", "y"}, `such as "-0,9" in data row 1, which ufmi reads as neither (it reads numbers such as -1.5e3); convert the column, or declare it categorical to read its cells as text; its few other cells, such as "n/a" in data row 21, may mark missing values`},
		{"column all missing", []string{"mi", "-in", csv("a,y\n NA,p\nNaN,q\n,q\n"), "-target", "y"}, `column "a" is missing in all 3 rows, and no other feature column remains`},
		{"listed column all missing", []string{"mi", "-in", csv("a,b,y\n NA,1,p\nNaN,2,q\n,3,q\n"), "-target", "y", "-features", "a,b"}, `column "a" is missing in all 3 rows; drop it`},
		{"kNN on a categorical column", []string{"mi", "-in", csv("a,y\nu,p\nv,q\nu,q\n"), "-target", "y", "-method", "ksg", "-k", "1"}, "categorical (2 levels)"},
		{"-categorical unknown column", mi("-categorical", "zz"), `no categorical column "zz"`},
		// Commands and flags.
		{"unknown method", mi("-method", "magic"), "unknown method"},
		{"unknown preset", mi("-preset", "magic"), "unknown preset"},
		{"no -target", []string{"mi", "-in", good}, "-target is required"},
		{"no -in", []string{"mi", "-target", "label"}, "-in is required: the CSV file to read"},
		{"-bound with rf-split", mi("-method", "rf-split", "-bound"), "lower bounds (and confidence intervals) are available for the uf and rf-oob methods, not rf-split"},
		{"posterior without -train", []string{"posterior", "-test", good, "-target", "label"}, "-train is required: the CSV file the forest learns from"},
		{"posterior without -test", []string{"posterior", "-train", good, "-target", "label"}, "-test is required: the CSV file of rows to predict"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		// Confidence intervals.
		{"-ci 1.5", mi("-ci", "1.5"), "-ci 1.5 must be in (0, 1)"},
		{"-ci 0", table("-ci", "0"), "-ci 0 must be in (0, 1)"},
		{"-ci with ksg", mi("-method", "ksg", "-ci", "0.95"), "confidence intervals are available for the uf and rf-oob methods, not ksg"},
		{"-ci with -results", mi("-ci", "0.95", "-results", t.TempDir()), "-ci with -results is not supported"},
		{"-bound with -results", mi("-bound", "-results", t.TempDir()), "-bound with -results is not supported"},
		{"-bound with -given", mi("-features", "x1", "-given", "x2", "-bound"), "-bound with -given is not supported"},
		// Too few rows for an estimate: an error saying what is needed,
		// never a NaN printed (issue 21: "95% CI [NaN, NaN]" with exit 0).
		{"-ci on 3 rows", []string{"mi", "-in", csv(threeRows), "-target", "y", "-ci", "0.95"}, "no confidence interval: 0 of the 3 rows are out of sample in some tree"},
		{"-ci on 3 rows (-json)", []string{"mi", "-in", csv(threeRows), "-target", "y", "-ci", "0.95", "-json"}, "no confidence interval: 0 of the 3 rows"},
		{"-ci -given on 3 rows", []string{"mi", "-in", csv(threeRows), "-target", "y", "-features", "b", "-given", "a", "-ci", "0.95"}, "no confidence interval: 0 of the 3 rows"},
		{"-bound on 3 rows", []string{"mi", "-in", csv(threeRows), "-target", "y", "-bound"}, "no lower bound (-bound): 0 of the 3 rows are out of sample in some tree"},
		{"table -ci on 3 rows", []string{"table", "-in", csv(threeRows), "-target", "y", "-features", "a,b", "-ci", "0.95"}, "no confidence interval: 0 of the 3 rows"},
		{"sigrf on 3 rows", []string{"mi", "-in", csv(threeRows), "-target", "y", "-method", "sigrf"}, "sigrf calibrates 5 folds on the training part of the split, 2 of the 3 rows (0.3 held out); it needs at least 5 training rows, so at least 7 rows"},
		{"irf on 3 rows", []string{"mi", "-in", csv(threeRows), "-target", "y", "-method", "irf"}, "irf calibrates 5 folds"},
		{"posterior sigrf on 3 rows", []string{"posterior", "-train", csv(threeRows), "-test", csv(threeRows), "-target", "y", "-method", "sigrf"}, "5 calibration folds need at least 5 rows, one per fold; the data have 3"},
		{"rf-oob with 4 trees", mi("-method", "rf-oob", "-trees", "4"), "an out-of-bag posterior needs at least 5"},
		{"rf-oob on 2 rows", []string{"mi", "-in", csv("a,y\n1,0\n1,1\n"), "-target", "y", "-method", "rf-oob"}, "rf-oob with 2 rows: a row's out-of-bag trees grow on the other rows alone"},
		{"numeric target with a value per row", []string{"mi", "-in", good, "-target", "x1"}, `target "x1" looks continuous (50 distinct values in 50 rows)`},
		{"posterior: numeric target with a value per row", []string{"posterior", "-train", good, "-test", good, "-target", "x1"}, `target "x1" looks continuous (50 distinct values in 50 rows)`},
		// A forest in cells of trees.
		{"-trees-per-cell -1", mi("-trees-per-cell", "-1", "-results", t.TempDir()), "-trees-per-cell -1: want a positive number of trees"},
		{"-trees-per-cell without -results", mi("-trees-per-cell", "25"), "-trees-per-cell needs -results DIR"},
		{"-trees-per-cell with ksg", mi("-method", "ksg", "-trees-per-cell", "25", "-results", t.TempDir()), "-trees-per-cell splits a uf forest; method ksg grows none"},
		{"-trees-per-cell above -trees", mi("-trees", "10", "-trees-per-cell", "20", "-results", t.TempDir()), "-trees-per-cell 20: want 1..10 (the forest's trees, -trees)"},
		{"table -perm with -results", table("-perm", "9", "-results", t.TempDir()), "-perm with -results is not supported: shards run the subset fits only"},
		{"cc18 -mirror the mirror's root", []string{"cc18", "-mirror", mirrorRoot, "-results", ""}, "no CC18 dataset found in -mirror = " + mirrorRoot + ": a mirror folder holds column_types.csv and the datasets' gzip'd CSV files (its subfolder cc18 holds one: give -mirror " + filepath.Join(mirrorRoot, "cc18") + ")"},
		{"-shards -3 without a task index", mi("-shards", "-3", "-results", t.TempDir()), "-3 shards; want 1..100000"},
		{"-trees-per-cell with -perm", mi("-trees-per-cell", "25", "-perm", "9", "-results", t.TempDir()), "-trees-per-cell with -perm is not supported"},
	}
}

// Every bad command line fails with exit status 1 or 2 and one line on
// stderr holding the expected message, never a panic.
func TestBadInputTable(t *testing.T) {
	for _, c := range badInputs(t) {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code == 0 {
				t.Fatalf("%v: exit 0, want an error; stdout %q", c.args, out)
			}
			if !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || strings.Contains(errOut, "panic") {
				t.Errorf("%v: want one line containing %q, got %q", c.args, c.want, errOut)
			}
		})
	}
}

// Input that looks odd but is accepted, as documented in docs/bad-input.md: a
// UTF-8 byte-order mark before the header, and table's target among its
// features.
func TestOddInputAccepted(t *testing.T) {
	var b strings.Builder
	b.WriteString("\ufeffx,y\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d\n", i%2, i%2)
	}
	bom := writeFile(t, "bom.csv", b.String())
	out, errOut, code := runCLI(t, "mi", "-in", bom, "-target", "y", "-features", "x", "-trees", "20", "-json")
	var rep struct{ MI float64 }
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || math.Abs(rep.MI-math.Ln2) > 0.05 {
		t.Errorf("BOM header: exit %d, %q %q; want MI near log 2", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "table", "-in", bom, "-target", "y", "-features", "x,y", "-trees", "20"); code != 0 {
		t.Errorf("table with the target among the features: exit %d: %s", code, errOut)
	}
	// One row to predict with a missing cell: predicted as it is beside
	// another row (issue 21: "missing in all 1 rows; drop it").
	train := separatedCSV(t, 100, 5)
	one, _, code1 := runCLI(t, "posterior", "-train", train, "-test", writeFile(t, "one.csv", "x1,x2,noise\nNA,1,0\n"), "-target", "label", "-trees", "20")
	two, errOut2, code2 := runCLI(t, "posterior", "-train", train, "-test", writeFile(t, "two.csv", "x1,x2,noise\nNA,1,0\n2,2,2\n"), "-target", "label", "-trees", "20")
	lines1, lines2 := strings.Split(one, "\n"), strings.Split(two, "\n")
	if code1 != 0 || code2 != 0 || len(lines1) < 2 || len(lines2) < 2 || lines1[1] != lines2[1] {
		t.Errorf("posterior of one row with a missing cell: exit %d, %q; beside another row: exit %d, %q %s", code1, one, code2, two, errOut2)
	}
}

// fetch-drosophila copies the tables from the mirror, writes the encoded
// features, and "table" then reproduces the paper's all-features MI (1.189).
func TestFetchDrosophilaThenTable(t *testing.T) {
	tables := mirror.Dir(t, "drosophila")
	dir := t.TempDir()
	if _, errOut, code := runCLI(t, "fetch-drosophila", "-dir", dir, "-mirror", tables); code != 0 {
		t.Fatalf("fetch: exit %d: %s", code, errOut)
	}
	out, errOut, code := runCLI(t, "table", "-in", filepath.Join(dir, "features_authors.csv"), "-target", "type",
		"-features", "claw,dist,age,cluster", "-preset", "paper", "-repeats", "3", "-json")
	if code != 0 {
		t.Fatalf("table: exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 15 {
		t.Fatalf("want 15 subsets: %q", out)
	}
	if all := rows[14]["mi_all"].(float64); math.Abs(all-1.189) > 0.02 {
		t.Errorf("I(Y;X) = %.3f, paper 1.189", all)
	}
	if _, errOut, code := runCLI(t, "fetch-drosophila", "-dir", t.TempDir(), "-mirror", t.TempDir()); code == 0 || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
		t.Errorf("an empty mirror should fail with one line, got exit %d: %q", code, errOut)
	}
}

func TestCC18Command(t *testing.T) {
	datasets := mirror.Dir(t, "cc18")
	results := t.TempDir()
	out, errOut, code := runCLI(t, "cc18", "-ids", "11,15,37", "-mirror", datasets, "-results", results, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Another seed in the same results folder prints that seed's tables
	// (as from an empty folder) from cells of its own subfolder: seed 1's
	// cells stay, and a second seed-1 run resumes from them.
	out999, errOut, code := runCLI(t, "cc18", "-ids", "11,15,37", "-mirror", datasets, "-results", results, "-json", "-seed", "999")
	fresh999, _, _ := runCLI(t, "cc18", "-ids", "11,15,37", "-mirror", datasets, "-results", t.TempDir(), "-json", "-seed", "999")
	if code != 0 || out999 != fresh999 || out999 == out {
		t.Errorf("-seed 999 beside seed 1's results: exit %d, same as a fresh run %v, same as seed 1 %v", code, out999 == fresh999, out999 == out)
	}
	if strings.Contains(errOut, "recomputing") {
		t.Errorf("-seed 999 recomputed seed 1's cells:\n%s", errOut)
	}
	for _, sub := range []string{"quick", "quick-seed999"} {
		if cells, _ := filepath.Glob(filepath.Join(results, sub, "*-fold*-*.csv")); len(cells) != 3*5*4 {
			t.Errorf("%s holds %d cell files, want %d", sub, len(cells), 3*5*4)
		}
	}
	again, errOut, code := runCLI(t, "cc18", "-ids", "11,15,37", "-mirror", datasets, "-results", results, "-json")
	if code != 0 || again != out || strings.Contains(errOut, "recomputing") {
		t.Errorf("seed 1 after seed 999: exit %d, same tables %v, stderr %q", code, again == out, errOut)
	}
	var tables []map[string]any
	if err := json.Unmarshal([]byte(out), &tables); err != nil || len(tables) != 3 || tables[1]["metric"] != "ece" {
		t.Fatalf("want three tables: %q (%v)", out, err)
	}
	if tables[0]["datasets"].(float64) != 3 {
		t.Errorf("datasets: %v", tables[0]["datasets"])
	}
	_, errOut, code = runCLI(t, "cc18", "-ids", "12345", "-mirror", datasets)
	if code == 0 || !strings.Contains(errOut, "not an OpenML-CC18 dataset") {
		t.Errorf("unknown id: exit %d, %q", code, errOut)
	}
}

// docs/bad-input.md has a row for every case of TestBadInputTable.
func TestBadInputDocListsEveryCase(t *testing.T) {
	doc, err := os.ReadFile("../../docs/bad-input.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range badInputs(t) {
		if !strings.Contains(string(doc), "| `"+c.name+"` |") {
			t.Errorf("docs/bad-input.md has no row for the bad input %q", c.name)
		}
	}
}

// categoricalCSV writes a table with a text column whose levels shift the
// class, a numeric column with missing cells (empty, NA, NaN or ?), an
// integer code and a label, some labels missing when missingLabels.
func categoricalCSV(t *testing.T, n int, missingLabels bool) string {
	rng := rand.New(rand.NewPCG(7, 1))
	var b strings.Builder
	b.WriteString("colour,size,code,label\n")
	for i := 0; i < n; i++ {
		c := rng.IntN(3)
		label := "a"
		if rng.Float64() < []float64{0.1, 0.5, 0.9}[c] {
			label = "b"
		}
		if missingLabels && i%50 == 7 {
			label = "NA"
		}
		size := fmt.Sprintf("%.3f", rng.NormFloat64())
		if i%10 == 3 {
			size = []string{"", "NA", "NaN", "?"}[i%4]
		}
		fmt.Fprintf(&b, "%s,%s,%d,%s\n", []string{"red", "green", "blue"}[c], size, c, label)
	}
	return writeFile(t, "cat.csv", b.String())
}

func TestCategoricalColumnsAndMissingCells(t *testing.T) {
	in := categoricalCSV(t, 400, true)
	_, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "40")
	if code == 0 || !strings.Contains(errOut, "missing in 8 of 400 rows") || !strings.Contains(errOut, "-drop-missing-target") {
		t.Fatalf("a missing target should fail and name the flag: exit %d, %q", code, errOut)
	}
	// "?" is a marker only when -na says so; otherwise size mixes numbers and
	// text, an error unless the column is declared categorical.
	_, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "40", "-drop-missing-target", "-na", ",NA,NaN")
	if code == 0 || !strings.Contains(errOut, `column "size" holds numbers and, in data row 4, "?"`) {
		t.Fatalf("a mixed column should fail naming the cell: exit %d, %q", code, errOut)
	}
	var reps []map[string]any
	for _, extra := range [][]string{{"-na", ",NA,NaN,?"}, {"-na", ",NA,NaN", "-categorical", "size"}} {
		na := strings.Join(extra, " ")
		out, errOut, code := runCLI(t, append([]string{"mi", "-in", in, "-target", "label", "-trees", "40", "-drop-missing-target", "-json"}, extra...)...)
		if code != 0 {
			t.Fatalf("-na %q: exit %d: %s", na, code, errOut)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("not JSON: %q", out)
		}
		if rep["dropped_missing_target"].(float64) != 8 || rep["n"].(float64) != 392 || rep["mi"].(float64) < 0.1 {
			t.Errorf("-na %q: want 8 rows dropped, n = 392 and a clear MI: %s", na, out)
		}
		reps = append(reps, rep)
	}
	if reps[0]["mi"] == reps[1]["mi"] {
		t.Errorf("reading size as numeric or as categorical gave the same MI %v", reps[0]["mi"])
	}
	// The code column declared categorical carries what colour carries.
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "code", "-categorical", "code",
		"-trees", "40", "-drop-missing-target", "-json")
	var rep map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep["mi"].(float64) < 0.1 {
		t.Errorf("-categorical code: exit %d, %s%s", code, out, errOut)
	}
	// posterior reads the test file's colour as categorical, matching levels
	// by name; table notes the dropped rows on stderr.
	test := writeFile(t, "test.csv", "colour,size,code\nblue,0,2\nred,NA,0\npurple,,1\n")
	out, errOut, code = runCLI(t, "posterior", "-train", in, "-test", test, "-target", "label", "-features", "colour,size",
		"-trees", "40", "-drop-missing-target", "-na", ",NA,NaN,?")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(errOut, "dropped 8 rows") {
		t.Fatalf("posterior: exit %d, %q, %q", code, out, errOut)
	}
	var blue, red float64
	fmt.Sscanf(strings.Split(lines[1], ",")[1], "%g", &blue)
	fmt.Sscanf(strings.Split(lines[2], ",")[1], "%g", &red)
	if blue < red+0.3 {
		t.Errorf("P(b | blue) = %v, P(b | red) = %v: want blue far above red", blue, red)
	}
	out, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "colour,size", "-trees", "30", "-drop-missing-target", "-na", ",NA,NaN,?")
	if code != 0 || !strings.Contains(errOut, "dropped 8 rows") || !strings.Contains(out, "colour,size") {
		t.Errorf("table: exit %d, %q, %q", code, out, errOut)
	}
}

// The commands print finite numbers or exit 1: checkPrintable names the
// first NaN or infinite value and skips values not printed (nil).
func TestCheckPrintable(t *testing.T) {
	one, nan, inf := 1.0, math.NaN(), math.Inf(-1)
	if err := checkPrintable(number{"a", &one}, number{"b", nil}); err != nil {
		t.Errorf("finite numbers: %v", err)
	}
	for _, v := range []*float64{&nan, &inf} {
		err := checkPrintable(number{"a", &one}, number{"the interval's low end", v})
		if err == nil || !strings.HasPrefix(err.Error(), "the interval's low end came out as ") {
			t.Errorf("%v: %v", *v, err)
		}
	}
}

// One dropped row is "1 row", in the text report and in the notice.
func TestOneDroppedRowIsSingular(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,label\n")
	for i := range 60 {
		label := fmt.Sprint(i % 2)
		if i == 7 {
			label = ""
		}
		fmt.Fprintf(&b, "%d,%s\n", i%2*5+i%3, label)
	}
	in := writeFile(t, "one-missing.csv", b.String())
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "20", "-drop-missing-target")
	if code != 0 || !strings.Contains(out, "dropped      1 row with a missing target") {
		t.Errorf("want \"dropped      1 row with a missing target\": exit %d, %s%s", code, out, errOut)
	}
	_, errOut, code = runCLI(t, "table", "-in", in, "-target", "label", "-trees", "20", "-drop-missing-target")
	if code != 0 || !strings.Contains(errOut, "dropped 1 row with a missing target") {
		t.Errorf("table: want the notice \"dropped 1 row with a missing target\": exit %d, %s", code, errOut)
	}
}

// A column whose name holds a comma is named in double quotes, as the
// file's header writes it, in -features, -given, -drop and -categorical;
// a name holding a quote needs none.
func TestColumnNamesWithCommas(t *testing.T) {
	var b strings.Builder
	b.WriteString("\"income, net\",noise,\"a\"\"b\",label\n") // the third column is a"b
	for i := range 200 {
		c := i % 2
		fmt.Fprintf(&b, "%d,%d,%d,%d\n", 3*c+i%4, (i*7)%5, i%3, c)
	}
	in := writeFile(t, "commas.csv", b.String())
	mi := func(args ...string) map[string]any {
		t.Helper()
		out, errOut, code := runCLI(t, append([]string{"mi", "-in", in, "-target", "label", "-trees", "20", "-json"}, args...)...)
		var rep map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
			t.Fatalf("%v: exit %d, %s%s", args, code, out, errOut)
		}
		return rep
	}
	named := mi("-features", `"income, net"`)
	if named["mi"].(float64) < 0.3 {
		t.Errorf("-features '\"income, net\"': MI %v, want the column's information (> 0.3)", named["mi"])
	}
	if all := mi("-drop", `noise, a"b`); all["mi"] != named["mi"] {
		t.Errorf("-drop 'noise, a\"b' leaves \"income, net\" alone: MI %v, want %v", all["mi"], named["mi"])
	}
	if cmi := mi("-features", "noise", "-given", `"income, net"`); cmi["h_y_given_z"] == nil || cmi["rest_swapped"] != true {
		t.Errorf("-given '\"income, net\"' (numeric): want H(Y|Z) fitted beside the swapped target (rest_swapped true) in %v", cmi)
	}
	if cmi := mi("-features", "noise", "-given", `"income, net"`, "-preset", "default-2026-11-30d"); cmi["rest_swapped"] != nil {
		t.Errorf("-preset default-2026-11-30d fits the given column alone: want no rest_swapped in %v", cmi)
	}
	mi("-features", `"income, net"`, "-categorical", `"income, net"`) // an unknown categorical column is an error
	_, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-features", "income, net")
	if code == 0 || !strings.Contains(errOut, `has no column "income"`) {
		t.Errorf("-features 'income, net' unquoted names two columns; want an error naming \"income\": exit %d, %s", code, errOut)
	}
	// table names each subset's columns as -features reads them back.
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", `"income, net",noise`, "-trees", "20", "-json")
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 3 || rows[2]["features"] != `"income, net",noise` {
		t.Errorf("table -json: want the full subset named \"income, net\",noise: exit %d, %s%s", code, out, errOut)
	}
	_, errOut, code = runCLI(t, "mi", "-in", in, "-target", "label", "-categorical", "income, net")
	if code == 0 || !strings.Contains(errOut, `no categorical column "income"`) {
		t.Errorf("-categorical 'income, net' unquoted names two columns; want an error naming \"income\": exit %d, %s", code, errOut)
	}
}

// posterior reads -target and -id as mi does (spaces around them trimmed)
// and refuses a target that looks continuous unless -many-classes accepts it.
func TestPosteriorTargetAsMIReadsIt(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 200, 3)
	out, errOut, code := runCLI(t, "posterior", "-train", in, "-test", in, "-target", " label ", "-trees", "10")
	if code != 0 || !strings.HasPrefix(out, "a,b\n") {
		t.Fatalf("-target ' label ': exit %d, %q, %q", code, errOut, out[:min(len(out), 40)])
	}
	_, errOut, code = runCLI(t, "posterior", "-train", in, "-test", in, "-target", "x1", "-trees", "10")
	if code != 1 || !strings.Contains(errOut, `target "x1" looks continuous`) || !strings.Contains(errOut, "-many-classes") {
		t.Fatalf("a continuous target: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "posterior", "-train", in, "-test", in, "-target", "x1", "-trees", "5", "-many-classes"); code != 0 {
		t.Fatalf("a continuous target with -many-classes: exit %d, %q", code, errOut)
	}
}
