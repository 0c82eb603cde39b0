package notebook

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
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
	// ExplorerConnectTimeout bounds the wait for the browser's widgets: a
	// GoNB widget is ready only once the front end has sent its first
	// value, which never comes without a live Jupyter front end.
	ExplorerConnectTimeout = 20 * time.Second
	// ExplorerIdle ends the live explorer after this long without a change,
	// so a forgotten cell does not hold the kernel (its Stop button ends it
	// at once).
	ExplorerIdle = 15 * time.Minute
	// explorerQuiet is how long the controls must rest before a re-estimate:
	// dragging a slider sends a value per step, and only the last is drawn.
	explorerQuiet = 300 * time.Millisecond
)

// explorerSizes are the n the n slider steps through.
var explorerSizes = []int{250, 500, 1000, 2000, 4000, 8000}

// explorerMethodSets are the choices of the methods select.
var explorerMethodSets = [][]string{
	{"UF", "KSG"},
	{"UF"},
	{"KSG", "Mixed-KSG"},
	{"UF", "UF (oblique)", "KSG"},
	{"UF", "IRF", "SigRF", "KSG"},
	{"UF", "UF (paper)", "RF-oob", "IRF", "SigRF"},
}

// Ranges of the sliders of d, μ (in tenths) and the seed.
const (
	explorerSliderDims = 40
	explorerSliderMu   = 30
	explorerSliderSeed = 20
)

// stateChange moves one control of a state.
type stateChange func(*ExplorerState)

// explorerControl is one control of the panel: its label, the widget it
// builds, and how a value of that widget sets the state.
type explorerControl struct {
	label string
	// build shows the widget inside the element parent and returns the
	// channel of its values.
	build func(parent string) *comms.AddressChan[int]
	set   func(s *ExplorerState, value int)
}

// explorerControls are the panel's controls, showing start: a select of
// the setting and of the methods, sliders of n, d, μ and the seed. Values
// outside a control's range are clamped to it.
func explorerControls(start ExplorerState) []explorerControl {
	settings := ExplorerSettings()
	var sets []string
	for _, set := range explorerMethodSets {
		sets = append(sets, strings.Join(set, " + "))
	}
	return []explorerControl{
		selectControl("setting", settings, max(0, slices.Index(settings, start.Setting)), func(s *ExplorerState, i int) {
			s.Setting = settings[clamp(i, 0, len(settings)-1)]
		}),
		selectControl("methods", sets, methodSetIndex(start.Methods), func(s *ExplorerState, i int) {
			s.Methods = slices.Clone(explorerMethodSets[clamp(i, 0, len(explorerMethodSets)-1)])
		}),
		sliderControl("rows n", 0, len(explorerSizes)-1, nearestSize(start.N), func(s *ExplorerState, i int) {
			s.N = explorerSizes[clamp(i, 0, len(explorerSizes)-1)]
		}),
		sliderControl("dimensions d", 1, explorerSliderDims, start.D, func(s *ExplorerState, d int) {
			s.D = clamp(d, 1, explorerSliderDims)
		}),
		sliderControl("separation μ", 1, explorerSliderMu, int(math.Round(10*start.Mu)), func(s *ExplorerState, tenths int) {
			s.Mu = float64(clamp(tenths, 1, explorerSliderMu)) / 10
		}),
		sliderControl("seed", 1, explorerSliderSeed, int(start.Seed), func(s *ExplorerState, seed int) {
			s.Seed = uint64(clamp(seed, 1, explorerSliderSeed))
		}),
	}
}

// selectControl is a GoNB select of options, opening at index first.
func selectControl(label string, options []string, first int, set func(*ExplorerState, int)) explorerControl {
	return explorerControl{label: label, set: set, build: func(parent string) *comms.AddressChan[int] {
		return widgets.Select(options).SetDefault(first).AppendTo(parent).Done().Listen().LatestOnly()
	}}
}

// sliderControl is a GoNB slider from lo to hi, opening at value.
func sliderControl(label string, lo, hi, value int, set func(*ExplorerState, int)) explorerControl {
	return explorerControl{label: label, set: set, build: func(parent string) *comms.AddressChan[int] {
		return widgets.Slider(lo, hi, clamp(value, lo, hi)).AppendTo(parent).Done().Listen().LatestOnly()
	}}
}

// clamp returns v within [lo, hi].
func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// methodSetIndex returns the index of the choice equal to methods, or 0.
func methodSetIndex(methods []string) int {
	for i, set := range explorerMethodSets {
		if slices.Equal(set, methods) {
			return i
		}
	}
	return 0
}

// nearestSize returns the index of the slider's n nearest to n.
func nearestSize(n int) int {
	best := 0
	for i, m := range explorerSizes {
		if abs(m-n) < abs(explorerSizes[best]-n) {
			best = i
		}
	}
	return best
}

func abs(v int) int { return max(v, -v) }

// equal reports whether two states are the same position of the controls.
func (s ExplorerState) equal(o ExplorerState) bool {
	return s.Setting == o.Setting && s.N == o.N && s.D == o.D && s.Mu == o.Mu && s.Prior == o.Prior &&
		s.Seed == o.Seed && slices.Equal(s.Methods, o.Methods)
}

// followControls applies the changes as they come (echo shows each new
// state at once) and calls draw with the latest state once no change came
// for quiet and it differs from the last drawn; start is taken as drawn.
// Changes that arrive while draw runs wait, so a drag costs one or two
// re-estimates, not one per step. It returns the latest state when stop
// is closed or after idle without a change.
func followControls(start ExplorerState, changes <-chan stateChange, stop <-chan struct{}, quiet, idle time.Duration,
	echo, draw func(ExplorerState)) ExplorerState {
	state, drawn := start, start
	var rest <-chan time.Time
	idleTimer := time.NewTimer(idle)
	defer idleTimer.Stop()
	for {
		select {
		case <-stop:
			return state
		case <-idleTimer.C:
			return state
		case change := <-changes:
			change(&state)
			echo(state)
			rest = time.After(quiet)
			idleTimer.Reset(idle)
		case <-rest:
			rest = nil
			if !state.equal(drawn) {
				draw(state)
				drawn = state
			}
		}
	}
}

// explorerPanel is the live panel in the notebook: the controls (in a
// transient element, never saved), a status line, and the figure area.
type explorerPanel struct {
	root, status, figure string // HTML ids
	changes              chan stateChange
	stop                 chan struct{}
}

// openPanel builds the panel, or gives up after timeout when the widgets
// never hear from a front end (a headless run).
func openPanel(start ExplorerState, timeout time.Duration) (*explorerPanel, bool) {
	ready := make(chan *explorerPanel, 1)
	go func() { ready <- buildPanel(start) }()
	select {
	case p := <-ready:
		return p, true
	case <-time.After(timeout):
		return nil, false
	}
}

// buildPanel shows the controls, one row each with its label, the Stop
// button, the status line and the figure area, and forwards each
// control's values as state changes.
func buildPanel(start ExplorerState) *explorerPanel {
	id := gonbui.UniqueID()
	p := &explorerPanel{root: dom.CreateTransientDiv(), status: "ufmi_explorer_status_" + id,
		figure: "ufmi_explorer_figure_" + id, changes: make(chan stateChange, 64), stop: make(chan struct{})}
	for i, c := range explorerControls(start) {
		row := fmt.Sprintf("ufmi_explorer_row_%s_%d", id, i)
		dom.Append(p.root, fmt.Sprintf(`<div id="%s"><span style="display:inline-block; width:9em">%s</span></div>`,
			row, html.EscapeString(c.label)))
		values := c.build(row)
		go func() {
			for v := range values.C {
				p.changes <- func(s *ExplorerState) { c.set(s, v) }
			}
		}()
	}
	clicks := widgets.Button("Stop the explorer").AppendTo(p.root).Done().Listen().LatestOnly()
	go func() {
		<-clicks.C
		close(p.stop)
	}()
	dom.Append(p.root, fmt.Sprintf(`<p id="%s"></p>`, p.status))
	return p
}

// ExploreLive runs the live explorer from start: sliders for n, d, μ and
// the seed, selects for the setting and the methods, and the figure and
// table redrawn in place once the controls rest (well under a second at
// the default state). It runs until its Stop button, an interrupt of the
// kernel, or ExplorerIdle without a change, then leaves the last state's
// figure and table in the notebook. Without a live front end (a headless
// run) it says so after ExplorerConnectTimeout and returns; tag its cell
// "skip-execution" so that the notebook runner does not wait.
func ExploreLive(start ExplorerState) {
	if err := start.Validate(); err != nil {
		ShowMarkdown("**" + html.EscapeString(err.Error()) + "**")
		return
	}
	if !gonbui.IsNotebook {
		fmt.Println("ufmi: the live explorer needs a GoNB notebook; ShowExplorer draws one state")
		return
	}
	p, ok := openPanel(start, ExplorerConnectTimeout)
	if !ok {
		ShowMarkdown(fmt.Sprintf("*The explorer's widgets did not hear from the browser within %s: they need a "+
			"live Jupyter front end with GoNB. Change the state in a cell and call `notebook.ShowExplorer` instead.*",
			ExplorerConnectTimeout))
		return
	}
	p.draw(start)
	final := followControls(start, p.changes, p.stop, explorerQuiet, ExplorerIdle, p.echo, p.draw)
	dom.Remove(p.root)
	gonbui.UpdateHTML(p.figure, "")
	if r, err := Explore(final); err == nil {
		r.Show()
	}
	ShowMarkdown(fmt.Sprintf("*The explorer stopped at %s. Run the cell again to go on.*", html.EscapeString(final.Describe())))
}

// echo shows a new state in the status line while it waits to be drawn.
func (p *explorerPanel) echo(s ExplorerState) {
	dom.SetInnerText(p.status, s.Describe()+" (estimating once the controls rest)")
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
