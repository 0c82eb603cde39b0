// Package plural writes a count with its noun: "1 row", "3 rows".
package plural

import "strconv"

// Count is n followed by noun, with an "s" unless n is 1 or -1 (noun is a
// regular English noun such as "row" or "cell").
func Count(n int, noun string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
