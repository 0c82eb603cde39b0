package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/shard"
)

// runSlurm writes the sbatch script of a Slurm job array whose task I runs
// shard I of "ufmi SUBCOMMAND ARGS", with the merge step as a dependent job.
//
// Every word the script and the printed submit lines hold goes through
// shellQuote, so no argument can end a comment or add a command; values
// that sbatch reads from #SBATCH lines (the job name, the results folder,
// the -sbatch options) may hold no control character, since a newline
// would end the directive. The name and the folder are quoted for sbatch
// (sbatchQuote); the -sbatch options are written as given, in sbatch's
// syntax.
func runSlurm(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("slurm", flag.ContinueOnError)
	shards := fs.Int("shards", 4, fmt.Sprintf("array tasks, one shard each, 1..%d", shard.MaxShards))
	results := fs.String("results", "ufmi-results", "shared results folder of the cells (made absolute; created)")
	out := fs.String("o", "", "write the script to this file instead of stdout")
	binary := fs.String("ufmi", "", "path of the ufmi binary on the cluster (default: this binary; under go run, \"ufmi\" on the nodes' PATH)")
	name := fs.String("name", "", "job name (default: ufmi-SUBCOMMAND)")
	extra := fs.String("sbatch", "", "further #SBATCH options, comma-separated, e.g. --time=1:00:00,--cpus-per-task=2 (a comma not followed by - stays in its option's value: --mail-type=BEGIN,END); they apply to the merge's job too")
	noCheck := fs.Bool("no-check", false, "write the script without running the command's checks here first (for data only the cluster can read)")
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err == flag.ErrHelp {
		fmt.Fprintln(stderr, "usage of ufmi slurm: ufmi slurm [flags] mi|table|cc18 ARGS...")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return errHelp
	} else if err != nil {
		fmt.Fprintf(stderr, "ufmi slurm: %v (ufmi slurm -h lists the flags)\n", err)
		return errUsage
	}
	rest := fs.Args()
	if len(rest) == 0 || !slices.Contains([]string{"mi", "table", "cc18"}, rest[0]) {
		fmt.Fprintln(stderr, "usage: ufmi slurm [flags] mi|table|cc18 ARGS... (the command whose shards the array runs; ufmi slurm -h lists the flags)")
		return errUsage
	}
	for _, a := range rest[1:] {
		flagName, _, _, isFlag := splitFlag(a)
		switch {
		case !isFlag:
		case slices.Contains([]string{"shard", "shards", "results", "merge"}, flagName):
			return fmt.Errorf("give -shards and -results to ufmi slurm, not to %s (found %s)", rest[0], a)
		case fs.Lookup(flagName) != nil:
			return fmt.Errorf("%s is a flag of ufmi slurm: give it before %s (found it after)", a, rest[0])
		}
	}
	if err := checkRange("shards", *shards, 1, shard.MaxShards, ""); err != nil {
		return err
	}
	for _, w := range append(slices.Clone(rest), *results, *out, *binary, *name, *extra) {
		if strings.ContainsRune(w, 0) {
			return fmt.Errorf("argument %s holds a NUL byte, which no command line can pass", shellQuote(strings.ReplaceAll(w, "\x00", `\0`)))
		}
	}
	if err := checkScriptPath(*out); err != nil {
		return err
	}
	jobName := *name
	if jobName == "" {
		jobName = "ufmi-" + rest[0]
	}
	sbatchExtra := splitSbatchOptions(*extra)
	// sbatch reads these from #SBATCH lines: one line each.
	directives := [][2]string{{"name", jobName}, {"results", *results}}
	for _, opt := range sbatchExtra {
		directives = append(directives, [2]string{"sbatch", opt})
	}
	for _, d := range directives {
		if err := checkDirective(d[0], d[1]); err != nil {
			return err
		}
	}
	bin := *binary
	if bin == "" {
		bin = defaultBinary()
		if bin == "ufmi" {
			fmt.Fprintln(stderr, "ufmi slurm: note: this is a temporary build (go run): the script runs \"ufmi\", which every node must find on its PATH; build one (go build -o /shared/bin/ufmi ./cmd/ufmi) and give -ufmi /shared/bin/ufmi, or go install ./cmd/ufmi")
		}
	}
	if strings.HasPrefix(bin, "-") {
		return fmt.Errorf("-ufmi %s starts with '-'; give the binary's path (./%s for a relative one)", shellQuote(bin), bin)
	}
	dir, err := filepath.Abs(*results)
	if err != nil {
		return err
	}
	if err := checkDirective("results", dir); err != nil { // the working folder joins a relative one
		return err
	}
	if !*noCheck {
		if err := checkTaskCommand(rest, *shards, dir); err != nil {
			return err
		}
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the results folder: %v", err)
	}
	job := slurmJob{name: jobName, shards: *shards, results: dir, binary: bin, cwd: cwd,
		command: rest, sbatch: sbatchExtra, scriptPath: *out}
	script := slurmScript(job)
	if *out == "" {
		_, err := io.WriteString(stdout, script)
		return err
	}
	// A temporary file renamed over -o: never written through a symbolic
	// link or into a file another process has open.
	if err := atomicfile.WriteFileMode(*out, []byte(script), 0o755); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s; submit with:\n%s", shellQuote(*out), job.submitLines())
	return nil
}

// splitSbatchOptions splits -sbatch's list at each comma that starts
// another option (one followed by '-'), so that a value holding commas
// stays whole: --mail-type=BEGIN,END and --exclude=node1,node2 are one
// option each. Empty entries are dropped.
func splitSbatchOptions(list string) []string {
	var opts []string
	add := func(opt string) {
		if opt = strings.TrimSpace(opt); opt != "" {
			opts = append(opts, opt)
		}
	}
	start := 0
	for i := 0; i < len(list); i++ {
		if list[i] == ',' && strings.HasPrefix(strings.TrimLeft(list[i+1:], " \t"), "-") {
			add(list[start:i])
			start = i + 1
		}
	}
	add(list[start:])
	return opts
}

// checkScriptPath checks that -o names a file in an existing folder (a
// mistyped folder is an error, not a new folder), and not a folder itself.
func checkScriptPath(path string) error {
	if path == "" {
		return nil
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return fmt.Errorf("-o %s is a folder; give the script's file name", shellQuote(path))
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("-o %s: its folder %s does not exist (create it first)", shellQuote(path), shellQuote(dir))
	}
	if !info.IsDir() {
		return fmt.Errorf("-o %s: %s is not a folder", shellQuote(path), shellQuote(dir))
	}
	return nil
}

// checkTaskCommand runs the array's command (mi, table or cc18, then its
// arguments) as its first task would, with -shard 0/N -results dir, up to
// the point where it would compute: flags, their combinations, the data
// (its columns and classes) and the results folder's job pass the same
// checks as on the cluster, and a command every task would refuse fails
// here, before the script is written. Nothing is computed or written. Not
// checked: -workers against this machine's cores (the nodes' may differ),
// and what only computing finds (a kNN method on text columns, rows too few
// for a forest, an rf-oob forest of too few trees, a CC18 dataset the
// mirror lacks).
func checkTaskCommand(command []string, shards int, dir string) error {
	userArgs, err := withoutWorkers(command[1:])
	if err != nil {
		return err
	}
	// The shard flags first, so that an error about stray arguments
	// lists the user's only.
	args := append([]string{"-shard", fmt.Sprintf("0/%d", shards), "-results", dir}, userArgs...)
	var messages strings.Builder
	switch command[0] {
	case "mi":
		err = miCommand(args, io.Discard, &messages, invocation{checkOnly: true})
	case "table":
		err = tableCommand(args, io.Discard, &messages, invocation{checkOnly: true})
	default:
		err = cc18Command(args, io.Discard, &messages, true)
	}
	message := strings.TrimSpace(firstLine(messages.String()))
	switch {
	case errors.Is(err, errArgsChecked):
		return nil
	case errors.Is(err, errHelp):
		return fmt.Errorf("the arguments of %s ask for its help, not for a job: run ufmi %s -h to read it", command[0], command[0])
	case errors.Is(err, errUsage):
		return fmt.Errorf("every task would stop at its arguments: %s", message)
	case err != nil:
		return fmt.Errorf("every task would fail: ufmi %s: %s (checked here, with -shard 0/%d; if the cluster's nodes read other files than this machine, ufmi slurm -no-check skips the check)", command[0], trimPrefix(err), shards)
	}
	return fmt.Errorf("ufmi %s did not stop at its checks", command[0]) // cannot happen: each returns errArgsChecked first
}

// withoutWorkers returns args without -workers and its value, which a task
// checks against its node's cores, not this machine's; the value must
// still be a count of 0 or more.
func withoutWorkers(args []string) ([]string, error) {
	var kept []string
	for i := 0; i < len(args); i++ {
		name, value, inline, isFlag := splitFlag(args[i])
		if !isFlag || name != "workers" {
			kept = append(kept, args[i])
			continue
		}
		if !inline {
			if i+1 == len(args) {
				return nil, fmt.Errorf("every task would stop at its arguments: flag needs an argument: -workers")
			}
			i++
			value = args[i]
		}
		if w, err := strconv.Atoi(value); err != nil || w < 0 {
			return nil, fmt.Errorf("every task would stop at its arguments: -workers %q: want a count of 0 or more", value)
		}
	}
	return kept, nil
}

// splitFlag reads a command-line word as the flag package would: isFlag
// when it starts with '-', the name after one or two dashes, and the value
// after '=' (inline) if any.
func splitFlag(word string) (name, value string, inline, isFlag bool) {
	name, value, inline = strings.Cut(strings.TrimLeft(word, "-"), "=")
	return name, value, inline, strings.HasPrefix(word, "-")
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// checkDirective rejects a value for an #SBATCH line (flag -name) that
// holds a control character: sbatch reads the line itself, and a newline
// would end it, the rest becoming a line of the script.
func checkDirective(name, value string) error {
	for _, r := range value {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("-%s %s holds a control character (%q); it goes into an #SBATCH line, which sbatch reads up to the end of the line: remove it",
				name, shellQuote(value), r)
		}
	}
	return nil
}

// slurmJob is what a generated script runs.
type slurmJob struct {
	name, results, binary, cwd, scriptPath string
	shards                                 int
	command, sbatch                        []string
}

// slurmScript returns the sbatch script: task I of the array runs shard I
// (SLURM_ARRAY_TASK_ID) of the command. Comment lines hold quoted words
// only, which never span lines; #SBATCH lines hold values checked by
// checkDirective, the job name and output path quoted for sbatch's own
// reading by sbatchQuote.
func slurmScript(j slurmJob) string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "# ufmi job array: %d shards of: %s\n", j.shards, shellWords(append([]string{"ufmi"}, j.command...)))
	fmt.Fprintf(&b, "# Cells go to %s.\n", shellQuote(j.results))
	b.WriteString("# Submit the array, then the merge as a job that starts when every task has succeeded:\n")
	for _, line := range strings.Split(strings.TrimSuffix(j.submitLines(), "\n"), "\n") {
		b.WriteString("#" + line + "\n")
	}
	fmt.Fprintf(&b, "# A failed or killed task loses only its unfinished cell: resubmit the array, or run\n#   %s\n# with -shard I/%d -results DIR for one task. The same script runs on Kubernetes as an Indexed Job\n# (completions %d; JOB_COMPLETION_INDEX is read when SLURM_ARRAY_TASK_ID is unset).\n",
		shellWords(append([]string{j.binary}, j.command...)), j.shards, j.shards)
	fmt.Fprintf(&b, "#SBATCH %s\n", sbatchQuote("--job-name="+j.name))
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", j.shards-1)
	fmt.Fprintf(&b, "#SBATCH %s\n", sbatchQuote("--output="+slurmPattern(j.results)+"/slurm-%A_%a.out"))
	for _, opt := range j.sbatch {
		// As given, in sbatch's syntax (e.g. -t 1:00:00): one line, as checkDirective made sure.
		fmt.Fprintf(&b, "#SBATCH %s\n", opt)
	}
	b.WriteString("set -eu\n")
	fmt.Fprintf(&b, "cd %s\n", shellQuote(j.cwd))
	// The shard flags before the user's arguments, as checkTaskCommand
	// checks them: after a "--" among those they would be stray arguments.
	args := []string{j.binary, j.command[0], "-shards", fmt.Sprint(j.shards), "-results", j.results}
	args = append(args, j.command[1:]...)
	fmt.Fprintf(&b, "exec %s\n", shellWords(args))
	return b.String()
}

// submitLines are the shell commands that submit the array and its merge,
// one line each. The merge's stderr (progress, notices) goes to merged.err,
// so that merged.json holds the JSON alone.
func (j slurmJob) submitLines() string {
	script := j.scriptPath
	if script == "" {
		script = "job.sh"
	}
	if strings.HasPrefix(script, "-") {
		script = "./" + script // not an option of sbatch
	}
	merge := []string{"sbatch", "--dependency=afterok:$jobid",
		"--job-name=" + j.name + "-merge",
		"--output=" + slurmPattern(filepath.Join(j.results, "merged.json")),
		"--error=" + slurmPattern(filepath.Join(j.results, "merged.err"))}
	for _, opt := range j.sbatch {
		merge = append(merge, mergeOption(opt)...)
	}
	merge = append(merge, "--wrap", j.mergeCommand())
	quoted := make([]string, len(merge))
	for i, w := range merge {
		quoted[i] = shellQuote(w)
	}
	quoted[1] = merge[1] // $jobid is the variable the first line sets
	return fmt.Sprintf("  jobid=$(sbatch --parsable %s)\n  %s\n", shellQuote(script), strings.Join(quoted, " "))
}

// mergeOption is an -sbatch option as words of the merge's sbatch command
// line (an option and its value apart: -t 1:00:00 is two words, as sbatch
// reads them), so that an account, partition or time limit the cluster
// requires reaches the merge's job too; none for the options the merge sets
// itself or that are the array's alone (array, output, error, job name,
// dependency, wrap).
func mergeOption(opt string) []string {
	name, value, spaced := strings.Cut(opt, " ")
	if !spaced {
		name, _, _ = strings.Cut(opt, "=")
	}
	own := []string{"--array", "-a", "--output", "-o", "--error", "-e", "--job-name", "-J", "--dependency", "-d", "--wrap", "--parsable"}
	if slices.Contains(own, name) || (len(name) > 2 && name[0] == '-' && name[1] != '-' && slices.Contains(own, name[:2])) {
		return nil
	}
	if spaced {
		return []string{name, strings.TrimSpace(value)}
	}
	return []string{opt}
}

// mergeCommand is the command line, for /bin/sh (sbatch --wrap), that
// prints the merged result of the array's command as JSON: "ufmi merge"
// for mi and table, the sweep itself without -shards for cc18.
func (j slurmJob) mergeCommand() string {
	words := []string{j.binary, "merge", "-results", j.results, "-json"}
	if j.command[0] == "cc18" {
		words = append(append([]string{j.binary}, j.command...), "-results", j.results, "-json")
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = quoteWord(w, false)
	}
	return strings.Join(quoted, " ")
}

// slurmPattern escapes '%' in a path for Slurm's file name patterns
// (--output, --error), where "%%" is a '%'.
func slurmPattern(path string) string { return strings.ReplaceAll(path, "%", "%%") }

// defaultBinary is this binary's path, or "ufmi" when it is a temporary
// build of "go run".
func defaultBinary() string {
	exe, err := os.Executable()
	if err != nil || strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "ufmi"
	}
	return exe
}

// shellSafe are the bytes a word may hold and still be written bare.
const shellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+%@"

// shellQuote quotes one word for bash on one line: see quoteWord.
func shellQuote(w string) string { return quoteWord(w, true) }

// shellWords quotes each word with shellQuote and joins them by spaces.
func shellWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellQuote(w)
	}
	return strings.Join(out, " ")
}

// quoteWord is the one quoting function of the scripts ufmi slurm writes:
// it returns w as a shell word that reads back as w and nothing else. A
// word of shellSafe bytes is written bare; any other in single quotes (a '
// inside ends the quotes, adds an escaped ' and reopens them), which POSIX
// sh reads literally, newlines included. With oneLine, a word holding a
// control character (a newline, a carriage return, a tab...) is written
// instead in bash's ANSI-C quotes, $'...', with every control character,
// backslash and ' escaped, so that it never spans lines: comment lines stay
// comments and each command one line. /bin/sh may not read $'...': the
// --wrap command sbatch runs with sh is quoted without oneLine.
func quoteWord(w string, oneLine bool) string {
	if w != "" && strings.Trim(w, shellSafe) == "" {
		return w
	}
	if !oneLine || !strings.ContainsFunc(w, isControl) {
		return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c) // bytes of UTF-8 (valid or not) stand for themselves
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// isControl reports an ASCII control character.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// sbatchQuote quotes one option for an #SBATCH line, which sbatch splits
// into words itself: bare when it holds shellSafe bytes only, else in
// double quotes with each \ and " escaped by a backslash (sbatch ends the
// line's options at an unquoted '#'). The value must hold no control
// character (checkDirective).
func sbatchQuote(opt string) string {
	if opt != "" && strings.Trim(opt, shellSafe) == "" {
		return opt
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(opt) + `"`
}
