package notebook

import (
	"errors"
	"fmt"
	"html"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// Full reports whether the notebook should run at the paper's sizes: the
// runner sets UFMI_FULL=1 (make notebooks FULL=1).
func Full() bool { return os.Getenv("UFMI_FULL") == "1" }

// Recompute reports whether cached results should be recomputed
// (UFMI_RECOMPUTE=1).
func Recompute() bool { return os.Getenv("UFMI_RECOMPUTE") == "1" }

// Pick returns small in the default mode and full at the paper's sizes.
func Pick[T any](small, full T) T {
	if Full() {
		return full
	}
	return small
}

// Mode names the run mode for printing.
func Mode() string {
	return Pick("small (make notebooks FULL=1 for the paper's sizes)", "full (the paper's sizes)")
}

// CachePath returns the path of a cached result under the repository's
// data/sim folder, seen from the notebooks folder, with the mode in its name
// so small and full runs never mix.
func CachePath(name string) string {
	return filepath.Join("..", "data", "sim", fmt.Sprintf("%s_%s.csv", name, Pick("small", "full")))
}

// Progress returns a callback that shows "label: done/total, elapsed,
// remaining" in one live line of the notebook, updated at most every half
// second, and leaves the final line in the saved notebook when the run took
// FinalLineAfter or more (a result read back from its cache, as every cell
// of notebook 05 does, leaves no line).
func Progress(label string) ufmi.Progress {
	id := gonbui.UniqueID()
	start := time.Now()
	var mu sync.Mutex
	var last time.Time
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if done < total && now.Sub(last) < 500*time.Millisecond {
			return
		}
		last = now
		elapsed := now.Sub(start)
		line := fmt.Sprintf("%s: %d/%d done, %s elapsed", html.EscapeString(label), done, total, elapsed.Round(time.Second))
		if done > 0 && done < total {
			remaining := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
			line += fmt.Sprintf(", about %s left", remaining.Round(time.Second))
		}
		if done >= total {
			// Live updates are not saved in the .ipynb: show the final state for good,
			// marked so the notebook runner tells it from a table.
			gonbui.UpdateHTML(id, "")
			if elapsed >= FinalLineAfter {
				gonbui.DisplayHTML(`<p class="` + ProgressClass + `">` + line + "</p>")
			}
			Sync()
			return
		}
		gonbui.UpdateHTML(id, "<p>"+line+"</p>")
	}
}

// FinalLineAfter is the shortest run whose final progress line Progress
// leaves in the notebook.
const FinalLineAfter = time.Second

// Must panics on err, so a failing step fails its notebook cell loudly.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// ShowPNG displays PNG bytes inline, or panics with the error that made them.
// Like every display helper it returns once GoNB has taken the output (see
// Sync).
func ShowPNG(png []byte, err error) {
	gonbui.DisplayPNG(Must(png, err))
	Sync()
}

// ShowHTML displays an HTML fragment inline and waits for it (see Sync).
func ShowHTML(fragment string) {
	gonbui.DisplayHTML(fragment)
	Sync()
}

// ShowMarkdown displays Markdown inline and waits for it (see Sync).
func ShowMarkdown(md string) {
	gonbui.DisplayMarkdown(md)
	Sync()
}

// ProgressClass is the HTML class of the final line Progress leaves in the
// notebook; scripts/run_notebooks.py does not count such lines as outputs.
const ProgressClass = "ufmi-progress"

// SyncTimeout bounds how long Sync waits for GoNB's answer.
const SyncTimeout = time.Minute

// Sync waits until GoNB has passed on everything displayed so far. A
// display only writes to a pipe that GoNB reads; when the cell's program
// ends, GoNB stops reading it, and a figure or table still in the pipe is
// lost without an error. The display helpers of this package call Sync
// after each display, so every cell that uses them keeps all its outputs;
// call it at the end of a cell that displays through gonbui directly.
// Outside a notebook it returns at once. It gives up after SyncTimeout (a
// line on stderr says so) rather than hang the cell.
func Sync() {
	if !gonbui.IsNotebook {
		return
	}
	done := make(chan struct{})
	go func() {
		gonbui.Sync()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(SyncTimeout):
		fmt.Fprintf(os.Stderr, "ufmi notebook: GoNB did not confirm the displayed output within %s; some of it may be missing\n", SyncTimeout)
	}
}

// DataUnavailable starts the panic message of MustData when a notebook's
// data cannot be had; scripts/run_notebooks.py reports such a notebook as
// skipped, with the rest of the message, instead of failed.
const DataUnavailable = "ufmi notebook: data unavailable: "

// MustData is Must for loading a notebook's input data (cc18.Load,
// drosophila.Fetch, a sweep that loads datasets): when err comes from the
// network (a download failed: no network, a proxy or server that does not
// answer), it panics with DataUnavailable and err, on one line. Any other
// error (a damaged file, a checksum mismatch) panics as Must does.
func MustData[T any](v T, err error) T {
	if err != nil && networkError(err) {
		panic(DataUnavailable + strings.ReplaceAll(err.Error(), "\n", " "))
	}
	return Must(v, err)
}

// networkError reports whether err comes from a network request.
func networkError(err error) bool {
	var urlErr *url.Error
	var netErr net.Error
	return errors.As(err, &urlErr) || errors.As(err, &netErr)
}

// Must2 is Must for functions returning two values and an error.
func Must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}

// Must4 is Must for functions returning four values and an error.
func Must4[A, B, C, D any](a A, b B, c C, d D, err error) (A, B, C, D) {
	if err != nil {
		panic(err)
	}
	return a, b, c, d
}
