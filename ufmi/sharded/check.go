package sharded

import (
	"encoding/hex"
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/engine"
	"math"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/shard"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// readCell is the one reader of a job's cell files: it loads cell c into v
// (shard.Dir.Read checks the file's form and job) and checks the values
// with check. ok is false when the cell is not done. A file whose values
// check rejects, such as a hand-edited one, is an error naming the file.
func readCell[T any](dir shard.Dir, c shard.Cell, v *T, check func(v *T) error) (ok bool, err error) {
	if ok, err = dir.Read(c, v); !ok || err != nil {
		return ok, err
	}
	if err := check(v); err != nil {
		return false, fmt.Errorf("ufmi: cell file %s %v; delete it to recompute the cell", dir.File(c.Key), err)
	}
	return true, nil
}

// mustReadCell is readCell for a merge, where every cell is done.
func mustReadCell[T any](dir shard.Dir, c shard.Cell, v *T, check func(v *T) error) error {
	ok, err := readCell(dir, c, v, check)
	if err == nil && !ok {
		err = fmt.Errorf("ufmi: cell %s is not done in %s; run its shard", c.Key, dir.Path)
	}
	return err
}

// jobFacts are what the values in a job's cells must agree with: the
// data's rows, columns and classes, the entropy of its labels, and the
// estimator.
type jobFacts struct {
	rows, cols, classes int
	hy, logK            float64
	method              ufmi.Method
	// forest: the method's H(Y|X) lies in [0, maxH]; a kNN method's is
	// H(Y) minus an estimate of I that may be negative or above H(Y).
	forest bool
	// maxH is the largest H(Y|X) a forest method gives: log K for a mean
	// of posterior entropies, more for UF's one-step estimate (maxEntropy).
	maxH float64
}

// newFacts gathers the facts of the data x, y for an estimate with cfg's
// method ("" is uf) and settings.
func newFacts(x *ufmi.Features, y []int, cfg ufmi.EstimatorConfig) (jobFacts, error) {
	method := cfg.Method
	if method == "" {
		method = ufmi.MethodUF
	}
	m, err := ufmi.ParseMethod(string(method))
	if err != nil {
		return jobFacts{}, err
	}
	k, err := classes.K(y, len(y))
	if err != nil {
		return jobFacts{}, err
	}
	hy, err := ufmi.LabelEntropy(y)
	if err != nil {
		return jobFacts{}, err
	}
	f := jobFacts{rows: x.Rows(), cols: x.Cols(), classes: k, hy: hy, logK: math.Log(float64(k)), method: m, forest: !m.KNN()}
	f.maxH = f.logK
	if m == ufmi.MethodUF {
		uf, err := resolveUF(cfg)
		if err != nil {
			return jobFacts{}, err
		}
		if !uf.PlugIn && !uf.TreeLevelEntropy {
			f.maxH = maxEntropy(f.logK, k)
		}
	}
	return f, nil
}

// maxEntropy bounds UF's one-step estimate of H(Y|X) for k classes: above
// log K plus the largest noise term, (K-1)/2, the estimate is the plug-in
// (at most log K) instead (ufmi's oneStepOrPlugIn).
func maxEntropy(logK float64, k int) float64 { return logK + float64(k-1)/2 }

// tol is the rounding allowed in the checks of entropies.
func (f jobFacts) tol() float64 { return 1e-9 * max(1, f.logK) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// checkEntropies checks H(Y), H(Y|X) and I of one estimate: finite, H(Y)
// the labels' entropy, I = H(Y) - H(Y|X) up to rounding, and for a forest
// H(Y|X) in [0, log K].
func (f jobFacts) checkEntropies(hy, hyGivenX, mi float64, withMI bool) error {
	tol := f.tol()
	switch {
	case !finite(hy) || !finite(hyGivenX) || !finite(mi):
		return fmt.Errorf("holds a value that is not a finite number (h_y %v, h_y_given_x %v, mi %v)", hy, hyGivenX, mi)
	case math.Abs(hy-f.hy) > tol:
		return fmt.Errorf("holds H(Y) = %v; the labels' is %v", hy, f.hy)
	case withMI && math.Abs(mi-(hy-hyGivenX)) > tol*max(1, math.Abs(hy)+math.Abs(hyGivenX)):
		return fmt.Errorf("holds MI %v, but H(Y) - H(Y|X) = %v - %v = %v", mi, hy, hyGivenX, hy-hyGivenX)
	case f.forest && (hyGivenX < -tol || hyGivenX > f.maxH+tol):
		return fmt.Errorf("holds H(Y|X) = %v, outside [0, %.6g] where the method's estimate lies (log %d = %.6g)", hyGivenX, f.maxH, f.classes, f.logK)
	}
	return nil
}

// checkEstimate checks the estimate of an "observed" cell.
func (f jobFacts) checkEstimate(e *ufmi.Estimate) error {
	if err := f.checkEntropies(e.HY, e.HYGivenX, e.MI, true); err != nil {
		return err
	}
	switch {
	case e.Method != f.method:
		return fmt.Errorf("holds an estimate of method %q; the job's is %s", e.Method, f.method)
	case e.N != f.rows || e.Classes != f.classes:
		return fmt.Errorf("holds an estimate of %d rows and %d classes; the data have %d and %d", e.N, e.Classes, f.rows, f.classes)
	case e.Evaluated < 0 || len(e.Excluded) > f.rows:
		return fmt.Errorf("holds %d evaluated and %d excluded rows for %d rows", e.Evaluated, len(e.Excluded), f.rows)
	case e.Duration < 0:
		return fmt.Errorf("holds a negative duration")
	case e.CI.Level != 0 && (!(e.CI.Level > 0 && e.CI.Level < 1) || !finite(e.CI.Low) || !finite(e.CI.High) || e.CI.Low > e.CI.High):
		return fmt.Errorf("holds the interval %+v", e.CI)
	}
	for _, i := range e.Excluded {
		if i < 0 || i >= f.rows {
			return fmt.Errorf("excludes row %d of %d", i, f.rows)
		}
	}
	return nil
}

// checkNull checks a block of want null values of the MI statistic:
// finite, and for a forest in [H(Y) - maxH, H(Y)].
func (f jobFacts) checkNull(null []float64, want int) error {
	if len(null) != want {
		return fmt.Errorf("holds %d null values; its block has %d permutations", len(null), want)
	}
	for i, v := range null {
		if !f.statisticInRange(v) {
			return fmt.Errorf("holds the null value %v (permutation %d of the block), outside [H(Y) - maxH, H(Y)] = [%.6g, %.6g]",
				v, i, f.hy-f.maxH, f.hy)
		}
	}
	return nil
}

// checkStatistic checks the observed MI statistic of a "statistic" cell as
// checkNull checks a null value.
func (f jobFacts) checkStatistic(v *float64) error {
	if !f.statisticInRange(*v) {
		return fmt.Errorf("holds the observed statistic %v, outside [H(Y) - maxH, H(Y)] = [%.6g, %.6g]", *v, f.hy-f.maxH, f.hy)
	}
	return nil
}

// statisticInRange reports whether an MI statistic is finite and, for a
// forest, in [H(Y) - maxH, H(Y)] up to rounding.
func (f jobFacts) statisticInRange(v float64) bool {
	tol := f.tol()
	return finite(v) && !(f.forest && (v > f.hy+tol || v < f.hy-f.maxH-tol))
}

// checkSubset checks a subset table cell.
func (f jobFacts) checkSubset(c *subsetCell) error {
	return f.checkEntropies(c.HY, c.HYGivenX, 0, false)
}

// checkWeights returns the check of the screening pilot's feature weights
// for a pilot of weight floor floor (the resolved UFConfig.PilotFloor):
// one per column, each 1 (no feature had a positive importance) or each in
// [floor, 1 + floor], the largest 1 + floor (the most important feature's),
// as the pilot makes them.
func (f jobFacts) checkWeights(floor float64) func(w *[]float64) error {
	return func(w *[]float64) error {
		if len(*w) != f.cols {
			return fmt.Errorf("holds %d feature weights; the data have %d columns", len(*w), f.cols)
		}
		top, allOne := 0.0, true
		for j, v := range *w {
			if !finite(v) || v < floor || v > 1+floor {
				return fmt.Errorf("holds the weight %v for column %d; the pilot's lie in [%v, %v]", v, j, floor, 1+floor)
			}
			top, allOne = max(top, v), allOne && v == 1
		}
		if !allOne && top != 1+floor {
			return fmt.Errorf("holds weights whose largest is %v; the pilot's largest is 1 + %v", top, floor)
		}
		return nil
	}
}

// blockBytes is the size of a tree block's binary file: the magic, a vote
// count per row and the rows × classes posterior sums, and with the
// out-of-sample sums a tree count and a sum per row.
func blockBytes(rows, classes int, layout blockLayout) int64 {
	size := int64(len(blockMagic)) + 4*int64(rows) + 8*int64(rows)*int64(classes)
	if layout.outOfSample {
		size += (4 + 8*int64(layout.outWidth(classes)) + 8*int64(layout.sketchWidth())) * int64(rows)
	}
	return size
}

// checkBlock checks the header of the tree block of trees lo..hi-1 (cell
// key), at tree level or forest level, before anything is allocated for
// its sums.
func (f jobFacts) checkBlock(h *blockCell, key string, lo, hi int, layout blockLayout) error {
	rows, treeLevel := f.rows, layout.treeLevel
	if treeLevel {
		rows = 0
	}
	switch {
	case h.Lo != lo || h.Hi != hi:
		return fmt.Errorf("holds trees %d..%d; the cell is trees %d..%d", h.Lo, h.Hi-1, lo, hi-1)
	case h.Rows != rows || h.Classes != f.classes:
		return fmt.Errorf("holds sums of %d rows and %d classes; the data want %d rows and %d classes", h.Rows, h.Classes, rows, f.classes)
	case h.TreeCount < 0 || h.TreeCount > hi-lo:
		return fmt.Errorf("counts %d trees in a block of %d", h.TreeCount, hi-lo)
	case !finite(h.TreeEntropy) || h.TreeEntropy < 0 || h.TreeEntropy > float64(h.TreeCount)*f.logK+f.tol()*float64(hi-lo):
		return fmt.Errorf("holds the tree entropy sum %v, outside [0, %d trees × log %d]", h.TreeEntropy, h.TreeCount, f.classes)
	case treeLevel && (h.File != "" || h.Bytes != 0 || h.SHA != ""):
		return fmt.Errorf("names sums %q, but the forest's entropy is at tree level", h.File)
	case treeLevel:
		return nil
	case h.File != key+".bin":
		return fmt.Errorf("names the sums file %q; want %s.bin", h.File, key)
	case h.Bytes != blockBytes(rows, f.classes, layout):
		return fmt.Errorf("gives its sums %d bytes; %d rows of %d classes take %d", h.Bytes, rows, f.classes, blockBytes(rows, f.classes, layout))
	}
	if b, err := hex.DecodeString(h.SHA); err != nil || len(b) != 32 {
		return fmt.Errorf("holds the SHA-256 %q", h.SHA)
	}
	return nil
}

// checkSums checks the per-row sums of a forest-level tree block of trees
// lo..hi-1: each row's votes in 0..hi-lo, its posterior sums finite and
// non-negative, adding up to its votes (each tree's posterior sums to 1).
func (f jobFacts) checkSums(b *engine.TreeBlock, lo, hi int) error {
	k := f.classes
	for i, v := range b.Votes {
		if v < 0 || v > hi-lo {
			return fmt.Errorf("gives row %d %d votes of %d trees", i, v, hi-lo)
		}
		total := 0.0
		for _, p := range b.Sum[i*k : (i+1)*k] {
			if !finite(p) || p < 0 {
				return fmt.Errorf("gives row %d the posterior sum %v", i, p)
			}
			total += p
		}
		if math.Abs(total-float64(v)) > 1e-9*float64(max(1, v))*float64(k) {
			return fmt.Errorf("gives row %d posterior sums adding to %v for %d votes", i, total, v)
		}
	}
	width, sketch := 0, 0
	if len(b.OutTrees) > 0 {
		width, sketch = len(b.OutSum)/len(b.OutTrees), len(b.OutSketch)/len(b.OutTrees)
	}
	// Posterior sums lie in [0, trees]; the local-linear fit's sums (after
	// the classes' k) are sums over trees of means of rank offsets and their
	// products, in [-trees, trees].
	posteriors := min(width, k)
	for i, m := range b.OutTrees {
		if m < 0 || m > hi-lo {
			return fmt.Errorf("gives row %d %d out-of-sample trees of %d", i, m, hi-lo)
		}
		for j, p := range b.OutSum[i*width : (i+1)*width] {
			low := 0.0
			if j >= posteriors {
				low = -float64(m) * (1 + 1e-9)
			}
			if !finite(p) || p < low || p > float64(m)*(1+1e-9) {
				return fmt.Errorf("gives row %d the out-of-sample sum %v over %d trees", i, p, m)
			}
		}
		// Each tree adds at most 1 in absolute value to each sketch value.
		for _, v := range b.OutSketch[i*sketch : (i+1)*sketch] {
			if !finite(v) || math.Abs(v) > float64(m)*(1+1e-9) {
				return fmt.Errorf("gives row %d the sketch value %v over %d trees", i, v, m)
			}
		}
	}
	return nil
}
