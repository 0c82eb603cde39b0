//go:build unix

package cc18

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs Load, failing the test when it has not returned after 10
// seconds (a read of a named pipe waits for a writer forever).
func loadWithin(t *testing.T, id int, o LoadOptions) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := Load(id, o)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("Load(%d) still blocked after 10 s", id)
		return nil
	}
}

// A named pipe or a device in place of a mirror file, a listing or a
// cached file is refused at once; an oversized cached file is refused.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	t.Parallel()
	mirror := writeMirror(t, toyCSV(0), toyTypes)
	file := filepath.Join(mirror, "99_toy.csv.gz")
	os.Remove(file)
	if err := syscall.Mkfifo(file, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := loadWithin(t, 99, LoadOptions{MirrorDir: mirror, Offline: true}); err == nil || !strings.Contains(err.Error(), "99_toy.csv.gz is a named pipe (FIFO), not a regular file") {
		t.Errorf("mirror file a FIFO: %v", err)
	}
	listing := filepath.Join(t.TempDir(), "column_types.csv")
	if err := syscall.Mkfifo(listing, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := loadWithin(t, 99, LoadOptions{MirrorDir: filepath.Dir(listing), Offline: true}); err == nil || !strings.Contains(err.Error(), "is not a CC18 mirror") {
		t.Errorf("column_types.csv a FIFO: %v", err)
	}

	arff, err := os.ReadFile("testdata/small.arff")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := openMLServer(t, "7", arff)
	cache := t.TempDir()
	online := LoadOptions{MirrorDir: t.TempDir(), CacheDir: cache, BaseURL: srv.URL, Client: srv.Client(), Log: &strings.Builder{}}
	if _, err := Load(7, online); err != nil {
		t.Fatal(err)
	}
	offline := online
	offline.Offline = true
	sums := filepath.Join(cache, "7.sha256")
	os.Remove(sums)
	if err := syscall.Mkfifo(sums, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := loadWithin(t, 7, offline); err == nil || !strings.Contains(err.Error(), "7.sha256 is a named pipe (FIFO), not a regular file") {
		t.Errorf("cached sums a FIFO: %v", err)
	}
	// Online, the damaged cache is downloaded again (and the pipe replaced).
	if err := loadWithin(t, 7, online); err != nil {
		t.Errorf("cached sums a FIFO, online: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		desc := filepath.Join(cache, "7.json")
		os.Remove(desc)
		if err := os.Symlink("/dev/zero", desc); err != nil {
			t.Fatal(err)
		}
		if err := loadWithin(t, 7, offline); err == nil || !strings.Contains(err.Error(), "7.json is a character device, not a regular file") {
			t.Errorf("cached description a link to /dev/zero: %v", err)
		}
	}
	if _, err := Load(7, online); err != nil {
		t.Fatal(err)
	}
	big := offline
	big.Download.MaxBytes = 100 // small.arff is larger
	if err := loadWithin(t, 7, big); err == nil || !strings.Contains(err.Error(), "7.arff is larger than its limit of 100 bytes") {
		t.Errorf("cached ARFF over the download bound: %v", err)
	}
}
