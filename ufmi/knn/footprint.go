package knn

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/memory"
)

// checkMemory fails when an estimate on n rows of d features does not fit in
// the available memory (internal/memory). It needs the joint matrix
// (n·(d+1) values), the kd-tree (its points, and bounding boxes and
// coordinate copies of about as much again: n·d·8·3 bytes), a few row-long
// slices (row ids, labels, per-row terms) and, per worker, a search that
// may meet every row (16 bytes each).
func checkMemory(n, d, workers int) error {
	fn, fd := float64(n), float64(d)
	need := fn*(fd+1)*8 + fn*fd*8*3 + fn*8*4 + float64(workers)*fn*16
	what := fmt.Sprintf("a kNN estimate on %d rows of %d features", n, d)
	return memory.Check(what, memory.Bytes(need), "use fewer rows or features")
}
