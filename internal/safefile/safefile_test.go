package safefile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file over the limit, and a stream that passes it, fail with an error
// naming them and the limit; exactly the limit is accepted.
func TestReadsAreBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(path, 2048); err != nil || len(b) != 2048 {
		t.Fatalf("exactly the limit: %d bytes, %v", len(b), err)
	}
	_, err := ReadFile(path, 1024)
	if !errors.Is(err, ErrTooLarge) || err.Error() != path+" is larger than its limit of 1024 bytes (1 KiB)" {
		t.Errorf("over the limit: %v", err)
	}
	endless := io.MultiReader(strings.NewReader("abc"), zeros{})
	n, err := io.Copy(io.Discard, Limit(endless, 1<<20, "the stream"))
	if !errors.Is(err, ErrTooLarge) || n != 1<<20 || !strings.Contains(err.Error(), "the stream is larger than its limit of 1048576 bytes (1 MiB)") {
		t.Errorf("endless stream: %d bytes, %v", n, err)
	}
	if b, err := io.ReadAll(Limit(strings.NewReader("abc"), 3, "s")); err != nil || string(b) != "abc" {
		t.Errorf("a stream of exactly the limit: %q, %v", b, err)
	}
}

// zeros reads as an endless stream of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
