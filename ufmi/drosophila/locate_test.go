package drosophila

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadSearchesDataDirThenMirror(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	contents := fixtureContents(t)
	sums := checksumsOf(contents)
	dir, mirror := t.TempDir(), t.TempDir()
	writeFiles(t, mirror, map[string][]byte{FileNeurons: contents[FileNeurons]})
	n, err := Load(LoadOptions{Dir: dir, MirrorDir: mirror, checksums: sums})
	if err != nil || n.Len() != 6 {
		t.Fatalf("load from mirror: %v neurons, err %v", n, err)
	}

	// A file in the data folder wins over the mirror: a bad one there is an error.
	bad := []byte("v,type,claw,dist,age,cluster\nx,KC,1,1,young,1\n")
	writeFiles(t, dir, map[string][]byte{FileNeurons: bad})
	_, err = Load(LoadOptions{Dir: dir, MirrorDir: mirror, checksums: sums})
	requireErrorContains(t, err, filepath.Join(dir, FileNeurons), sha256Hex(bad), sums[FileNeurons], "fetch")

	// The mirror also comes from $UFMI_MIRROR/drosophila.
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "drosophila"), map[string][]byte{FileNeurons: contents[FileNeurons]})
	t.Setenv(MirrorEnvVar, root)
	if n, err := Load(LoadOptions{Dir: t.TempDir(), checksums: sums}); err != nil || n.Len() != 6 {
		t.Errorf("load via %s: %v, err %v", MirrorEnvVar, n, err)
	}
}

func TestLoadWithoutFilesSuggestsFetchOrMirror(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	dir := t.TempDir()
	_, err := Load(LoadOptions{Dir: dir})
	requireErrorContains(t, err, FileNeurons, dir, "fetch", "UFMI_MIRROR")
	_, _, err = LoadAdjacency(LoadOptions{Dir: dir})
	requireErrorContains(t, err, FileAdjacency, "fetch", "UFMI_MIRROR")
	_, err = LoadPublishedTable(LoadOptions{Dir: dir})
	requireErrorContains(t, err, FilePublishedTable, "fetch", "UFMI_MIRROR")
}

func TestDefaultDirIsRepositoryDataFolder(t *testing.T) {
	dir, err := DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd() // .../ufmi/drosophila inside the repository
	if want := filepath.Join(filepath.Dir(filepath.Dir(wd)), "data", "drosophila"); dir != want {
		t.Errorf("DefaultDir() = %q, want %q", dir, want)
	}
	t.Chdir(t.TempDir())
	_, err = DefaultDir()
	requireErrorContains(t, err, "not inside the ufmi repository")
}
