package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteCreatesFolderAndReplaces(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "f.txt")
	if err := WriteFile(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new content")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "new content" {
		t.Fatalf("read %q, %v", b, err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("folder holds %q, want only f.txt", got)
	}
}

// A failing or panicking writer leaves the old file and no temporary file.
func TestWriteFailureKeepsOldFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := WriteFile(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if err != boom {
		t.Fatalf("error %v, want the writer's own", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic was swallowed")
			}
		}()
		Write(path, func(w io.Writer) error { panic("mid-write") })
	}()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("file holds %q after failed writes, want old", b)
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("folder holds %q, want only f.txt", got)
	}
}

func TestWriteIntoMissingParentIsError(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "file")
	if err := WriteFile(file, nil); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(filepath.Join(file, "x"), []byte("y"))
	if err == nil || err.Error()[:6] != "ufmi: " {
		t.Fatalf("writing below a file: %v", err)
	}
}
