// Command ufmi estimates conditional entropy and mutual information between
// the columns of a CSV file and a label column, with honest forests
// (Uncertainty Forests), calibrated forests or kNN estimators. Text columns
// are categorical, cells listed by -na are missing, and -categorical
// declares numeric columns categorical (package ufmi/table).
//
//	ufmi mi        -in FILE -target COL [-features a,b | -drop id] [-given c,d] [-method uf] [-perm N [-test refit|fast]] [-ci 0.95] [-json]
//	ufmi posterior -train FILE -test FILE -target COL [-id COL] [-method uf|rf|sigrf|irf] [-json]
//	ufmi table     -in FILE -target COL [-features a,b,c,d | -drop id] [-preset P] [-repeats R] [-perm N [-test refit|fast|both]] [-ci 0.95] [-json]
//	ufmi fetch-drosophila [-dir DIR] [-mirror DIR]
//	ufmi cc18      [-ids available|all|3,11,...] [-size quick|paper] [-results DIR] [-json]
//	ufmi merge     -results DIR [-json]
//	ufmi slurm     [-shards N] [-results DIR] [-o FILE] mi|table|cc18 ARGS...
//	ufmi version   (or ufmi -version)
//
// mi, table and cc18 run as shards of a job with -results DIR and -shard I/N or
// -shards N (the index from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX);
// mi -trees-per-cell T also splits one uf forest into cells of T trees;
// merge prints an mi or table job's result from DIR (cc18 merges by a run
// without -shard), and slurm writes the sbatch script of a job array over
// the shards.
//
// Run "ufmi COMMAND -h" for every flag.
package main

import (
	"fmt"
	"io"
	"os"
)

// commands maps each subcommand to its entry point.
var commands = map[string]func(args []string, stdout, stderr io.Writer) error{
	"mi":        runMI,
	"posterior": runPosterior,
	"table":     runTable,
	// fetch-drosophila downloads the connectome tables behind the paper's MI table.
	"fetch-drosophila": runFetchDrosophila,
	// cc18 runs the calibration study on OpenML-CC18 datasets.
	"cc18": runCC18,
	// merge prints the result of a sharded mi or table job from its cells.
	"merge": runMerge,
	// slurm writes an sbatch job-array script over the shards of mi or table.
	"slurm": runSlurm,
	// version prints the version ufmi was built from (also -version).
	"version": runVersion,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and turns its error into one line on
// stderr and exit status 1 (2 for usage errors, 0 after -h).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stderr, "usage: ufmi mi|posterior|table|fetch-drosophila|cc18|merge|slurm|version [flags]   (ufmi COMMAND -h for flags)")
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "-version" || args[0] == "--version" {
		args[0] = "version"
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "ufmi: unknown command %q (want mi, posterior, table, fetch-drosophila, cc18, merge, slurm or version)\n", args[0])
		return 2
	}
	if err := cmd(args[1:], stdout, stderr); err != nil {
		switch err {
		case errHelp:
			return 0
		case errUsage:
			return 2
		}
		fmt.Fprintf(stderr, "ufmi %s: %v\n", args[0], trimPrefix(err))
		return 1
	}
	return 0
}
