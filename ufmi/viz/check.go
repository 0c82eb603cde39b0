package viz

import (
	"fmt"
	"math"
	"strings"
)

// checkFinite returns an error naming owner, field and the first index whose
// value is NaN or infinite, or the range of values when it is wider than a
// float64 holds (checkSpan).
func checkFinite(owner, field string, values []float64) error {
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("ufmi: viz: %s: %s[%d] is %v", owner, field, i, v)
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if len(values) == 0 {
		return nil
	}
	return checkSpan(owner+": "+field, lo, hi)
}

// checkSpan returns an error when hi - lo overflows: an axis or a colour
// scale over such a range has no finite width to place values on (the
// probe's [-1e308, 1e308] panicked in a histogram and a heatmap).
func checkSpan(what string, lo, hi float64) error {
	if math.IsInf(hi-lo, 0) {
		return fmt.Errorf("ufmi: viz: %s span %v to %v, a range wider than a float64 holds: rescale them", what, lo, hi)
	}
	return nil
}

// recoverDrawing turns a panic inside gonum/plot while a figure is built
// or drawn (which the input checks should prevent) into the error of the
// function that defers it: the entry points that return a figure, and
// encodeFigure.
func recoverDrawing(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("ufmi: viz: drawing failed: %v", r)
	}
}

// checkPositive returns an error naming owner and field when a value is not
// strictly positive (needed on a log axis).
func checkPositive(owner, field string, values []float64) error {
	for i, v := range values {
		if !(v > 0) {
			return fmt.Errorf("ufmi: viz: %s: %s[%d] = %v is not positive, which a log axis cannot show", owner, field, i, v)
		}
	}
	return nil
}

// checkSameLength returns an error when field b's length differs from field a's.
func checkSameLength(owner, a string, na int, b string, nb int) error {
	if na != nb {
		return fmt.Errorf("ufmi: viz: %s: len(%s) = %d but len(%s) = %d", owner, a, na, b, nb)
	}
	return nil
}

// describe names item i of a kind ("series", "method", ...) for error
// messages, by its name when it has one.
func describe(kind string, i int, name string) string {
	if name == "" {
		return fmt.Sprintf("%s %d", kind, i)
	}
	return fmt.Sprintf("%s %q", kind, name)
}

// checkRange validates an optional fixed axis range: equal bounds mean
// "automatic", otherwise both must be finite with lo < hi.
func checkRange(axis string, lo, hi float64) error {
	if lo == hi {
		return nil
	}
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || lo > hi {
		return fmt.Errorf("ufmi: viz: %s range [%v, %v] is not a finite increasing interval", axis, lo, hi)
	}
	return checkSpan(axis+" range: its ends", lo, hi)
}

// vizPrefix starts every error of the package.
const vizPrefix = "ufmi: viz: "

// withoutPrefix lets an error of the package be wrapped with more context
// without repeating the prefix.
func withoutPrefix(err error) error {
	return prefixStripped{err}
}

// prefixStripped prints an error without its leading vizPrefix but still
// unwraps to it.
type prefixStripped struct{ err error }

// Error returns the message without the package prefix.
func (e prefixStripped) Error() string { return strings.TrimPrefix(e.err.Error(), vizPrefix) }

// Unwrap returns the original error.
func (e prefixStripped) Unwrap() error { return e.err }
