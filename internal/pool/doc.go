// Package pool runs indexed jobs on a bounded number of goroutines.
//
// Jobs write into pre-sized slots indexed by their number, so results do not
// depend on the schedule or the number of workers.
package pool
