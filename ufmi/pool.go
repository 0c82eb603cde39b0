package ufmi

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// resolveWorkers turns a Workers setting into a goroutine count: 0 or less
// means GOMAXPROCS.
func resolveWorkers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// forEachIndex runs job(worker, i) for i in [0, total) on at most workers
// goroutines. Jobs write into pre-sized slots indexed by i, so results do not
// depend on the schedule. The first error (lowest i) is returned; remaining
// jobs are skipped once an error occurs. progress, when non-nil, is called
// after each finished job with the number done so far, never concurrently.
func forEachIndex(total, workers int, progress func(done, total int), job func(worker, i int) error) error {
	workers = min(resolveWorkers(workers), max(total, 1))
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, total)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				if err := job(w, i); err != nil {
					errs[i] = err
					failed.Store(true)
					return
				}
				if progress != nil {
					mu.Lock()
					done++
					progress(done, total)
					mu.Unlock()
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
