package mirror

import (
	"os"
	"path/filepath"
	"testing"
)

// Variable is the environment variable naming the mirror's root folder
// (holding drosophila/, cc18/ and reference/).
const Variable = "UFMI_MIRROR"

// Root returns the mirror's root folder, or "" when UFMI_MIRROR is unset.
func Root() string { return os.Getenv(Variable) }

// Dir returns the mirror's subfolder sub (e.g. "reference"). It skips the
// test when UFMI_MIRROR is unset or the subfolder is absent.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	root := Root()
	if root == "" {
		t.Skipf("%s is not set: this test needs the data mirror's %s/ folder", Variable, sub)
	}
	dir := filepath.Join(root, sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s=%s has no %s/ folder: %v", Variable, root, sub, err)
	}
	return dir
}
