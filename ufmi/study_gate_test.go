package ufmi

import (
	"os"
	"testing"
)

// skipUnlessStudy skips a study, a long measurement behind a table of the
// docs, unless the environment variable env is set; the skip says how to run
// it. Studies that read env's value (a size, a variant) test it themselves.
func skipUnlessStudy(t *testing.T, env, what string) {
	t.Helper()
	if os.Getenv(env) == "" {
		t.Skipf("a study: set %s=1 to run %s", env, what)
	}
}
