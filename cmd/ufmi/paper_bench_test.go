package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// BenchmarkPaperRefitTest is the paper's permutation test as a user runs
// it: ufmi mi on the Drosophila table (213 neurons; claw, dist, age,
// cluster; claw and age with missing values), paper preset, 1000 refits
// of a 300-tree UF. It needs the mirror (UFMI_MIRROR) and skips without it.
func BenchmarkPaperRefitTest(b *testing.B) {
	in := filepath.Join(mirror.Dir(b, "drosophila"), "vdf.csv")
	args := []string{"mi", "-in", in, "-target", "type", "-features", "claw,dist,age,cluster", "-preset", "paper", "-perm", "1000", "-json"}
	for b.Loop() {
		var out, errOut strings.Builder
		if code := run(args, &out, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
		if !strings.Contains(out.String(), `"mi":1.1903345972919852`) {
			b.Fatalf("the paper's estimate changed: %s", out.String())
		}
	}
}
