package main

import (
	"os"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// -preset's usage and docs/bad-input.md's row for an unknown preset list
// the names ufmi.ParseUFPreset takes, in its order: the three are written
// apart, so a preset added to the package without them fails here.
func TestPresetListsMatchTheLibrary(t *testing.T) {
	_, err := ufmi.ParseUFPreset("no-such-preset")
	if err == nil {
		t.Fatal("ParseUFPreset accepted an unknown name")
	}
	msg := err.Error()
	open, end := strings.Index(msg, "(want "), strings.LastIndex(msg, ")")
	if open < 0 || end < open {
		t.Fatalf("ParseUFPreset's error has no list of names: %q", msg)
	}
	names := msg[open+len("(want ") : end]
	if want := "UF preset: " + names; presetUsage != want {
		t.Errorf("presetUsage is\n%q\nwant\n%q", presetUsage, want)
	}
	doc, err := os.ReadFile("../../docs/bad-input.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "(want "+names+")") {
		t.Errorf("docs/bad-input.md's unknown-preset row does not list %q", names)
	}
}

// -target is trimmed, as the reader trims the header names and -features'
// names: "-target ' label'" and "-target 'label '" read the column label.
func TestTargetSpacesAreTrimmed(t *testing.T) {
	in := separatedCSV(t, 40, 3)
	plain := withoutTiming(mustRun(t, "mi", "-in", in, "-target", "label", "-trees", "10", "-json"))
	for _, target := range []string{" label", "label ", " label\t"} {
		if got := withoutTiming(mustRun(t, "mi", "-in", in, "-target", target, "-trees", "10", "-json")); got != plain {
			t.Errorf("-target %q:\n%s\nwant\n%s", target, got, plain)
		}
	}
}
