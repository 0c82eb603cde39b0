package notebook

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"
)

// Outside a notebook the display helpers and Sync return at once.
func TestDisplayOutsideANotebook(t *testing.T) {
	done := make(chan struct{})
	go func() {
		ShowHTML("<p>x</p>")
		ShowMarkdown("*x*")
		ShowPNG([]byte{0x89, 'P', 'N', 'G'}, nil)
		Sync()
		p := Progress("steps")
		p(1, 2)
		p(2, 2)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a display helper blocked outside a notebook")
	}
}

func TestMustData(t *testing.T) {
	if got := MustData(3, nil); got != 3 {
		t.Fatalf("MustData(3, nil) = %d", got)
	}
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	download := fmt.Errorf("ufmi: dataset 29: OpenML description: GET https://x/29: %w;\nwithout network access set UFMI_MIRROR",
		&url.Error{Op: "Get", URL: "https://x/29", Err: refused})
	msg := panicText(t, func() { MustData(0, download) })
	if !strings.HasPrefix(msg, DataUnavailable+"ufmi: dataset 29") || strings.Contains(msg, "\n") {
		t.Fatalf("a failed download panics with %q", msg)
	}
	msg = panicText(t, func() { MustData(0, errors.New("checksum mismatch")) })
	if strings.Contains(msg, DataUnavailable) || msg != "checksum mismatch" {
		t.Fatalf("another error panics with %q", msg)
	}
}

func panicText(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("no panic")
		}
		msg = fmt.Sprint(r)
	}()
	f()
	return ""
}

// Timed returns f's result and a wall time that covers f's run, and
// panics with f's error.
func TestTimed(t *testing.T) {
	v, secs := Timed(func() (int, error) { time.Sleep(20 * time.Millisecond); return 7, nil })
	if v != 7 || secs < 0.02 || secs > 5 {
		t.Errorf("Timed = %d, %v s", v, secs)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "broken") {
			t.Errorf("Timed of a failing f recovered %v", r)
		}
	}()
	Timed(func() (int, error) { return 0, errors.New("broken") })
}

func TestCheckNumberAndChoice(t *testing.T) {
	t.Setenv(ExercisesMustPass, "")
	if !CheckNumber("t1", 0.70, 0.693, 0.05) || CheckNumber("t2", 0.5, 0.693, 0.05) || CheckNumber("t3", math.NaN(), 0, 1) {
		t.Error("CheckNumber: wrong verdict")
	}
	if !CheckChoice("t4", "UF", "UF") || CheckChoice("t5", "KSG", "UF") || !CheckTrue("t6", true, true) {
		t.Error("CheckChoice/CheckTrue: wrong verdict")
	}
	t.Setenv(ExercisesMustPass, "1")
	defer func() {
		if recover() == nil {
			t.Error("a wrong answer with ExercisesMustPass=1 did not fail")
		}
	}()
	CheckNumber("t7", 1, 0, 0.1)
}
