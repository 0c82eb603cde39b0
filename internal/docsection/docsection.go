package docsection

import (
	"fmt"
	"os"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
)

// Markers returns the start and end markers of the section name.
func Markers(name string) (start, end string) {
	return "<!-- " + name + ":start -->", "<!-- " + name + ":end -->"
}

// Replace rewrites the text between the markers of section name in s with
// text, keeping the markers.
func Replace(s, name, text string) (string, error) {
	open, end := Markers(name)
	i := strings.Index(s, open)
	if i < 0 {
		return "", fmt.Errorf("no %s marker", open)
	}
	j := strings.Index(s[i:], end)
	if j < 0 {
		return "", fmt.Errorf("no %s marker after %s", end, open)
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return s[:i+len(open)] + "\n" + text + s[i+j:], nil
}

// ReplaceInFile applies Replace to the file at path, atomically.
func ReplaceInFile(path, name, text string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s, err := Replace(string(b), name, text)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.WriteFile(path, []byte(s))
}
