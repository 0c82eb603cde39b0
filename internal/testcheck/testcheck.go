package testcheck

import (
	"math"
	"strings"
	"testing"
)

// Close fails the test unless |got - want| <= tol (NaN is never close).
func Close(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s: got %.10g, want %.10g ± %.3g", what, got, want, tol)
	}
}

// Error fails unless err is a "ufmi: " error containing want.
func Error(t testing.TB, what string, err error, want string) {
	t.Helper()
	if err == nil || !strings.HasPrefix(err.Error(), "ufmi: ") || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %v, want a ufmi error containing %q", what, err, want)
	}
}

// Panics fails unless f panics with a "ufmi: " message.
func Panics(t testing.TB, what string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if msg, ok := r.(string); !ok || !strings.HasPrefix(msg, "ufmi: ") {
			t.Errorf("%s: recovered %v, want a \"ufmi: \" panic", what, r)
		}
	}()
	f()
}
