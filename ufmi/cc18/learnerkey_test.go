package cc18

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// The learners' configurations key the result files with the text they had
// before the configurations changed shape (runtime moved out, zero fields
// meaning defaults): testdata/learner_keys.txt was written by the code of
// then, so the result files it wrote are still used.
func TestLearnerKeysUnchanged(t *testing.T) {
	b, err := os.ReadFile("testdata/learner_keys.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range []Settings{PaperSettings(), QuickSettings(), {Trees: 20, MaxFeatures: 1}, {Trees: 10, MaxFeatures: 0.33},
		{Trees: 5, MaxFeatures: 1}, {Trees: 6, MaxFeatures: 1}} {
		for _, l := range Forests(s) {
			got = append(got, fmt.Sprintf("cc18 %v %s\t%s", s, l.Name, learnerConfig(l)))
		}
		for _, p := range []ufmi.EmptyLeafPolicy{ufmi.EmptyAbstain, ufmi.EmptyPrior} {
			l := UFModel("UF-x", s, func(c *ufmi.UFConfig) { c.EmptyLeaf = p })
			got = append(got, fmt.Sprintf("cc18 %v %s %v\t%s", s, l.Name, p, learnerConfig(l)))
		}
	}
	want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d keys, %d recorded", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("key changed:\n got  %s\n want %s", got[i], want[i])
		}
	}
}
