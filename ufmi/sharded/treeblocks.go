package sharded

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"
	"hash"
	"io"
	"math"
	"path/filepath"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/configkey"
	"github.com/ufmi-dev/ufmi/internal/safefile"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// blockCell is what a tree block's cell file holds; at forest level the
// block's per-row sums are in the binary file File beside it (its magic,
// then each row's vote count as a little-endian uint32, then the n × K
// posterior sums as little-endian float64, and for the one-step estimate
// each row's out-of-sample tree count as a uint32, the out-of-sample sums
// and the sketch values as float64, blockLayout's widths per row), of
// Bytes bytes and SHA-256 SHA.
type blockCell struct {
	Lo          int     `json:"lo"`
	Hi          int     `json:"hi"`
	Rows        int     `json:"rows"`
	Classes     int     `json:"classes"`
	TreeEntropy float64 `json:"tree_entropy"` // tree level
	TreeCount   int     `json:"tree_count"`
	File        string  `json:"file,omitempty"`
	Bytes       int64   `json:"bytes,omitempty"`
	SHA         string  `json:"sha256,omitempty"`
}

// The binary file's first bytes: blockMagic, outOfSampleMagic when it
// holds the out-of-sample sums too, sharpenedMagic when those are every
// class's, localLinearMagic when they carry the local-linear fit's sums
// and sketches too (files of plug-in jobs written before those sums
// existed stay readable).
const (
	blockMagic       = "UFMITB01"
	outOfSampleMagic = "UFMITB02"
	sharpenedMagic   = "UFMITB03"
	localLinearMagic = "UFMITB04"
)

// magic is the first bytes of a block file of this layout.
func (l blockLayout) magic() string {
	switch {
	case l.localLinear:
		return localLinearMagic
	case l.sharpened:
		return sharpenedMagic
	case l.outOfSample:
		return outOfSampleMagic
	}
	return blockMagic
}

// blockLayout is which sums a tree block holds: none at tree level, the
// posterior sums at forest level, and with them the rows' out-of-sample
// sums for the one-step estimate (UFConfig.PlugIn false): of each row's
// label, or of every class when sharpened (UFConfig.NoSharpening false),
// and the local-linear fit's (UFConfig.LocalLinearFit).
type blockLayout struct{ treeLevel, outOfSample, sharpened, localLinear bool }

func layoutOf(uf ufmi.UFConfig) blockLayout {
	return blockLayout{treeLevel: uf.TreeLevelEntropy, outOfSample: uf.OneStep(), sharpened: uf.OneStep() && !uf.NoSharpening,
		localLinear: uf.LocalLinearFit()}
}

// outWidth is the number of out-of-sample sums per row of this layout,
// with classes classes.
func (l blockLayout) outWidth(classes int) int {
	sums, _ := engine.OutWidths(classes, l.sharpened, l.localLinear)
	return sums
}

// sketchWidth is the number of sketch values per row of this layout.
func (l blockLayout) sketchWidth() int {
	_, sketch := engine.OutWidths(1, l.sharpened, l.localLinear)
	return sketch
}

// MITreeBlocks estimates I(X;Y) as EstimateMI(x, y, cfg) does with the uf
// method, growing its one forest in cells of perCell trees (the last cell
// may hold fewer): cell "trees-LO-HI" grows trees LO..HI-1, each from the
// seed it has in the unsharded forest, and stores their per-row posterior
// sums. A config with a screening pilot first needs the pilot's feature
// weights: the first process that needs them computes them and stores them
// in the folder's "pilot" file (not a cell; computed the same way by any
// process). When every cell is done the merge adds the cells' sums in tree
// order and computes H(Y|X), H(Y) and I as EstimateMI does: the result does
// not depend on the shards or their number, and equals EstimateMI's up to
// float rounding (the sums are added in another order). Each cell needs all
// rows but only its trees: memory O(n × classes).
// Unlabeled rows and confidence intervals are not supported.
func MITreeBlocks(x *ufmi.Features, y []int, cfg ufmi.EstimatorConfig, perCell int, o Options) (MIResult, error) {
	if cfg.Method != "" {
		m, err := ufmi.ParseMethod(string(cfg.Method))
		if err != nil {
			return MIResult{}, err
		}
		if m != ufmi.MethodUF {
			return MIResult{}, fmt.Errorf("ufmi: tree blocks split a uf forest; method %s grows none", m)
		}
	}
	if cfg.Unlabeled != nil || cfg.Confidence != 0 {
		return MIResult{}, fmt.Errorf("ufmi: tree blocks support neither unlabeled rows nor confidence intervals")
	}
	if x.Rows() == 0 {
		return MIResult{}, fmt.Errorf("ufmi: no feature rows (nil or empty features)")
	}
	uf, err := resolveUF(cfg)
	if err != nil {
		return MIResult{}, err
	}
	if perCell < 1 || perCell > uf.Trees {
		return MIResult{}, fmt.Errorf("ufmi: %d trees per cell; want 1..%d (the forest's trees)", perCell, uf.Trees)
	}
	if uf.SelectsLeaves(x.Cols()) {
		return MIResult{}, fmt.Errorf("ufmi: tree blocks grow one forest; on one feature the estimate chooses its leaves among three forests (estimate it unsharded: one feature is quick, or set UFConfig.NoLeafSelection, the preset default-2026-11-29c)")
	}
	// The settings' text is internal/configkey's: folders of jobs started
	// before the configurations changed shape keep their fingerprint.
	settings := configkey.UFFields(uf, cfg.Seed)
	facts, err := newFacts(x, y, cfg)
	if err != nil {
		return MIResult{}, err
	}
	if !cfg.ManyClasses {
		if err := classes.CheckCount(facts.classes, facts.rows, "y", "set EstimatorConfig.ManyClasses"); err != nil {
			return MIResult{}, err
		}
	}
	dir := shard.Dir{Path: o.Dir, Job: fingerprint(fmt.Sprintf("mi-tree-blocks %d %s", perCell, settings), x, y, o)}
	var cells []shard.Cell
	for lo := 0; lo < uf.Trees; lo += perCell {
		cells = append(cells, shard.Cell{Key: fmt.Sprintf("trees-%07d-%07d", lo, min(lo+perCell, uf.Trees)), Seed: cfg.Seed})
	}
	// Each cell's trees run with the job's seed and workers, no progress.
	rt := ufmi.Runtime{Seed: cfg.Seed, Workers: cfg.Workers}
	var weights []float64
	pilotDone := uf.NoScreening
	out, err := o.run(cells, dir, func(i int, c shard.Cell) (any, error) {
		if !pilotDone {
			w, err := pilotWeights(x, y, uf, rt, dir, facts)
			if err != nil {
				return nil, err
			}
			weights, pilotDone = w, true
		}
		lo := i * perCell
		b, err := growTreeBlock(x, y, uf, weights, lo, min(lo+perCell, uf.Trees), rt)
		if err != nil {
			return nil, err
		}
		return writeBlock(dir, c, b, layoutOf(uf))
	})
	if err != nil || !out.Complete() {
		return MIResult{Outcome: out}, err
	}
	var acc, next engine.TreeBlock
	for i, c := range cells {
		into := &next
		if i == 0 {
			into = &acc
		}
		lo := i * perCell
		if err := readBlock(dir, c, facts, lo, min(lo+perCell, uf.Trees), layoutOf(uf), into); err != nil {
			return MIResult{}, err
		}
		if i > 0 {
			if err := acc.Add(next); err != nil {
				return MIResult{}, err
			}
		}
	}
	est, err := estimateTreeBlock(&acc, y, uf)
	return MIResult{Estimate: est, Outcome: out}, err
}

// pilotWeights reads the screening weights from dir's pilot file, or
// computes and stores them.
func pilotWeights(x *ufmi.Features, y []int, uf ufmi.UFConfig, rt ufmi.Runtime, dir shard.Dir, facts jobFacts) ([]float64, error) {
	pilot := shard.Cell{Key: "pilot", Seed: rt.Seed}
	var w []float64
	if ok, err := readCell(dir, pilot, &w, facts.checkWeights(uf.PilotFloor)); ok || err != nil {
		return w, err
	}
	w, err := screeningWeights(x, y, uf, rt)
	if err != nil {
		return nil, err
	}
	return w, dir.Write(pilot, w)
}

// blockPath is the binary file of cell key.
func blockPath(dir shard.Dir, key string) string { return filepath.Join(dir.Path, key+".bin") }

// writeBlock stores b's sums (forest level) in the cell's binary file,
// through a temporary file and a rename, and returns the cell's header.
// The cell's file, written after it, is what marks the cell done.
func writeBlock(dir shard.Dir, c shard.Cell, b engine.TreeBlock, layout blockLayout) (blockCell, error) {
	h := blockCell{Lo: b.Lo, Hi: b.Hi, Rows: len(b.Votes), Classes: b.Classes, TreeEntropy: b.TreeEntropy, TreeCount: b.TreeCount}
	if b.Sum == nil {
		return h, nil
	}
	sum := sha256.New()
	counter := &countingWriter{}
	err := atomicfile.Write(blockPath(dir, c.Key), func(w io.Writer) error {
		w = io.MultiWriter(w, sum, counter)
		if _, err := io.WriteString(w, layout.magic()); err != nil {
			return err
		}
		if err := putLE(w, 4, len(b.Votes), func(i int, p []byte) { binary.LittleEndian.PutUint32(p, uint32(b.Votes[i])) }); err != nil {
			return err
		}
		if err := putLE(w, 8, len(b.Sum), func(i int, p []byte) { binary.LittleEndian.PutUint64(p, math.Float64bits(b.Sum[i])) }); err != nil {
			return err
		}
		if b.OutSum == nil {
			return nil
		}
		if err := putLE(w, 4, len(b.OutTrees), func(i int, p []byte) { binary.LittleEndian.PutUint32(p, uint32(b.OutTrees[i])) }); err != nil {
			return err
		}
		if err := putLE(w, 8, len(b.OutSum), func(i int, p []byte) { binary.LittleEndian.PutUint64(p, math.Float64bits(b.OutSum[i])) }); err != nil {
			return err
		}
		return putLE(w, 8, len(b.OutSketch), func(i int, p []byte) { binary.LittleEndian.PutUint64(p, math.Float64bits(b.OutSketch[i])) })
	})
	h.File, h.Bytes, h.SHA = filepath.Base(blockPath(dir, c.Key)), counter.n, hex.EncodeToString(sum.Sum(nil))
	return h, err
}

// readBlock reads cell c of trees lo..hi-1 (header and binary file) into
// b, reusing b's storage. The header is checked against the job (facts)
// before anything is allocated for the sums, the file's size against the
// header before it is read, and the sums after.
func readBlock(dir shard.Dir, c shard.Cell, facts jobFacts, lo, hi int, layout blockLayout, b *engine.TreeBlock) error {
	var h blockCell
	check := func(h *blockCell) error { return facts.checkBlock(h, c.Key, lo, hi, layout) }
	if err := mustReadCell(dir, c, &h, check); err != nil {
		return err
	}
	b.Lo, b.Hi, b.Classes, b.TreeEntropy, b.TreeCount = h.Lo, h.Hi, h.Classes, h.TreeEntropy, h.TreeCount
	if layout.treeLevel {
		b.Sum, b.Votes, b.OutSum, b.OutTrees = nil, nil, nil, nil
		return nil
	}
	damaged := func(why string) error {
		return fmt.Errorf("ufmi: %s is damaged (%s); delete it and %s.json to recompute the cell", blockPath(dir, c.Key), why, c.Key)
	}
	f, err := safefile.Open(blockPath(dir, c.Key))
	if err != nil {
		return damaged(err.Error())
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() != h.Bytes {
		return damaged(fmt.Sprintf("its size is not the %d bytes of %s.json", h.Bytes, c.Key))
	}
	sum := sha256.New()
	r := io.TeeReader(bufio.NewReaderSize(io.LimitReader(f, h.Bytes), 1<<16), sum)
	magic := make([]byte, len(blockMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != layout.magic() {
		return damaged("not a tree block")
	}
	b.Votes = resize(b.Votes, h.Rows)
	b.Sum = resize(b.Sum, h.Rows*h.Classes)
	if err := getLE(r, 4, len(b.Votes), func(i int, p []byte) { b.Votes[i] = int(binary.LittleEndian.Uint32(p)) }); err != nil {
		return damaged(err.Error())
	}
	if err := getLE(r, 8, len(b.Sum), func(i int, p []byte) { b.Sum[i] = math.Float64frombits(binary.LittleEndian.Uint64(p)) }); err != nil {
		return damaged(err.Error())
	}
	if !layout.outOfSample {
		b.OutTrees, b.OutSum, b.OutSketch = nil, nil, nil
	} else {
		b.OutTrees, b.OutSum, b.OutSketch = resize(b.OutTrees, h.Rows), resize(b.OutSum, h.Rows*layout.outWidth(h.Classes)), resize(b.OutSketch, h.Rows*layout.sketchWidth())
		if err := getLE(r, 4, len(b.OutTrees), func(i int, p []byte) { b.OutTrees[i] = int(binary.LittleEndian.Uint32(p)) }); err != nil {
			return damaged(err.Error())
		}
		if err := getLE(r, 8, len(b.OutSum), func(i int, p []byte) { b.OutSum[i] = math.Float64frombits(binary.LittleEndian.Uint64(p)) }); err != nil {
			return damaged(err.Error())
		}
		if err := getLE(r, 8, len(b.OutSketch), func(i int, p []byte) { b.OutSketch[i] = math.Float64frombits(binary.LittleEndian.Uint64(p)) }); err != nil {
			return damaged(err.Error())
		}
	}
	if n, _ := io.Copy(io.Discard, r); n > 0 || !sameHash(sum, h.SHA) {
		return damaged("its checksum differs from the cell's")
	}
	if err := facts.checkSums(b, lo, hi); err != nil {
		return fmt.Errorf("ufmi: %s %v; delete it and %s.json to recompute the cell", blockPath(dir, c.Key), err, c.Key)
	}
	return nil
}

func sameHash(h hash.Hash, want string) bool { return hex.EncodeToString(h.Sum(nil)) == want }

// chunk is the buffer size of putLE and getLE.
const chunk = 1 << 16

// putLE writes count values of size bytes each, put(i, p) encoding value i into p.
func putLE(w io.Writer, size, count int, put func(i int, p []byte)) error {
	buf := make([]byte, chunk/size*size)
	for i := 0; i < count; {
		m := min(count-i, len(buf)/size)
		for j := range m {
			put(i+j, buf[j*size:(j+1)*size])
		}
		if _, err := w.Write(buf[:m*size]); err != nil {
			return err
		}
		i += m
	}
	return nil
}

// getLE reads count values of size bytes each, get(i, p) decoding value i from p.
func getLE(r io.Reader, size, count int, get func(i int, p []byte)) error {
	buf := make([]byte, chunk/size*size)
	for i := 0; i < count; {
		m := min(count-i, len(buf)/size)
		if _, err := io.ReadFull(r, buf[:m*size]); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("short file: %v", err)
		}
		for j := range m {
			get(i+j, buf[j*size:(j+1)*size])
		}
		i += m
	}
	return nil
}

// resize returns buf with length n, reusing its storage.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// countingWriter counts the bytes written through it.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}
