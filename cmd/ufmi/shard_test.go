package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// withoutTiming drops the "seconds" field of JSON output.
var secondsField = regexp.MustCompile(`"seconds":[0-9.e+-]+`)

func withoutTiming(s string) string { return secondsField.ReplaceAllString(s, `"seconds":0`) }

// mustRun runs the CLI and fails the test on a non-zero exit.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("ufmi %s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// A 200-permutation test prints byte-identical JSON (but its timing)
// unsharded, through a results folder in one run, and as 4 shards merged
// by "ufmi merge" or by a run without -shard; likewise the subset table.
func TestShardedRunsPrintTheUnshardedResult(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 60, 2)
	for _, job := range [][]string{
		{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "200", "-json"},
		{"table", "-in", in, "-target", "label", "-features", "x1,x2,noise", "-trees", "10", "-repeats", "2", "-json"},
	} {
		want := withoutTiming(mustRun(t, job...))
		one := t.TempDir()
		if got := withoutTiming(mustRun(t, append(job, "-results", one)...)); got != want {
			t.Errorf("%s, one run through -results:\n%s\nunsharded:\n%s", job[0], got, want)
		}
		four := t.TempDir()
		for i := 3; i >= 0; i-- {
			out := mustRun(t, append(job, "-shard", string(rune('0'+i))+"/4", "-results", four)...)
			if i > 0 && !strings.Contains(out, `"complete":false`) {
				t.Errorf("%s shard %d/4 printed %s", job[0], i, out)
			}
		}
		if got := withoutTiming(mustRun(t, "merge", "-results", four, "-json")); got != want {
			t.Errorf("%s, ufmi merge of 4 shards:\n%s\nunsharded:\n%s", job[0], got, want)
		}
		if got := withoutTiming(mustRun(t, append(job, "-results", four)...)); got != want {
			t.Errorf("%s, rerun without -shard:\n%s\nunsharded:\n%s", job[0], got, want)
		}
	}
	// The text output says whose seconds a merged result's are.
	four := t.TempDir()
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "200", "-results", four}
	for i := 1; i < 4; i++ {
		mustRun(t, append(job, "-shard", string(rune('0'+i))+"/4")...)
	}
	if out := mustRun(t, append(job, "-shard", "0/4")...); !regexp.MustCompile(`\(this run, which computed [1-9][0-9]* of the job's [0-9]+ cells and merged them\)`).MatchString(out) {
		t.Errorf("the last shard's seconds line: %s", out)
	}
	if out := mustRun(t, "merge", "-results", four); !regexp.MustCompile(`\(this run, which merged the job's [0-9]+ cells; the shards' computing is not counted\)`).MatchString(out) {
		t.Errorf("merge's seconds line: %s", out)
	}
}

// A sharded command that fails on its flags or its data writes no job.json:
// the corrected command then runs in the same folder (a typo in one task of
// an array used to claim the folder for the typo).
func TestFailedShardLeavesNoJob(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 60, 2)
	for _, c := range []struct{ bad, good []string }{
		{[]string{"mi", "-in", in, "-target", "labl", "-trees", "10", "-perm", "20", "-json"}, []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "20", "-json"}},
		{[]string{"mi", "-in", in, "-target", "label", "-trees", "10", "-trees-per-cell", "20", "-json"}, []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-trees-per-cell", "5", "-json"}},
		{[]string{"table", "-in", in, "-target", "label", "-features", "x1,x2", "-trees", "10", "-perm", "9", "-json"}, []string{"table", "-in", in, "-target", "label", "-features", "x1,x2", "-trees", "10", "-json"}},
		// Refused by the sharded computation itself, not the flags.
		{[]string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "20", "-preset", "label-draws", "-json"}, []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "20", "-json"}},
		{[]string{"mi", "-in", in, "-target", "label", "-features", "x1", "-trees", "10", "-trees-per-cell", "5", "-json"}, []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-trees-per-cell", "5", "-json"}},
		{[]string{"table", "-in", in, "-target", "label", "-features", "x1,x2", "-trees", "10", "-preset", "label-draws", "-json"}, []string{"table", "-in", in, "-target", "label", "-features", "x1,x2", "-trees", "10", "-json"}},
	} {
		dir := t.TempDir()
		if _, errOut, code := runCLI(t, append(c.bad, "-shard", "0/2", "-results", dir)...); code == 0 {
			t.Fatalf("%v: want an error, got exit 0", c.bad)
		} else if _, err := os.Stat(filepath.Join(dir, "job.json")); err == nil {
			t.Errorf("%v failed (%s) but wrote job.json", c.bad, strings.TrimSpace(errOut))
		}
		if _, errOut, code := runCLI(t, append(c.good, "-shard", "0/2", "-results", dir)...); code != 0 {
			t.Errorf("%v after the failed run: exit %d, %s", c.good, code, errOut)
		}
	}
}

// The text a shard prints quotes the merge command's folder, so that it
// can be pasted when the path holds a space; "ufmi slurm -h" lists the
// flags.
func TestShardTextAndSlurmHelp(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 50, 3)
	dir := filepath.Join(t.TempDir(), "sp ace")
	out, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-trees", "5", "-perm", "30", "-shard", "0/2", "-results", dir)
	if code != 0 || !strings.Contains(out, "ufmi merge -results '"+dir+"'") {
		t.Errorf("shard text: exit %d, %s%s; want the folder quoted", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "slurm", "-h"); code != 0 || !strings.Contains(errOut, "usage of ufmi slurm") || !strings.Contains(errOut, "-shards int") {
		t.Errorf("slurm -h: exit %d, %s", code, errOut)
	}
}

// -shards takes the task index from SLURM_ARRAY_TASK_ID; a merge before
// every shard is done fails and names the missing cells.
func TestShardsFromArrayIndex(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 50, 3)
	dir := t.TempDir()
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "5", "-perm", "30", "-shards", "2", "-results", dir, "-json"}
	if _, errOut, code := runCLI(t, job...); code != 1 || !strings.Contains(errOut, "SLURM_ARRAY_TASK_ID") {
		t.Fatalf("no index: exit %d, %s", code, errOut)
	}
	cmd := append([]string{"env", "SLURM_ARRAY_TASK_ID=1", binary}, job...)
	if out, err := runEnv(cmd); err != nil || !strings.Contains(out, `"cells_computed":2`) {
		t.Fatalf("task 1: %v %s", err, out)
	}
	if _, errOut, code := runCLI(t, "merge", "-results", dir); code != 1 || !strings.Contains(errOut, "3 of 5 cells are not done") {
		t.Fatalf("early merge: exit %d, %s", code, errOut)
	}
}

// ufmi slurm writes an array script over the shards with the merge step.
func TestSlurmScript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "job.sh")
	out := mustRun(t, "slurm", "-shards", "4", "-results", filepath.Join(dir, "res"), "-o", script, "-ufmi", "/opt/ufmi", "-no-check",
		"mi", "-in", "my data.csv", "-target", "label", "-perm", "200")
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"#SBATCH --array=0-3\n", "exec /opt/ufmi mi -shards 4 -results " + filepath.Join(dir, "res") + " -in 'my data.csv' -target label -perm 200\n",
		"--dependency=afterok:$jobid", "merge -results"} {
		if !strings.Contains(text, want) {
			t.Errorf("script lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(out, "sbatch --parsable") {
		t.Errorf("no submit command printed: %s", out)
	}
	if _, errOut, code := runCLI(t, "slurm", "mi", "-in", "x.csv", "-shard", "0/2"); code != 1 || !strings.Contains(errOut, "not to mi") {
		t.Errorf("-shard inside the command: exit %d, %s", code, errOut)
	}
}

// runEnv runs a command line and returns its stdout.
func runEnv(args []string) (string, error) {
	out, err := exec.Command(args[0], args[1:]...).Output()
	return string(out), err
}

// secondsLine is the timing line of the text output of ufmi cc18.
var secondsLine = regexp.MustCompile(`(?m)^seconds: [0-9.]+$`)

// The CC18 sweep of three small mirror datasets at the quick size prints
// byte-identical tables (text and JSON) unsharded, and as 1 shard or as
// 4 shards (cells: dataset × fold × forest) once a run without -shard
// merges. A shard cut short (one of its cell files lost, a stray temporary
// file left) reruns only its missing cell.
func TestCC18Shards(t *testing.T) {
	t.Parallel()
	datasets := mirror.Dir(t, "cc18")
	job := []string{"cc18", "-ids", "11,15,37", "-mirror", datasets, "-size", "quick"}
	wantText := secondsLine.ReplaceAllString(mustRun(t, append(job, "-results", "")...), "seconds: 0")
	wantJSON := mustRun(t, append(job, "-results", "", "-json")...)
	for _, n := range []int{1, 4} {
		dir := t.TempDir()
		for i := n - 1; i >= 0; i-- {
			out := mustRun(t, append(job, "-results", dir, "-shard", fmt.Sprintf("%d/%d", i, n), "-json")...)
			want := fmt.Sprintf(`"cells":60,"cells_computed":%d,"cells_done":%d,"complete":%v`, 60/n, 60/n*(n-i), i == 0)
			if !strings.Contains(out, want) {
				t.Fatalf("shard %d/%d printed %s, want %s", i, n, out, want)
			}
		}
		files, _ := filepath.Glob(filepath.Join(dir, "quick", "*.csv"))
		if len(files) != 60 {
			t.Fatalf("%d shards: %d cell files, want 60 (3 datasets × 5 folds × 4 forests)", n, len(files))
		}
		if n == 4 {
			// Shard 2 owns cell 2, RF on fold 2 of dataset 11.
			os.Remove(filepath.Join(dir, "quick", "11-fold2-RF.csv"))
			os.WriteFile(filepath.Join(dir, "quick", ".11-fold2-RF.csv.tmp-1"), []byte("#ufmi-cc18"), 0o644)
			out := mustRun(t, append(job, "-results", dir, "-shard", "2/4", "-json")...)
			if !strings.Contains(out, `"cells_computed":1,"cells_done":60,"complete":true`) {
				t.Fatalf("rerun of shard 2/4: %s", out)
			}
		}
		if got := mustRun(t, append(job, "-results", dir, "-json")...); got != wantJSON {
			t.Errorf("%d shards merged, JSON:\n%s\nunsharded:\n%s", n, got, wantJSON)
		}
		got := secondsLine.ReplaceAllString(mustRun(t, append(job, "-results", dir)...), "seconds: 0")
		if got != wantText {
			t.Errorf("%d shards merged:\n%s\nunsharded:\n%s", n, got, wantText)
		}
	}
}

// One forest grown in cells of trees prints the same JSON (but its timing)
// in one run, as 4 shards merged by "ufmi merge", and on a rerun; the
// estimate is the unsharded one up to rounding. Settings it cannot split
// are refused.
func TestShardTreesPerCell(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 60, 4)
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "23", "-trees-per-cell", "5", "-json"}
	one := t.TempDir()
	want := withoutTiming(mustRun(t, append(job, "-results", one)...))
	four := t.TempDir()
	for i := 3; i >= 0; i-- {
		out := mustRun(t, append(job, "-shard", string(rune('0'+i))+"/4", "-results", four)...)
		if i > 0 && !strings.Contains(out, `"complete":false`) {
			t.Errorf("shard %d/4 printed %s", i, out)
		}
	}
	if got := withoutTiming(mustRun(t, "merge", "-results", four, "-json")); got != want {
		t.Errorf("ufmi merge of 4 shards:\n%s\none shard:\n%s", got, want)
	}
	if got := withoutTiming(mustRun(t, append(job, "-results", four)...)); got != want {
		t.Errorf("rerun without -shard:\n%s\none shard:\n%s", got, want)
	}
	var sharded, plain miReport
	plainOut := mustRun(t, "mi", "-in", in, "-target", "label", "-trees", "23", "-json")
	if err := json.Unmarshal([]byte(want), &sharded); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(plainOut), &plain); err != nil {
		t.Fatal(err)
	}
	if math.Abs(sharded.MI-plain.MI) > 1e-12 || sharded.HY != plain.HY || sharded.N != plain.N {
		t.Errorf("tree cells %+v, unsharded %+v", sharded, plain)
	}
	base := []string{"mi", "-in", in, "-target", "label", "-trees", "10"}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"-trees-per-cell", "5"}, "needs -results"},
		{[]string{"-trees-per-cell", "-2", "-results", t.TempDir()}, "positive number"},
		{[]string{"-trees-per-cell", "11", "-results", t.TempDir()}, "want 1..10"},
		{[]string{"-trees-per-cell", "5", "-method", "ksg", "-results", t.TempDir()}, "method ksg"},
		{[]string{"-trees-per-cell", "5", "-perm", "20", "-results", t.TempDir()}, "-perm is not supported"},
	} {
		if _, errOut, code := runCLI(t, append(base, bad.args...)...); code != 1 || !strings.Contains(errOut, bad.want) {
			t.Errorf("%v: exit %d, %s", bad.args, code, errOut)
		}
	}
	script := mustRun(t, "slurm", "-shards", "3", "-results", filepath.Join(t.TempDir(), "res"), "mi", "-in", in, "-target", "label", "-trees-per-cell", "25")
	if !strings.Contains(script, "mi -shards 3 -results ") || !strings.Contains(script, " -trees-per-cell 25\n") {
		t.Errorf("slurm script:\n%s", script)
	}
}

// "ufmi merge" runs only what a job.json of ufmi records: one of the
// mergeable commands, arguments exactly as a run of it records them. A
// data file the job names is read only when regular, and an error about it
// names the file but shows none of its content.
func TestMergeRefusesForgedJobs(t *testing.T) {
	t.Parallel()
	// A mostly numeric column with a stray word (a column of few values
	// mixing numbers and words would be read as categorical).
	rows := "TOPSECRET-HEADER,y\n1,a\nTOPSECRET-CELL,b\n"
	for i := 3; i <= 30; i++ {
		rows += fmt.Sprintf("%d,%c\n", i, "ab"[i%2])
	}
	secret := writeFile(t, "secret.csv", rows)
	fifo := filepath.Join(t.TempDir(), "fifo.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, job, want string
	}{
		{"a file's header", `{"command":"mi","args":["-in=` + secret + `","-target=label"]}`,
			"the job's data file " + secret + " does not hold the job's table (a merge shows none of the file's content"},
		{"a file's cells", `{"command":"mi","args":["-in=` + secret + `","-target=y"]}`,
			"the job's data file " + secret + " does not hold the job's table"},
		{"a named pipe", `{"command":"table","args":["-features=a","-in=` + fifo + `","-target=label"]}`,
			"the job's data file " + fifo + " is not a regular file"},
		{"another command", `{"command":"rm","args":["-rf"]}`, `names command "rm"; want mi or table`},
		{"cc18", `{"command":"cc18","args":[]}`, `names command "cc18"; want mi or table`},
		{"an unknown flag", `{"command":"mi","args":["-in=/d.csv","-evil=1"]}`, "job.json records arguments ufmi mi rejects (flag provided but not defined: -evil); ufmi did not write it"},
		{"a relative -in", `{"command":"mi","args":["-in=d.csv","-target=y"]}`, `job.json records the arguments ["-in=d.csv" "-target=y"], which ufmi mi records as ["-in=/`},
		{"a default value", `{"command":"mi","args":["-in=/d.csv","-seed=1","-target=y"]}`, `which ufmi mi records as ["-in=/d.csv" "-target=y"]`},
		{"a shard flag", `{"command":"mi","args":["-in=/d.csv","-shards=3","-target=y"]}`, "ufmi did not write it"},
		{"-json", `{"command":"mi","args":["-in=/d.csv","-json=true","-target=y"]}`, "ufmi did not write it"},
		{"a flag twice", `{"command":"mi","args":["-in=/d.csv","-target=y","-target=z"]}`, "ufmi did not write it"},
		{"a word that is no flag", `{"command":"mi","args":["-in=/d.csv","-target=y","extra"]}`, "job.json records arguments that are not flags"},
		{"an unknown field", `{"command":"mi","args":[],"run":"sh"}`, `json: unknown field "run"`},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "job.json"), []byte(c.job), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := runCLI(t, "merge", "-results", dir, "-json")
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "TOPSECRET") {
			t.Errorf("%s: exit %d, %q; want one line holding %q and nothing of the data file", c.name, code, errOut, c.want)
		}
	}
	// job.json itself a named pipe: refused at once.
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "job.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, "merge", "-results", dir); code != 1 || !strings.Contains(errOut, "named pipe (FIFO), not a regular file") {
		t.Errorf("job.json a named pipe: exit %d, %q", code, errOut)
	}
}

// A flag given its default value (-seed 1, -method uf), or another spelling
// of it (-method UF, -preset local-linear), is the same job as without it:
// shards of both merge into the unsharded result.
func TestExplicitDefaultsAreTheSameJob(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 40, 9)
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "20", "-json"}
	want := withoutTiming(mustRun(t, job...))
	dir := t.TempDir()
	mustRun(t, append(job, "-shard", "1/2", "-results", dir, "-seed", "1", "-method", "UF")...)
	mustRun(t, append(job, "-shard", "0/2", "-results", dir, "-preset", "local-linear")...)
	if got := withoutTiming(mustRun(t, "merge", "-results", dir, "-json")); got != want {
		t.Errorf("merged:\n%s\nunsharded:\n%s", got, want)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "job.json"))
	if strings.Contains(string(data), "seed") || strings.Contains(string(data), "method") || strings.Contains(string(data), "preset") {
		t.Errorf("job.json records default values: %s", data)
	}
	if _, errOut, code := runCLI(t, append(job, "-shard", "0/2", "-results", dir, "-seed", "2")...); code != 1 || !strings.Contains(errOut, "records another job") || strings.Contains(errOut, "no computed cell") {
		t.Errorf("another seed: exit %d, %q", code, errOut)
	}
	// A job.json cut short is named as damaged, not as another job.
	if err := os.WriteFile(filepath.Join(dir, "job.json"), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, append(job, "-shard", "0/2", "-results", dir)...); code != 1 || !strings.Contains(errOut, "job.json is damaged (") {
		t.Errorf("a damaged job.json: exit %d, %q", code, errOut)
	}
}

// editCellFile rewrites the result of a cell file with edit (nil: a null
// result), keeping its job, key and seed.
func editCellFile(t *testing.T, path string, edit func(result map[string]any) any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cell map[string]json.RawMessage
	if err := json.Unmarshal(data, &cell); err != nil {
		t.Fatal(err)
	}
	var result map[string]any
	if err := json.Unmarshal(cell["result"], &result); err != nil {
		t.Fatal(err)
	}
	if cell["result"], err = json.Marshal(edit(result)); err != nil {
		t.Fatal(err)
	}
	data, _ = json.Marshal(cell)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A merge of hand-edited cells fails naming the cell file instead of
// printing the edited numbers; a tree block claiming a billion classes is
// refused before any allocation.
func TestMergeRejectsEditedCells(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 40, 11)
	for _, c := range []struct {
		name string
		job  []string
		file string
		edit func(map[string]any) any
		want string
	}{
		{"MI 9.99", []string{"-perm", "20"}, "observed.json", func(r map[string]any) any { r["MI"] = 9.99; return r }, "observed.json holds MI 9.99, but H(Y) - H(Y|X)"},
		{"H(Y|X) -5", []string{"-perm", "20"}, "observed.json", func(r map[string]any) any {
			r["HYGivenX"], r["MI"] = -5.0, r["HY"].(float64)+5
			return r
		}, "observed.json holds H(Y|X) = -5, outside [0, "},
		{"a null result", []string{"-perm", "20"}, "observed.json", func(map[string]any) any { return nil }, "observed.json holds no result"},
		{"a billion classes", []string{"-trees", "12", "-trees-per-cell", "4"}, "trees-0000004-0000008.json",
			func(r map[string]any) any { r["classes"] = 1_000_000_000; return r }, "holds sums of 40 rows and 1000000000 classes"},
	} {
		dir := t.TempDir()
		mustRun(t, append([]string{"mi", "-in", in, "-target", "label", "-trees", "10", "-results", dir, "-json"}, c.job...)...)
		editCellFile(t, filepath.Join(dir, c.file), c.edit)
		out, errOut, code := runCLI(t, "merge", "-results", dir, "-json")
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want one line holding %q", c.name, code, out, errOut, c.want)
		}
	}
}

// A column rewritten from numeric codes to text levels of the same codes
// between two shards is another job, and so are renamed classes: the
// second shard refuses the folder.
func TestShardsOfRewrittenDataAreAnotherJob(t *testing.T) {
	t.Parallel()
	var codes, levels, renamed strings.Builder
	codes.WriteString("c,x,label\n")
	levels.WriteString("c,x,label\n")
	renamed.WriteString("c,x,label\n")
	for i := range 30 {
		label := []string{"p", "q"}[i%3%2]
		fmt.Fprintf(&codes, "%d,%d,%s\n", i%3, i%7, label)
		fmt.Fprintf(&levels, "%s,%d,%s\n", []string{"a", "b", "c"}[i%3], i%7, label)
		fmt.Fprintf(&renamed, "%d,%d,%s\n", i%3, i%7, map[string]string{"p": "P", "q": "Q"}[label])
	}
	for name, rewrite := range map[string]string{"text levels": levels.String(), "renamed classes": renamed.String()} {
		in := writeFile(t, "data.csv", codes.String())
		dir := t.TempDir()
		job := []string{"mi", "-in", in, "-target", "label", "-trees", "5", "-perm", "20", "-results", dir, "-json"}
		mustRun(t, append(job, "-shard", "1/2")...)
		if err := os.WriteFile(in, []byte(rewrite), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, errOut, code := runCLI(t, append(job, "-shard", "0/2")...); code != 1 || !strings.Contains(errOut, "another job") {
			t.Errorf("%s: exit %d, %q; want another job", name, code, errOut)
		}
	}
}

// Flag values that hold what looks like other flags do not make two jobs
// alike: -na 'NA -preset=paper' is not -na NA -preset paper, for the
// cells' fingerprint as for job.json (removed here).
func TestJobDescriptionsDoNotCollide(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 30, 12)
	dir := t.TempDir()
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "7", "-results", dir, "-json"}
	mustRun(t, append(job, "-na", "NA -preset=paper")...)
	os.Remove(filepath.Join(dir, "job.json"))
	if out, errOut, code := runCLI(t, append(job, "-na", "NA", "-preset", "paper")...); code != 1 || !strings.Contains(errOut, "another job") {
		t.Errorf("exit %d, %q %q; want another job", code, out, errOut)
	}
}

// Edges of sharded runs a reviewer's probe found: -shards 0 is an error, not
// every cell; a -in that is not a regular file (read again by every shard
// and the merge) is refused; a trailing "--" is harmless, since the shard
// flags come first in the script; -sbatch keeps commas inside an option's
// value and its options reach the merge's job.
func TestShardEdges(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 60, 2)
	if _, errOut, code := runCLI(t, "mi", "-in", in, "-target", "label", "-shards", "0", "-results", t.TempDir()); code != 1 || !strings.Contains(errOut, "-shards 0: want 1..") {
		t.Errorf("-shards 0: exit %d, %q", code, errOut)
	}
	results := t.TempDir()
	if _, errOut, code := runCLI(t, "mi", "-in", os.DevNull, "-target", "label", "-shard", "0/2", "-results", results); code != 1 || !strings.Contains(errOut, "is not a regular file (a pipe or a device)") {
		t.Errorf("-in %s: exit %d, %q", os.DevNull, code, errOut)
	}
	if _, err := os.Stat(filepath.Join(results, "job.json")); err == nil {
		t.Errorf("-in %s: the refused run wrote job.json", os.DevNull)
	}
	mustRun(t, "mi", "-shard", "0/2", "-results", t.TempDir(), "-in", in, "-target", "label", "-trees", "10", "--")

	dir := t.TempDir()
	script := filepath.Join(dir, "job.sh")
	out := mustRun(t, "slurm", "-shards", "2", "-results", filepath.Join(dir, "res"), "-o", script,
		"-sbatch", "--time=1:00:00,--mail-type=BEGIN,END, --exclude=node1,node2,-A proj1,--output=x.out", "mi", "-in", in, "-target", "label", "--")
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#SBATCH --time=1:00:00\n", "#SBATCH --mail-type=BEGIN,END\n", "#SBATCH --exclude=node1,node2\n", "#SBATCH -A proj1\n", "-target label --\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("script lacks %q:\n%s", want, data)
		}
	}
	for _, want := range []string{"--time=1:00:00 --mail-type=BEGIN,END --exclude=node1,node2 -A proj1 --wrap"} {
		if !strings.Contains(out, want) {
			t.Errorf("the merge's submit line lacks %q (--output is the merge's own):\n%s", want, out)
		}
	}
}

// A folder holding only another job's job.json (a job refused before its
// first cell) is still refused, with the advice that its job.json may go.
func TestJobFileAloneMayBeDeleted(t *testing.T) {
	dir := t.TempDir()
	if err := recordJob(dir, job{Command: "mi", Args: []string{"-trees", "10"}}); err != nil {
		t.Fatal(err)
	}
	err := recordJob(dir, job{Command: "mi", Args: []string{"-trees", "20"}})
	if err == nil || !strings.Contains(err.Error(), "records another job") || !strings.Contains(err.Error(), "holds no computed cell") {
		t.Fatalf("another job in a folder of job.json alone: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cell.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = recordJob(dir, job{Command: "mi", Args: []string{"-trees", "20"}})
	if err == nil || strings.Contains(err.Error(), "no computed cell") {
		t.Fatalf("another job in a folder with a cell: %v", err)
	}
}

// -merge on a folder of another job names the job.json, not missing cells
// or cells of another data file.
func TestMergeOfAnotherJobNamesIt(t *testing.T) {
	t.Parallel()
	in := separatedCSV(t, 40, 9)
	dir := t.TempDir()
	job := []string{"mi", "-in", in, "-target", "label", "-trees", "10", "-perm", "20", "-results", dir}
	mustRun(t, job...)
	for _, other := range [][]string{
		{"mi", "-in", in, "-target", "label", "-trees", "12", "-perm", "20", "-results", dir, "-merge"},
		{"table", "-in", in, "-target", "label", "-trees", "10", "-results", dir, "-merge"},
	} {
		_, errOut, code := runCLI(t, other...)
		if code != 1 || !strings.Contains(errOut, "records another job") || !strings.Contains(errOut, "-merge reads the cells of the job it records: ufmi merge -results") {
			t.Errorf("%q: exit %d, %q", other, code, errOut)
		}
	}
	if _, errOut, code := runCLI(t, append(job, "-merge")...); code != 0 {
		t.Errorf("-merge of the folder's own job: exit %d, %q", code, errOut)
	}
}
