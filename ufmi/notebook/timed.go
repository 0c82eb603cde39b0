package notebook

import "time"

// Timed runs f and returns its result and its wall time in seconds, or
// panics with f's error (as Must does): a cell that times a test or an
// estimate needs no helper of its own.
func Timed[T any](f func() (T, error)) (T, float64) {
	start := time.Now()
	v := Must(f())
	return v, time.Since(start).Seconds()
}
