package shard

import (
	"encoding/json"
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/plural"
)

// Outcome counts the cells of a job after a shard ran.
type Outcome struct {
	Shard Spec
	Ran   int // cells this run computed
	Done  int // cells of the whole job that are done now
	Total int // cells of the whole job
}

// Complete reports whether every cell of the job is done.
func (o Outcome) Complete() bool { return o.Done == o.Total }

func (o Outcome) String() string {
	return fmt.Sprintf("shard %v: computed %s; %d of %s of the job done", o.Shard, plural.Count(o.Ran, "cell"), o.Done, plural.Count(o.Total, "cell"))
}

// Run computes the cells of shard s that dir does not hold yet, in list
// order, and stores each result as soon as it is computed: a run stopped
// at any point and started again loses and repeats no finished cell. Its
// Outcome counts the cells done when it ends, by any shard.
// compute(i, c) returns cell i's result, a JSON-encodable value.
func Run(cells []Cell, s Spec, dir Dir, compute func(i int, c Cell) (any, error)) (Outcome, error) {
	out := Outcome{Shard: s, Total: len(cells)}
	for i, c := range cells {
		var probe json.RawMessage
		done, err := dir.Read(c, &probe)
		if err != nil {
			return out, err
		}
		if !done && s.Owns(i) {
			v, err := compute(i, c)
			if err != nil {
				return out, err
			}
			if err := dir.Write(c, v); err != nil {
				return out, err
			}
			out.Ran++
			done = true
		}
		if done {
			out.Done++
		}
	}
	if !out.Complete() {
		// Other shards may have finished cells this run passed before
		// they were written (shards of an array ending together): count
		// again, so that the last shard to end sees the job complete.
		missing, err := Missing(cells, dir)
		if err != nil {
			return out, err
		}
		out.Done = len(cells) - len(missing)
	}
	return out, nil
}

// Missing lists the keys of the cells dir does not hold.
func Missing(cells []Cell, dir Dir) ([]string, error) {
	var keys []string
	for _, c := range cells {
		var probe json.RawMessage
		done, err := dir.Read(c, &probe)
		if err != nil {
			return nil, err
		}
		if !done {
			keys = append(keys, c.Key)
		}
	}
	return keys, nil
}
