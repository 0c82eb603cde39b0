package knn

import (
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/memory"
)

// Every estimator refuses data that do not fit before allocating them, and
// runs on data that do. The test fakes the available memory: not parallel.
func TestEstimatorsCheckMemory(t *testing.T) {
	x := Columns{make([]float64, 200), make([]float64, 200)}
	y := make([]int, 200)
	for i := range y {
		x[0][i], x[1][i], y[i] = float64(i), float64(i%7), i%2
	}
	estimators := map[string]func(Matrix, []int, Config, uint64, int) (float64, error){"KSG": KSG, "MixedKSG": MixedKSG, "Ross": RossMI}
	restore := memory.Fake(10_000)
	for name, est := range estimators {
		_, err := est(x, y, Config{}, 0, 1)
		want := "ufmi: a kNN estimate on 200 rows of 2 features needs about 24.0 kB; this machine has 10.0 kB available: use fewer rows or features"
		if err == nil || err.Error() != want {
			t.Errorf("%s under 10 kB: %v\nwant %s", name, err, want)
		}
	}
	restore()
	defer memory.Fake(1_000_000)()
	for name, est := range estimators {
		if _, err := est(x, y, Config{}, 0, 2); err != nil && strings.Contains(err.Error(), "available") {
			t.Errorf("%s under 1 MB: %v", name, err)
		}
	}
}
