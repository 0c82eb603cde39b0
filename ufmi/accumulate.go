package ufmi

import (
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
)

// posteriorSums is the one accumulator of leaf posteriors: every path that
// averages trees' posteriors over rows (predictions, the honest estimate
// in memory and streamed, tree blocks, the refit and fast tests, the
// interval's tree groups) adds trees to one of these, in tree order, and
// reads the mean posteriors or their mean entropy back. Each row's sum is
// the same additions in the same order whatever the path, so the paths
// agree bit for bit.
//
// A tree hands its leaf posteriors (width values per leaf; a leaf whose
// first value is NaN abstains) and the leaf of each row it votes for.
// With dropped >= 0 the sums leave that class out (width K-1) and its mean
// posterior is 1 minus the others': the fast test keeps the most frequent
// class out, which halves its work for two classes.
type posteriorSums struct {
	k       int
	width   int       // values kept per row: k, or k-1 with a dropped class
	dropped int       // the class left out of the sums, or -1
	sum     []float64 // rows × width, row-major
	// votes counts, per row, the trees that voted for it. It is nil when
	// every added tree votes for every row (no filter, no abstaining leaf):
	// every row then has trees votes.
	votes []int
	trees int // trees added with addTree
}

// newPosteriorSums returns sums over rows rows of k classes. countVotes
// asks for per-row vote counts: needed when a tree may skip a row
// (addBlock's -1 leaves) or a leaf may abstain (EmptyAbstain). Without
// them no leaf may abstain: its NaN would enter the sums.
func newPosteriorSums(rows, k int, countVotes bool) *posteriorSums {
	s := &posteriorSums{}
	s.reset(rows, k, -1, countVotes)
	return s
}

// reset empties the sums for rows rows, reusing their storage.
func (s *posteriorSums) reset(rows, k, dropped int, countVotes bool) {
	s.k, s.dropped, s.width, s.trees = k, dropped, k, 0
	if dropped >= 0 {
		s.width = k - 1
	}
	s.sum = resize(s.sum, rows*s.width)
	if countVotes {
		s.votes = resize(s.votes, rows)
	} else {
		s.votes = nil
	}
}

// rows is the number of rows summed over.
func (s *posteriorSums) rows() int { return len(s.sum) / s.width }

// addTree adds one tree's posteriors to every row: row i gets leaf
// leaf[i]'s width values, unless that leaf abstains.
func (s *posteriorSums) addTree(post []float64, leaf []int32) {
	s.trees++
	if s.votes == nil {
		s.addEvery(post, leaf)
		return
	}
	s.addCounting(0, post, leaf)
}

// addBlock adds one tree's posteriors to rows first..first+len(leaf)-1;
// a leaf of -1 means the tree does not vote for that row. It needs vote
// counts (countVotes), and does not count the tree in trees.
func (s *posteriorSums) addBlock(first int, post []float64, leaf []int32) {
	if s.votes == nil {
		panic("ufmi: posteriorSums.addBlock needs per-row vote counts")
	}
	s.addCounting(first, post, leaf)
}

// addEvery adds leaf[i]'s values to every row i (no abstention, no skip).
// The additions are those of addCounting, unrolled for small widths.
func (s *posteriorSums) addEvery(post []float64, leaf []int32) {
	sum := s.sum
	switch s.width {
	case 1:
		for i, l := range leaf {
			sum[i] += post[l]
		}
	case 2:
		for i, l := range leaf {
			p, acc := (*[2]float64)(post[int(l)*2:]), (*[2]float64)(sum[i*2:])
			acc[0], acc[1] = acc[0]+p[0], acc[1]+p[1]
		}
	case 3:
		for i, l := range leaf {
			p, acc := (*[3]float64)(post[int(l)*3:]), (*[3]float64)(sum[i*3:])
			acc[0], acc[1], acc[2] = acc[0]+p[0], acc[1]+p[1], acc[2]+p[2]
		}
	case 4:
		for i, l := range leaf {
			p, acc := (*[4]float64)(post[int(l)*4:]), (*[4]float64)(sum[i*4:])
			acc[0], acc[1], acc[2], acc[3] = acc[0]+p[0], acc[1]+p[1], acc[2]+p[2], acc[3]+p[3]
		}
	default:
		w := s.width
		for i, l := range leaf {
			p, acc := post[int(l)*w:][:w], sum[i*w:][:w]
			for c, v := range p {
				acc[c] += v
			}
		}
	}
}

// addCounting adds leaf[j]'s values to row first+j and counts the vote,
// skipping leaves of -1 and abstaining leaves.
func (s *posteriorSums) addCounting(first int, post []float64, leaf []int32) {
	w := s.width
	sum, votes := s.sum[first*w:], s.votes[first:]
	if w == 4 {
		for j, l := range leaf {
			if l < 0 {
				continue
			}
			if p := (*[4]float64)(post[int(l)*4:]); !math.IsNaN(p[0]) {
				acc := (*[4]float64)(sum[j*4:])
				acc[0], acc[1], acc[2], acc[3] = acc[0]+p[0], acc[1]+p[1], acc[2]+p[2], acc[3]+p[3]
				votes[j]++
			}
		}
		return
	}
	for j, l := range leaf {
		if l < 0 {
			continue
		}
		p := post[int(l)*w:][:w]
		if math.IsNaN(p[0]) {
			continue
		}
		acc := sum[j*w:][:w]
		for c, v := range p {
			acc[c] += v
		}
		votes[j]++
	}
}

// votesOf returns row i's number of voting trees.
func (s *posteriorSums) votesOf(i int) int {
	if s.votes == nil {
		return s.trees
	}
	return s.votes[i]
}

// voteCounts returns every row's number of voting trees.
func (s *posteriorSums) voteCounts() []int {
	if s.votes != nil {
		return s.votes
	}
	v := make([]int, s.rows())
	for i := range v {
		v[i] = s.trees
	}
	return v
}

// posterior writes row i's mean posterior (k values) into out. A row no
// tree voted for gets prior, or, with skipUnvoted, nothing (ok false).
func (s *posteriorSums) posterior(i int, prior []float64, skipUnvoted bool, out []float64) (ok bool) {
	v := s.votesOf(i)
	if v == 0 {
		if skipUnvoted {
			return false
		}
		copy(out, prior)
		return true
	}
	acc := s.sum[i*s.width:][:s.width]
	if s.dropped < 0 {
		for c, a := range acc {
			out[c] = a / float64(v)
		}
		return true
	}
	last, j := 1.0, 0
	for c := range out {
		if c != s.dropped {
			out[c] = acc[j] / float64(v)
			last -= out[c]
			j++
		}
	}
	out[s.dropped] = max(last, 0)
	return true
}

// meanEntropy is the mean entropy of the rows' mean posteriors (see
// posterior) and the number of rows that entered it; NaN when none did.
func (s *posteriorSums) meanEntropy(prior []float64, skipUnvoted bool) (float64, int) {
	row := make([]float64, s.k)
	sum, used := 0.0, 0
	for i := range s.rows() {
		if !s.posterior(i, prior, skipUnvoted, row) {
			continue
		}
		sum += classes.Entropy(row)
		used++
	}
	if used == 0 {
		return math.NaN(), 0
	}
	return sum / float64(used), used
}

// means turns the sums into mean posteriors in place and returns them as
// rows: prior for a row without votes, or NaN with filtered (a filter
// kept every tree from it). The sums are spent.
func (s *posteriorSums) means(prior []float64, filtered bool) [][]float64 {
	if s.dropped >= 0 {
		panic("ufmi: posteriorSums.means with a dropped class")
	}
	k, n := s.k, s.rows()
	for i := range n {
		acc := s.sum[i*k : i*k+k]
		switch v := s.votesOf(i); {
		case v > 0:
			for c := range acc {
				acc[c] /= float64(v)
			}
		case !filtered:
			copy(acc, prior)
		default:
			for c := range acc {
				acc[c] = math.NaN()
			}
		}
	}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = s.sum[i*k : i*k+k : i*k+k]
	}
	return rows
}

// treeLeaves returns the leaf of every row of x in tree ft: the kept leaves
// of the training rows when x is them (onTrain), else computed into *buf,
// which grows as needed.
func treeLeaves(ft *forestTree, x *Features, onTrain bool, buf *[]int32) []int32 {
	if onTrain && ft.rowLeaf != nil {
		return ft.rowLeaf
	}
	*buf = resize(*buf, x.n)
	for i := range *buf {
		(*buf)[i] = ft.tree.LeafOf(x.cols, i)
	}
	return *buf
}

// forestSums is what an honest forest's trees add up, handed to add one at
// a time in tree order (from a fitted forest, from streamForest, or a block
// of a forest's trees): the forest posterior of the training rows and of
// any unlabeled rows (forest level), or the trees' mean entropies (tree
// level); the rows' out-of-sample posteriors of their labels for the
// one-step estimate and an interval's φ; and, when asked for, an
// interval's tree groups. Every estimate of H(Y|X) from a UF comes out of
// one.
type forestSums struct {
	k         int
	train     *posteriorSums // forest level: the training rows
	extra     *posteriorSums // forest level: unlabeled rows (nil: none)
	unlabeled *Features
	leafBuf   []int32
	treeLevel bool
	treeTotal float64      // tree level: the sum of the trees' mean entropies
	treeCount int          // tree level: the trees with one
	oos       *outOfSample // the rows' out-of-sample posteriors (nil: neither the one-step nor an interval)
	oneStep   bool         // the estimate is oneStepOrPlugIn's, not the plug-in
	interval  *intervalSum
	draws     *labelDraws // the one-step's bootstrap of the vote labels (nil: none)
}

// newForestSums prepares the sums for the training rows' labels y (codes
// 0..k-1); countVotes when a leaf may abstain; rule.oneStep for the default
// estimate (oneStepOrPlugIn; forest level only), plug-in otherwise.
func newForestSums(y []int, k int, treeLevel, countVotes bool, rule entropyRule, unlabeled *Features) *forestSums {
	s := &forestSums{k: k, treeLevel: treeLevel}
	if !treeLevel {
		s.train = newPosteriorSums(len(y), k, countVotes)
		if unlabeled != nil && unlabeled.n > 0 {
			s.extra, s.unlabeled = newPosteriorSums(unlabeled.n, k, countVotes), unlabeled
		}
		if rule.oneStep {
			s.oos, s.oneStep = newOutOfSample(y, k, false, true, rule.sharpenFolds).withLocalLinear(rule.local).withCappedNoise(rule.cappedNoise), true
		}
	}
	return s
}

// withInterval makes the trees add up iv's parts too; iv's φ and the
// estimate's one-step share the out-of-sample sums.
func (s *forestSums) withInterval(iv *intervalSum) {
	s.interval, iv.oneStep = iv, s.oneStep
	if s.oos == nil {
		iv.withOwnOutOfSample()
		s.oos = iv.oos
	} else {
		iv.oos = s.oos
	}
}

// withLabelDraws corrects the one-step by the label draws d (nil: none;
// UFConfig.LabelDraws), which hold every tree's leaves as it passes.
func (s *forestSums) withLabelDraws(d *labelDraws) *forestSums {
	if s.oneStep {
		s.draws = d
	}
	return s
}

// add takes tree t (trees come in order); its rowLeaf holds the leaf of
// every training row.
func (s *forestSums) add(t int, ft *forestTree) {
	var h float64
	var ok bool
	if s.treeLevel {
		if h, ok = treeMeanEntropy(ft, s.k, len(ft.rowLeaf)); ok {
			s.treeTotal += h
			s.treeCount++
		}
	} else {
		s.train.addTree(ft.posterior, ft.rowLeaf)
		if s.extra != nil {
			s.extra.addTree(ft.posterior, treeLeaves(ft, s.unlabeled, false, &s.leafBuf))
		}
	}
	if s.oos != nil {
		s.oos.add(votingTreeOf(ft, ft.rowLeaf), nil)
	}
	if s.interval != nil {
		s.interval.add(t, ft, ft.rowLeaf, h, ok)
	}
	if s.draws != nil {
		s.draws.hold(ft)
	}
}

// entropy is the estimate of H(Y|X): at tree level the mean of the trees'
// mean entropies; at forest level the plug-in, the mean entropy of the
// forest posteriors over the training and unlabeled rows (rows without a
// vote take prior), or the one-step: oneStepOrPlugIn of the training rows'
// plug-in and one-step, with unlabeled rows the plug-in of all rows moved
// by as much.
func (s *forestSums) entropy(prior []float64) float64 {
	if s.treeLevel {
		return s.treeTotal / float64(s.treeCount)
	}
	h, _ := s.train.meanEntropy(prior, false)
	shift := 0.0
	if s.oneStep {
		oneStep := s.oos.oneStepEntropy(prior)
		if s.draws != nil {
			oneStep = s.correctedByDraws(oneStep, prior)
		}
		if s.extra == nil {
			return oneStepOrPlugIn(h, oneStep, s.k)
		}
		shift = oneStepOrPlugIn(h, oneStep, s.k) - h
	}
	if s.extra != nil {
		n, m := s.train.rows(), s.extra.rows()
		me, _ := s.extra.meanEntropy(prior, false)
		h = (h*float64(n) + me*float64(m)) / float64(n+m)
	}
	return h + shift
}

// correctedByDraws is the one-step less the label draws' mean excess
// where the one-step is the estimate (oneStepKept), before and after the
// correction; the interval then takes the draws' Monte Carlo error and
// slope. Elsewhere the one-step is returned as it is and no draw is made.
func (s *forestSums) correctedByDraws(oneStep float64, prior []float64) float64 {
	if !oneStepKept(oneStep, s.k) {
		s.draws.skip()
		return oneStep
	}
	hy, _ := LabelEntropy(s.oos.y)
	s.draws.run(s.oos, prior, hy-oneStep)
	corrected := oneStep - s.draws.excess
	if s.interval != nil && oneStepKept(corrected, s.k) {
		s.interval.drawVariance, s.interval.drawSlope = s.draws.variance, s.draws.slope
	}
	return corrected
}

// treeMeanEntropy is one tree's mean leaf-posterior entropy over its
// evaluation rows (all n training rows without an evaluation set); ok is
// false when every such row reached an abstaining leaf.
func treeMeanEntropy(ft *forestTree, k, n int) (float64, bool) {
	leafH := make([]float64, ft.tree.Leaves())
	for l := range leafH {
		leafH[l] = classes.Entropy(ft.posterior[l*k : l*k+k])
	}
	sum, used := 0.0, 0
	for i := 0; i < n; i++ {
		if ft.eval != nil && !ft.eval.contains(i) {
			continue
		}
		l := ft.rowLeaf[i]
		if math.IsNaN(ft.posterior[int(l)*k]) {
			continue
		}
		sum += leafH[l]
		used++
	}
	if used == 0 {
		return 0, false
	}
	return sum / float64(used), true
}

// resize returns buf with length n and zero values, reusing its storage.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}
