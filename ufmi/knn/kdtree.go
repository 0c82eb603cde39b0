package knn

import (
	"cmp"
	"math"
	"slices"
)

// knnTree is a bucket kd-tree over labelled points under the max-norm
// (L∞, Chebyshev) distance: the neighbour structure of the kNN estimators.
// The tree splits on the feature coordinates only; each point also carries
// its class code as a float64 label.
//
// gonum's spatial/kdtree is not used: its pruning assumes the Distance of a
// Comparable is a squared Euclidean distance and it has no range count, and
// squaring max-norm distances would blur the exact ±1e-15 tie tolerances the
// reference estimators use.
//
// Distances are max_j |p_j - q_j| in float64, as in the reference code,
// measured in the source's unit (see knnData: coordinates that could
// overflow a difference are halved, tolerance included).
// Pruning compares against tight per-node bounding boxes; floating-point
// subtraction is monotone, so a box bound never exceeds the distance of a
// point inside the box and queries return exactly what a brute-force scan
// returns, ties included.
//
// Queries examine coordinates in decreasing order of how far the query
// lies from the data's mean in standard deviations: in many dimensions
// (where no kd-tree prunes much) a point is then usually rejected after one
// or two coordinates. The order changes only the speed, never the answer.
type knnTree struct {
	dim    int
	tol    float64   // the tie tolerance in the source's unit
	pts    []float64 // feature coordinates in tree order: point p is pts[p*dim:(p+1)*dim]
	labels []float64 // labels[p] is the class code of tree point p
	ids    []int     // ids[p] is the caller's row index of tree point p
	mean   []float64 // mean of each coordinate
	scale  []float64 // 1/standard deviation of each coordinate (0 if constant)
	nodes  []knnNode
	boxLo  []float64 // boxLo[node*dim+j]: smallest coordinate j of the node's points
	boxHi  []float64 // boxHi[node*dim+j]: largest coordinate j of the node's points
}

// knnNode covers tree points [start, end); left < 0 marks a leaf.
type knnNode struct {
	start, end  int
	left, right int
}

// knnLeafSize is the largest number of points a leaf holds (unless all its
// points coincide).
const knnLeafSize = 32

// knnTieTolerance is the absolute tolerance of the reference code's radius
// queries (Gao et al.'s mixed.py): KSG counts within eps+1e-15, Mixed-KSG
// within eps-1e-15, and a zero eps counts exact ties within 1e-15.
const knnTieTolerance = 1e-15

// pointSource is what a tree is built from: size() points, each with dims()
// feature coordinates (the first dims() values of row(i)) and a label
// coordinate (the class code), all in one unit, in which the tie tolerance
// is tieTolerance().
type pointSource interface {
	size() int
	dims() int
	row(i int) []float64
	label(i int) float64
	tieTolerance() float64
}

// newKNNTree builds a tree over the listed points of src (all points when
// rowIDs is nil), each labelled with its class code.
func newKNNTree(src pointSource, rowIDs []int) *knnTree {
	if rowIDs == nil {
		rowIDs = make([]int, src.size())
		for i := range rowIDs {
			rowIDs[i] = i
		}
	}
	n, dim := len(rowIDs), src.dims()
	t := &knnTree{dim: dim, tol: src.tieTolerance(), ids: append([]int(nil), rowIDs...),
		pts: make([]float64, n*dim), labels: make([]float64, n)}
	for p, r := range rowIDs {
		copy(t.pts[p*dim:(p+1)*dim], src.row(r)[:dim])
		t.labels[p] = src.label(r)
	}
	if n > 0 {
		t.build(0, n)
	}
	t.mean, t.scale = make([]float64, dim), make([]float64, dim)
	for j := range dim {
		// Terms divided by n first, so the sum of huge values cannot
		// overflow; an infinite sq just leaves scale 0. Both only order
		// the coordinates a query examines.
		var sum, sq float64
		for p := 0; p < n; p++ {
			sum += t.pts[p*dim+j] / float64(n)
		}
		t.mean[j] = sum
		for p := 0; p < n; p++ {
			d := t.pts[p*dim+j] - t.mean[j]
			sq += d * d
		}
		if sq > 0 {
			t.scale[j] = 1 / math.Sqrt(sq/float64(n))
		}
	}
	return t
}

// point returns the coordinates of tree point p.
func (t *knnTree) point(p int) []float64 { return t.pts[p*t.dim : (p+1)*t.dim] }

// swap exchanges tree points a and b.
func (t *knnTree) swap(a, b int) {
	pa, pb := t.point(a), t.point(b)
	for j := range pa {
		pa[j], pb[j] = pb[j], pa[j]
	}
	t.ids[a], t.ids[b] = t.ids[b], t.ids[a]
	t.labels[a], t.labels[b] = t.labels[b], t.labels[a]
}

// build creates the node for tree points [start, end) and its subtree and
// returns the node's index. Internal nodes split at the median of their
// widest coordinate.
func (t *knnTree) build(start, end int) int {
	id := len(t.nodes)
	t.nodes = append(t.nodes, knnNode{start: start, end: end, left: -1, right: -1})
	t.boxLo = append(t.boxLo, t.point(start)...)
	t.boxHi = append(t.boxHi, t.point(start)...)
	lo, hi := t.boxLo[id*t.dim:], t.boxHi[id*t.dim:]
	for p := start + 1; p < end; p++ {
		for j, v := range t.point(p) {
			lo[j] = math.Min(lo[j], v)
			hi[j] = math.Max(hi[j], v)
		}
	}
	if end-start <= knnLeafSize {
		return id
	}
	split, width := 0, 0.0
	for j := 0; j < t.dim; j++ {
		if w := hi[j] - lo[j]; w > width {
			split, width = j, w
		}
	}
	if width == 0 { // every point coincides: nothing to split
		return id
	}
	mid := (start + end) / 2
	t.selectRank(start, end, mid, split)
	left := t.build(start, mid)
	right := t.build(mid, end)
	t.nodes[id].left, t.nodes[id].right = left, right
	return id
}

// selectRank reorders tree points [start, end) so that coordinate j of the
// point at m has rank m: points before it are <= and points after it are >=
// in that coordinate. Quickselect with a three-way partition, so runs of
// equal values (discrete features) stay linear.
func (t *knnTree) selectRank(start, end, m, j int) {
	key := func(p int) float64 { return t.pts[p*t.dim+j] }
	lo, hi := start, end // window [lo, hi) contains rank m
	for hi-lo > 1 {
		a, b, c := key(lo), key(lo+(hi-lo)/2), key(hi-1)
		pivot := max(min(a, b), min(max(a, b), c)) // median of three
		// Partition into [lo,lt) < pivot, [lt,gt) == pivot, [gt,hi) > pivot.
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch v := key(i); {
			case v < pivot:
				t.swap(i, lt)
				lt++
				i++
			case v > pivot:
				gt--
				t.swap(i, gt)
			default:
				i++
			}
		}
		switch {
		case m < lt:
			hi = lt
		case m >= gt:
			lo = gt
		default:
			return
		}
	}
}

// knnNeighbour is a point met by a search: its feature distance dx and label
// distance dy from the query.
type knnNeighbour struct{ dx, dy float64 }

// knnSearch finds, for one query point at a time, the k-th nearest-neighbour
// distance eps and every other point whose feature distance is at most
// eps + 1e-15 (the tree's tie tolerance), so that the estimators can count marginal neighbours without
// a second pass over the data. One knnSearch per worker; it reuses its
// buffers between queries.
//
// With sameClass false (KSG, Mixed-KSG) neighbour distances are measured in
// the joint space, max(dx, dy), with the label as a coordinate. With
// sameClass true (Ross) only points of the query's class are neighbours and
// distances are dx.
type knnSearch struct {
	t         *knnTree
	sameClass bool

	// per query
	k     int
	x     []float64 // query features
	order []int     // coordinates in the order queries examine them
	key   []float64 // key[j]: standardised distance of the query from the mean in coordinate j
	label float64
	self  int
	best  []float64      // the smallest neighbour distances so far, increasing, at most k
	bound float64        // best[k-1] once k are known, else +Inf
	reach float64        // bound + 1e-15: points farther than this in dx are not kept
	found []knnNeighbour // every point met with dx <= reach at the time
}

func newKNNSearch(t *knnTree, sameClass bool) *knnSearch {
	return &knnSearch{t: t, sameClass: sameClass}
}

// run searches around row self, whose features are x and label is label
// (the row need not be in the tree), and returns eps, the k-th smallest
// neighbour distance (k >= 1). Afterwards s.found holds every tree point
// other than self with dx <= fl(eps + 1e-15), plus possibly some farther
// ones, with exact dx and dy. The tree must hold at least k neighbours of
// the query.
func (s *knnSearch) run(x []float64, label float64, self, k int) float64 {
	s.x, s.label, s.self, s.k = x[:s.t.dim], label, self, k
	s.best, s.found = s.best[:0], s.found[:0]
	s.sortCoordinates()
	s.bound, s.reach = math.Inf(1), math.Inf(1)
	if len(s.t.nodes) > 0 {
		s.visit(0)
	}
	return s.best[s.k-1]
}

// sortCoordinates orders the coordinates by decreasing standardised
// distance of the query from the mean.
func (s *knnSearch) sortCoordinates() {
	if len(s.order) != len(s.x) {
		s.order, s.key = make([]int, len(s.x)), make([]float64, len(s.x))
	}
	for j, v := range s.x {
		s.order[j] = j
		s.key[j] = 0
		if scale := s.t.scale[j]; scale > 0 { // 0: constant, or too spread to matter
			s.key[j] = math.Abs(v-s.t.mean[j]) * scale
		}
	}
	slices.SortFunc(s.order, func(a, b int) int { return cmp.Compare(s.key[b], s.key[a]) })
}

// countX counts the found points with dx <= r; r must not exceed
// fl(eps + 1e-15).
func (s *knnSearch) countX(r float64) int {
	n := 0
	for _, nb := range s.found {
		if nb.dx <= r {
			n++
		}
	}
	return n
}

// countJoint counts the found points with max(dx, dy) <= r, for r as in
// countX.
func (s *knnSearch) countJoint(r float64) int {
	n := 0
	for _, nb := range s.found {
		if max(nb.dx, nb.dy) <= r {
			n++
		}
	}
	return n
}

// offer inserts neighbour distance d into best, keeping it sorted and at
// most k long, and tightens bound and reach.
func (s *knnSearch) offer(d float64) {
	if len(s.best) < s.k {
		s.best = append(s.best, d)
	} else {
		s.best[s.k-1] = d
	}
	for i := len(s.best) - 1; i > 0 && s.best[i-1] > s.best[i]; i-- {
		s.best[i-1], s.best[i] = s.best[i], s.best[i-1]
	}
	if len(s.best) == s.k {
		s.bound = s.best[s.k-1]
		s.reach = s.bound + s.t.tol
	}
}

// gap is the max-norm feature distance from the query to node's bounding
// box (0 inside), or a partial maximum above s.reach as soon as one is found.
func (s *knnSearch) gap(node int) float64 {
	dim := s.t.dim
	lo, hi := s.t.boxLo[node*dim:(node+1)*dim], s.t.boxHi[node*dim:(node+1)*dim]
	x := s.x[:len(lo)]
	g := 0.0
	for _, j := range s.order {
		if d := lo[j] - x[j]; d > g {
			g = d
		} else if d := x[j] - hi[j]; d > g {
			g = d
		}
		if g > s.reach {
			break
		}
	}
	return g
}

func (s *knnSearch) visit(node int) {
	nd := s.t.nodes[node]
	if nd.left < 0 {
		s.scan(nd.start, nd.end)
		return
	}
	near, far := nd.left, nd.right
	gapNear, gapFar := s.gap(near), s.gap(far)
	if gapFar < gapNear {
		near, far = far, near
		gapNear, gapFar = gapFar, gapNear
	}
	if gapNear <= s.reach {
		s.visit(near)
	}
	if gapFar <= s.reach {
		s.visit(far)
	}
}

// scan examines tree points [start, end) of a leaf.
func (s *knnSearch) scan(start, end int) {
	t := s.t
	dim := t.dim
	x := s.x
points:
	for p := start; p < end; p++ {
		if t.ids[p] == s.self {
			continue
		}
		row := t.pts[p*dim : (p+1)*dim]
		row = row[:len(x)]
		reach := s.reach
		dx := 0.0
		for _, j := range s.order {
			if a := math.Abs(row[j] - x[j]); a > dx {
				if a > reach {
					continue points
				}
				dx = a
			}
		}
		dy := math.Abs(t.labels[p] - s.label)
		s.found = append(s.found, knnNeighbour{dx, dy})
		d := max(dx, dy)
		if s.sameClass {
			if dy != 0 {
				continue
			}
			d = dx
		}
		if d < s.bound {
			s.offer(d)
		}
	}
}
