package notebook

import (
	"fmt"
	"html"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// This file is the live explorer: GoNB's sliders and selects move an
// ExplorerState, and the figure is redrawn in place once they rest.

// Timing of the live explorer.
const (
	// ExplorerConnectTimeout bounds each attempt to reach the browser's
	// widgets: a GoNB widget is ready only once the front end has sent its
	// first value, which never comes without a live Jupyter front end, and
	// which a busy kernel can miss (GoNB's browser side gives the kernel
	// half a second to answer), so the panel is built up to
	// explorerConnectAttempts times.
	ExplorerConnectTimeout  = 5 * time.Second
	explorerConnectAttempts = 3
	// ExplorerIdle ends the live explorer after this long without a change,
	// so a forgotten cell does not hold the kernel (its Stop button ends it
	// at once).
	ExplorerIdle = 15 * time.Minute
	// explorerQuiet is how long the controls must rest before a re-estimate:
	// dragging a slider sends a value per step, and only the last is drawn.
	explorerQuiet = 300 * time.Millisecond
)

// explorerPanel is the live panel in the notebook: the controls (in a
// transient element, never saved), a status line, and the figure area.
type explorerPanel struct {
	root, status, figure string // HTML ids
	changes              chan stateChange
	stop                 chan struct{}
}

// openPanel builds the panel; an attempt whose widgets do not hear from
// the browser within ExplorerConnectTimeout is removed and made again, up
// to explorerConnectAttempts times. It reports false when none connected
// (no live front end, as in a headless run).
func openPanel(start ExplorerState) (*explorerPanel, bool) {
	for range explorerConnectAttempts {
		root := dom.CreateTransientDiv()
		abandoned := make(chan struct{})
		ready := make(chan *explorerPanel, 1)
		go func() { ready <- buildPanel(root, start, abandoned) }()
		select {
		case p := <-ready:
			return p, true
		case <-time.After(ExplorerConnectTimeout):
			close(abandoned)
			dom.Remove(root)
		}
	}
	return nil, false
}

// buildPanel shows the controls inside root, one row each with its
// label, the Stop button and the status line, and forwards each control's
// values as state changes. Once abandoned is closed (openPanel gave up
// waiting for a widget) it adds nothing more.
func buildPanel(root string, start ExplorerState, abandoned <-chan struct{}) *explorerPanel {
	id := gonbui.UniqueID()
	p := &explorerPanel{root: root, status: "ufmi_explorer_status_" + id, figure: "ufmi_explorer_figure_" + id,
		changes: make(chan stateChange, 64), stop: make(chan struct{})}
	for i, c := range explorerControls(start) {
		if isClosed(abandoned) {
			return nil
		}
		row := fmt.Sprintf("ufmi_explorer_row_%s_%d", id, i)
		dom.Append(p.root, fmt.Sprintf(`<div id="%s"><span style="display:inline-block; width:9em">%s</span></div>`,
			row, html.EscapeString(c.label)))
		steps, rested := c.build(row)
		for _, values := range []*comms.AddressChan[int]{steps, rested} {
			go func() {
				for v := range values.C {
					p.changes <- func(s *ExplorerState) { c.set(s, v) }
				}
			}()
		}
	}
	if isClosed(abandoned) {
		return nil
	}
	clicks := widgets.Button("Stop the explorer").AppendTo(p.root).Done().Listen().LatestOnly()
	go func() {
		<-clicks.C
		close(p.stop)
	}()
	dom.Append(p.root, fmt.Sprintf(`<p id="%s"></p>`, p.status))
	return p
}

// isClosed reports whether ch is closed.
func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// ExploreLive runs the live explorer from start: sliders for n, d, μ and
// the seed, selects for the setting and the methods, and the figure and
// table redrawn in place once the controls rest (well under a second at
// the default state). It runs until its Stop button, an interrupt of the
// kernel, or ExplorerIdle without a change, then leaves the last state's
// figure and table in the notebook. Without a live front end (a headless
// run) it says so after its attempts to connect and returns; tag its cell
// "skip-execution" so that the notebook runner skips it.
func ExploreLive(start ExplorerState) {
	if err := start.Validate(); err != nil {
		ShowMarkdown("**" + html.EscapeString(err.Error()) + "**")
		return
	}
	if !gonbui.IsNotebook {
		fmt.Println("ufmi: the live explorer needs a GoNB notebook; ShowExplorer draws one state")
		return
	}
	p, ok := openPanel(start)
	if !ok {
		ShowMarkdown(fmt.Sprintf("*The explorer's widgets did not hear from the browser in %d attempts of %s: they need "+
			"a live Jupyter front end with GoNB (run the cell again if you are in one). Meanwhile, change the state "+
			"in a cell and call `notebook.ShowExplorer`.*", explorerConnectAttempts, ExplorerConnectTimeout))
		return
	}
	p.draw(start)
	loop := controlLoop{quiet: explorerQuiet, idle: ExplorerIdle, echo: p.echo, draw: p.draw}
	final := loop.run(start, p.changes, p.stop)
	dom.Remove(p.root)
	gonbui.UpdateHTML(p.figure, "")
	if r, err := Explore(final); err != nil {
		ShowMarkdown("**" + html.EscapeString(err.Error()) + "**")
	} else {
		r.Show()
	}
	ShowMarkdown(fmt.Sprintf("*The explorer stopped at %s. Run the cell again to go on.*", html.EscapeString(final.Describe())))
}

// echo shows a state in the status line: one waiting to be drawn, or the
// one drawn.
func (p *explorerPanel) echo(s ExplorerState, waiting bool) {
	line := s.Describe()
	if waiting {
		line += " (estimating once the controls rest)"
	}
	dom.SetInnerText(p.status, line)
}

// draw re-estimates s and replaces the figure area's content, or shows why
// the state cannot be explored (such as d = 1 for three_class).
func (p *explorerPanel) draw(s ExplorerState) {
	content, status := "", s.Describe()
	r, err := Explore(s)
	if err == nil {
		content, err = r.HTML()
		status += fmt.Sprintf(" (%.2f s)", r.Elapsed.Seconds())
	}
	if err != nil {
		content = `<pre class="ufmi-error">` + html.EscapeString(err.Error()) + "</pre>"
	}
	gonbui.UpdateHTML(p.figure, content)
	dom.SetInnerText(p.status, status)
	Sync()
}
