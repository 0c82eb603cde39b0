package cc18

import (
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// On every dataset of the shared mirror, the quick sweep completes and the
// pairwise tables show the paper's direction of effects for accuracy and
// calibration: RF has the lowest Cohen's kappa loss and IRF the lowest ECE,
// each significantly (one-sided Wilcoxon p < 0.05) against every other
// forest. The paper's third finding, UF's ECE below RF's, does not
// reproduce here (UF's posteriors are less confident than its accuracy
// warrants, more so than RF's); the test logs that comparison rather than
// asserting it.
func TestQuickSweepOnEveryMirrorDataset(t *testing.T) {
	if testing.Short() {
		t.Skip("fits about 20,000 trees on 61 datasets")
	}
	load := LoadOptions{MirrorDir: mirror.Dir(t, "cc18"), Offline: true}
	ids := Available(load)
	if len(ids) == 0 {
		t.Skip("no CC18 mirror")
	}
	s := QuickSettings()
	scores, err := Sweep(SweepOptions{IDs: ids, Load: load, Learners: Forests(s), MaxRows: s.MaxRows, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != len(ids)*5*4 {
		t.Fatalf("%d fold scores for %d datasets, want %d", len(scores), len(ids), len(ids)*20)
	}
	learners := []string{"RF", "IRF", "SigRF", "UF"}
	best := map[Metric]int{KappaLoss: 0, ECE: 1} // RF, IRF
	for m, b := range best {
		tab, err := PairwiseTable(scores, m, learners)
		if err != nil {
			t.Fatal(err)
		}
		for c := range learners {
			if c == b {
				continue
			}
			if !(tab.Median[b][c] < 0 && tab.PValue[b][c] < 0.05) {
				t.Errorf("%s: %s minus %s has median %.4f, p %.4f; the paper finds %s lower",
					m, learners[b], learners[c], tab.Median[b][c], tab.PValue[b][c], learners[b])
			}
		}
	}
	ece, _ := PairwiseTable(scores, ECE, learners)
	t.Logf("ECE, UF minus RF over %d datasets: median %.4f, one-sided p %.4f (the paper: -0.014, significant)",
		ece.Datasets, ece.Median[3][0], ece.PValue[3][0])
}
