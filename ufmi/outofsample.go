package ufmi

import (
	"math"

	"github.com/ufmi-dev/ufmi/internal/engine"
)

// outOfSample sums, per row, the out-of-sample posterior of its label over
// the trees added: the trees in which the row neither grew the tree nor
// voted in it (an evaluation row; RF: out of bag), and, for UF, its vote
// trees with its own vote taken out of its leaf. No such posterior depends
// on the row's own label. Its sums give the one-step estimate of H(Y|X)
// (oneStepEntropy), the interval's φ and the lower bound's terms.
//
// With sketch, it also sums a sketch of the weights those posteriors put on
// the other rows' votes, from which the one-step's noise term comes
// (noiseOf): row i's posterior is a weighted mean of other rows' labels,
// q_i = Σ_j w_ij·1[y_j], and z_i = Σ_j c_ij·r_j with c_ij = (trees+1)·w_ij
// and r_j a fixed pseudo-random vector of sketchWidth signs, so that
// |z_i|²/sketchWidth estimates Σ_j c_ij² without holding the weights.
type outOfSample struct {
	y     []int
	k     int
	oob   bool
	width int // sums per row: 1 (p(y_i)), or k (every class: sharpened or fitted), plus the local-linear fit's
	// sharpenFolds is the number of folds whose sharpening exponents are
	// fitted on the others' rows when the one-step may take the sharpened
	// log-loss (entropyRule.sharpenFolds), 0 when it may not
	// (UFConfig.NoSharpening).
	sharpenFolds int
	// local holds the rows' coordinates of the local-linear fit (nil: none;
	// locallinear.go); its sums follow each row's k class sums.
	local *localCoordinates
	// capped caps each class's share of the noise term (cappedNoiseOf;
	// UFConfig.CappedNoise); it needs every class's sums (width >= k).
	capped bool
	// labelsOnly leaves out of the local-linear fit's sums the parts that
	// do not depend on the labels (the neighbours' coordinates and their
	// products): a label draw takes them from the estimate's sums
	// (takeLabelFreeFit) instead of summing them again.
	labelsOnly bool
	sum        []float64 // per row: the sum of its out-of-sample trees' p(y_i), or of their posteriors
	trees      []int32   // per row: how many trees that is
	// decided is set once the one-step of all the trees has chosen between
	// the unsharpened and the sharpened log-loss (oneStepEntropy);
	// sharpened then holds every row's sharpened log p̂(y_i|x_i)
	// (sharpenedLogProbs) if it chose those, else nil.
	decided   bool
	sharpened []float64
	// fitted caches, with the local-linear fit, every row's fitted sum of
	// its label's posteriors over all trees (logProb), nil until asked for.
	fitted      []float64
	voteCounts  []int32   // scratch: the current tree's vote counts per leaf and class
	treeVotes   []int32   // scratch: the current tree's vote counts per class
	shares      []float64 // scratch: a vote row's leaf shares where a class is absent (addFilled)
	classCounts []int32   // the rows of each class, for classes a tree has no votes of (classFill)
	leafFit     []float64 // scratch: the current tree's per-leaf sums of its vote rows' coordinates (local-linear)
	// The sketch (nil without it): per row sketchWidth sums (and, with the
	// local-linear fit, sketchWidth more per coordinate: the signs times the
	// coordinate less the row's), and the current tree's per-leaf sums of its
	// vote rows' signs (and signs times coordinates).
	z          []float64
	leafSketch []float64
}

// sketchWidth is the number of signs per row of outOfSample's sketch: the
// noise term's relative error per row is about √(2/sketchWidth), and it
// averages out over the rows.
const sketchWidth = engine.SketchWidth

// newOutOfSample prepares the sums for labels y of k classes: out of bag
// only (oob), with the noise term's sketch, with every class's posterior
// when sharpened in sharpenFolds folds (0: not sharpened).
func newOutOfSample(y []int, k int, oob, sketch bool, sharpenFolds int) *outOfSample {
	o := &outOfSample{}
	o.reset(y, k, oob, sketch, sharpenFolds)
	return o
}

// withLocalLinear makes o fit its rows' posteriors local-linearly on the
// coordinates of local (nil: no fit); o must be empty and not out of bag.
func (o *outOfSample) withLocalLinear(local *localCoordinates) *outOfSample {
	if local == nil || o.oob {
		return o
	}
	o.local = local
	o.width = entropyRule{oneStep: true, sharpenFolds: o.sharpenFolds, local: local}.outWidth(o.k)
	o.sum = resize(o.sum, len(o.y)*o.width)
	if o.z != nil {
		o.z = resize(o.z, len(o.y)*o.sketchRow())
	}
	return o
}

// emptyLike returns empty sums of o's rows, layout, sketch and noise term.
func (o *outOfSample) emptyLike() *outOfSample {
	return newOutOfSample(o.y, o.k, o.oob, o.z != nil, o.sharpenFolds).withLocalLinear(o.local).withCappedNoise(o.capped)
}

// withCappedNoise makes o cap each class's share of its noise term
// (UFConfig.CappedNoise) when capped; o must keep every class's sums
// (sharpened or fitted).
func (o *outOfSample) withCappedNoise(capped bool) *outOfSample {
	if capped && o.width < o.k {
		panic("ufmi: a capped noise term needs every class's out-of-sample sums")
	}
	o.capped = capped
	return o
}

// reset empties the sums for labels y, reusing their storage (and drops
// the local-linear fit and the capped noise term).
func (o *outOfSample) reset(y []int, k int, oob, sketch bool, sharpenFolds int) {
	o.y, o.k, o.oob, o.sharpened, o.decided, o.local, o.sharpenFolds, o.fitted, o.capped, o.labelsOnly = y, k, oob, nil, false, nil, sharpenFolds, nil, false, false
	o.width = entropyRule{oneStep: true, sharpenFolds: sharpenFolds}.outWidth(k)
	o.sum, o.trees = resize(o.sum, len(y)*o.width), resize(o.trees, len(y))
	o.z, o.classCounts = nil, nil
	if sketch {
		o.z = resize(o.z[:0:cap(o.z)], len(y)*sketchWidth)
	}
}

// coordinates is the number of local-linear coordinates (0: no fit).
func (o *outOfSample) coordinates() int {
	if o.local == nil {
		return 0
	}
	return localLinearColumns
}

// sketchRow is the number of sketch values per row (and per leaf).
func (o *outOfSample) sketchRow() int {
	_, sketch := engine.OutWidths(o.k, o.sharpenFolds > 0, o.local != nil)
	return sketch
}

// rowSigns are row i's sketch signs, one bit each (1 for +1): a fixed hash
// of the row's index (splitmix64), the same for every forest and shard.
func rowSigns(i int) uint64 {
	z := uint64(i) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// addSigns adds scale times row i's signs to dst (sketchWidth values).
func addSigns(dst []float64, i int, scale float64) {
	d := (*[sketchWidth]float64)(dst)
	for c, v := range signsOf(i) {
		d[c] += scale * v
	}
}

// signsOf is row i's signs as ±1 values (rowSigns' low sketchWidth bits),
// read from signTable.
func signsOf(i int) [sketchWidth]float64 {
	return signTable[rowSigns(i)&(1<<sketchWidth-1)]
}

// signTable holds the ±1 values of every byte of sign bits: entry b, value
// c is +1 when bit c of b is set (a row's sketch is added for every tree it
// votes in, and the table spares converting its bits each time).
var signTable = func() (t [1 << sketchWidth][sketchWidth]float64) {
	for b := range t {
		for c := range t[b] {
			t[b][c] = float64(b>>c&1*2 - 1)
		}
	}
	return t
}()

// votingTree is what outOfSample needs of one tree: its leaves' posteriors
// (k values per leaf; NaN first abstains), the leaf of every training row,
// and the rows that grew it and voted in it (vote nil: RF, whose structure
// sample voted).
type votingTree struct {
	leaves          int
	posterior       []float64
	leaf            []int32
	structure, vote rowSet
}

// votingTreeOf is ft with leaf[i] the leaf of training row i.
func votingTreeOf(ft *forestTree, leaf []int32) votingTree {
	return votingTree{leaves: ft.tree.Leaves(), posterior: ft.posterior, leaf: leaf, structure: ft.structure, vote: ft.vote}
}

// add takes a tree. With scored not nil, only the rows it holds are added.
//
// A class none of whose rows but the scored row itself votes in the tree is
// one the tree cannot give any mass anywhere: the tree says nothing about
// it, which is not evidence that row i is not of it. Such classes (absent,
// for row i) take their frequency among the other rows (plus one of each
// class, classFill.frequency) in the row's posterior from the tree, and the
// present classes' leaf shares are scaled by 1/(1 + the absent classes'
// frequencies), so that it still sums to 1 and no part of it depends on
// row i's label. It is done for classes of at most one row besides row i
// (maxFilledOthers), which no tree may show to their own rows. A class of 2 rows
// gives one row to the structure and one to the votes of every tree, and
// without the fill its voting row's posterior of its own class was 0 in
// every tree and its log-loss about log(T+1) - log π, held finite by the
// pseudo-tree only: an I(X;Y) of -0.084 for 0.098 on 100 rows, lower with
// more trees. Elsewhere nothing changes, bit for bit.
func (o *outOfSample) add(t votingTree, scored rowSet) {
	k, n := o.k, len(o.y)
	o.sharpened, o.decided, o.fitted = nil, false, nil
	fill := classFill{} // out of bag: every class keeps its tree's posterior
	if !o.oob {
		// The vote rows' class counts per leaf, so that a vote row's own
		// vote can be taken out of its leaf, and their signs' sums.
		o.voteCounts = resize(o.voteCounts, t.leaves*k)
		o.treeVotes = resize(o.treeVotes, k)
		sw, fw := o.sketchRow(), 0
		if o.z != nil {
			o.leafSketch = resize(o.leafSketch, t.leaves*sw)
		}
		if o.local != nil {
			fw = localLinearWidth(k)
			o.leafFit = resize(o.leafFit, t.leaves*fw)
		}
		for i := 0; i < n; i++ {
			if t.vote.contains(i) {
				l := int(t.leaf[i])
				o.voteCounts[l*k+o.y[i]]++
				o.treeVotes[o.y[i]]++
				if o.z != nil {
					o.addRowSigns(o.leafSketch[l*sw:(l+1)*sw], i, 1)
				}
				if o.local != nil {
					o.addRowFit(o.leafFit[l*fw:(l+1)*fw], i)
				}
			}
		}
		fill = o.newClassFill()
	}
	for i := 0; i < n; i++ {
		if scored != nil && !scored.contains(i) {
			continue
		}
		out := !t.structure.contains(i) && !t.vote.contains(i)
		if o.oob && !out {
			continue
		}
		l := int(t.leaf[i])
		p := t.posterior[l*k : l*k+k]
		if math.IsNaN(p[0]) {
			continue
		}
		yi := o.y[i]
		switch {
		case out:
			scale := 1.0
			if fill.few {
				scale = fill.scale(yi, false)
			}
			switch {
			case scale != 1:
				o.addFilled(i, p, false, fill, scale)
			case o.width == 1:
				o.sum[i] += p[yi]
			default:
				for c, v := range p {
					o.sum[i*o.width+c] += v
				}
			}
			o.trees[i]++
			// (Out-of-sample rows exist only with an evaluation share or
			// out of bag, where there is no local-linear fit.)
			if o.z != nil {
				if m := o.votesIn(l); m > 0 {
					o.addLeafSketch(i, l, -1, m, scale)
				}
			}
		case t.vote.contains(i):
			lc := o.voteCounts[l*k : l*k+k]
			if m := o.votesIn(l); m > 1 {
				scale := 1.0
				if fill.few {
					scale = fill.scale(yi, true)
				}
				switch {
				case scale != 1:
					o.shares = resize(o.shares, k)
					shares := o.shares
					for c, v := range lc {
						if c == yi {
							v--
						}
						shares[c] = float64(v) / float64(m-1)
					}
					o.addFilled(i, shares, true, fill, scale)
				case o.width == 1:
					o.sum[i] += float64(lc[yi]-1) / float64(m-1)
				default:
					for c, v := range lc {
						if c == yi {
							v--
						}
						o.sum[i*o.width+c] += float64(v) / float64(m-1)
					}
				}
				o.trees[i]++
				if o.z != nil {
					o.addLeafSketch(i, l, i, m-1, scale)
				}
				if o.local != nil {
					o.addLeafFit(i, l, true, m-1, fill, scale)
				}
			}
		}
	}
}

// classFill is one tree's classes without vote rows (add): votes holds the
// tree's vote rows per class, counts the rows per class in all (n rows, k
// classes), and few is set when some class has at most one vote row, the
// only case in which a class can be absent for a row.
type classFill struct {
	votes  []int32
	counts []int32
	n, k   int
	few    bool
}

// newClassFill is the fill of the tree whose vote counts o.treeVotes holds.
func (o *outOfSample) newClassFill() classFill {
	if o.classCounts == nil {
		o.classCounts = make([]int32, o.k)
		for _, c := range o.y {
			o.classCounts[c]++
		}
	}
	f := classFill{votes: o.treeVotes, counts: o.classCounts, n: len(o.y), k: o.k}
	for c, v := range f.votes {
		// A class of at most maxFilledOthers+1 rows: the only kind that can
		// be filled for some row (fillsClass).
		f.few = f.few || v <= 1 && f.counts[c] > 0 && f.counts[c] <= maxFilledOthers+1
	}
	return f
}

// maxFilledOthers is the most rows of a class, besides the scored row, for
// add's fill: a class of 1 or 2 rows is the kind whose rows may find no
// vote of their class in any tree that scores them (at the default's
// stratified halves a class of 2 rows gives one row to the structure and
// one to the votes of every tree), and their log-loss then followed the
// number of trees. Counting the other rows only keeps the rule free of the
// scored row's label. A larger class absent from some of a row's trees is
// present in others, which carry it. Filling those too was measured worse:
// 60 classes of 3 rows on independent columns read I(X;Y) +2.4 to +2.9
// instead of -0.25 to +0.58 (TestFewRowsPerClassStudy), the one-step's
// noise term, which counts every class, no longer offset by those rows'
// log-loss.
const maxFilledOthers = 1

// fillsClass reports whether class c takes add's fill for a row of class yi
// where the tree has no vote row of c: whether c has at most
// maxFilledOthers rows besides that row.
func (f classFill) fillsClass(c, yi int) bool {
	others := f.counts[c]
	if c == yi {
		others--
	}
	return f.counts[c] > 0 && others <= maxFilledOthers
}

// frequency is class c's frequency among the rows other than row i (of
// class yi), plus one of each class (otherRowsFrequency): what the tree
// gives an absent class, which no part of row i's label enters (as the
// lower bound's pseudo-tree).
func (f classFill) frequency(c, yi int) float64 {
	return otherRowsFrequency(int(f.counts[c]), f.n, f.k, c == yi)
}

// otherRowsFrequency is the frequency of a class of count rows among n rows
// of K classes with one row left out (own: a row of this class), plus one
// of each class: (count - [own] + 1)/(n - 1 + K), never 0, and free of the
// left-out row's label. The lower bounds' pseudo-tree and add's fill.
func otherRowsFrequency(count, n, k int, own bool) float64 {
	if own {
		count--
	}
	return float64(count+1) / float64(n-1+k)
}

// isAbsent reports whether class c has no vote row in the tree for row i
// of class yi, whose own vote is taken out when it votes.
func (f classFill) isAbsent(c, yi int, votes bool) bool {
	v := f.votes[c]
	if votes && c == yi {
		v--
	}
	return v == 0 && f.fillsClass(c, yi)
}

// scale is 1/(1 + Σ frequency(c)) over the classes absent for row i (of
// class yi, voting or not): the leaf shares' factor, 1 where none is. add
// asks only where f.few.
func (f classFill) scale(yi int, votes bool) float64 {
	total := 0.0
	for c := range f.k {
		if f.isAbsent(c, yi, votes) {
			total += f.frequency(c, yi)
		}
	}
	return 1 / (1 + total)
}

// addFilled adds to row i's sums its posterior from a tree in which some
// class is absent for it (fill.scale(y_i, votes) = scale < 1): each class's
// leaf share in shares, or its frequency where it is absent, times scale.
func (o *outOfSample) addFilled(i int, shares []float64, votes bool, fill classFill, scale float64) {
	yi := o.y[i]
	// The present classes' shares are taken to sum to 1: a leaf posterior
	// of an out-of-sample row can already give an absent class mass (Kappa,
	// uniform empty leaves), which its frequency replaces.
	present := 0.0
	for c, v := range shares {
		if !fill.isAbsent(c, yi, votes) {
			present += v
		}
	}
	if present <= 0 {
		present = 1
	}
	for c, v := range shares {
		if fill.isAbsent(c, yi, votes) {
			v = fill.frequency(c, yi)
		} else {
			v /= present
		}
		if o.width == 1 {
			if c == yi {
				o.sum[i] += v * scale
			}
			continue
		}
		o.sum[i*o.width+c] += v * scale
	}
}

// votesIn is the number of vote rows in leaf l of the current tree.
func (o *outOfSample) votesIn(l int) int32 {
	m := int32(0)
	for _, v := range o.voteCounts[l*o.k : l*o.k+o.k] {
		m += v
	}
	return m
}

// addRowSigns adds scale times row i's signs to a row or leaf sketch dst
// (sketchRow values): the signs, then the signs times each coordinate.
func (o *outOfSample) addRowSigns(dst []float64, i int, scale float64) {
	if o.local == nil {
		addSigns(dst[:sketchWidth], i, scale)
		return
	}
	// The signs once for the row's three sketches.
	signs := signsOf(i)
	base := (*[sketchWidth]float64)(dst[:sketchWidth])
	for s, v := range signs {
		base[s] += scale * v
	}
	for c, x := range o.local.row(i) {
		dc, sc := (*[sketchWidth]float64)(dst[(1+c)*sketchWidth:(2+c)*sketchWidth]), scale*x
		for s, v := range signs {
			dc[s] += sc * v
		}
	}
}

// addLeafSketch adds to row i's sketch the signs of leaf l's vote rows but
// own (-1: none), each with weight scale/m, and with the local-linear fit
// their signs times their coordinates less row i's.
func (o *outOfSample) addLeafSketch(i, l, own int, m int32, scale float64) {
	sw := o.sketchRow()
	zi, leaf := o.z[i*sw:(i+1)*sw], o.leafSketch[l*sw:(l+1)*sw]
	w := scale / float64(m)
	base := (*[sketchWidth]float64)(leaf)
	for c, v := range base {
		zi[c] += v * w
	}
	for c := 0; c < o.coordinates(); c++ {
		xi := o.local.row(i)[c]
		zc, lc := zi[(1+c)*sketchWidth:(2+c)*sketchWidth], leaf[(1+c)*sketchWidth:(2+c)*sketchWidth]
		for s, v := range lc {
			zc[s] += (v - xi*base[s]) * w
		}
	}
	if own >= 0 {
		// The own row's coordinates less row i's are 0 (own is i).
		addSigns(zi[:sketchWidth], own, -w)
	}
}

// addRowFit adds vote row i to a leaf's fit sums dst
// (localLinearWidth values): its coordinates, their products (upper
// triangle) and the coordinates in its class's place.
func (o *outOfSample) addRowFit(dst []float64, i int) {
	const m = localLinearColumns
	k := o.k
	x := o.local.row(i)
	at := labelFreeFitWidth
	if !o.labelsOnly {
		at = m
		for c := 0; c < m; c++ {
			dst[c] += x[c]
			for e := c; e < m; e++ {
				dst[at] += x[c] * x[e]
				at++
			}
		}
	}
	for c := 0; c < m; c++ {
		dst[at+c*k+o.y[i]] += x[c]
	}
}

// addLeafFit adds to row i's fit sums the mean over leaf l's other vote
// rows (m of them; row i among the leaf's votes when ownVote) of their
// coordinates less row i's, of those offsets' products and of the offsets
// in each class's place. Where the tree has classes absent for the row
// (add's fill; scale < 1) the votes weigh scale in all and the absent
// classes' frequencies the rest, as votes at the leaf's mean offset: they
// then move the fitted posterior's level, not its slope, and a fill at row
// i's own coordinates would have pulled the fit at row i towards the
// absent classes wherever the leaf's votes lie to one side of it.
func (o *outOfSample) addLeafFit(i, l int, ownVote bool, m int32, fill classFill, scale float64) {
	const mm = localLinearColumns
	k := o.k
	fw := localLinearWidth(k)
	leaf := o.leafFit[l*fw : (l+1)*fw]
	row := o.sum[i*o.width+k : (i+1)*o.width]
	x := o.local.row(i)
	counts := o.voteCounts[l*k : l*k+k]
	w, others := scale/float64(m), float64(m)
	rest := 1 - scale // the absent classes' weight, at the mean offset
	var s1, mean [localLinearColumns]float64
	for c := 0; c < mm; c++ {
		s1[c] = leaf[c]
		if ownVote {
			s1[c] -= x[c]
		}
		if rest > 0 {
			mean[c] = (s1[c] - others*x[c]) / others
		}
	}
	at := labelFreeFitWidth
	if !o.labelsOnly {
		for c := 0; c < mm; c++ {
			row[c] += (s1[c] - others*x[c]) * w
			if rest > 0 {
				row[c] += rest * mean[c]
			}
		}
		at = mm
		for c := 0; c < mm; c++ {
			for e := c; e < mm; e++ {
				s2 := leaf[at]
				if ownVote {
					s2 -= x[c] * x[e]
				}
				row[at] += (s2 - x[c]*s1[e] - x[e]*s1[c] + others*x[c]*x[e]) * w
				if rest > 0 {
					row[at] += rest * mean[c] * mean[e]
				}
				at++
			}
		}
	}
	for c := 0; c < mm; c++ {
		for kk := 0; kk < k; kk++ {
			sy, count := leaf[at+c*k+kk], float64(counts[kk])
			if ownVote && kk == o.y[i] {
				sy -= x[c]
				count--
			}
			row[at+c*k+kk] += (sy - x[c]*count) * w
			if rest > 0 && fill.isAbsent(kk, o.y[i], ownVote) {
				row[at+c*k+kk] += fill.frequency(kk, o.y[i]) * scale * mean[c]
			}
		}
	}
}

// labelFreeFitWidth is the number of a row's (or a leaf's) local-linear
// fit sums that do not depend on the labels: the coordinates and their
// products (upper triangle); the class places follow them.
const labelFreeFitWidth = localLinearColumns + localLinearColumns*(localLinearColumns+1)/2

// takeLabelFreeFit copies into o's rows the label-free parts of the
// local-linear fit's sums from from's (the same rows, trees and roles,
// other labels); o must sum with labelsOnly.
func (o *outOfSample) takeLabelFreeFit(from *outOfSample) {
	w, k := o.width, o.k
	for i := range o.y {
		at := i*w + k
		copy(o.sum[at:at+labelFreeFitWidth], from.sum[at:at+labelFreeFitWidth])
	}
}

// own is the sum of row i's out-of-sample posteriors of its label, as the
// trees gave them (no local-linear fit: the lower bound's).
func (o *outOfSample) own(i int) float64 {
	if o.width == 1 {
		return o.sum[i]
	}
	return o.sum[i*o.width+o.y[i]]
}

// rowSince writes row i's class sums over the trees added since o's sums
// were before's (nil: all trees) to cls (k values; with width 1 only the
// label's, at cls[0]), fitted local-linearly when o fits, and the sketch of
// its weights to z (sketchWidth values, when o sketches and z is not nil); it returns the
// number of those trees. raw and zraw are scratch of width and sketchRow
// values.
func (o *outOfSample) rowSince(i int, before *outOfSample, cls, z, raw, zraw []float64) int32 {
	w := o.width
	m := o.trees[i]
	copy(raw, o.sum[i*w:(i+1)*w])
	if before != nil {
		m -= before.trees[i]
		for c, v := range before.sum[i*w : (i+1)*w] {
			raw[c] -= v
		}
	}
	sketch := o.z != nil && z != nil
	if sketch {
		sw := o.sketchRow()
		copy(zraw, o.z[i*sw:(i+1)*sw])
		if before != nil {
			for c, v := range before.z[i*sw : (i+1)*sw] {
				zraw[c] -= v
			}
		}
	}
	if o.local == nil {
		copy(cls, raw[:min(w, o.k)])
		if sketch {
			copy(z, zraw[:sketchWidth])
		}
		return m
	}
	var b [localLinearColumns]float64
	a := localLinearCorrection(cls, raw[:o.k], raw[o.k:], float64(m), o.k, b[:])
	if sketch {
		for s := range z[:sketchWidth] {
			v := a * zraw[s]
			for c := range b {
				v += b[c] * zraw[(1+c)*sketchWidth+s]
			}
			z[s] = v
		}
	}
	return m
}

// labelSum is the label's entry of cls as rowSince wrote it for row i.
func (o *outOfSample) labelSum(i int, cls []float64) float64 {
	if o.width == 1 {
		return cls[0]
	}
	return cls[o.y[i]]
}

// logProb is log p̂(y_i|x_i) for row i: its out-of-sample trees' mean
// posterior of y_i with one pseudo-tree voting the class frequencies prior
// (so that it is never log 0; it moves p̂ by at most 1/(trees+1)), or NaN
// when the row is out of sample in no tree. When o may sharpen, it is
// sharpened (sharpenedLogProbs) if the one-step is the sharpened log-loss
// (oneStepEntropy); with the local-linear fit, it is the fitted posterior's.
func (o *outOfSample) logProb(i int, prior []float64) float64 {
	if o.trees[i] == 0 {
		return math.NaN()
	}
	if o.sharpenFolds > 0 && !o.decided {
		o.oneStepEntropy(prior)
	}
	if o.sharpened != nil {
		return o.sharpened[i]
	}
	if o.local == nil {
		return logMixed(o.own(i), o.trees[i], prior[o.y[i]])
	}
	if o.fitted == nil {
		sums, _ := o.classSumsSince(nil)
		o.fitted = make([]float64, len(o.y))
		for r, c := range o.y {
			o.fitted[r] = sums[r*o.k+c]
		}
	}
	return logMixed(o.fitted[i], o.trees[i], prior[o.y[i]])
}

// logMixed is the log of the mean of a row's out-of-sample posteriors of
// its label (their sum over trees) and one pseudo-tree voting prior.
func logMixed(sum float64, trees int32, prior float64) float64 {
	return math.Log((sum + prior) / float64(trees+1))
}

// noiseOf is the noise term of a row's one-step log-loss from its sketch
// z and its count of out-of-sample trees: to second order a posterior q_i
// = p_i + ε_i raises the expected log-loss by Σ_k E[ε_ik²]/(2 p_ik), and
// with q_i a weighted mean of other rows' labels E[ε_ik²] = Σ_j w_ij²
// p_jk(1-p_jk), which for neighbours j alike in p sums over the classes to
// (K-1)/2 · Σ_j w_ij² (Miller and Madow's bias of a plug-in entropy, with
// 1/Σ_j w_ij² the effective number of votes). The pseudo-tree carries no
// votes. With capped, each class's share is capped (cappedNoiseOf), from
// the row's class sums cls (k values, as rowSince wrote them) and the
// class frequencies prior.
func (o *outOfSample) noiseOf(z []float64, trees int32, cls, prior []float64) float64 {
	ss := 0.0
	for _, v := range z {
		ss += v * v
	}
	norm := float64(trees + 1)
	if o.capped {
		return cappedNoiseOf(ss/sketchWidth/(norm*norm), cls[:o.k], trees, prior)
	}
	return float64(o.k-1) / 2 * ss / sketchWidth / (norm * norm)
}

// cappedNoiseOf is the noise term with each class's second-order share,
// (1 - q_c)/2 · Σ_j w_ij², capped at q_c·log(q_c/f_c), q_c the row's
// posterior (its class sum over trees trees mixed with the pseudo-tree, as
// logMixed) and f_c = prior_c/(trees+1) the pseudo-tree's part: the
// posterior never falls below f_c, so class c's expected excess, q_c·E[log
// q_c/q̃_c], is at most that. A class without votes near the row (q_c =
// f_c) adds nothing, where the second order gives it (1 - q_c)/2 · Σ_j
// w_ij² (docs/inference.md, "Many classes with signal").
func cappedNoiseOf(squares float64, cls []float64, trees int32, prior []float64) float64 {
	norm := float64(trees + 1)
	term := 0.0
	for c, sum := range cls {
		q, floor := (sum+prior[c])/norm, prior[c]/norm
		if q <= floor {
			continue
		}
		term += min((1-q)/2*squares, q*math.Log(q/floor))
	}
	return term
}

// oneStepEntropy is the one-step estimate of H(Y|X): the mean over the rows
// out of sample in some tree of -logProb, less each row's noise term
// (noiseOf) with a sketch; NaN when no row is out of sample. When o may
// sharpen (UFConfig.NoSharpening false), it is the lower of that and the
// mean sharpened log-loss (sharpenedLogProbs) without a noise term: both
// take out part of the log-loss's excess over H(Y|X), the noise term its
// noise and sharpening the flatness of averaged posteriors, and the
// sharpened log-loss, a cross-fitted score, stays above H(Y|X) in
// expectation. Where sharpening finds nothing (exponents near 1, the
// paper's simulations) the estimate is the one-step's. It decides o's
// logProb: the sharpened log-probabilities if it took them.
func (o *outOfSample) oneStepEntropy(prior []float64) float64 {
	h := o.noiseCorrectedSince(nil, prior)
	o.sharpened, o.decided = nil, true
	if o.sharpenFolds == 0 || math.IsNaN(h) {
		return h
	}
	sums, trees := o.classSumsSince(nil)
	logProb := sharpenedLogProbs(sums, trees, o.y, o.k, prior, o.sharpenFolds)
	sharp := meanLoss(logProb)
	if sharp < h {
		o.sharpened = logProb
	}
	return min(h, sharp)
}

// oneStepSinceLater is oneStepEntropy of the trees added since o's sums
// were before's (not nil: each row's sums less before's), in two steps: what reads o's and before's sums now (the
// unsharpened one-step and copies of the class sums), and a function that
// finishes it (the sharpening fit) from those copies alone, so that it may
// run in another goroutine while o's sums move on.
func (o *outOfSample) oneStepSinceLater(before *outOfSample, prior []float64) func() float64 {
	h := o.noiseCorrectedSince(before, prior)
	if o.sharpenFolds == 0 || math.IsNaN(h) {
		return func() float64 { return h }
	}
	sums, trees := o.classSumsSince(before) // new slices: before is not nil
	y, k, folds := o.y, o.k, o.sharpenFolds
	return func() float64 { return min(h, meanLoss(sharpenedLogProbs(sums, trees, y, k, prior, folds))) }
}

// meanLoss is the mean of -v over the entries of logProb that are not NaN.
func meanLoss(logProb []float64) float64 {
	sum, used := 0.0, 0
	for _, v := range logProb {
		if !math.IsNaN(v) {
			sum -= v
			used++
		}
	}
	return sum / float64(used)
}

// noiseCorrectedSince is the one-step of the trees added since o's sums
// were before's (nil: all trees), unsharpened: the mean over the rows out
// of sample in one of them of -logMixed, less each row's noise term with
// a sketch.
func (o *outOfSample) noiseCorrectedSince(before *outOfSample, prior []float64) float64 {
	sum, used := 0.0, 0
	cls, z := make([]float64, o.k), make([]float64, sketchWidth)
	raw, zraw := make([]float64, o.width), make([]float64, o.sketchRow())
	for i, c := range o.y {
		m := o.rowSince(i, before, cls, z, raw, zraw)
		if m == 0 {
			continue
		}
		sum -= logMixed(o.labelSum(i, cls), m, prior[c])
		if o.z != nil {
			sum -= o.noiseOf(z, m, cls, prior)
		}
		used++
	}
	if used == 0 {
		return math.NaN()
	}
	return sum / float64(used)
}

// classSumsSince returns every row's k class sums over the trees added
// since o's sums were before's (nil: all trees), fitted local-linearly when
// o fits, and the number of those trees; o keeps every class.
func (o *outOfSample) classSumsSince(before *outOfSample) ([]float64, []int32) {
	n, k := len(o.y), o.k
	if o.local == nil && before == nil {
		return o.sum, o.trees
	}
	sums, trees := make([]float64, n*k), make([]int32, n)
	raw := make([]float64, o.width)
	for i := range o.y {
		trees[i] = o.rowSince(i, before, sums[i*k:(i+1)*k], nil, raw, nil)
	}
	return sums, trees
}

// copyTo makes before's sums o's (before of the same rows and sketch).
func (o *outOfSample) copyTo(before *outOfSample) {
	copy(before.sum, o.sum)
	copy(before.trees, o.trees)
	copy(before.z, o.z)
}

// oneStepOrPlugIn is the default UF's estimate of H(Y|X), for k classes,
// from the plug-in (the mean entropy of the forest posteriors) and the
// noise-corrected one-step (oneStepEntropy): the one-step when it is at
// least 0, else the plug-in. A one-step below 0 says that the rows' noise
// terms outweigh their log-loss, as on a few rows of overlapping classes
// (8 rows: -0.005, which read as 0 gave I = log K beside a plug-in I of
// 0.03); where the labels are a function of x the plug-in is 0 or nearly.
// The plug-in is biased by the forest's smoothing to first order
// (posteriors flattened by averaging leaves across trees raise their
// entropy) and by noise the other way; the log-loss, scored on the labels,
// is biased by smoothing only to second order, and its noise term is
// estimated and taken out. docs/inference.md ("Less bias") gives the
// measurements. It is the plug-in when no row is out of sample (NaN), or
// when the one-step lies above log K by more than the largest noise term
// there can be, (K-1)/2 (all of a row's weight on one other row): out-of-
// sample posteriors that far worse than a uniform guess (4 rows of
// alternating labels read -3.9 nats of MI) say that the one-step has broken
// down, not that X carries negative information. No null estimate measured
// comes near that margin (they lie within 0.03 nats of H(Y)).
func oneStepOrPlugIn(plugIn, oneStep float64, k int) float64 {
	if !oneStepKept(oneStep, k) {
		return plugIn
	}
	return oneStep
}

// oneStepKept reports whether oneStepOrPlugIn keeps the one-step of k
// classes rather than fall back to the plug-in.
func oneStepKept(oneStep float64, k int) bool {
	return !math.IsNaN(oneStep) && oneStep >= 0 && oneStep <= math.Log(float64(k))+float64(k-1)/2
}
