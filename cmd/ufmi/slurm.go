package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/shard"
)

// runSlurm writes the sbatch script of a Slurm job array whose task I runs
// shard I of "ufmi SUBCOMMAND ARGS", with the merge step as a dependent job.
func runSlurm(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("slurm", flag.ContinueOnError)
	shards := fs.Int("shards", 4, fmt.Sprintf("array tasks, one shard each, 1..%d", shard.MaxShards))
	results := fs.String("results", "ufmi-results", "shared results folder of the cells (made absolute; created)")
	out := fs.String("o", "", "write the script to this file instead of stdout")
	binary := fs.String("ufmi", "", "path of the ufmi binary on the cluster (default: this binary)")
	name := fs.String("name", "", "job name (default: ufmi-SUBCOMMAND)")
	extra := fs.String("sbatch", "", "further #SBATCH options, comma-separated, e.g. --time=1:00:00,--cpus-per-task=2")
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "ufmi slurm: %v (ufmi slurm -h lists the flags)\n", err)
		return errUsage
	}
	rest := fs.Args()
	if len(rest) == 0 || !slices.Contains([]string{"mi", "table", "cc18"}, rest[0]) {
		return fmt.Errorf("usage: ufmi slurm [flags] mi|table|cc18 ARGS... (the command whose shards the array runs)")
	}
	for _, a := range rest[1:] {
		flagName := strings.SplitN(strings.TrimLeft(a, "-"), "=", 2)[0]
		if strings.HasPrefix(a, "-") && slices.Contains([]string{"shard", "shards", "results", "merge"}, flagName) {
			return fmt.Errorf("give -shards and -results to ufmi slurm, not to %s (found %s)", rest[0], a)
		}
	}
	if err := checkRange("shards", *shards, 1, shard.MaxShards, ""); err != nil {
		return err
	}
	dir, err := filepath.Abs(*results)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the results folder: %v", err)
	}
	bin := *binary
	if bin == "" {
		bin = defaultBinary()
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	jobName := *name
	if jobName == "" {
		jobName = "ufmi-" + rest[0]
	}
	var sbatchExtra []string
	if *extra != "" {
		sbatchExtra = strings.Split(*extra, ",")
	}
	script := slurmScript(slurmJob{name: jobName, shards: *shards, results: dir, binary: bin, cwd: cwd,
		command: rest, sbatch: sbatchExtra, scriptPath: *out})
	if *out == "" {
		_, err := io.WriteString(stdout, script)
		return err
	}
	if err := os.WriteFile(*out, []byte(script), 0o755); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s; submit with:\n%s", *out, submitLines(*out, jobName, dir, mergeCommand(bin, rest, dir)))
	return nil
}

// slurmJob is what a generated script runs.
type slurmJob struct {
	name, results, binary, cwd, scriptPath string
	shards                                 int
	command, sbatch                        []string
}

// slurmScript returns the sbatch script: task I of the array runs shard I
// (SLURM_ARRAY_TASK_ID) of the command.
func slurmScript(j slurmJob) string {
	var b strings.Builder
	path := j.scriptPath
	if path == "" {
		path = "job.sh"
	}
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "# ufmi job array: %d shards of \"ufmi %s\"; cells go to %s.\n", j.shards, strings.Join(j.command, " "), j.results)
	b.WriteString("# Submit the array, then the merge as a job that starts when every task has succeeded:\n")
	for _, line := range strings.Split(strings.TrimRight(submitLines(path, j.name, j.results, mergeCommand(j.binary, j.command, j.results)), "\n"), "\n") {
		b.WriteString("#" + line + "\n")
	}
	fmt.Fprintf(&b, "# A failed or killed task loses only its unfinished cell: resubmit the array, or run\n#   %s\n# with -shard I/%d -results DIR for one task. The same script runs on Kubernetes as an Indexed Job\n# (completions %d; JOB_COMPLETION_INDEX is read when SLURM_ARRAY_TASK_ID is unset).\n",
		shellQuote(append([]string{j.binary}, j.command...)), j.shards, j.shards)
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n#SBATCH --array=0-%d\n#SBATCH --output=%s\n", j.name, j.shards-1,
		filepath.Join(j.results, "slurm-%A_%a.out"))
	for _, opt := range j.sbatch {
		fmt.Fprintf(&b, "#SBATCH %s\n", strings.TrimSpace(opt))
	}
	b.WriteString("set -eu\n")
	fmt.Fprintf(&b, "cd %s\n", shellQuote([]string{j.cwd}))
	args := append([]string{j.binary}, j.command...)
	args = append(args, "-shards", fmt.Sprint(j.shards), "-results", j.results)
	fmt.Fprintf(&b, "exec %s\n", shellQuote(args))
	return b.String()
}

// submitLines are the shell commands that submit the array and its merge.
// The merge's stderr (progress, notices) goes to merged.err, so that
// merged.json holds the JSON alone.
func submitLines(script, name, results, merge string) string {
	return fmt.Sprintf("  jobid=$(sbatch --parsable %s)\n  sbatch --dependency=afterok:$jobid --job-name=%s-merge --output=%s --error=%s --wrap %s\n",
		shellQuote([]string{script}), name, shellQuote([]string{filepath.Join(results, "merged.json")}),
		shellQuote([]string{filepath.Join(results, "merged.err")}), shellQuote([]string{merge}))
}

// mergeCommand prints the merged result of the array's command as JSON:
// "ufmi merge" for mi and table, the sweep itself without -shards for cc18.
func mergeCommand(binary string, command []string, results string) string {
	if command[0] == "cc18" {
		return shellQuote(append(append([]string{binary}, command...), "-results", results, "-json"))
	}
	return shellQuote([]string{binary, "merge", "-results", results, "-json"})
}

// defaultBinary is this binary's path, or "ufmi" when it is a temporary
// build of "go run".
func defaultBinary() string {
	exe, err := os.Executable()
	if err != nil || strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "ufmi"
	}
	return exe
}

// shellQuote quotes each word for a POSIX shell where needed.
func shellQuote(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+%@") == "" {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
