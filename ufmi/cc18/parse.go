package cc18

import (
	"strconv"
	"strings"
)

// parseNumber reads a numeric cell.
func parseNumber(s string) (float64, error) {
	return strconv.ParseFloat(strings.TrimSpace(s), 64)
}
