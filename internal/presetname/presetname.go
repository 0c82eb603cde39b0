// Package presetname spells a UF preset's name one way, for package ufmi
// (ufmi.ParseUFPreset) and the command line (a job's fingerprint names its
// preset): names are read in any case, and the default has other names.
package presetname

import "strings"

// Canonical is name in lower case, with the default's other names, ""
// and "local-linear" (its name before it became the default), read as
// "default". It does not check that a preset of that name exists.
func Canonical(name string) string {
	lower := strings.ToLower(name)
	if lower == "" || lower == "local-linear" {
		return "default"
	}
	return lower
}
