// Package names writes lists of column names for messages.
package names

import (
	"encoding/csv"
	"strconv"
	"strings"
	"unicode"
)

// List joins column names with ", ", quoting each name that a reader could
// not tell apart from the list's punctuation: one holding a comma, a quote
// or a control character (a line break), starting or ending with a space,
// or empty.
func List(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if n == "" || strings.ContainsAny(n, ",\"") || strings.TrimSpace(n) != n || strings.ContainsFunc(n, unicode.IsControl) {
			out[i] = strconv.Quote(n)
		}
	}
	return strings.Join(out, ", ")
}

// FlagList is the comma-separated list a command-line flag of column names
// (such as -drop) reads as names: CSV quoting, a name holding a comma or a
// quote in double quotes.
func FlagList(names []string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	_ = w.Write(names) // a strings.Builder does not fail
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}
