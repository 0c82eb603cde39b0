package docsection

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReplaceKeepsMarkersAndOtherSections(t *testing.T) {
	t.Parallel()
	in := "a\n<!-- x:start -->\nold\n<!-- x:end -->\nb\n<!-- y:start -->\nkeep\n<!-- y:end -->\n"
	got, err := Replace(in, "x", "new\nlines")
	if err != nil {
		t.Fatal(err)
	}
	want := "a\n<!-- x:start -->\nnew\nlines\n<!-- x:end -->\nb\n<!-- y:start -->\nkeep\n<!-- y:end -->\n"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if _, err := Replace(in, "z", "t"); err == nil {
		t.Fatal("a missing section was accepted")
	}
	if _, err := Replace("<!-- x:end --> <!-- x:start -->", "x", "t"); err == nil {
		t.Fatal("an end marker before the start was accepted")
	}
}

func TestReplaceInFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte("<!-- t:start -->\n<!-- t:end -->\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceInFile(path, "t", "table\n"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if string(b) != "<!-- t:start -->\ntable\n<!-- t:end -->\n" {
		t.Fatalf("file is %q", b)
	}
}
