//go:build unix

package drosophila

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// within returns f's error, failing the test when f has not returned after
// 10 seconds (a read of a named pipe waits for a writer forever).
func within(t *testing.T, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("still blocked after 10 s")
		return nil
	}
}

// A named pipe or a device in place of vdf.csv, in the mirror or in the
// data folder, makes Fetch fail at once with an error naming it.
func TestFetchRefusesFilesThatAreNotRegular(t *testing.T) {
	contents := fixtureContents(t)
	sums := checksumsOf(contents)
	mirror := t.TempDir()
	writeFiles(t, mirror, contents)
	vdf := filepath.Join(mirror, FileNeurons)
	os.Remove(vdf)
	if err := syscall.Mkfifo(vdf, 0o644); err != nil {
		t.Fatal(err)
	}
	err := within(t, func() error { return Fetch(t.TempDir(), FetchOptions{MirrorDir: mirror, checksums: sums}) })
	requireErrorContains(t, err, "mirror file", vdf+" is a named pipe (FIFO), not a regular file")

	os.Remove(vdf)
	writeFiles(t, mirror, contents) // the mirror whole again
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, FileNeurons), 0o644); err != nil {
		t.Fatal(err)
	}
	err = within(t, func() error { return Fetch(dir, FetchOptions{MirrorDir: mirror, checksums: sums}) })
	requireErrorContains(t, err, filepath.Join(dir, FileNeurons)+" is a named pipe (FIFO), not a regular file")
	if _, err := os.Stat("/dev/zero"); err == nil {
		dir := t.TempDir()
		if err := os.Symlink("/dev/zero", filepath.Join(dir, FileNeurons)); err != nil {
			t.Fatal(err)
		}
		err = within(t, func() error { return Fetch(dir, FetchOptions{MirrorDir: mirror, checksums: sums}) })
		requireErrorContains(t, err, filepath.Join(dir, FileNeurons)+" is a character device, not a regular file")
	}
}
