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
	exp := math.Floor(math.Log10((hi - lo) / niceTickTarget))
	mag := math.Pow(10, exp)
	// Take the step whose number of intervals is closest to the target.
	mantissa := 1.0
	for _, m := range []float64{2, 5, 10} {
		if math.Abs((hi-lo)/(m*mag)-niceTickTarget) < math.Abs((hi-lo)/(mantissa*mag)-niceTickTarget) {
			mantissa = m
		}
	}
	if mantissa == 10 {
		mantissa, mag = 1, mag*10
	}
	step := mantissa * mag
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
