package presetname

import "testing"

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{"": "default", "Local-Linear": "default", "DEFAULT": "default", "Oblique": "oblique", "magic": "magic"} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}
