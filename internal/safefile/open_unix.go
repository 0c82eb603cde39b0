//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNoWait opens path read-only without blocking: opening a named pipe
// for reading would otherwise wait for a writer. Reads of regular files
// ignore the flag.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
