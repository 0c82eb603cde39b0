//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe at path, or skips the test where there is none.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// within fails the test when f does not return within a few seconds: a
// read that waits for a pipe's writer would hang forever.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still blocked after 10 s")
	}
}

// A named pipe, a device and a folder are refused at once; a symbolic link
// to a regular file is read.
func TestOnlyRegularFilesAreOpened(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	mkfifo(t, fifo)
	within(t, func() {
		_, err := ReadFile(fifo, 100)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), fifo+" is a named pipe (FIFO), not a regular file") {
			t.Errorf("FIFO: %v", err)
		}
	})
	if _, err := os.Stat("/dev/zero"); err == nil {
		link := filepath.Join(dir, "zero")
		if err := os.Symlink("/dev/zero", link); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadFile(link, 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "character device") {
			t.Errorf("link to /dev/zero: %v", err)
		}
	}
	if _, err := Open(dir); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a folder") {
		t.Errorf("folder: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	real := filepath.Join(dir, "real")
	if err := os.WriteFile(real, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(link, 4); err != nil || string(b) != "data" {
		t.Errorf("link to a regular file: %q, %v", b, err)
	}
}
