package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
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
	for _, m := range []string{"rf-oob", "rf-split", "sigrf", "irf", "ksg", "mixed-ksg", "ross"} {
		if _, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-method", m, "-trees", "20"); code != 0 {
			t.Errorf("method %s: exit %d: %s", m, code, errOut)
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

// "table -perm N -test both" gives each subset both p-values of I(Y;X_in);
// -test fast only the fast one.
func TestTablePValues(t *testing.T) {
	in := separatedCSV(t, 300, 7)
	out, errOut, code := runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "30", "-perm", "19", "-test", "both", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []struct {
		Features string   `json:"features"`
		PRefit   *float64 `json:"p_value_refit"`
		PFast    *float64 `json:"p_value_fast"`
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
	}
	out, _, code = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "30", "-perm", "9", "-test", "fast", "-json")
	if code != 0 || strings.Contains(out, "p_value_refit") || !strings.Contains(out, "p_value_fast") {
		t.Errorf("-test fast should give only the fast p-value: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "table", "-in", in, "-target", "label", "-features", "x1,noise", "-trees", "20", "-json")
	if strings.Contains(out, "p_value") {
		t.Errorf("without -perm no p-values: %s", out)
	}
}

func TestPosteriorCSV(t *testing.T) {
	train := separatedCSV(t, 400, 3)
	test := writeFile(t, "test.csv", "x1,x2,noise\n3,0,0\n-3,0,0\n")
	for _, m := range []string{"uf", "rf", "sigrf", "irf"} {
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
}

func TestBadInputGivesOneLineError(t *testing.T) {
	good := separatedCSV(t, 50, 5)
	cases := map[string][]string{
		"cannot open":          {"mi", "-in", "/no/such/file.csv", "-target", "label"},
		"is empty":             {"mi", "-in", writeFile(t, "empty.csv", ""), "-target", "label"},
		"no data rows":         {"mi", "-in", writeFile(t, "header.csv", "a,b\n"), "-target", "b"},
		"no column \"nope\"":   {"mi", "-in", good, "-target", "nope"},
		"not a number":         {"mi", "-in", writeFile(t, "text.csv", "a,y\n1,p\nfoo,q\n"), "-target", "y"},
		"single class":         {"mi", "-in", writeFile(t, "one.csv", "a,y\n1,p\n2,p\n3,p\n"), "-target", "y"},
		"unknown method":       {"mi", "-in", good, "-target", "label", "-method", "magic"},
		"unknown preset":       {"mi", "-in", good, "-target", "label", "-preset", "magic"},
		"-target is required":  {"mi", "-in", good},
		"unknown command":      {"frobnicate"},
		"is empty in data row": {"mi", "-in", writeFile(t, "gap.csv", "a,y\n1,p\n2,\n3,q\n"), "-target", "y"},
		"NaN":                  {"mi", "-in", writeFile(t, "nan.csv", "a,y\n1,p\nNaN,q\n3,q\n"), "-target", "y"},
		"-test \"magic\"":      {"mi", "-in", good, "-target", "label", "-perm", "9", "-test", "magic"},
		"-test \"twice\"":      {"table", "-in", good, "-target", "label", "-features", "x1", "-test", "twice"},
	}
	for want, args := range cases {
		_, errOut, code := runCLI(t, args...)
		if code == 0 {
			t.Errorf("%v: exit 0, want an error", args)
			continue
		}
		if !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || strings.Contains(errOut, "panic") {
			t.Errorf("%v: want one line containing %q, got %q", args, want, errOut)
		}
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
	out, errOut, code := runCLI(t, "cc18", "-ids", "11,15,37", "-mirror", datasets, "-results", t.TempDir(), "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
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
