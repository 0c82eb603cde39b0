package viz

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks marks a log axis: labelled powers of ten and, when the axis spans
// at most two decades, labelled 2x and 5x multiples too, so short ranges such
// as n = 100..1600 still get several labels. Other integer multiples are
// minor ticks.
type logTicks struct{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) {
		return nil
	}
	first := int(math.Floor(math.Log10(lo)))
	last := int(math.Ceil(math.Log10(hi)))
	labelAll125 := math.Log10(hi)-math.Log10(lo) <= 2
	var ticks []plot.Tick
	for e := first; e <= last; e++ {
		decade := math.Pow(10, float64(e))
		for m := 1; m <= 9; m++ {
			v := float64(m) * decade
			if v < lo*(1-1e-12) || v > hi*(1+1e-12) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || (labelAll125 && (m == 2 || m == 5)) {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// labelTicks puts labels[i] at position at(i), skipping empty labels.
func labelTicks(labels []string, at func(int) float64) plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for i, l := range labels {
		if l != "" {
			ticks = append(ticks, plot.Tick{Value: at(i), Label: l})
		}
	}
	return ticks
}

// indexTicks numbers the n cells of a matrix axis with gonum's default tick
// spacing; with down set, index 0 is at the top (position n-1).
type indexTicks struct {
	n    int
	down bool
}

// Ticks implements plot.Ticker.
func (t indexTicks) Ticks(lo, hi float64) []plot.Tick {
	if t.n <= 1 {
		return []plot.Tick{{Value: 0, Label: "0"}}
	}
	var ticks []plot.Tick
	for _, tk := range (plot.DefaultTicks{}).Ticks(0, float64(t.n-1)) {
		idx := tk.Value
		if idx != math.Trunc(idx) || idx < 0 || idx > float64(t.n-1) {
			continue
		}
		pos := idx
		if t.down {
			pos = float64(t.n-1) - idx
		}
		label := ""
		if !tk.IsMinor() {
			label = strconv.Itoa(int(idx))
		}
		ticks = append(ticks, plot.Tick{Value: pos, Label: label})
	}
	return ticks
}

// log1pTicks marks an axis of log(1 + v) values at 0 and at the round
// values 1, 2 and 5 times a power of ten of the two decades up to the
// largest v, labelled in the units of v.
type log1pTicks struct{}

// Ticks implements plot.Ticker.
func (log1pTicks) Ticks(lo, hi float64) []plot.Tick {
	vLo, vHi := math.Expm1(lo), math.Expm1(hi)
	var ticks []plot.Tick
	add := func(v float64) {
		if v >= vLo && v <= vHi {
			ticks = append(ticks, plot.Tick{Value: math.Log1p(v), Label: strconv.FormatFloat(v, 'g', 6, 64)})
		}
	}
	add(0)
	if !(vHi > 0) {
		return ticks
	}
	top := int(math.Floor(math.Log10(vHi)))
	for e := top - 1; e <= top; e++ {
		for _, m := range []float64{1, 2, 5} {
			add(m * math.Pow(10, float64(e)))
		}
	}
	return ticks
}

// clippedEnds wraps a colour bar's ticks: where values lie beyond the
// colour range (below, above), the bar's end gets a tick reading "≤ lo" or
// "≥ hi" (in the original units with log1p), in place of any tick there.
type clippedEnds struct {
	inner        plot.Ticker
	below, above bool
	log1p        bool
}

// Ticks implements plot.Ticker.
func (c clippedEnds) Ticks(lo, hi float64) []plot.Tick {
	label := func(v float64) string {
		if c.log1p {
			v = math.Expm1(v)
		}
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	near := (hi - lo) / 20 // a tick this close to an end would overlap its label
	var ticks []plot.Tick
	for _, t := range c.inner.Ticks(lo, hi) {
		if t.Label != "" && ((c.below && t.Value-lo < near) || (c.above && hi-t.Value < near)) {
			continue
		}
		ticks = append(ticks, t)
	}
	if c.below {
		ticks = append(ticks, plot.Tick{Value: lo, Label: "≤ " + label(lo)})
	}
	if c.above {
		ticks = append(ticks, plot.Tick{Value: hi, Label: "≥ " + label(hi)})
	}
	return ticks
}

// niceStep is the step between niceTicks' labelled ticks on [lo, hi].
func niceStep(lo, hi float64) float64 {
	step, _, _ := niceStepParts(lo, hi)
	return step
}

// niceStepParts is niceStep with its mantissa (1, 2 or 5) and power of ten:
// the step whose number of intervals on [lo, hi] is closest to
// niceTickTarget.
func niceStepParts(lo, hi float64) (step, mantissa, mag float64) {
	mag = math.Pow(10, math.Floor(math.Log10((hi-lo)/niceTickTarget)))
	mantissa = 1.0
	for _, m := range []float64{2, 5, 10} {
		if math.Abs((hi-lo)/(m*mag)-niceTickTarget) < math.Abs((hi-lo)/(mantissa*mag)-niceTickTarget) {
			mantissa = m
		}
	}
	if mantissa == 10 {
		mantissa, mag = 1, mag*10
	}
	return mantissa * mag, mantissa, mag
}

// niceTicks marks a linear axis at multiples of 1, 2 or 5 times a power of
// ten, about five labelled ticks across the range, with minor ticks between
// and labels carrying just the decimals the step needs.
type niceTicks struct{}

// niceTickTarget is the wanted number of intervals between labelled ticks.
const niceTickTarget = 5

// Ticks implements plot.Ticker.
func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', 6, 64)}}
	}
	step, mantissa, mag := niceStepParts(lo, hi)
	minorsPerStep := 5
	if mantissa == 2 {
		minorsPerStep = 4
	}
	minor := step / float64(minorsPerStep)
	decimals := max(0, -int(math.Round(math.Log10(mag))))
	first, last := int64(math.Ceil(lo/minor-1e-9)), int64(math.Floor(hi/minor+1e-9))
	var ticks []plot.Tick
	for k := first; k <= last; k++ {
		t := plot.Tick{Value: float64(k) * minor}
		if k%int64(minorsPerStep) == 0 {
			t.Label = strconv.FormatFloat(t.Value, 'f', decimals, 64)
			if k == 0 {
				t.Value, t.Label = 0, strconv.FormatFloat(0, 'f', decimals, 64)
			}
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// labelledEnds widens an automatic axis range, after a padding of frac of
// its span on both sides, to the nearest labelled ticks of its marker
// outside it, so that both ends of the axis carry a label (a reader sees
// where the axis starts and stops). Axes of other markers are only padded.
// The widening does not cross a bound the values respect: values all at
// or above 0 never get an axis reaching a labelled -0.1 or -0.2 (it stops
// at 0, or at its padding below 0), values all at or below 0 likewise,
// and values within [0, 1] (probabilities, shares) stop at 1 or its
// padding above.
func labelledEnds(ax *plot.Axis, frac float64) {
	dataLo, dataHi := ax.Min, ax.Max
	padAxis(ax, frac)
	if !(ax.Max > ax.Min) {
		return
	}
	paddedLo, paddedHi := ax.Min, ax.Max
	if !widenToLabels(ax) {
		return
	}
	keepBound := func(end *float64, padded, bound float64, below bool) {
		if below && *end < bound {
			*end = min(bound, padded)
		}
		if !below && *end > bound {
			*end = max(bound, padded)
		}
	}
	if dataLo >= 0 {
		keepBound(&ax.Min, paddedLo, 0, true)
		if dataHi <= 1 {
			keepBound(&ax.Max, paddedHi, 1, false)
		}
	}
	if dataHi <= 0 {
		keepBound(&ax.Max, paddedHi, 0, false)
	}
}

// widenToLabels widens ax to the nearest labelled ticks of its linear or
// log marker outside it, and reports whether the marker is one of those.
func widenToLabels(ax *plot.Axis) bool {
	// Widening can change the ticker's step: repeat until both ends are
	// labelled (twice at most in practice).
	for range 4 {
		lo, hi := ax.Min, ax.Max
		switch ax.Tick.Marker.(type) {
		case niceTicks:
			step := niceStep(lo, hi)
			lo, hi = math.Floor(lo/step+1e-9)*step, math.Ceil(hi/step-1e-9)*step
		case logTicks:
			if !(lo > 0) {
				return false
			}
			lo, hi = logLabelBelow(lo, hi), logLabelAbove(lo, hi)
		default:
			return false
		}
		ax.Min, ax.Max = lo, hi
		if endsLabelled(ax.Tick.Marker.Ticks(lo, hi), lo, hi) {
			break
		}
	}
	return true
}

// endsLabelled reports whether ticks holds labelled ticks at lo and hi.
func endsLabelled(ticks []plot.Tick, lo, hi float64) bool {
	var atLo, atHi bool
	tol := 1e-9 * math.Max(math.Abs(lo), math.Abs(hi))
	for _, t := range ticks {
		if t.Label == "" {
			continue
		}
		atLo = atLo || math.Abs(t.Value-lo) <= tol
		atHi = atHi || math.Abs(t.Value-hi) <= tol
	}
	return atLo && atHi
}

// logLabels are the mantissas logTicks labels on [lo, hi]: 1, 2 and 5 over
// at most two decades, else 1.
func logLabels(lo, hi float64) []float64 {
	if math.Log10(hi)-math.Log10(lo) <= 2 {
		return []float64{1, 2, 5}
	}
	return []float64{1}
}

// logLabelBelow is the largest value logTicks labels that is at most lo.
func logLabelBelow(lo, hi float64) float64 {
	e := math.Floor(math.Log10(lo))
	best := math.Pow(10, e)
	for _, m := range logLabels(lo, hi) {
		if v := m * math.Pow(10, e); v <= lo*(1+1e-12) {
			best = v
		}
	}
	return best
}

// logLabelAbove is the smallest value logTicks labels that is at least hi.
func logLabelAbove(lo, hi float64) float64 {
	e := math.Floor(math.Log10(hi))
	for _, m := range logLabels(lo, hi) {
		if v := m * math.Pow(10, e); v >= hi*(1-1e-12) {
			return v
		}
	}
	return math.Pow(10, e+1)
}
