package pool

import (
	"errors"
	"sync/atomic"
	"testing"
)

// Every index runs once, whatever the number of workers, and slots filled by
// index hold the same values for 1, 2 and 16 workers.
func TestForEachRunsEveryIndexOnce(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 2, 16} {
		slots := make([]int, 1000)
		var runs atomic.Int64
		progressCalls := 0
		err := ForEach(len(slots), workers, func(done, total int) { progressCalls++ }, func(w, i int) error {
			if w < 0 || w >= workers {
				t.Errorf("worker %d out of [0, %d)", w, workers)
			}
			slots[i] = i * i
			runs.Add(1)
			return nil
		})
		if err != nil || runs.Load() != 1000 || progressCalls != 1000 {
			t.Fatalf("workers %d: err %v, %d runs, %d progress calls", workers, err, runs.Load(), progressCalls)
		}
		for i, v := range slots {
			if v != i*i {
				t.Fatalf("workers %d: slot %d holds %d", workers, i, v)
			}
		}
	}
}

// The error of the lowest failing index is returned.
func TestForEachReturnsTheLowestError(t *testing.T) {
	t.Parallel()
	err := ForEach(50, 1, nil, func(_, i int) error {
		if i >= 7 {
			return errors.New("job " + string(rune('0'+i%10)))
		}
		return nil
	})
	if err == nil || err.Error() != "job 7" {
		t.Fatalf("got %v, want job 7", err)
	}
}
