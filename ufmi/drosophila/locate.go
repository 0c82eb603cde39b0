package drosophila

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// MirrorEnvVar names the environment variable holding a local mirror root;
// the drosophila files are read from its subfolder "drosophila".
const MirrorEnvVar = "UFMI_MIRROR"

// modulePath identifies the ufmi repository root by its go.mod.
const modulePath = "github.com/ufmi-dev/ufmi"

// DefaultDir returns data/drosophila under the root of the ufmi repository
// that contains the working directory (found by walking up to its go.mod).
func DefaultDir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("ufmi: working directory: %w", err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if isModuleRoot(dir) {
			return filepath.Join(dir, "data", "drosophila"), nil
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("ufmi: %s is not inside the ufmi repository (no go.mod of %s above it); pass the data folder explicitly", wd, modulePath)
		}
	}
}

// isModuleRoot reports whether dir holds the go.mod of the ufmi module.
func isModuleRoot(dir string) bool {
	b, err := safefile.ReadFile(filepath.Join(dir, "go.mod"), 1<<20)
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == modulePath
		}
	}
	return false
}

// mirrorDir returns dir when set, else $UFMI_MIRROR/drosophila when the
// variable is set, else "".
func mirrorDir(dir string) string {
	if dir != "" {
		return dir
	}
	if root := os.Getenv(MirrorEnvVar); root != "" {
		return filepath.Join(root, "drosophila")
	}
	return ""
}

// LoadOptions tells the loaders where the data files are.
type LoadOptions struct {
	// Dir is the data folder searched first; "" means DefaultDir (skipped
	// when the working directory is outside the repository).
	Dir string
	// MirrorDir is searched second; "" means $UFMI_MIRROR/drosophila when
	// UFMI_MIRROR is set.
	MirrorDir string

	checksums map[string]string // tests only: expected hashes of fixture files
}

// readDataFile finds the named file in the data folder, then in the mirror,
// and returns its bytes after checking the pinned SHA-256.
func (o LoadOptions) readDataFile(name string) ([]byte, error) {
	path, err := o.locate(name)
	if err != nil {
		return nil, err
	}
	f, err := safefile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ufmi: opening %s: %w", path, err)
	}
	defer f.Close()
	b, err := readCapped(f, path)
	if err != nil {
		return nil, err
	}
	want, ok := pinnedSHA256(name, o.checksums)
	if !ok {
		return nil, fmt.Errorf("ufmi: %s is not a pinned drosophila file", name)
	}
	if got := sha256Hex(b); got != want {
		return nil, fmt.Errorf("ufmi: %s has SHA-256 %s, expected %s (pinned); delete it and run the fetch step again", path, got, want)
	}
	return b, nil
}

// locate returns the path of the named file: the data folder first, then
// the mirror; the error says how to get the file.
func (o LoadOptions) locate(name string) (string, error) {
	var searched []string
	dir := o.Dir
	if dir == "" {
		dir, _ = DefaultDir() // outside the repository only the mirror is searched
	}
	for _, d := range []string{dir, mirrorDir(o.MirrorDir)} {
		if d == "" {
			continue
		}
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nil
		}
		searched = append(searched, d)
	}
	where := "no data folder or mirror"
	if len(searched) > 0 {
		where = "not in " + strings.Join(searched, " nor in ")
	}
	return "", fmt.Errorf("ufmi: drosophila file %s not found (%s); run the fetch step (drosophila.Fetch) to download it, or set %s to a folder holding drosophila/%s", name, where, MirrorEnvVar, name)
}
