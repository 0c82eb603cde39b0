package ufmi

import (
	"errors"
	"fmt"
)

// ErrTooFewRowsForTest is matched (errors.Is) by the errors of
// FastPermutationTest and ConditionalPermutationTest when the data are too
// small, or too degenerate, for the test's forest: its structure half
// holds a single class, or none of its trees split. Callers that run many
// tests, such as a table of feature subsets, can test for it and report a
// missing p-value for that test instead of failing as a whole.
var ErrTooFewRowsForTest = errors.New("ufmi: too few rows for the test's forest")

// tooFewRowsError is an error message that matches ErrTooFewRowsForTest.
type tooFewRowsError struct{ msg string }

func (e tooFewRowsError) Error() string { return e.msg }

func (e tooFewRowsError) Is(target error) bool { return target == ErrTooFewRowsForTest }

// tooFewRows formats an error that matches ErrTooFewRowsForTest.
func tooFewRows(format string, args ...any) error {
	return tooFewRowsError{fmt.Sprintf(format, args...)}
}
