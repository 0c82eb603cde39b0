package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// Progress goes to stderr in one of two ways. On a terminal, one line is
// rewritten in place ("\r") every 5% of the steps. Anywhere else (a file, a
// pipe, a batch job's log) "\r" would run the updates together on one line,
// so whole lines are written instead, at a modest rate: every 10% of the
// steps, and in between at most once per progressInterval.

// progressInterval is the longest a log waits for a progress line while
// steps are being done.
const progressInterval = 30 * time.Second

// isTerminal says w is a terminal (a character device such as a tty).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// statusLine shows progress on w and writes notices (Write) on lines of
// their own: on a terminal, a progress line rewritten in place; elsewhere,
// whole lines at a modest rate.
type statusLine struct {
	w        io.Writer
	terminal bool
	open     bool      // a progress line rewritten in place is not ended yet
	lastStep int       // the step bucket of the last line shown (-1: none)
	lastTime time.Time // when the last line was shown
	now      func() time.Time
}

// newStatusLine writes to w, in place only when w is a terminal.
func newStatusLine(w io.Writer) *statusLine {
	return &statusLine{w: w, terminal: isTerminal(w), lastStep: -1, now: time.Now}
}

// update shows that done of total steps are done, as the line format
// makes of args, when the rate allows it; the last step always shows and
// ends the line.
func (s *statusLine) update(done, total int, format string, args ...any) {
	pct := 0
	if total > 0 {
		pct = 100 * done / total
	}
	step, last := pct/10, done >= total
	if s.terminal {
		step = pct / 5
	}
	now := s.now()
	due := last || step != s.lastStep || (!s.terminal && now.Sub(s.lastTime) >= progressInterval)
	if !due {
		return
	}
	s.lastStep, s.lastTime = step, now
	if s.terminal {
		fmt.Fprintf(s.w, "\r"+format+"   ", args...) // the spaces clear a longer line before
		s.open = true
		if last {
			s.end()
		}
		return
	}
	fmt.Fprintf(s.w, format+"\n", args...)
}

// end ends the progress line rewritten in place, if any.
func (s *statusLine) end() {
	if s.open {
		fmt.Fprintln(s.w)
		s.open = false
	}
}

// Write ends the progress line, if any, then writes p.
func (s *statusLine) Write(p []byte) (int, error) {
	s.end()
	return s.w.Write(p)
}

// progressTo reports progress on w, unless quiet, as "what done/total"
// (e.g. "permutations 40/100").
func progressTo(w io.Writer, quiet bool, what string) ufmi.Progress {
	if quiet || w == nil {
		return nil
	}
	s := newStatusLine(w)
	return func(done, total int) {
		s.update(done, total, "%s %d/%d", what, done, total)
	}
}
