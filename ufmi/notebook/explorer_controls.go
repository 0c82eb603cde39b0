package notebook

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/janpfeifer/gonb/gonbui/comms"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// This file holds the live explorer's controls: which widgets it shows and
// how each widget's value sets an ExplorerState.

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

// explorerControl is one control of the panel: its label, the widget it
// builds, and how a value of that widget sets the state.
type explorerControl struct {
	label string
	// build shows the widget inside the element parent and returns the
	// channels of its values: each step, and the value it rests at.
	build func(parent string) (steps, rested *comms.AddressChan[int])
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
	return explorerControl{label: label, set: set, build: func(parent string) (*comms.AddressChan[int], *comms.AddressChan[int]) {
		w := widgets.Select(options).SetDefault(first).AppendTo(parent).Done()
		return w.Listen().LatestOnly(), restedValues(w.HtmlId(), w.Address())
	}}
}

// sliderControl is a GoNB slider from lo to hi, opening at value.
func sliderControl(label string, lo, hi, value int, set func(*ExplorerState, int)) explorerControl {
	return explorerControl{label: label, set: set, build: func(parent string) (*comms.AddressChan[int], *comms.AddressChan[int]) {
		w := widgets.Slider(lo, hi, clamp(value, lo, hi)).AppendTo(parent).Done()
		return w.Listen().LatestOnly(), restedValues(w.HtmlId(), w.Address())
	}}
}

// restedDelay is how long after a widget's "change" event (the end of a
// drag) the browser sends the value it rests at.
const restedDelay = 100 // milliseconds

// restedValues returns the channel of the values the widget htmlID rests
// at, sent once per drag by a transient script, restedDelay after it ends.
// GoNB hands each value of a widget to the program in a goroutine of its
// own, so a burst of steps can arrive out of order and the last to arrive
// need not be the last sent; the rested value comes well after the burst
// and is the widget's true value.
func restedValues(htmlID, address string) *comms.AddressChan[int] {
	rested := address + "/rested"
	values := comms.Listen[int](rested).LatestOnly()
	dom.TransientJavascript(fmt.Sprintf(`(() => {
	const el = document.getElementById(%q);
	if (!el || !globalThis.gonb_comm) return;
	el.addEventListener("change", () => setTimeout(() => globalThis.gonb_comm?.send(%q, Number(el.value)), %d));
})();`, htmlID, rested, restedDelay))
	return values
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
