package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Files from outside that are named pipes make the commands fail at once,
// and a mirror listing cannot send the sweep outside the mirror folder.
func TestOutsideFilesMustBeRegularAndInPlace(t *testing.T) {
	t.Parallel()
	mirror := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(mirror, "vdf.csv"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLI(t, "fetch-drosophila", "-dir", t.TempDir(), "-mirror", mirror)
	if code != 1 || !strings.Contains(errOut, "vdf.csv is a named pipe (FIFO), not a regular file") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("vdf.csv a FIFO: exit %d, %q", code, errOut)
	}

	root := t.TempDir()
	cc18 := filepath.Join(root, "mirror", "cc18")
	os.MkdirAll(cc18, 0o755)
	listing := "openml_dataset_id,file,column_index,column_name,type\n11,../../secret/stolen.csv.gz,0,x,numeric\n11,../../secret/stolen.csv.gz,1,class,target\n"
	if err := os.WriteFile(filepath.Join(cc18, "column_types.csv"), []byte(listing), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCLI(t, "cc18", "-ids", "11", "-mirror", cc18, "-results", "")
	if code != 1 || !strings.Contains(errOut, `column_types.csv names the file "../../secret/stolen.csv.gz"`) {
		t.Errorf("a listing leaving the mirror: exit %d, %q", code, errOut)
	}
}
