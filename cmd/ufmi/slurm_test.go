package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// slurmFakes is a folder of stand-ins for the programs a generated Slurm
// script and its submit lines run: "ufmi", which records its arguments
// (each ended by a NUL byte) in the file $FAKE_ARGV, and "sbatch", which
// records each call's arguments in a new file of the folder $FAKE_SBATCH
// and prints the job id 42.
type slurmFakes struct {
	bin, ufmi, argv, sbatchDir string
}

// newSlurmFakes writes the fakes, or skips the test without bash.
func newSlurmFakes(t testing.TB) slurmFakes {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to run the generated script")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the merge command")
	}
	dir := t.TempDir()
	f := slurmFakes{bin: filepath.Join(dir, "bin"), argv: filepath.Join(dir, "argv"), sbatchDir: filepath.Join(dir, "sbatch")}
	f.ufmi = filepath.Join(f.bin, "ufmi")
	for _, d := range []string{f.bin, f.sbatchDir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	scripts := map[string]string{
		"ufmi":   "#!/bin/bash\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done >\"$FAKE_ARGV\"\n",
		"sbatch": "#!/bin/bash\nn=$(ls \"$FAKE_SBATCH\" | wc -l)\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done >\"$FAKE_SBATCH/$n\"\necho 42\n",
	}
	for name, text := range scripts {
		if err := os.WriteFile(filepath.Join(f.bin, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// run runs a command in dir with the fakes first on PATH and extra
// environment variables, and returns its combined output.
func (f slurmFakes) run(t testing.TB, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+f.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"FAKE_ARGV="+f.argv, "FAKE_SBATCH="+f.sbatchDir)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// recorded returns the arguments a fake recorded in file, and removes it.
func recorded(t testing.TB, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the fake recorded nothing: %v", err)
	}
	os.Remove(file)
	if len(data) == 0 {
		return []string{}
	}
	return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
}

// sbatchCalls returns the arguments of each call of the fake sbatch, in
// order, and forgets them.
func (f slurmFakes) sbatchCalls(t testing.TB) [][]string {
	t.Helper()
	var calls [][]string
	for i := 0; ; i++ {
		file := filepath.Join(f.sbatchDir, fmt.Sprint(i))
		if _, err := os.Stat(file); err != nil {
			return calls
		}
		calls = append(calls, recorded(t, file))
	}
}

// sbatchWords splits the options of an #SBATCH line as sbatch reads them:
// words separated by blanks, each of bare characters, characters in
// single or double quotes, and characters escaped by a backslash; an
// unquoted, unescaped '#' ends the options. It is the test's own reading
// of sbatch's documented behaviour, to check sbatchQuote against.
func sbatchWords(t testing.TB, line string) []string {
	t.Helper()
	var words []string
	var word strings.Builder
	inWord, escaped := false, false
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case escaped:
			word.WriteByte(c)
			escaped = false
		case c == '\\':
			escaped, inWord = true, true
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			word.WriteByte(c)
		case c == '"' || c == '\'':
			quote, inWord = c, true
		case c == '#':
			i = len(line)
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, word.String()), false
				word.Reset()
			}
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		t.Fatalf("#SBATCH line %q: unmatched quote or trailing backslash", line)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

// slurmCase is one ufmi slurm command line and what its script must run.
type slurmCase struct {
	command []string // the array's command: mi|table|cc18 ARGS...
	name    string   // -name, "" for the default
	sbatch  []string // -sbatch options
	results string   // -results, relative to the working folder
}

// checkSlurmScript writes the script of c with the fake ufmi, in a new
// working folder under root, then runs task 0 of it with bash and each
// printed submit line (from stdout and from the script's header) with the
// fake sbatch, and runs the merge command sbatch got with sh. Each must run
// exactly the intended words: the fake ufmi the command with -shards and
// -results, sbatch the script and the merge job, the merge ufmi merge (or
// the sweep for cc18). No other command may run: the working folder holds
// only the script and the results folder afterwards. generate runs ufmi
// with the command line in dir and returns its stdout.
func checkSlurmScript(t testing.TB, f slurmFakes, root string, c slurmCase, generate func(dir string, args []string) (stdout string, err error)) {
	t.Helper()
	dir, err := os.MkdirTemp(root, "cwd")
	if err != nil {
		t.Fatal(err)
	}
	// -no-check: the fake ufmi and data stand in for the cluster's.
	args := []string{"slurm", "-shards", "3", "-results", c.results, "-o", "job.sh", "-ufmi", f.ufmi, "-no-check"}
	if c.name != "" {
		args = append(args, "-name", c.name)
	}
	if c.sbatch != nil {
		args = append(args, "-sbatch", strings.Join(c.sbatch, ","))
	}
	args = append(args, c.command...)
	stdout, err := generate(dir, args)
	if err != nil {
		t.Fatalf("ufmi %q: %v", args, err)
	}
	results := filepath.Join(dir, c.results)
	script, err := os.ReadFile(filepath.Join(dir, "job.sh"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(script), "\n"), "\n")
	// The script's shape: the same lines whatever the arguments hold.
	if want := 16 + len(c.sbatch); len(lines) != want {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), want, script)
	}
	var directives []string
	for i, l := range lines[:len(lines)-3] {
		if !strings.HasPrefix(l, "#") {
			t.Fatalf("line %d is not a comment: %q\n%s", i+1, l, script)
		}
		if rest, ok := strings.CutPrefix(l, "#SBATCH "); ok {
			directives = append(directives, rest)
		}
	}
	if !strings.HasPrefix(lines[len(lines)-2], "cd ") || !strings.HasPrefix(lines[len(lines)-1], "exec ") {
		t.Fatalf("the script does not end with set, cd and exec:\n%s", script)
	}
	name := c.name
	if name == "" {
		name = "ufmi-" + c.command[0]
	}
	// The options ufmi writes are one word each as sbatch reads them; the
	// -sbatch options stand as given, in sbatch's own syntax.
	var ours [][]string
	for _, d := range directives[:3] {
		ours = append(ours, sbatchWords(t, d))
	}
	wantOurs := [][]string{{"--job-name=" + name}, {"--array=0-2"},
		{"--output=" + strings.ReplaceAll(results, "%", "%%") + "/slurm-%A_%a.out"}}
	if !reflect.DeepEqual(ours, wantOurs) {
		t.Errorf("#SBATCH options %q, want %q", ours, wantOurs)
	}
	if !slices.Equal(directives[3:], c.sbatch) {
		t.Errorf("#SBATCH lines of -sbatch %q, want %q", directives[3:], c.sbatch)
	}

	// Task 0 of the array.
	f.run(t, dir, []string{"SLURM_ARRAY_TASK_ID=0"}, "bash", "job.sh")
	want := append([]string{c.command[0], "-shards", "3", "-results", results}, c.command[1:]...)
	if got := recorded(t, f.argv); !reflect.DeepEqual(got, want) {
		t.Errorf("the script ran ufmi %q, want %q", got, want)
	}

	// The submit lines, as printed and as in the script's header.
	printed, ok := strings.CutPrefix(stdout, "wrote job.sh; submit with:\n")
	if !ok {
		t.Fatalf("stdout: %q", stdout)
	}
	var header []string
	for _, l := range lines {
		if strings.HasPrefix(l, "#  ") && strings.Contains(l, "sbatch ") {
			header = append(header, strings.TrimPrefix(l, "#"))
		}
	}
	merge := []string{"merge", "-results", results, "-json"}
	if c.command[0] == "cc18" {
		merge = append(slices.Clone(c.command), "-results", results, "-json")
	}
	for _, submit := range []string{printed, strings.Join(header, "\n") + "\n"} {
		f.run(t, dir, nil, "bash", "-n", "-c", submit)
		f.run(t, dir, nil, "bash", "-c", submit)
		calls := f.sbatchCalls(t)
		if len(calls) != 2 || !reflect.DeepEqual(calls[0], []string{"--parsable", "job.sh"}) {
			t.Fatalf("submit lines %q called sbatch with %q", submit, calls)
		}
		pattern := func(p string) string { return strings.ReplaceAll(p, "%", "%%") }
		wantMerge := []string{"--dependency=afterok:42", "--job-name=" + name + "-merge",
			"--output=" + pattern(filepath.Join(results, "merged.json")), "--error=" + pattern(filepath.Join(results, "merged.err"))}
		for _, opt := range c.sbatch {
			wantMerge = append(wantMerge, mergeOption(opt)...) // the array's options reach the merge too
		}
		wantMerge = append(wantMerge, "--wrap")
		got := calls[1]
		if len(got) != len(wantMerge)+1 || !reflect.DeepEqual(got[:len(wantMerge)], wantMerge) {
			t.Fatalf("the merge's sbatch got %q, want %q and the command", got, wantMerge)
		}
		// sbatch --wrap runs the command with sh.
		f.run(t, dir, nil, "sh", "-c", got[len(wantMerge)])
		if got := recorded(t, f.argv); !reflect.DeepEqual(got, merge) {
			t.Errorf("the merge ran ufmi %q, want %q", got, merge)
		}
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if top := strings.Split(filepath.ToSlash(c.results), "/")[0]; !reflect.DeepEqual(names, sortedStrings("job.sh", top)) {
		t.Errorf("the working folder holds %q after the runs, want job.sh and %s only", names, top)
	}
}

// sortedStrings returns its arguments sorted.
func sortedStrings(s ...string) []string {
	slices.Sort(s)
	return s
}

// generateWithBinary runs the built ufmi in dir.
func generateWithBinary(dir string, args []string) (string, error) {
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("%v: %s", err, errOut.String())
	}
	return out.String(), nil
}

// hostile are arguments that would run commands if a script or a submit
// line held them unquoted: newlines, command substitutions, backticks,
// quotes, ';', '#', globs, variables, control characters.
var hostile = []string{
	"data.csv\ntouch PWNED #",
	"$(touch SUBST)",
	"`touch BACKTICK`",
	"'; touch SQUOTE; '",
	`"; touch DQUOTE; "`,
	"a;touch SEMI",
	"x # touch HASH",
	"\\\ntouch BACKSLASH_NEWLINE",
	"$HOME ~ * ? [a]",
	"tab\there\r\x01\x7f",
	"",
	"--",
	"é ü \u2028 \xff",
	"'",
	"\\",
	"%A %% %j",
}

// A generated Slurm script, and the submit lines it holds and ufmi slurm
// prints, run ufmi with exactly the given arguments and nothing else, whatever
// the arguments hold.
func TestSlurmScriptRunsOnlyUfmiWithTheArguments(t *testing.T) {
	t.Parallel()
	f := newSlurmFakes(t)
	root := t.TempDir()
	var cases []slurmCase
	for _, h := range hostile {
		cases = append(cases, slurmCase{command: []string{"mi", "-in", h, "-target", h, h}, results: "res"})
	}
	cases = append(cases,
		slurmCase{command: []string{"table", "-in", "d.csv", "-target", "y", "-features", strings.Join(hostile, ",")}, results: "res",
			name: "job$(touch NAME);`touch NAME2` 'q' \"dq\" # % \\", sbatch: []string{"--comment=$(touch C) 'x' \"y\" #z \\", "--time=1:00:00", "-c 2"}},
		slurmCase{command: []string{"cc18", "-ids", "11", "-mirror", "m\nirror$(touch M)'\"`;#"}, results: "r e's\"$(touch R)%x;#`"},
		slurmCase{command: []string{"mi", "-in", "-x.csv", "-target", "y"}, results: "-res"},
	)
	for _, c := range cases {
		checkSlurmScript(t, f, root, c, generateWithBinary)
	}
}

// Values that go into #SBATCH lines may hold no control character: sbatch
// reads each line itself, and a newline would start a line of the script.
// A NUL byte, which no command line can pass, is refused as well.
func TestSlurmRefusesDirectivesThatSpanLines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := []string{"mi", "-in", "d.csv", "-target", "y"}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-name", "job\ntouch X"}, `-name $'job\ntouch X' holds a control character ('\n')`},
		{[]string{"-name", "job\rx"}, `-name $'job\rx' holds a control character ('\r')`},
		{[]string{"-results", filepath.Join(dir, "r\nx")}, `holds a control character ('\n'); it goes into an #SBATCH line`},
		{[]string{"-sbatch", "--time=1:00:00,--comment=a\nb"}, `-sbatch $'--comment=a\nb' holds a control character`},
		{[]string{"-ufmi", "-rf"}, `-ufmi -rf starts with '-'`},
	} {
		args := append(append([]string{"slurm", "-o", filepath.Join(dir, "job.sh")}, c.flags...), cmd...)
		if _, errOut, code := runCLI(t, args...); code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want one line with %q", c.flags, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "job.sh")); err == nil {
		t.Error("a refused command line wrote its script")
	}
	var stdout, stderr bytes.Buffer
	if err := runSlurm([]string{"-o", filepath.Join(dir, "job.sh"), "mi", "-in", "a\x00b"}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "NUL byte") {
		t.Errorf("a NUL byte: %v", err)
	}
}

// slurm -o replaces a symbolic link at its path instead of writing through
// it, and leaves an executable script.
func TestSlurmOutputReplacesSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "job.sh")
	if err := os.Symlink(target, script); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "slurm", "-results", filepath.Join(dir, "res"), "-o", script, "-no-check", "mi", "-in", "d.csv", "-target", "y")
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("the link's target was overwritten: %q", b)
	}
	st, err := os.Lstat(script)
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o755 {
		t.Fatalf("job.sh: %v, %v; want a regular file of mode 0755", st.Mode(), err)
	}
	if b, _ := os.ReadFile(script); !bytes.HasPrefix(b, []byte("#!/bin/bash\n")) {
		t.Errorf("job.sh: %q", b)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, ".job.sh.tmp-*"))
	if len(matches) > 0 {
		t.Errorf("temporary files left: %q", matches)
	}
}

// -o in a folder that does not exist, or naming a folder, is an error
// before anything is written: a mistyped folder is not created.
func TestSlurmOutputFolderMustExist(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	results := filepath.Join(dir, "res")
	for _, c := range []struct{ out, want string }{
		{filepath.Join(dir, "missing", "job.sh"), "does not exist"},
		{dir, "is a folder"},
	} {
		if _, errOut, code := runCLI(t, "slurm", "-results", results, "-o", c.out, "-no-check", "mi", "-in", "d.csv", "-target", "y"); code != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("-o %s: exit %d, %q; want %q", c.out, code, errOut, c.want)
		}
	}
	for _, p := range []string{filepath.Join(dir, "missing"), results} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was created", p)
		}
	}
}

// ufmi slurm runs the array's command through its checks first, as task 0
// would run it: a typo in a flag, a missing column, a combination the
// shards refuse or a missing file fails here, naming the reason, and
// writes neither the script nor anything in the results folder; -no-check
// writes the script anyway, and a command that passes is written.
func TestSlurmChecksTheTaskCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := separatedCSV(t, 60, 2)
	script, results := filepath.Join(dir, "job.sh"), filepath.Join(dir, "res")
	for _, c := range []struct {
		command []string
		want    string
	}{
		{[]string{"mi", "-in", in, "-label", "label"}, "every task would stop at its arguments: ufmi mi: flag provided but not defined: -label"},
		{[]string{"mi", "-in", in, "-target", "lable"}, `every task would fail: ufmi mi: ` + in + ` has no column "lable"`},
		{[]string{"mi", "-in", in, "-target", "label", "-ci", "0.95"}, "-ci with -results is not supported"},
		{[]string{"table", "-in", in, "-target", "label", "-perm", "10"}, "-perm with -results is not supported"},
		{[]string{"mi", "-in", filepath.Join(dir, "absent.csv"), "-target", "label"}, "if the cluster's nodes read other files than this machine, ufmi slurm -no-check skips the check"},
		{[]string{"cc18", "-size", "huge"}, `every task would fail: ufmi cc18: -size "huge": want quick or paper`},
		{[]string{"mi", "-in", in, "-target", "label", "-method", "nope"}, `every task would fail: ufmi mi: unknown method "nope"`}, // one "ufmi:" prefix
		{[]string{"mi", "-in", in, "-target", "label", "-h"}, "the arguments of mi ask for its help, not for a job: run ufmi mi -h"},
		{[]string{"mi", in, "-target", "label"}, "unexpected arguments: " + in + " -target label ("}, // the user's arguments only
		{[]string{"mi", "-in", in, "-target", "label", "-no-check"}, "-no-check is a flag of ufmi slurm: give it before mi"},
		{[]string{"mi", "-in", in, "-target", "label", "-workers", "-2"}, `-workers "-2": want a count of 0 or more`},
		// Refused by the sharded computation, which the check runs dry.
		{[]string{"mi", "-in", in, "-target", "label", "-perm", "20", "-preset", "label-draws"}, "every task would fail: ufmi mi: label draws (UFConfig.LabelDraws"},
		{[]string{"mi", "-in", in, "-target", "label", "-features", "x1", "-trees-per-cell", "10"}, "every task would fail: ufmi mi: tree blocks grow one forest; on one feature"},
		{[]string{"table", "-in", in, "-target", "label", "-preset", "label-draws"}, "every task would fail: ufmi table: label draws (UFConfig.LabelDraws"},
	} {
		args := append([]string{"slurm", "-shards", "2", "-results", results, "-o", script}, c.command...)
		if _, errOut, code := runCLI(t, args...); code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want one line with %q", c.command, code, errOut, c.want)
		}
		if _, err := os.Stat(script); err == nil {
			t.Fatalf("%q: a refused command wrote its script", c.command)
		}
		if entries, _ := os.ReadDir(results); len(entries) > 0 {
			t.Fatalf("%q: the check wrote %s into the results folder", c.command, entries[0].Name())
		}
	}
	mustRun(t, "slurm", "-shards", "2", "-results", results, "-o", script, "-no-check", "mi", "-in", filepath.Join(dir, "absent.csv"), "-target", "label")
	if _, err := os.Stat(script); err != nil {
		t.Errorf("-no-check: %v", err)
	}
	os.Remove(script)
	// -workers is the node's business: this machine's cores do not bound it.
	mustRun(t, "slurm", "-shards", "2", "-results", results, "-o", script, "mi", "-in", in, "-target", "label", "-perm", "20", "-workers", "100000")
	if _, err := os.Stat(script); err != nil {
		t.Errorf("a command that passes its checks: %v", err)
	}
	// A results folder that records another job is refused, as every task
	// would refuse it.
	other := filepath.Join(dir, "other")
	mustRun(t, "mi", "-in", in, "-target", "label", "-trees", "20", "-shard", "0/2", "-results", other)
	if _, errOut, code := runCLI(t, "slurm", "-shards", "2", "-results", other, "-o", filepath.Join(dir, "other.sh"), "mi", "-in", in, "-target", "label", "-trees", "30"); code != 1 || !strings.Contains(errOut, "job.json records another job") {
		t.Errorf("another job's folder: exit %d, %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "slurm"); code != 2 || !strings.Contains(errOut, "usage: ufmi slurm [flags] mi|table|cc18") {
		t.Errorf("no command: exit %d, %q; want the usage line and exit 2", code, errOut)
	}
}
