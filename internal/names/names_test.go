package names

import (
	"strings"
	"testing"
)

// Plain names stay as they are; a name with a comma, a quote, an edge space
// or none at all is quoted, so that "a,b" is not read as two columns.
func TestList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"x1", "x2", "label"}, "x1, x2, label"},
		{[]string{"a,b", "c", "y"}, `"a,b", c, y`},
		{[]string{` pad`, `say "hi"`, ""}, `" pad", "say \"hi\"", ""`},
		{[]string{"two words"}, "two words"},
		{[]string{"line\nbreak", "tab\there"}, `"line\nbreak", "tab\there"`},
		{nil, ""},
	} {
		if got := List(c.in); got != c.want {
			t.Errorf("List(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// FlagList writes what a comma-separated flag reads back as the same names.
func TestFlagList(t *testing.T) {
	for in, want := range map[string]string{"x1|x2": "x1,x2", "a,b|c": `"a,b",c`, `say "hi"`: `"say ""hi"""`} {
		if got := FlagList(strings.Split(in, "|")); got != want {
			t.Errorf("FlagList(%q) = %s, want %s", in, got, want)
		}
	}
}
