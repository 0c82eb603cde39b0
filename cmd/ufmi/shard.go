package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/safefile"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi/sharded"
)

// shardFlags are the flags of a subcommand that can run as shards: -shard,
// -shards, -results and -merge.
type shardFlags struct {
	shard   string
	shards  int
	results string
	merge   bool
	opts    sharded.Options
	job     job // what record writes to the results folder
	invocation
}

// invocation is how a shardable command runs: from the command line
// (zero), from a results folder's job.json ("ufmi merge"), or to check its
// arguments only ("ufmi slurm").
type invocation struct {
	// recorded is the job of a results folder when "ufmi merge" runs the
	// command from its job.json; nil otherwise.
	recorded *recordedJob
	// checkOnly stops the command once its flags, its data and the results
	// folder's job have passed every check, with errArgsChecked ("ufmi
	// slurm" checks the command its tasks will run; shardFlags.checked).
	checkOnly bool
}

// errArgsChecked ends a command run with invocation.checkOnly once its
// arguments have passed every check: nothing was computed or written.
var errArgsChecked = errors.New("arguments checked")

// recordedJob is a job read from the job.json at path.
type recordedJob struct {
	job
	path string
}

// shardFlagNames are left out of a job's recorded arguments and fingerprint.
var shardFlagNames = []string{"shard", "shards", "results", "merge", "json", "workers"}

func (s *shardFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.shard, "shard", "", "run only shard I/N of the cells (I from 0), e.g. 1/4; needs -results")
	fs.IntVar(&s.shards, "shards", 0, fmt.Sprintf("run shard $SLURM_ARRAY_TASK_ID (or $JOB_COMPLETION_INDEX) of this many, 1..%d; needs -results", shard.MaxShards))
	fs.StringVar(&s.results, "results", "", "shared folder of finished cells: a run computes the missing cells of its shard (all without -shard) and prints the result once every cell is done")
	fs.BoolVar(&s.merge, "merge", false, "compute nothing: print the result from the cells in -results (an error if any is missing)")
}

// parse parses the command's arguments as parseFlags does; for a run that
// "ufmi merge" starts from a job.json, it instead returns an error naming
// the file when the recorded arguments are not exactly those a run of the
// command records (checkRecorded).
func (s *shardFlags) parse(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	if s.recorded == nil {
		return parseFlags(fs, args, stderr)
	}
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		return s.badRecord(fmt.Sprintf("records arguments ufmi %s rejects (%v)", fs.Name(), err))
	}
	if fs.NArg() > 0 {
		return s.badRecord("records arguments that are not flags")
	}
	return s.checkRecorded(fs)
}

// checkRecorded checks that the job.json a merge runs records exactly the
// arguments jobArgs gives for them once parsed by the command's flag set:
// flags of the command only, each once, none of the shard flags, none at
// its default value, -in an absolute path. Anything else was not written
// by ufmi.
func (s *shardFlags) checkRecorded(fs *flag.FlagSet) error {
	if args, _ := jobArgs(fs); !slices.Equal(args, s.recorded.Args) {
		return s.badRecord(fmt.Sprintf("records the arguments %q, which ufmi %s records as %q", s.recorded.Args, fs.Name(), args))
	}
	return nil
}

// badRecord is the error for a job.json whose arguments ufmi did not write.
func (s *shardFlags) badRecord(why string) error {
	return fmt.Errorf("%s %s; ufmi did not write it: use the results folder of a job ufmi ran", s.recorded.path, why)
}

// fromJob reports whether "ufmi merge" runs the command from a job.json:
// then errors about the data file it names show none of its content.
func (s *shardFlags) fromJob() bool { return s.recorded != nil }

// active reports whether the run goes through a results folder.
func (s *shardFlags) active() bool { return s.results != "" }

// resolve checks the flags after parsing and fills s.opts and the job
// (command and arguments) that record writes to the results folder.
func (s *shardFlags) resolve(fs *flag.FlagSet, command string) error {
	if flagGiven(fs, "shards") && s.shards == 0 {
		return fmt.Errorf("-shards 0: want 1..%d (a hand-written array script whose count is empty would have every task compute the whole job)", shard.MaxShards)
	}
	if s.results == "" {
		if s.shard != "" || s.shards != 0 || s.merge {
			return fmt.Errorf("-shard, -shards and -merge need -results DIR")
		}
		return nil
	}
	spec := shard.All
	var err error
	switch {
	case s.shard != "" && s.shards != 0:
		return fmt.Errorf("give -shard I/N or -shards N, not both")
	case s.shard != "":
		spec, err = shard.Parse(s.shard)
	case s.shards != 0:
		spec, err = shard.FromEnv(s.shards, os.Getenv)
	}
	if err != nil {
		return err
	}
	if in := fs.Lookup("in"); in != nil && in.Value.String() != "" && !s.merge && !s.fromJob() {
		if err := checkSharedInput(in.Value.String()); err != nil {
			return err
		}
	}
	args, desc := jobArgs(fs)
	// JSON keeps the arguments apart: no two lists describe alike.
	descJSON, err := json.Marshal(desc)
	if err != nil {
		return err
	}
	s.opts = sharded.Options{Dir: s.results, Shard: spec, Job: command + " " + string(descJSON), Merge: s.merge}
	s.job = job{Command: command, Args: args}
	return nil
}

// checkSharedInput refuses a -in that is not a regular file (a pipe such
// as <(...) or /dev/stdin, a device) for a sharded run: every task and the
// merge read the file again, each in its own process (on a cluster, on
// another node), and a pipe is read once.
func checkSharedInput(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return nil // the reading names a missing file
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("-in %s is not a regular file (a pipe or a device): every shard and the merge read it again, each in its own process; save it to a file and give that", path)
	}
	return nil
}

// record writes the job to the results folder for "ufmi merge" (or checks
// that the folder records the same job), once every check of the flags and
// the data has passed: a command that fails does not claim the folder.
func (s *shardFlags) record() error {
	if s.merge {
		return s.mergesRecordedJob()
	}
	return recordJob(s.results, s.job)
}

// mergesRecordedJob refuses a -merge whose results folder records another
// job: its cells would otherwise read as missing, or as cells of another
// job's data, which misnames the cause.
func (s *shardFlags) mergesRecordedJob() error {
	if s.recorded != nil {
		return nil // "ufmi merge" runs the job its job.json records
	}
	data, err := jobJSON(s.job)
	if err != nil {
		return err
	}
	_, err = recordsJob(s.results, data, true)
	return err
}

// checked ends a check-only run (invocation.checkOnly) with
// errArgsChecked once the results folder, if it records a job, records
// this one: what record would refuse, without writing.
func (s *shardFlags) checked() error {
	if !s.merge {
		data, err := jobJSON(s.job)
		if err != nil {
			return err
		}
		if _, err := recordsJob(s.results, data, false); err != nil {
			return err
		}
	}
	return errArgsChecked
}

// jobArgs lists the flags of fs whose value is not their default, but the
// shard flags, as arguments (args, -in made absolute) and, without -in, as
// the job's description (desc): the data enter the fingerprint by their
// content instead. A flag given its default value explicitly (-seed 1) is
// left out as if not given, so that both runs are the same job.
func jobArgs(fs *flag.FlagSet) (args, desc []string) {
	fs.VisitAll(func(f *flag.Flag) {
		if slices.Contains(shardFlagNames, f.Name) {
			return
		}
		value := f.Value.String()
		if value == f.DefValue {
			return
		}
		if f.Name == "in" {
			// "ufmi merge" may run elsewhere: record the file's absolute path.
			if abs, err := filepath.Abs(value); err == nil {
				value = abs
			}
			args = append(args, "-in="+value)
			return
		}
		arg := "-" + f.Name + "=" + value
		args = append(args, arg)
		desc = append(desc, arg)
	})
	return args, desc
}

// job is what a results folder records about its job, in job.json.
type job struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// recordJob writes dir/job.json, or checks that it records the same job.
func recordJob(dir string, j job) error {
	data, err := jobJSON(j)
	if err != nil {
		return err
	}
	if recorded, err := recordsJob(dir, data, false); err != nil || recorded {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(dir, "job.json"), data)
}

// jobJSON is the text of job j's job.json.
func jobJSON(j job) ([]byte, error) {
	data, err := json.MarshalIndent(j, "", "  ")
	return append(data, '\n'), err
}

// recordsJob reports whether dir's job.json records the job of text data
// (false when dir holds no job.json); an error when it records another,
// whose advice suits a -merge (merging) or a run that would record its job.
func recordsJob(dir string, data []byte, merging bool) (bool, error) {
	path := filepath.Join(dir, "job.json")
	old, err := safefile.ReadFile(path, maxJobFile)
	switch {
	case err == nil && !bytes.Equal(old, data):
		var compact bytes.Buffer
		if err := json.Compact(&compact, old); err != nil {
			return false, fmt.Errorf("%s is damaged (%v): it records no job this run can check; use a new -results folder, or restore the file", path, err)
		}
		advice := "use a new -results folder"
		switch {
		case merging:
			advice = "-merge reads the cells of the job it records: ufmi merge -results " + shellQuote(dir) + " merges that job"
		case onlyJobFile(dir):
			advice += ", or delete " + path + ": the folder holds no computed cell"
		}
		return false, fmt.Errorf("%s records another job (%s); %s", path, compact.Bytes(), advice)
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	}
	return false, err
}

// onlyJobFile reports whether dir holds job.json and nothing else: a job
// refused before its first cell (its data checked only as it ran) leaves
// such a folder, whose job.json may go.
func onlyJobFile(dir string) bool {
	entries, err := os.ReadDir(dir)
	return err == nil && len(entries) == 1 && entries[0].Name() == "job.json"
}

// maxJobFile bounds the size of a job.json.
const maxJobFile = 1 << 20

// mergeable are the commands whose jobs "ufmi merge" merges, and how it
// runs each from its job.json.
var mergeable = map[string]func(args []string, stdout, stderr io.Writer, inv invocation) error{
	"mi":    miCommand,
	"table": tableCommand,
}

// printOutcome reports an unfinished job after a shard ran.
func printOutcome(w io.Writer, out sharded.Outcome, dir string, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(w).Encode(map[string]any{"shard": out.Shard.String(), "cells_computed": out.Ran,
			"cells_done": out.Done, "cells": out.Total, "complete": out.Complete()})
	}
	fmt.Fprintln(w, out)
	fmt.Fprintf(w, "when every shard is done: ufmi merge -results %s\n", shellQuote(dir))
	return nil
}

// runMerge prints the result of the job in a results folder from its cells.
func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	results := fs.String("results", "", "results folder of a sharded run (holds job.json)")
	asJSON := fs.Bool("json", false, "print JSON, as the job's command does with -json")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *results == "" {
		return fmt.Errorf("-results is required")
	}
	path := filepath.Join(*results, "job.json")
	data, err := safefile.ReadFile(path, maxJobFile)
	if err != nil {
		return fmt.Errorf("%s holds no job (job.json): %v", *results, err)
	}
	var j job
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	command, ok := mergeable[j.Command]
	if !ok {
		return fmt.Errorf("%s names command %q; want mi or table", path, j.Command)
	}
	run := append(slices.Clone(j.Args), "-results", *results, "-merge")
	if *asJSON {
		run = append(run, "-json")
	}
	return command(run, stdout, stderr, invocation{recorded: &recordedJob{job: j, path: path}})
}
