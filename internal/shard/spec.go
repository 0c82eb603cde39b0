package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxShards bounds the number of shards.
const MaxShards = 100_000

// IndexVariables are the environment variables that carry a task's index
// in a job array, in the order they are read.
var IndexVariables = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// Spec selects shard Index of Count (0 <= Index < Count).
type Spec struct{ Index, Count int }

// All is the single shard that owns every cell.
var All = Spec{0, 1}

// Parse reads "I/N", shard I (0-based) of N.
func Parse(s string) (Spec, error) {
	i, n, ok := strings.Cut(s, "/")
	if !ok {
		return Spec{}, fmt.Errorf("ufmi: shard %q must be I/N, e.g. 0/4 (I from 0 to N-1)", s)
	}
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil {
		return Spec{}, fmt.Errorf("ufmi: shard %q must be I/N with whole numbers, e.g. 0/4", s)
	}
	return New(index, count)
}

// New returns shard index of count, checked.
func New(index, count int) (Spec, error) {
	if count < 1 || count > MaxShards {
		return Spec{}, fmt.Errorf("ufmi: %d shards; want 1..%d", count, MaxShards)
	}
	if index < 0 || index >= count {
		return Spec{}, fmt.Errorf("ufmi: shard index %d out of 0..%d", index, count-1)
	}
	return Spec{index, count}, nil
}

// FromEnv returns shard I of count, I read from the first of IndexVariables
// that getenv finds set.
func FromEnv(count int, getenv func(string) string) (Spec, error) {
	if count < 1 || count > MaxShards {
		return New(0, count) // the count's own error, whatever the variables
	}
	for _, name := range IndexVariables {
		v := getenv(name)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			return Spec{}, fmt.Errorf("ufmi: %s=%q is not a task index", name, v)
		}
		return New(i, count)
	}
	return Spec{}, fmt.Errorf("ufmi: %d shards but no task index: set %s (or give -shard I/N)",
		count, strings.Join(IndexVariables, " or "))
}

// Owns reports whether the cell at position i of the cell list is this shard's.
func (s Spec) Owns(i int) bool { return i%s.Count == s.Index }

func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }
