package notebook

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
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
// second, and leaves the final line in the saved notebook.
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
			// Live updates are not saved in the .ipynb: show the final state for good.
			gonbui.UpdateHTML(id, "")
			gonbui.DisplayHTML("<p>" + line + "</p>")
			return
		}
		gonbui.UpdateHTML(id, "<p>"+line+"</p>")
	}
}

// Must panics on err, so a failing step fails its notebook cell loudly.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// ShowPNG displays PNG bytes inline, or panics with the error that made them.
func ShowPNG(png []byte, err error) {
	gonbui.DisplayPNG(Must(png, err))
}

// ShowHTML displays an HTML fragment inline.
func ShowHTML(fragment string) { gonbui.DisplayHTML(fragment) }

// ShowMarkdown displays Markdown inline.
func ShowMarkdown(md string) { gonbui.DisplayMarkdown(md) }

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
