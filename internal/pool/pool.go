package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers turns a Workers setting into a goroutine count: 0 or less means
// GOMAXPROCS.
func Workers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// ForEach runs job(worker, i) for i in [0, total) on at most workers
// goroutines (worker is in [0, workers), for per-worker buffers). The first
// error (lowest i) is returned; remaining jobs are skipped once an error
// occurs. progress, when non-nil, is called after each finished job with
// the number done so far, never concurrently.
func ForEach(total, workers int, progress func(done, total int), job func(worker, i int) error) error {
	workers = min(Workers(workers), max(total, 1))
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
