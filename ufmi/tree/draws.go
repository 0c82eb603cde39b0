package tree

import "sort"

// States of a feature in a node's draws with replacement.
const (
	unseen int8 = iota
	scanned
	constant
)

// rejectionTries is how many draws drawOne makes by the running sums
// before it draws exactly among the features not found constant.
const rejectionTries = 16

// runningSums returns the running sums of weights (of d ones when weights
// is nil), the table a draw with replacement searches.
func runningSums(weights []float64, d int) []float64 {
	sums := make([]float64, d)
	total := 0.0
	for j := range sums {
		w := 1.0
		if weights != nil {
			w = weights[j]
		}
		total += w
		sums[j] = total
	}
	return sums
}

// weightOf is feature j's weight, read off the running sums.
func (b *splitter) weightOf(j int) float64 {
	if j == 0 {
		return b.params.cumulative[0]
	}
	return b.params.cumulative[j] - b.params.cumulative[j-1]
}

// drawOne draws a feature not found constant in the node, with probability
// proportional to its weight (a feature of weight 0 never comes). It
// draws by the running sums and redraws a constant feature; after
// rejectionTries such redraws (a heavy feature constant in the node) it
// draws directly among the others, whose weights total liveWeight. Both
// ways draw from the same distribution.
func (b *splitter) drawOne(liveWeight float64) int {
	sums := b.params.cumulative
	for range rejectionTries {
		u := b.rng.Float64() * sums[len(sums)-1]
		f := sort.Search(len(sums), func(j int) bool { return sums[j] > u })
		if f < len(sums) && b.drawState[f] != constant {
			return f
		}
	}
	u := b.rng.Float64() * liveWeight
	last := -1
	for j := range sums {
		w := b.weightOf(j)
		if b.drawState[j] == constant || w <= 0 {
			continue
		}
		if u < w {
			return j
		}
		u -= w
		last = j
	}
	return last // u reached liveWeight by rounding
}

// drawWithReplacement makes mtry draws with replacement
// (Config.Draws WithReplacement), scanning each distinct feature drawn once
// and offering its split to keep. A feature found constant in the node is
// not drawn again and its draw does not count. It stops early once every
// drawable feature has been seen: further draws could not change the best
// split.
func (b *splitter) drawWithReplacement(scan func(f int) *split) {
	if b.drawState == nil {
		b.drawState = make([]int8, len(b.params.cumulative))
	}
	sums := b.params.cumulative
	liveWeight := sums[len(sums)-1]
	draws, seen := 0, 0
	for draws < b.params.mtry && seen < b.params.drawable {
		f := b.drawOne(liveWeight)
		if b.drawState[f] == scanned {
			draws++
			continue
		}
		seen++
		b.drawn = append(b.drawn, f)
		s := scan(f)
		if s == nil {
			b.drawState[f] = constant
			liveWeight -= b.weightOf(f)
			continue
		}
		b.drawState[f] = scanned
		draws++
		b.keep(f, s)
	}
	for _, f := range b.drawn {
		b.drawState[f] = unseen
	}
	b.drawn = b.drawn[:0]
}
