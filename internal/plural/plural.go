// Package plural writes a count with its noun: "1 row", "3 rows".
package plural

import (
	"fmt"
	"strconv"
	"strings"
)

// Count is n followed by noun, with an "s" unless n is 1 or -1 (noun is a
// regular English noun such as "row" or "cell").
func Count(n int, noun string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// FirstOf joins up to k of items with sep and says how many more there
// are: "a, b, c and 2 more".
func FirstOf(items []string, k int, sep string) string {
	if len(items) <= k {
		return strings.Join(items, sep)
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:k], sep), len(items)-k)
}
