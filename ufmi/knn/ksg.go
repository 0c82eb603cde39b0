package knn

import (
	"fmt"
	"math"
	"slices"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/pool"
	"github.com/ufmi-dev/ufmi/internal/seeds"
	"gonum.org/v1/gonum/mathext"
)

// Matrix is the column access the estimators need: n rows of d features,
// column by column. *ufmi.Features is a Matrix; so is Columns.
type Matrix interface {
	Rows() int
	Cols() int
	Column(j int) []float64
}

// describedMatrix is a Matrix that names its columns and knows which are
// categorical (non-nil Levels): *ufmi.Features is one. The estimators
// reject its categorical columns.
type describedMatrix interface {
	Name(j int) string
	Levels(j int) []string
}

// checkColumns rejects categorical columns and missing (NaN) or infinite
// values, naming the column and how many cells or levels are at fault.
func checkColumns(x Matrix) error {
	desc, _ := x.(describedMatrix)
	for j := range x.Cols() {
		what := fmt.Sprintf("feature %d", j)
		if desc != nil && desc.Name(j) != "" {
			what = fmt.Sprintf("column %q", desc.Name(j))
		}
		if desc != nil && desc.Levels(j) != nil {
			return fmt.Errorf("ufmi: kNN estimates need numeric columns; %s is categorical (%d levels): use a forest estimator (uf, rf-oob, ...)", what, len(desc.Levels(j)))
		}
		missing, inf := 0, 0
		for _, v := range x.Column(j) {
			if math.IsNaN(v) {
				missing++
			} else if math.IsInf(v, 0) {
				inf++
			}
		}
		if missing > 0 {
			return fmt.Errorf("ufmi: kNN estimates need complete data; %s has %d missing values of %d: use a forest estimator (uf, rf-oob, ...), or drop or impute them", what, missing, x.Rows())
		}
		if inf > 0 {
			return fmt.Errorf("ufmi: kNN estimates need finite values; %s has %d infinite values", what, inf)
		}
	}
	return nil
}

// Columns is a Matrix held as columns: Columns[j][i] is feature j of row i.
type Columns [][]float64

// Rows is the number of rows (0 without columns).
func (c Columns) Rows() int {
	if len(c) == 0 {
		return 0
	}
	return len(c[0])
}

// Cols is the number of features.
func (c Columns) Cols() int { return len(c) }

// Column returns feature j.
func (c Columns) Column(j int) []float64 { return c[j] }

// FromRows turns row-major data (rows[i][j] is feature j of row i) into
// Columns. Ragged rows are an error.
func FromRows(rows [][]float64) (Columns, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, fmt.Errorf("ufmi: kNN data have no rows or no columns")
	}
	cols := make(Columns, len(rows[0]))
	for j := range cols {
		cols[j] = make([]float64, len(rows))
	}
	for i, r := range rows {
		if len(r) != len(cols) {
			return nil, fmt.Errorf("ufmi: row %d has %d values, row 0 has %d", i, len(r), len(cols))
		}
		for j, v := range r {
			cols[j][i] = v
		}
	}
	return cols, nil
}

// Config configures the k-nearest-neighbour estimators KSG, MixedKSG and
// RossMI. The zero value gives the defaults. It holds no runtime: each
// estimator takes its seed (feature i's jitter draws from the stream
// (seed, jitter, i); unused when Jitter is 0) and its workers (the
// goroutines of the per-point loop, 0 or less: GOMAXPROCS; the estimate
// does not depend on them, bit for bit) as arguments.
//
// The estimators search neighbours on a max-norm kd-tree: about n log n work
// in a few dimensions, approaching a scan of all n² pairs in many (n = 10,000
// rows with d = 20 features take about 1.3 s of CPU).
type Config struct {
	// K is the number of neighbours (0: 5, the reference's). It must
	// satisfy 1 <= K < n.
	K int
	// Jitter, when positive, adds independent Uniform[-Jitter/2, Jitter/2)
	// noise to every feature value (not to the labels) before the estimate,
	// drawn from the estimator's seed, for callers who want ties broken
	// their way. 0 (the default) breaks ties only where they are (below).
	Jitter float64
	// KeepTies turns off the default tie-breaking of KSG and RossMI: with
	// Jitter 0 they then see the features exactly as given, as the
	// reference code does, and repeated values can drive the estimate far
	// below 0 (a 0/1 feature equal to the label gave -2.38 instead of
	// log 2).
	//
	// By default (Jitter 0, KeepTies false) KSG and RossMI, which assume
	// continuous features, break the ties of every column that repeats a
	// value: they add Uniform[-a/2, a/2) noise to that column, drawn from
	// the estimator's seed (the jitter stream of the column), with
	// a = max(1e-10 × the column's largest magnitude, 1e-12 × the rows of
	// its largest group of equal values), so that jittered neighbours lie
	// about 1e-12 apart, far above the 1e-15 tie tolerance. A column whose
	// distinct values lie closer than 1000·a is an error naming it (noise
	// that breaks its ties would blur its values). Columns without repeated
	// values are untouched, as is every column for MixedKSG, which is made
	// for discrete and mixed data (ties and all).
	KeepTies bool
}

// The default tie-breaking noise (Config.KeepTies): its amplitude relative
// to the column's largest magnitude, its floor per row of the largest
// group of equal values, and the largest share of the smallest gap between
// distinct values it may reach.
const (
	tieJitterScale = 1e-10
	tieJitterFloor = 1e-12
	tieGapShare    = 1e-3
)

// tieNoise returns the amplitude of the noise that breaks the ties of col
// (0 when no value repeats) and how many rows repeat an earlier value, or
// an error, naming the column as what, when its distinct values lie too
// close for any such noise.
func tieNoise(col []float64, what string) (amp float64, repeats int, err error) {
	sorted := slices.Clone(col)
	slices.Sort(sorted)
	group, largest, gap := 1, 1, math.Inf(1)
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			repeats++
			group++
			largest = max(largest, group)
			continue
		}
		group = 1
		gap = math.Min(gap, sorted[i]-sorted[i-1]) // +Inf when it overflows: no constraint
	}
	if repeats == 0 {
		return 0, 0, nil
	}
	scale := math.Max(math.Abs(sorted[0]), math.Abs(sorted[len(sorted)-1]))
	amp = math.Max(tieJitterScale*scale, tieJitterFloor*float64(largest))
	if amp > tieGapShare*gap {
		return 0, repeats, fmt.Errorf("ufmi: %s repeats values (%d of %d rows) and its distinct values lie only %.3g apart: KSG and Ross assume continuous features (ties make their estimate wrong, often negative), and noise of %.3g that would break the ties would blur those values: use mixed-ksg (made for discrete and mixed data) or a forest method (uf, rf-oob, ...)",
			what, repeats, len(col), gap, amp)
	}
	return amp, repeats, nil
}

// Check validates the settings that do not depend on the data: K at
// least 0 (0: the default) and Jitter finite and at least 0. The number of
// rows bounds K too, checked with the data.
func (cfg Config) Check() error {
	if cfg.K < 0 {
		return fmt.Errorf("ufmi: kNN neighbour count K=%d must be at least 1 (0 means %d)", cfg.K, knnDefaultK)
	}
	if math.IsNaN(cfg.Jitter) || math.IsInf(cfg.Jitter, 0) || cfg.Jitter < 0 {
		return fmt.Errorf("ufmi: kNN jitter %v must be a finite number >= 0", cfg.Jitter)
	}
	return nil
}

// knnDefaultK is the reference's number of neighbours.
const knnDefaultK = 5

// knnData is validated input for the kNN estimators.
//
// The joint coordinates are stored times unit, 1 or 1/2, and distances and
// the tie tolerance are measured in that unit. unit is 1/2 when some
// feature's range is 2^1023 or more, where a difference such as
// 1.7e308 - (-1.7e308) would overflow to +Inf and leave neighbours unordered.
// Halving is exact for normal numbers and commutes with rounding, so every
// comparison the estimators make (distance against distance, against
// ε ± 1e-15, against nextafter(ε, 0)) comes out as with unbounded exponents:
// the estimate is the one the formulas define, bit for bit the same as on
// data scaled by any power of two that keeps the distances finite. (Only
// subnormal values, below 2.2e-308, lose their last bit when halved.)
type knnData struct {
	n, d    int
	k       int       // neighbours, resolved
	classes int       // K: codes are 0..classes-1
	joint   []float64 // row-major n×(d+1): unit × the (jittered) features of row i, then unit × y[i]
	unit    float64   // 1, or 1/2 when a feature's range would overflow a distance
	tol     float64   // knnTieTolerance × unit
	y       []int
	counts  []int // rows per class code
	workers int
}

// row returns the joint coordinates of row i; its first d values are x_i.
func (kd *knnData) row(i int) []float64 { return kd.joint[i*(kd.d+1) : (i+1)*(kd.d+1)] }

// size, dims, label and tieTolerance make knnData a pointSource for the kd-tree.
func (kd *knnData) size() int             { return kd.n }
func (kd *knnData) dims() int             { return kd.d }
func (kd *knnData) label(i int) float64   { return kd.joint[i*(kd.d+1)+kd.d] }
func (kd *knnData) tieTolerance() float64 { return kd.tol }

// overflowRange is the feature range from which coordinates are halved:
// below 2^1023 every difference the search takes (point minus point, box
// bound or coordinate mean) stays finite with room to spare, and halving
// brings any finite range below 2^1024.
var overflowRange = math.Ldexp(1, 1023)

// newKNNData validates x, y and cfg and assembles the joint matrix, jittered
// from seed when cfg asks for it or, with breakTies (KSG, RossMI), where a
// column repeats values (Config.KeepTies); workers bound the per-point
// loops.
func newKNNData(x Matrix, y []int, cfg Config, seed uint64, workers int, breakTies bool) (*knnData, error) {
	if x == nil || x.Rows() == 0 || x.Cols() == 0 {
		return nil, fmt.Errorf("ufmi: kNN estimate needs a non-empty feature matrix")
	}
	n, d := x.Rows(), x.Cols()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	k := cfg.K
	if k == 0 {
		k = knnDefaultK
	}
	if k >= n {
		return nil, fmt.Errorf("ufmi: kNN neighbour count K=%d must satisfy 1 <= K < n = %d rows", k, n)
	}
	nClasses, err := classes.Check(y, n)
	if err != nil {
		return nil, err
	}
	if err := checkColumns(x); err != nil {
		return nil, err
	}
	workers = min(pool.Workers(workers), n)
	if err := checkMemory(n, d, workers); err != nil {
		return nil, err
	}
	kd := &knnData{n: n, d: d, k: k, classes: nClasses, y: y, unit: 1,
		counts: classes.Counts(y, nil, nClasses), workers: workers}
	kd.joint = make([]float64, n*(d+1))
	desc, _ := x.(describedMatrix)
	for j := range d {
		col := x.Column(j)
		if len(col) != n {
			return nil, fmt.Errorf("ufmi: feature %d has %d values for %d rows", j, len(col), n)
		}
		var noise func() float64
		amp, reflect := cfg.Jitter, false
		if cfg.Jitter == 0 && breakTies && !cfg.KeepTies {
			what := fmt.Sprintf("feature %d", j)
			if desc != nil && desc.Name(j) != "" {
				what = fmt.Sprintf("column %q", desc.Name(j))
			}
			if amp, _, err = tieNoise(col, what); err != nil {
				return nil, err
			}
			reflect = true // noise the caller did not ask for never overflows: it turns back
		}
		if amp > 0 {
			rng := seeds.Stream(seed, seeds.Jitter, j)
			noise = func() float64 { return amp * (rng.Float64() - 0.5) }
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for i, v := range col {
			if noise != nil {
				e := noise()
				if v2 := v + e; !math.IsInf(v2, 0) {
					v = v2
				} else if reflect {
					v -= e
				} else {
					return nil, fmt.Errorf("ufmi: jitter %v makes feature %d of row %d overflow; use a smaller jitter", cfg.Jitter, j, i)
				}
			}
			kd.joint[i*(d+1)+j] = v
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if !(hi-lo < overflowRange) {
			kd.unit = 0.5
		}
	}
	for i, c := range y {
		kd.joint[i*(d+1)+d] = float64(c)
	}
	if kd.unit != 1 {
		for i := range kd.joint {
			kd.joint[i] *= kd.unit
		}
	}
	kd.tol = knnTieTolerance * kd.unit
	return kd, nil
}

// labelsWithin counts the rows whose code c satisfies |c - c0| <= r: the
// label-space count of the KSG estimators, whose label is a numeric
// coordinate. It includes row i itself.
func (kd *knnData) labelsWithin(c0 int, r float64) int {
	count := 0
	for c, m := range kd.counts {
		if math.Abs(float64(c)-float64(c0))*kd.unit <= r {
			count += m
		}
	}
	return count
}

// perPoint runs term(i, search) for every row on the configured workers,
// each worker with its own search over tree, and returns the terms summed in
// row order, so the result does not depend on the schedule.
func (kd *knnData) perPoint(tree *knnTree, sameClass bool, term func(i int, s *knnSearch) (float64, error)) (float64, error) {
	terms := make([]float64, kd.n)
	searches := make([]*knnSearch, kd.workers)
	for w := range searches {
		searches[w] = newKNNSearch(tree, sameClass)
	}
	err := pool.ForEach(kd.n, kd.workers, nil, func(w, i int) error {
		v, err := term(i, searches[w])
		terms[i] = v
		return err
	})
	if err != nil {
		return 0, err
	}
	sum := 0.0
	for _, v := range terms {
		sum += v
	}
	return sum, nil
}

// KSG estimates I(X;Y) in nats with the Kraskov-Stögbauer-Grassberger
// estimator, with the semantics of the KSG function in Gao et al.'s
// mixed.py (used by the paper's authors): the class code y_i is appended to
// x_i as a numeric coordinate, distances are max-norm, and
//
//	ε_i  = distance from (x_i, y_i) to its K-th nearest other point,
//	n_x,i = #{j ≠ i : max_l |x_jl - x_il| <= ε_i + 1e-15},
//	n_y,i = #{j ≠ i : |y_j - y_i| <= ε_i + 1e-15},
//	KSG  = ψ(K) + log N - mean_i [ψ(n_x,i) + ψ(n_y,i)],
//
// with ε_i + 1e-15 rounded to float64 as in the reference. The estimate is
// raw: it can be negative. Because labels are unit-spaced coordinates, ε_i >= 1
// makes n_y,i count every row, which is why the estimate collapses towards
// 0 as the feature dimension grows.
func KSG(x Matrix, y []int, cfg Config, seed uint64, workers int) (float64, error) {
	kd, err := newKNNData(x, y, cfg, seed, workers, true)
	if err != nil {
		return 0, err
	}
	sum, err := kd.perPoint(newKNNTree(kd, nil), false, func(i int, s *knnSearch) (float64, error) {
		r := s.run(kd.row(i), kd.label(i), i, kd.k) + kd.tol
		nx := s.countX(r)
		ny := kd.labelsWithin(kd.y[i], r) - 1
		return mathext.Digamma(float64(nx)) + mathext.Digamma(float64(ny)), nil
	})
	if err != nil {
		return 0, err
	}
	n := float64(kd.n)
	return mathext.Digamma(float64(kd.k)) + math.Log(n) - sum/n, nil
}

// MixedKSG estimates I(X;Y) in nats with Gao, Kannan, Oh and Viswanath's
// (2017) estimator for discrete-continuous mixtures, with the semantics of
// Mixed_KSG in their mixed.py (used by the paper's authors). The class code
// is appended to x_i as a numeric coordinate, distances are max-norm, ε_i is
// the distance to the K-th nearest other point, and
//
//	if ε_i > 0: k̃_i = K, n_x,i = #{j : ‖x_j - x_i‖ <= ε_i - 1e-15},
//	            n_y,i = #{j : |y_j - y_i| <= ε_i - 1e-15};
//	if ε_i = 0: k̃_i = #{j : ‖(x_j,y_j) - (x_i,y_i)‖ <= 1e-15},
//	            n_x,i = #{j : ‖x_j - x_i‖ <= 1e-15}, n_y,i = #{j : y_j = y_i};
//	MixedKSG = mean_i [ψ(k̃_i) + log N - ψ(n_x,i) - ψ(n_y,i)].
//
// Every count includes row i itself (so k̃_i counts i and its exact ties),
// and "<= ε_i - 1e-15" is the reference's stand-in for "< ε_i". The estimate
// is raw: it can be negative. It returns an error when some ε_i lies in
// (0, 1e-15), where the reference's radius would be negative: rescale such
// features.
func MixedKSG(x Matrix, y []int, cfg Config, seed uint64, workers int) (float64, error) {
	kd, err := newKNNData(x, y, cfg, seed, workers, false)
	if err != nil {
		return 0, err
	}
	logN := math.Log(float64(kd.n))
	sum, err := kd.perPoint(newKNNTree(kd, nil), false, func(i int, s *knnSearch) (float64, error) {
		eps := s.run(kd.row(i), kd.label(i), i, kd.k)
		kTilde, r := kd.k, eps-kd.tol
		if eps == 0 {
			kTilde, r = 1+s.countJoint(kd.tol), kd.tol
		} else if r < 0 {
			return 0, fmt.Errorf("ufmi: Mixed-KSG neighbour distance %g of row %d is below the 1e-15 tie tolerance; rescale the features", eps/kd.unit, i)
		}
		nx := 1 + s.countX(r) // the row itself and its neighbours
		ny := kd.labelsWithin(kd.y[i], r)
		return mathext.Digamma(float64(kTilde)) + logN - mathext.Digamma(float64(nx)) - mathext.Digamma(float64(ny)), nil
	})
	if err != nil {
		return 0, err
	}
	return sum / float64(kd.n), nil
}
