package cc18

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/pick"

	"github.com/ufmi-dev/ufmi/internal/seeds"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/metrics"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	"github.com/ufmi-dev/ufmi/ufmi/tree"
)

// Settings are the forest sizes of the study.
type Settings struct {
	Trees       int     // RF and UF trees (the paper: 500); SigRF and IRF get models.FoldTrees(Trees) per fold
	MaxFeatures float64 // fraction of features per split (the paper: 0.33)
	// MaxRows, when positive, evaluates a seeded stratified subsample of at
	// most this many rows of larger datasets (quick runs); 0 uses all rows.
	MaxRows int
}

// PaperSettings are the paper's: 500 trees, 5 × 100 for the calibrated
// forests, a third of the features per split, every row.
func PaperSettings() Settings { return Settings{Trees: 500, MaxFeatures: 0.33} }

// QuickSettings are reduced sizes for quick runs and tests: 50 trees (5 × 10
// calibrated) and at most 3,000 rows per dataset.
func QuickSettings() Settings { return Settings{Trees: 50, MaxFeatures: 0.33, MaxRows: 3000} }

// Forests returns RF, IRF, SigRF and UF with the given settings, from the
// model catalogue (package models). UF is models.ExperimentUF (the paper
// preset with 0.37 of the rows voting) with the same features per split.
func Forests(s Settings) []models.Model {
	tc := s.treeConfig()
	return []models.Model{
		models.RF("RF", ufmi.MethodRFSplit, s.Trees, tc),
		models.Calibrated("IRF", ufmi.MethodIRF, s.Trees, tc),
		models.Calibrated("SigRF", ufmi.MethodSigRF, s.Trees, tc),
		UFModel("UF", s, nil),
	}
}

// UFModel is the UF of Forests(s), after edit (when not nil) has changed
// its configuration: a way to measure variants in the same study.
func UFModel(name string, s Settings, edit func(c *ufmi.UFConfig)) models.Model {
	c := models.ExperimentUF() // its trees: fully grown
	c.Trees, c.Tree.MaxFeatures = s.Trees, s.treeConfig().MaxFeatures
	if edit != nil {
		edit(&c)
	}
	return models.UF(name, c)
}

func (s Settings) treeConfig() tree.Config {
	return tree.Config{MaxFeatures: tree.FeatureFraction(s.MaxFeatures)}
}

// FoldScore is one learner's scores on one test fold.
type FoldScore struct {
	Dataset  int
	Fold     int
	Learner  string
	Kappa    float64 // Cohen's kappa (the paper's loss is its negation)
	Accuracy float64
	ECE, MCE float64
	Bins     []metrics.ReliabilityBin
}

// Evaluate runs stratified k-fold cross-validation of every learner on d
// (preprocessing each fold from its training rows only) and scores each
// fold with kappa, accuracy, ECE and MCE over the given number of bins. The
// folds come from seed's fold stream; the learners of fold f fit with the
// seed Derive(seed, fold-model, f).
func Evaluate(d *Dataset, learners []models.Model, folds, bins int, seed uint64) ([]FoldScore, error) {
	tests, err := testFolds(d, folds, seed)
	if err != nil {
		return nil, err
	}
	return evaluateFolds(d, learners, tests, bins, seed)
}

// testFolds returns the test rows of each fold of Evaluate.
func testFolds(d *Dataset, folds int, seed uint64) ([][]int, error) {
	return classes.StratifiedFolds(d.Y, folds, seed)
}

// evaluateFolds is Evaluate on the given test folds.
func evaluateFolds(d *Dataset, learners []models.Model, testFolds [][]int, bins int, seed uint64) ([]FoldScore, error) {
	var out []FoldScore
	for f, test := range testFolds {
		fd, err := prepareFold(d, f, test)
		if err != nil {
			return nil, err
		}
		for _, l := range learners {
			s, err := fd.score(l, bins, seed)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// fold is one cross-validation fold of a dataset, preprocessed from its
// training rows.
type fold struct {
	d             *Dataset
	index         int
	train, test   *ufmi.Features
	yTrain, yTest []int
}

// prepareFold preprocesses fold f of d, whose test rows are test.
func prepareFold(d *Dataset, f int, test []int) (*fold, error) {
	train := complement(test, d.Rows())
	xTrain, xTest, err := Preprocess(d, train, test)
	if err != nil {
		return nil, err
	}
	xt, err := ufmi.NewFeatures(xTrain)
	if err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d fold %d: %w", d.ID, f, err)
	}
	xe, _ := ufmi.NewFeatures(xTest)
	return &fold{d: d, index: f, train: xt, test: xe, yTrain: pick.At(d.Y, train), yTest: pick.At(d.Y, test)}, nil
}

// foldSeed is the seed every learner of fold f fits with: it depends on
// the sweep's seed and the fold only.
func foldSeed(seed uint64, f int) uint64 { return seeds.Derive(seed, seeds.FoldModel, f) }

// score fits learner l on the fold's training rows (seed foldSeed(seed,
// fold)) and scores its posteriors on the test rows.
func (fd *fold) score(l models.Model, bins int, seed uint64) (FoldScore, error) {
	k := len(fd.d.Classes)
	codes, present := compactCodes(fd.yTrain, k)
	model, err := l.Fit(fd.train, codes, foldSeed(seed, fd.index))
	if err != nil {
		return FoldScore{}, fmt.Errorf("ufmi: dataset %d fold %d %s: %w", fd.d.ID, fd.index, l.Name, err)
	}
	proba, err := model.PredictProba(fd.test, 0)
	if err != nil {
		return FoldScore{}, err
	}
	s, err := score(widen(proba, present, k), fd.yTest, k, bins)
	if err != nil {
		return FoldScore{}, fmt.Errorf("ufmi: dataset %d fold %d %s: %w", fd.d.ID, fd.index, l.Name, err)
	}
	s.Dataset, s.Fold, s.Learner = fd.d.ID, fd.index, l.Name
	return s, nil
}

// compactCodes recodes the training labels y (codes 0..k-1) to the
// classes present in them, 0..K'-1 in code order, as a fit requires (every
// code with rows); present[c'] is the dataset code of class c'. It returns
// y itself when every class is present.
func compactCodes(y []int, k int) (codes, present []int) {
	counts := make([]int, k)
	for _, c := range y {
		counts[c]++
	}
	to := make([]int, k)
	for c, n := range counts {
		if n > 0 {
			to[c] = len(present)
			present = append(present, c)
		}
	}
	if len(present) == k {
		return y, present
	}
	codes = make([]int, len(y))
	for i, c := range y {
		codes[i] = to[c]
	}
	return codes, present
}

// widen returns posterior rows over the k classes of the dataset from rows
// over the classes present in the training fold (present[c'] is the
// dataset code of column c'): the classes the fold lacks get 0.
func widen(proba [][]float64, present []int, k int) [][]float64 {
	if len(present) == k {
		return proba
	}
	for i, p := range proba {
		q := make([]float64, k)
		for c, v := range p {
			q[present[c]] = v
		}
		proba[i] = q
	}
	return proba
}

func score(proba [][]float64, y []int, k, bins int) (FoldScore, error) {
	var s FoldScore
	var err error
	if s.Accuracy, err = metrics.Accuracy(proba, y); err != nil {
		return s, err
	}
	if s.Kappa, err = metrics.CohenKappa(y, metrics.Argmax(proba), k); err != nil {
		return s, err
	}
	if s.Bins, err = metrics.Reliability(proba, y, bins); err != nil {
		return s, err
	}
	if s.ECE, err = metrics.ECE(proba, y, bins); err != nil {
		return s, err
	}
	s.MCE, err = metrics.MCE(proba, y, bins)
	return s, err
}

func complement(rows []int, n int) []int {
	in := make([]bool, n)
	for _, r := range rows {
		in[r] = true
	}
	var out []int
	for i := 0; i < n; i++ {
		if !in[i] {
			out = append(out, i)
		}
	}
	return out
}
