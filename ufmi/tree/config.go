package tree

import (
	"fmt"
	"math"
	"unsafe"
)

// Criterion is the impurity a tree minimises when it chooses a split.
type Criterion int

const (
	// Gini is the Gini impurity (the default, as in the paper and scikit-learn).
	Gini Criterion = iota
	// Entropy is the Shannon entropy of the node's class frequencies.
	Entropy
)

func (c Criterion) String() string {
	switch c {
	case Gini:
		return "gini"
	case Entropy:
		return "entropy"
	}
	return fmt.Sprintf("Criterion(%d)", int(c))
}

// MaxFeatures says how many features a node examines when it looks for a
// split. The zero value is unset: each forest resolves it to its own
// default (ufmi: all features for a random forest, max(2, floor(sqrt d))
// for an honest forest), and Config.Resolve, left unset, to all features.
// The other choices are explicit values: AllFeatures, SqrtFeatures, ...
type MaxFeatures struct {
	kind    maxFeaturesKind
	count   int
	frac    float64
	atLeast int // lower bound on the resolved count (0: none beyond 1)
}

type maxFeaturesKind int

// The kinds keep their numbers (cache keys print them); unset is the zero
// value and all features an explicit choice.
const (
	maxFeaturesUnset maxFeaturesKind = iota
	maxFeaturesSqrt
	maxFeaturesLog2
	maxFeaturesCount
	maxFeaturesFraction
	maxFeaturesAll
)

// AllFeatures examines every feature at every node (the paper's setting).
func AllFeatures() MaxFeatures { return MaxFeatures{kind: maxFeaturesAll} }

// SqrtFeatures examines max(1, floor(sqrt(d))) features, as scikit-learn does.
func SqrtFeatures() MaxFeatures { return MaxFeatures{kind: maxFeaturesSqrt} }

// Log2Features examines max(1, floor(log2(d))) features.
func Log2Features() MaxFeatures { return MaxFeatures{kind: maxFeaturesLog2} }

// FeatureCount examines n features (at most d).
func FeatureCount(n int) MaxFeatures { return MaxFeatures{kind: maxFeaturesCount, count: n} }

// FeatureFraction examines max(1, floor(f*d)) features, 0 < f <= 1.
func FeatureFraction(f float64) MaxFeatures { return MaxFeatures{kind: maxFeaturesFraction, frac: f} }

// AtLeast returns m examining at least n features (at most d).
func (m MaxFeatures) AtLeast(n int) MaxFeatures {
	m.atLeast = n
	return m
}

// Count returns the number of features examined at a split among d; it is
// an error when m asks for none or for a fraction outside (0, 1].
func (m MaxFeatures) Count(d int) (int, error) { return m.resolve(d) }

// resolve returns the number of features to examine among d.
func (m MaxFeatures) resolve(d int) (int, error) {
	var k int
	switch m.kind {
	case maxFeaturesUnset, maxFeaturesAll:
		k = d
	case maxFeaturesSqrt:
		k = int(math.Sqrt(float64(d)))
	case maxFeaturesLog2:
		k = int(math.Log2(float64(d)))
	case maxFeaturesCount:
		if m.count < 1 {
			return 0, fmt.Errorf("ufmi: max features %d must be at least 1", m.count)
		}
		k = min(m.count, d)
	case maxFeaturesFraction:
		if !(m.frac > 0 && m.frac <= 1) {
			return 0, fmt.Errorf("ufmi: max features fraction %v must be in (0, 1]", m.frac)
		}
		k = int(m.frac * float64(d))
	}
	return min(max(k, 1, m.atLeast), d), nil
}

func (m MaxFeatures) String() string {
	if m.atLeast > 0 {
		base := m
		base.atLeast = 0
		return fmt.Sprintf("%v (at least %d)", base, m.atLeast)
	}
	switch m.kind {
	case maxFeaturesSqrt:
		return "sqrt"
	case maxFeaturesLog2:
		return "log2"
	case maxFeaturesCount:
		return fmt.Sprint(m.count)
	case maxFeaturesFraction:
		return fmt.Sprint(m.frac)
	case maxFeaturesUnset:
		return "default"
	}
	return "all"
}

// ParseMaxFeatures reads "all", "sqrt", "log2", an integer ("5") or a
// fraction in (0, 1) ("0.33"); "" or "default" is the unset zero value.
func ParseMaxFeatures(s string) (MaxFeatures, error) {
	switch s {
	case "", "default":
		return MaxFeatures{}, nil
	case "all", "none", "None":
		return AllFeatures(), nil
	case "sqrt":
		return SqrtFeatures(), nil
	case "log2":
		return Log2Features(), nil
	}
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err == nil && fmt.Sprint(n) == s {
		if n < 1 {
			return MaxFeatures{}, fmt.Errorf("ufmi: max features %q must be at least 1", s)
		}
		return FeatureCount(n), nil
	}
	var f float64
	if _, err := fmt.Sscanf(s, "%g", &f); err == nil && f > 0 && f <= 1 {
		return FeatureFraction(f), nil
	}
	return MaxFeatures{}, fmt.Errorf("ufmi: max features %q: want all, sqrt, log2, an integer or a fraction in (0, 1]", s)
}

// Config holds the hyper-parameters of one classification tree. Zero
// values are unset. MaxFeatures and MinSamplesLeaf are resolved by each
// forest to its own default (ufmi: a random forest's trees are the
// paper's, fully grown on all features; an honest forest's have leaves of
// at least 6 rows and examine max(2, floor(sqrt d)) features); Resolve,
// left them unset, grows the paper's trees. The others: Gini, at least 2
// rows to split, no depth limit.
type Config struct {
	Criterion       Criterion
	MaxFeatures     MaxFeatures // zero: unset (the forest's default)
	MinSamplesLeaf  int         // a split leaves at least this many rows on each side (0: unset, the forest's default)
	MinSamplesSplit int         // a node with fewer rows is a leaf (0: 2)
	MaxDepth        int         // 0 means unlimited
	// FeatureWeights, when set (one non-negative weight per feature), makes
	// each node draw the features it examines with probability proportional
	// to weight, without replacement, instead of uniformly. A feature of
	// weight 0 is never split on. With all features examined (the default
	// MaxFeatures) only that exclusion has an effect.
	FeatureWeights []float64
	// Draws is how a node draws the MaxFeatures features it examines:
	// WithoutReplacement or WithReplacement (draws.go). The zero value,
	// DefaultDraws, is the forest's default: an honest forest draws with
	// replacement, a random forest (and Resolve) without.
	Draws FeatureDraws
	// Oblique makes each node examine sparse random projections of the
	// numeric columns instead of single numeric columns (sparse oblique
	// splits, as in SPORF): each numeric feature a node draws, when none of
	// the node's rows misses it, is combined with further numeric columns
	// drawn the same way, each weighted +1 or -1 at random, and the node
	// splits on the weighted sum (see the package documentation).
	// Categorical features, and numeric ones with missing values among the
	// node's rows, are examined as without Oblique. ObliqueNonZeros is the
	// mean number of columns per projection, >= 1 (0: 1.5): a projection
	// takes floor(ObliqueNonZeros) columns, one more with probability
	// frac(ObliqueNonZeros).
	Oblique         bool
	ObliqueNonZeros float64
	// ObliqueDirections chooses how an oblique tree weights the columns of
	// a projection: RandomProjections (the zero value), sparse ±1 weights
	// at random; MeanDifferences, dense directions from the class means of
	// the node's rows (see the package documentation). Without Oblique it
	// has no effect.
	ObliqueDirections ObliqueDirections
}

// FeatureDraws is how a node draws the features it examines.
type FeatureDraws int

const (
	// DefaultDraws is unset: the forest's default.
	DefaultDraws FeatureDraws = iota
	// WithoutReplacement draws features one after another without
	// replacement (by FeatureWeights, uniformly without them) until
	// MaxFeatures non-constant ones have been scanned, as scikit-learn
	// does. Once the heavy features are drawn the rest must come from the
	// light ones: a node of 3 draws among 2 screened-in features and 8
	// screened-out ones always examines a screened-out one.
	WithoutReplacement
	// WithReplacement makes MaxFeatures draws with replacement and
	// examines the distinct features drawn; a feature found constant in
	// the node is not drawn again and its draw does not count. The node
	// above then examines a screened-out feature in about 1 of 5 nodes.
	// When MaxFeatures covers every feature of positive weight, or is
	// below minDrawsWithReplacement, the node draws without replacement.
	WithReplacement
)

// minDrawsWithReplacement is the fewest draws a node makes with
// replacement. Two draws with replacement examine a single feature in a
// share Σ_j p_j² of the nodes (0.41 when two features carry 0.5 and 0.4 of
// the weight); at commit 2764109, which drew so, the Drosophila table of 4
// features read 1.188 nats against 1.206 without replacement, and phoneme
// and banknote-authentication fell by about 1.5 standard errors each
// (docs/inference.md); so two draws are made without replacement.
const minDrawsWithReplacement = 3

// String names the policy.
func (f FeatureDraws) String() string {
	switch f {
	case DefaultDraws:
		return "default"
	case WithoutReplacement:
		return "without-replacement"
	case WithReplacement:
		return "with-replacement"
	}
	return fmt.Sprintf("FeatureDraws(%d)", int(f))
}

// ObliqueDirections is how an oblique tree chooses its projections.
type ObliqueDirections int

const (
	// RandomProjections: each drawn numeric feature becomes a sparse
	// random projection of about ObliqueNonZeros columns weighted ±1.
	RandomProjections ObliqueDirections = iota
	// MeanDifferences: each drawn numeric feature becomes the dense
	// projection on the difference of two classes' means over the node's
	// rows, across every eligible numeric column (ObliqueNonZeros unused).
	MeanDifferences
	// Discriminants: MeanDifferences' direction over the same columns,
	// weighted by the inverse of their pooled within-class covariance
	// among the node's rows (linear discriminant analysis) rather than of
	// their variances alone (whiten.go).
	Discriminants
)

// String names the rule.
func (o ObliqueDirections) String() string {
	switch o {
	case RandomProjections:
		return "RandomProjections"
	case MeanDifferences:
		return "MeanDifferences"
	case Discriminants:
		return "Discriminants"
	}
	return fmt.Sprintf("ObliqueDirections(%d)", int(o))
}

// DefaultObliqueNonZeros is the mean number of columns of an oblique
// split's projection when Config.ObliqueNonZeros is 0.
const DefaultObliqueNonZeros = 1.5

// Params is a Config resolved for a data set with d features.
type Params struct {
	criterion       Criterion
	mtry            int
	minSamplesLeaf  int
	minSamplesSplit int
	maxDepth        int
	weights         []float64 // nil: every feature equally likely
	drawable        int       // features of positive weight (d without weights)
	cumulative      []float64 // WithReplacement with at least minDrawsWithReplacement draws and fewer than the drawable features: running sums of the weights (of ones without weights); nil otherwise
	oblique         bool      // examine sparse random projections of numeric columns
	nonZeros        float64   // mean columns per projection (oblique)
	directions      ObliqueDirections
	d               int // features
}

// SplitBytes is the memory, beyond NodeBytes, that an internal node of a
// tree grown with p may take (for memory estimates): at an oblique split,
// its projection, a header and ceil(ObliqueNonZeros) terms at most (and at
// most d; d with MeanDifferences or Discriminants) of 16 bytes each; 0
// without Oblique.
func (p Params) SplitBytes() int {
	if !p.oblique {
		return 0
	}
	terms := float64(p.d)
	if p.nonZeros < terms && p.directions == RandomProjections {
		terms = math.Ceil(p.nonZeros)
	}
	return int(unsafe.Sizeof(projTerm{})) * (1 + int(terms))
}

// Resolve checks the configuration for data with d features and resolves
// its defaults; MaxFeatures and MinSamplesLeaf left unset become all
// features and 1 (a forest fills in its own defaults first).
func (c Config) Resolve(d int) (Params, error) {
	p := Params{criterion: c.Criterion, minSamplesLeaf: c.MinSamplesLeaf, minSamplesSplit: c.MinSamplesSplit, maxDepth: c.MaxDepth, d: d}
	if c.Criterion != Gini && c.Criterion != Entropy {
		return p, fmt.Errorf("ufmi: unknown criterion %d (want Gini or Entropy)", int(c.Criterion))
	}
	if p.minSamplesLeaf < 0 || p.minSamplesSplit < 0 || p.maxDepth < 0 {
		return p, fmt.Errorf("ufmi: tree sizes must not be negative (min leaf %d, min split %d, max depth %d)",
			c.MinSamplesLeaf, c.MinSamplesSplit, c.MaxDepth)
	}
	if p.minSamplesLeaf == 0 {
		p.minSamplesLeaf = 1
	}
	if p.minSamplesSplit == 0 {
		p.minSamplesSplit = 2
	}
	p.minSamplesSplit = max(p.minSamplesSplit, 2*p.minSamplesLeaf)
	if p.maxDepth == 0 {
		p.maxDepth = math.MaxInt32
	}
	if nz := c.ObliqueNonZeros; nz != 0 && !(nz >= 1 && !math.IsInf(nz, 1)) {
		return p, fmt.Errorf("ufmi: oblique non-zeros %v must be finite and at least 1 (0 means %v)", nz, DefaultObliqueNonZeros)
	}
	if c.ObliqueDirections < RandomProjections || c.ObliqueDirections > Discriminants {
		return p, fmt.Errorf("ufmi: unknown oblique directions %d (want RandomProjections, MeanDifferences or Discriminants)", int(c.ObliqueDirections))
	}
	p.oblique, p.nonZeros, p.directions = c.Oblique, c.ObliqueNonZeros, c.ObliqueDirections
	if p.nonZeros == 0 {
		p.nonZeros = DefaultObliqueNonZeros
	}
	var err error
	if p.mtry, err = c.MaxFeatures.resolve(d); err != nil {
		return p, err
	}
	if p.weights, err = checkFeatureWeights(c.FeatureWeights, d); err != nil {
		return p, err
	}
	p.drawable = d
	if p.weights != nil {
		p.drawable = 0
		for _, v := range p.weights {
			if v > 0 {
				p.drawable++
			}
		}
	}
	switch c.Draws {
	case DefaultDraws, WithoutReplacement:
	case WithReplacement:
		if p.mtry >= minDrawsWithReplacement && p.mtry < p.drawable {
			p.cumulative = runningSums(p.weights, d)
		}
	default:
		return p, fmt.Errorf("ufmi: unknown feature draws %d (want WithoutReplacement or WithReplacement)", int(c.Draws))
	}
	return p, nil
}

// checkFeatureWeights validates per-feature sampling weights: d finite,
// non-negative values, not all zero. Nil passes as nil.
func checkFeatureWeights(w []float64, d int) ([]float64, error) {
	if w == nil {
		return nil, nil
	}
	if len(w) != d {
		return nil, fmt.Errorf("ufmi: %d feature weights for %d features", len(w), d)
	}
	positive := false
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, fmt.Errorf("ufmi: weight %v of feature %d must be finite and non-negative", v, j)
		}
		positive = positive || v > 0
	}
	if !positive {
		return nil, fmt.Errorf("ufmi: every feature weight is zero")
	}
	return w, nil
}
