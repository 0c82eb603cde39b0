//go:build !unix

package safefile

import "os"

// openNoWait checks that path is a regular file before opening it, since
// the system has no non-blocking open; Open checks the opened file again.
func openNoWait(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	return os.Open(path)
}
