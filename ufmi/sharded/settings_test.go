package sharded

import (
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// A subset-table job of the default and one of the 2026-11-30 preset,
// whose fits took a plain estimate's leaves, are two jobs: their settings
// read alike (configkey spells the fields tree blocks depend on), so the
// leaf rule is named beside them. Fixed leaves and other methods keep
// their fingerprints.
func TestDifferenceLeavesSeparateJobs(t *testing.T) {
	before, err := ufmi.ParseUFPreset("default-2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	old, err := ufmi.ParseUFPreset("default-2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		cfg  ufmi.EstimatorConfig
		want string
	}{
		{"default", ufmi.EstimatorConfig{}, " DifferenceLeaves"},
		{"default-2026-11-30", ufmi.EstimatorConfig{UF: before}, ""},
		{"default-2026-11-25 (fixed leaves)", ufmi.EstimatorConfig{UF: old}, ""},
		{"paper (leaves of 1)", ufmi.EstimatorConfig{UF: ufmi.PaperUF()}, ""},
		{"rf-oob", ufmi.EstimatorConfig{Method: ufmi.MethodRFOOB}, ""},
	} {
		got, err := differenceLeaves(c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
