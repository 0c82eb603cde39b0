package main

import (
	"fmt"
	"regexp"
	"strconv"
)

// decimalSyntax is a plain decimal number: an optional sign, digits with an
// optional point, and an optional exponent (1, -2.5, .5, 3e-4).
var decimalSyntax = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// parseDecimal reads a feature cell. Only plain decimal numbers are
// accepted: strconv.ParseFloat alone would also take hexadecimal (0x1p3),
// digit separators (1_000), Inf and NaN, which in a data file are a
// mistake or a missing value, not a number.
func parseDecimal(s string) (float64, error) {
	if !decimalSyntax.MatchString(s) {
		return 0, fmt.Errorf("%q is not a decimal number such as -1.5e3 (impute missing values and encode categories first)", s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil { // the syntax is checked: only an overflow is left
		return 0, fmt.Errorf("%q is beyond the float64 range (±1.8e308)", s)
	}
	return v, nil
}
