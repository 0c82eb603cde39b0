package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write creates or replaces path with what fill writes. A symbolic link at
// path is replaced, never written through. fill writes to a
// buffered temporary file in path's folder (created if needed); the file is
// then flushed, synced, closed, given mode 0644 and renamed over path, and
// the folder is synced. When fill fails (its error is returned as is), a
// step fails, or fill panics, the temporary file is removed and path is left
// as it was.
func Write(path string, fill func(w io.Writer) error) error {
	return write(path, 0o644, fill)
}

// WriteFileMode is WriteFile giving the file mode perm (e.g. 0755 for a
// script) instead of 0644.
func WriteFileMode(path string, b []byte, perm os.FileMode) error {
	return write(path, perm, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// write is Write giving the file mode perm.
func write(path string, perm os.FileMode, fill func(w io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("ufmi: writing %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("ufmi: writing %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriter(tmp)
	if err := fill(w); err != nil {
		return err
	}
	steps := []func() error{w.Flush, tmp.Sync, tmp.Close,
		func() error { return os.Chmod(tmp.Name(), perm) },
		func() error { return os.Rename(tmp.Name(), path) }}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("ufmi: writing %s: %w", path, err)
		}
	}
	done = true
	syncDir(dir)
	return nil
}

// WriteFile is Write with fixed content.
func WriteFile(path string, b []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// syncDir makes a rename in dir durable where the system allows it; a
// failure only weakens durability, so it is ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
