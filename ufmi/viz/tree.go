package viz

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// DefaultTreeDepth is the deepest level a tree diagram draws when
// TreeSpec.MaxDepth is 0 (the root is level 0).
const DefaultTreeDepth = 4

// TreeNode is one node of a tree diagram.
type TreeNode struct {
	// Split is an internal node's rule, such as "x1 ≤ 0.42": rows for
	// which it holds go to Left ("yes"), the others to Right ("no"). Empty
	// at a leaf.
	Split string
	// Left and Right are the indices of an internal node's children in
	// TreeSpec.Nodes; both 0 at a leaf (the root, node 0, is no one's child).
	Left, Right int
	// Label is an optional first line, such as "leaf 3".
	Label string
	// Structure and Vote count the rows that reach the node: the structure
	// rows grew the tree (chose its splits), the vote rows fill its leaves.
	Structure, Vote int
	// Posterior is the class distribution the node shows as a bar: at a
	// leaf its posterior (required); at an internal node, used only where
	// the drawing stops at MaxDepth, the class fractions of its vote rows
	// (nil draws no bar there).
	Posterior []float64
}

// TreeSpec describes a tree diagram: boxes for the nodes, from the root at
// the top to the leaves, each with its structure rows (S), vote rows (V)
// and, at the leaves, the posterior as a bar of class colours.
type TreeSpec struct {
	Title string
	// Nodes are the tree's nodes; Nodes[0] is the root, and every other
	// node is the child of exactly one node.
	Nodes []TreeNode
	// ClassNames name the classes in the key (default "class 0",
	// "class 1", ...); there are as many as a posterior has entries.
	ClassNames []string
	// MaxDepth is the deepest level drawn (0: DefaultTreeDepth): an
	// internal node at that level is drawn as one dashed "…" box standing
	// for its subtree, with the subtree's number of leaves and its rows.
	MaxDepth int
	// Highlight lists nodes drawn with a heavy outline, such as the path of
	// one point from the root to its leaf.
	Highlight []int
	// Width and Height default to what the drawn tree needs; a given size
	// stretches or squeezes the same layout. Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// Tree diagram geometry, in points.
const (
	treeTextSize   = 9.5
	treeLabelSize  = 8.5
	treePad        = 4  // inside a box, around its text
	treeBarHeight  = 7  // the posterior bar
	treeBarMin     = 48 // the narrowest posterior bar
	treeSlotGap    = 8  // between neighbouring boxes
	treeLevelGap   = 26 // between the levels, room for "yes" and "no"
	treeMargin     = 10 // around the figure
	treeKeySwatch  = 8  // the class squares of the key
	treeMaxClasses = 3  // leaves show their posterior's values in text up to this many classes
)

// TreeDiagram draws a tree: each internal node with its split, each leaf
// with its structure and vote rows and its posterior, edges marked "yes"
// (the split holds) and "no", and a key to the counts and class colours.
// Subtrees below MaxDepth are drawn as one "…" box each.
func TreeDiagram(spec TreeSpec) ([]byte, error) {
	k, err := checkTree(spec)
	if err != nil {
		return nil, err
	}
	d := layoutTree(spec, k)
	if (spec.Width == 0 && d.width > MaxFigureSide) || (spec.Height == 0 && d.height > MaxFigureSide) {
		return nil, fmt.Errorf("ufmi: viz: tree diagram of %d drawn leaves on %d levels needs %.0f x %.0f points, more than %.0f on a side: lower MaxDepth (%d drawn levels below the root) or give Width and Height",
			d.slots, d.levels, float64(d.width), float64(d.height), float64(MaxFigureSide), d.levels-1)
	}
	w, h, err := figureSize(spec.Width, spec.Height, d.width, d.height)
	if err != nil {
		return nil, err
	}
	return encodeFigure(spec.Format, w, h, d.paint)
}

// checkTree validates a spec and returns the number of classes.
func checkTree(spec TreeSpec) (int, error) {
	if len(spec.Nodes) == 0 {
		return 0, fmt.Errorf("ufmi: viz: tree diagram needs at least one node")
	}
	if spec.MaxDepth < 0 {
		return 0, fmt.Errorf("ufmi: viz: tree diagram MaxDepth = %d is negative", spec.MaxDepth)
	}
	parent := make([]int, len(spec.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	k := 0
	for i, nd := range spec.Nodes {
		if nd.Structure < 0 || nd.Vote < 0 {
			return 0, fmt.Errorf("ufmi: viz: tree node %d has negative counts (S %d, V %d)", i, nd.Structure, nd.Vote)
		}
		if isTreeLeaf(nd) {
			if nd.Split != "" {
				return 0, fmt.Errorf("ufmi: viz: tree node %d has split %q but no children", i, nd.Split)
			}
			if len(nd.Posterior) == 0 {
				return 0, fmt.Errorf("ufmi: viz: tree leaf %d has no posterior", i)
			}
		} else if nd.Split == "" {
			return 0, fmt.Errorf("ufmi: viz: tree node %d has children but no split", i)
		}
		if k == 0 && len(nd.Posterior) > 0 {
			k = len(nd.Posterior)
		}
		if err := checkTreePosterior(i, nd.Posterior, k); err != nil {
			return 0, err
		}
		if isTreeLeaf(nd) {
			continue
		}
		if nd.Left == nd.Right {
			return 0, fmt.Errorf("ufmi: viz: tree node %d has node %d as both children", i, nd.Left)
		}
		for _, c := range []int{nd.Left, nd.Right} {
			if c <= 0 || c >= len(spec.Nodes) {
				return 0, fmt.Errorf("ufmi: viz: tree node %d has child %d, not a node in 1..%d", i, c, len(spec.Nodes)-1)
			}
			if parent[c] >= 0 {
				return 0, fmt.Errorf("ufmi: viz: tree node %d is the child of two nodes (%d and %d)", c, parent[c], i)
			}
			parent[c] = i
		}
	}
	if err := checkTreeReach(spec.Nodes); err != nil {
		return 0, err
	}
	if spec.ClassNames != nil && len(spec.ClassNames) != k {
		return 0, fmt.Errorf("ufmi: viz: tree diagram has %d class names for posteriors of %d classes", len(spec.ClassNames), k)
	}
	for _, id := range spec.Highlight {
		if id < 0 || id >= len(spec.Nodes) {
			return 0, fmt.Errorf("ufmi: viz: tree diagram highlights node %d, not a node in 0..%d", id, len(spec.Nodes)-1)
		}
	}
	return k, nil
}

// checkTreePosterior checks node i's posterior: k probabilities (none at
// an internal node is fine).
func checkTreePosterior(i int, p []float64, k int) error {
	if p == nil {
		return nil
	}
	if len(p) != k {
		return fmt.Errorf("ufmi: viz: tree node %d has a posterior of %d classes, others have %d", i, len(p), k)
	}
	for c, v := range p {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("ufmi: viz: tree node %d: Posterior[%d] = %v is not a probability", i, c, v)
		}
	}
	return nil
}

// checkTreeReach fails on a node the root does not reach (a cycle among
// the other nodes, since each node has at most one parent).
func checkTreeReach(nodes []TreeNode) error {
	seen := make([]bool, len(nodes))
	stack := []int{0}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		seen[id] = true
		if nd := nodes[id]; !isTreeLeaf(nd) {
			stack = append(stack, nd.Left, nd.Right)
		}
	}
	for id, ok := range seen {
		if !ok {
			return fmt.Errorf("ufmi: viz: tree node %d is not reached from the root", id)
		}
	}
	return nil
}

// isTreeLeaf reports whether nd has no children.
func isTreeLeaf(nd TreeNode) bool { return nd.Left == 0 && nd.Right == 0 }

// treeBox is one box of the drawing: a node, or a subtree cut at MaxDepth.
type treeBox struct {
	node   int
	level  int
	slot   float64    // horizontal position, in slots
	parent int        // index of the parent box, -1 at the root
	yes    bool       // the parent's split holds on the way here
	lines  []treeLine // text above the bar
	bar    []float64  // posterior drawn as a bar (nil: none)
	under  []treeLine // text below the bar: the posterior's values
	cut    bool       // a subtree drawn as one box
	w, h   vg.Length
}

// treeLine is one line of text in a box.
type treeLine struct {
	text  string
	style draw.TextStyle
}

// treeDrawing is a laid-out tree diagram.
type treeDrawing struct {
	spec          TreeSpec
	boxes         []treeBox
	highlight     map[int]bool
	slots, levels int
	boxH          vg.Length // the tallest box
	width, height vg.Length // the size the layout needs
	text, small   draw.TextStyle
	title         draw.TextStyle
	key           []treeLine // the key's text, then the class names
}

// layoutTree places the boxes: leaves and cut subtrees in slots from left
// to right, each internal node centred above its children.
func layoutTree(spec TreeSpec, k int) *treeDrawing {
	maxDepth := spec.MaxDepth
	if maxDepth == 0 {
		maxDepth = DefaultTreeDepth
	}
	d := &treeDrawing{spec: spec, highlight: map[int]bool{}}
	d.text = treeTextStyle(treeTextSize, color.Black)
	d.small = treeTextStyle(treeLabelSize, color.Gray{Y: 90})
	d.title = treeTextStyle(styleTitleSize, color.Black)
	for _, id := range spec.Highlight {
		d.highlight[id] = true
	}
	d.place(0, 0, -1, false, maxDepth)
	var leafW, innerW vg.Length
	for i := range d.boxes {
		b := &d.boxes[i]
		b.lines, b.under = d.boxLines(*b)
		b.w, b.h = d.boxSize(*b)
		d.boxH = max(d.boxH, b.h)
		d.levels = max(d.levels, b.level+1)
		if b.cut || isTreeLeaf(spec.Nodes[b.node]) {
			leafW = max(leafW, b.w)
		} else {
			innerW = max(innerW, b.w)
		}
	}
	// Neighbouring leaves are one slot apart, a leaf and an internal node
	// at least 1.5, two internal nodes at least 2.
	gap := vg.Points(treeSlotGap)
	slot := max(leafW+gap, (leafW/2+innerW/2+gap)/1.5, (innerW+gap)/2)
	d.key = d.keyLines(k)
	keyW, keyH := d.keySize()
	d.width = max(vg.Length(d.slots)*slot, keyW) + 2*vg.Points(treeMargin)
	d.height = d.titleHeight() + vg.Length(d.levels)*d.boxH + vg.Length(d.levels-1)*vg.Points(treeLevelGap) +
		keyH + 3*vg.Points(treeMargin)
	return d
}

// place adds node id and its drawn descendants, returning the box's slot.
func (d *treeDrawing) place(id, level, parent int, yes bool, maxDepth int) float64 {
	nd := d.spec.Nodes[id]
	i := len(d.boxes)
	d.boxes = append(d.boxes, treeBox{node: id, level: level, parent: parent, yes: yes})
	switch {
	case isTreeLeaf(nd):
		d.boxes[i].bar = nd.Posterior
	case level >= maxDepth:
		d.boxes[i].cut, d.boxes[i].bar = true, nd.Posterior
	default:
		left := d.place(nd.Left, level+1, i, true, maxDepth)
		right := d.place(nd.Right, level+1, i, false, maxDepth)
		d.boxes[i].slot = (left + right) / 2
		return d.boxes[i].slot
	}
	d.boxes[i].slot = float64(d.slots)
	d.slots++
	return d.boxes[i].slot
}

// boxLines is the text of a box above its bar, top to bottom, and below it.
func (d *treeDrawing) boxLines(b treeBox) (above, below []treeLine) {
	nd := d.spec.Nodes[b.node]
	if nd.Label != "" {
		above = append(above, treeLine{nd.Label, d.small})
	}
	switch {
	case b.cut:
		above = append(above, treeLine{fmt.Sprintf("… %d leaves below", subtreeLeaves(d.spec.Nodes, b.node)), d.small})
	case !isTreeLeaf(nd):
		above = append(above, treeLine{nd.Split, d.text})
	}
	above = append(above, treeLine{fmt.Sprintf("S %d · V %d", nd.Structure, nd.Vote), d.text})
	if b.bar != nil && len(b.bar) <= treeMaxClasses {
		vals := make([]string, len(b.bar))
		for c, p := range b.bar {
			vals[c] = fmt.Sprintf("%.2f", p)
		}
		below = append(below, treeLine{"(" + strings.Join(vals, ", ") + ")", d.small})
	}
	return above, below
}

// boxSize is the width and height of a box.
func (d *treeDrawing) boxSize(b treeBox) (vg.Length, vg.Length) {
	var w, h vg.Length
	if b.bar != nil {
		w, h = vg.Points(treeBarMin), vg.Points(treeBarHeight+treePad)
	}
	for _, l := range slices.Concat(b.lines, b.under) {
		w = max(w, l.style.Width(l.text))
		h += l.style.FontExtents().Height
	}
	return w + 2*vg.Points(treePad), h + 2*vg.Points(treePad)
}

// subtreeLeaves counts the leaves below node id.
func subtreeLeaves(nodes []TreeNode, id int) int {
	nd := nodes[id]
	if isTreeLeaf(nd) {
		return 1
	}
	return subtreeLeaves(nodes, nd.Left) + subtreeLeaves(nodes, nd.Right)
}

// keyLines is the key's explanation, then one line per class name.
func (d *treeDrawing) keyLines(k int) []treeLine {
	lines := []treeLine{{"S: structure rows (chose the splits)   V: vote rows (fill the leaves)   bar: class fractions of the vote rows (a leaf's posterior)", d.small}}
	for c := range k {
		name := fmt.Sprintf("class %d", c)
		if d.spec.ClassNames != nil {
			name = d.spec.ClassNames[c]
		}
		lines = append(lines, treeLine{name, d.small})
	}
	return lines
}

// keySize is the width and height of the key: one line of text and swatches.
func (d *treeDrawing) keySize() (vg.Length, vg.Length) {
	w := vg.Length(0)
	for i, l := range d.key {
		w += l.style.Width(l.text)
		if i > 0 {
			w += vg.Points(treeKeySwatch + 3*treePad)
		}
	}
	return w, d.small.FontExtents().Height
}

// titleHeight is the room the title takes (none without one).
func (d *treeDrawing) titleHeight() vg.Length {
	if d.spec.Title == "" {
		return 0
	}
	return d.title.FontExtents().Height + vg.Points(treeMargin)
}

// paint draws the diagram on c, fitted to its size.
func (d *treeDrawing) paint(c draw.Canvas) {
	margin := vg.Points(treeMargin)
	top := c.Max.Y - margin
	if d.spec.Title != "" {
		c.FillText(d.title, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: top}, d.spec.Title)
		top -= d.titleHeight()
	}
	_, keyH := d.keySize()
	bottom := c.Min.Y + 2*margin + keyH
	slotW := (c.Max.X - c.Min.X - 2*margin) / vg.Length(d.slots)
	levelH := vg.Length(0)
	if d.levels > 1 {
		levelH = (top - bottom - d.boxH) / vg.Length(d.levels-1)
	}
	rect := make([]vg.Rectangle, len(d.boxes))
	for i, b := range d.boxes {
		cx := c.Min.X + margin + (vg.Length(b.slot)+0.5)*slotW
		boxTop := top - vg.Length(b.level)*levelH
		rect[i] = vg.Rectangle{Min: vg.Point{X: cx - b.w/2, Y: boxTop - b.h}, Max: vg.Point{X: cx + b.w/2, Y: boxTop}}
	}
	for i, b := range d.boxes {
		if b.parent >= 0 {
			d.drawEdge(c, rect[b.parent], rect[i], b.yes, d.highlight[b.node] && d.highlight[d.boxes[b.parent].node])
		}
	}
	for i, b := range d.boxes {
		d.drawBox(c, b, rect[i])
	}
	d.drawKey(c, vg.Point{X: c.Min.X + margin, Y: c.Min.Y + margin})
}

// drawEdge joins a parent's box to a child's and marks it "yes" or "no".
func (d *treeDrawing) drawEdge(c draw.Canvas, from, to vg.Rectangle, yes, heavy bool) {
	a := vg.Point{X: (from.Min.X + from.Max.X) / 2, Y: from.Min.Y}
	b := vg.Point{X: (to.Min.X + to.Max.X) / 2, Y: to.Max.Y}
	line := draw.LineStyle{Color: color.Gray{Y: 120}, Width: vg.Points(1)}
	if heavy {
		line = draw.LineStyle{Color: color.Black, Width: vg.Points(2.2)}
	}
	c.StrokeLine2(line, a.X, a.Y, b.X, b.Y)
	// Above the middle of the edge, on its outer side, the text clears the
	// line whatever its slope.
	label, sty := "no", d.small
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
	offset := vg.Points(3)
	if yes {
		label, sty.XAlign, offset = "yes", draw.XRight, -offset
	}
	c.FillText(sty, vg.Point{X: (a.X+b.X)/2 + offset, Y: (a.Y + b.Y) / 2}, label)
}

// drawBox draws one box: its frame, lines of text and posterior bar.
func (d *treeDrawing) drawBox(c draw.Canvas, b treeBox, r vg.Rectangle) {
	fill := color.Color(color.White)
	if isTreeLeaf(d.spec.Nodes[b.node]) {
		fill = color.Gray{Y: 246}
	}
	c.FillPolygon(fill, closedRect(r)[:4])
	frame := draw.LineStyle{Color: color.Gray{Y: 110}, Width: vg.Points(0.8)}
	if b.cut {
		frame.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	}
	if d.highlight[b.node] {
		frame.Color, frame.Width = color.Black, vg.Points(2.2)
	}
	c.StrokeLines(frame, closedRect(r))
	cx := (r.Min.X + r.Max.X) / 2
	y := r.Max.Y - vg.Points(treePad)
	y = drawLines(c, b.lines, cx, y)
	if b.bar != nil {
		y -= vg.Points(treePad / 2)
		d.drawBar(c, b.bar, r, y)
		y -= vg.Points(treeBarHeight + treePad/2)
	}
	drawLines(c, b.under, cx, y)
}

// drawLines writes lines centred on x from y down and returns the y below them.
func drawLines(c draw.Canvas, lines []treeLine, x, y vg.Length) vg.Length {
	for _, l := range lines {
		sty := l.style
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: x, Y: y}, l.text)
		y -= l.style.FontExtents().Height
	}
	return y
}

// drawBar draws a posterior as adjacent class-coloured parts across the
// box r, its top at y.
func (d *treeDrawing) drawBar(c draw.Canvas, p []float64, r vg.Rectangle, y vg.Length) {
	x0 := r.Min.X + vg.Points(treePad)
	span := r.Max.X - r.Min.X - 2*vg.Points(treePad)
	x := x0
	for cls, v := range p {
		w := span * vg.Length(v)
		part := vg.Rectangle{Min: vg.Point{X: x, Y: y - vg.Points(treeBarHeight)}, Max: vg.Point{X: x + w, Y: y}}
		if w > 0 {
			c.FillPolygon(classColor(cls), closedRect(part)[:4])
		}
		x += w
	}
	whole := vg.Rectangle{Min: vg.Point{X: x0, Y: y - vg.Points(treeBarHeight)}, Max: vg.Point{X: x0 + span, Y: y}}
	c.StrokeLines(draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(0.5)}, closedRect(whole))
}

// drawKey writes the key from its lower left corner at.
func (d *treeDrawing) drawKey(c draw.Canvas, at vg.Point) {
	h := d.small.FontExtents().Height
	x := at.X
	for i, l := range d.key {
		if i > 0 {
			x += vg.Points(2 * treePad)
			sw := vg.Points(treeKeySwatch)
			sq := vg.Rectangle{Min: vg.Point{X: x, Y: at.Y + (h-sw)/2}, Max: vg.Point{X: x + sw, Y: at.Y + (h+sw)/2}}
			c.FillPolygon(classColor(i-1), closedRect(sq)[:4])
			x += sw + vg.Points(treePad)
		}
		sty := l.style
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		c.FillText(sty, vg.Point{X: x, Y: at.Y}, l.text)
		x += l.style.Width(l.text)
	}
}

// classColor is the colour of class c in a tree diagram's bars and key.
func classColor(c int) color.Color {
	return styleSeriesColors[c%len(styleSeriesColors)]
}

// treeTextStyle is the text style of a tree diagram at size points.
func treeTextStyle(size float64, clr color.Color) draw.TextStyle {
	return draw.TextStyle{
		Color:   clr,
		Font:    font.From(styleFont, font.Length(size)),
		XAlign:  draw.XCenter,
		YAlign:  draw.YTop,
		Handler: plot.DefaultTextHandler,
	}
}
