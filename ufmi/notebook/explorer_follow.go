package notebook

import (
	"slices"
	"time"
)

// This file is the live explorer's loop, free of any widget: it turns a
// stream of control changes into few re-estimates.

// stateChange moves one control of a state.
type stateChange func(*ExplorerState)

// equal reports whether two states are the same position of the controls.
func (s ExplorerState) equal(o ExplorerState) bool {
	return s.Setting == o.Setting && s.N == o.N && s.D == o.D && s.Mu == o.Mu && s.Prior == o.Prior &&
		s.Seed == o.Seed && slices.Equal(s.Methods, o.Methods)
}

// controlLoop follows the controls: quiet is how long they must rest
// before a re-estimate, idle how long without a change ends the loop.
type controlLoop struct {
	quiet, idle time.Duration
	// echo shows a state at once: one waiting to be drawn, or the one drawn.
	echo func(s ExplorerState, waiting bool)
	// draw re-estimates a state and shows it.
	draw func(ExplorerState)
}

// run applies the changes as they come, echoing each state that differs
// from the one before, and once no change came for quiet, draws the
// latest state unless it is the one last drawn (start is taken as drawn).
// Changes that arrive while draw runs wait, so a drag costs one or two
// re-estimates, not one per step. It returns the latest state when stop is
// closed or after idle without a change.
func (l controlLoop) run(start ExplorerState, changes <-chan stateChange, stop <-chan struct{}) ExplorerState {
	state, drawn := start, start
	var rest <-chan time.Time
	idle := time.NewTimer(l.idle)
	defer idle.Stop()
	for {
		select {
		case <-stop:
			return state
		case <-idle.C:
			return state
		case change := <-changes:
			before := state
			change(&state)
			if state.equal(before) {
				continue
			}
			l.echo(state, true)
			rest = time.After(l.quiet)
			idle.Reset(l.idle)
		case <-rest:
			rest = nil
			if state.equal(drawn) {
				l.echo(state, false)
				continue
			}
			l.draw(state)
			drawn = state
		}
	}
}
