package drosophila

import (
	"fmt"
	"math"
	"slices"
)

// Encoding chooses how Encode turns the neuron table into numbers.
type Encoding int

const (
	// EncodingAuthors is the authors' notebook recipe: columns claw, dist,
	// age, cluster; age coded by first appearance (mature 0, young 1) with
	// missing -1; missing claw, dist and cluster become 0.
	EncodingAuthors Encoding = iota
	// EncodingIndicators keeps present values, fills missing claw, dist and
	// age with 0 and adds the 0/1 columns claw_missing, dist_missing and
	// age_missing; cluster must be complete.
	EncodingIndicators
)

// String names the encoding.
func (e Encoding) String() string {
	switch e {
	case EncodingAuthors:
		return "authors"
	case EncodingIndicators:
		return "indicators"
	}
	return fmt.Sprintf("Encoding(%d)", int(e))
}

// MissingSuffix ends the name of an indicator column (claw_missing, ...).
const MissingSuffix = "_missing"

// baseFeatures are the neuron features in the authors' column order.
var baseFeatures = []string{"claw", "dist", "age", "cluster"}

// indicatorFeatures are the features that get a missingness column.
var indicatorFeatures = []string{"claw", "dist", "age"}

// BaseFeatures returns the four neuron features in the authors' order:
// claw, dist, age, cluster.
func BaseFeatures() []string { return slices.Clone(baseFeatures) }

// FeatureColumns returns the encoded column names that carry the given
// base features: the names themselves for EncodingAuthors, and each name
// followed by its indicator (claw, claw_missing, ...) for EncodingIndicators.
// Use it with SelectFeatures to fit a subset X_in.
func FeatureColumns(enc Encoding, features []string) ([]string, error) {
	if err := checkEncoding(enc); err != nil {
		return nil, err
	}
	var cols []string
	for _, f := range features {
		if !slices.Contains(baseFeatures, f) {
			return nil, fmt.Errorf("ufmi: unknown neuron feature %q (have %v)", f, baseFeatures)
		}
		cols = append(cols, f)
		if enc == EncodingIndicators && slices.Contains(indicatorFeatures, f) {
			cols = append(cols, f+MissingSuffix)
		}
	}
	return cols, nil
}

// checkEncoding rejects values that are not one of the Encoding constants.
func checkEncoding(enc Encoding) error {
	if enc != EncodingAuthors && enc != EncodingIndicators {
		return fmt.Errorf("ufmi: unknown encoding %v", enc)
	}
	return nil
}

// Encode returns the design matrix x (one row per neuron), its column
// names, the label codes y and the class names (classes[y[i]] is the type
// of neuron i). Classes are numbered by first appearance, as pandas
// factorize does: KC 0, MBIN 1, MBON 2, PN 3 for vdf.csv.
func (n *Neurons) Encode(enc Encoding) (x [][]float64, featureNames []string, y []int, classes []string, err error) {
	if err := checkEncoding(enc); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := n.checkShape(); err != nil {
		return nil, nil, nil, nil, err
	}
	y, classes = factorizeFirstSeen(n.Types)
	ageCode, _ := factorizeFirstSeen(n.Age)
	age := make([]float64, len(ageCode))
	for i, c := range ageCode {
		age[i] = float64(c) // -1 where missing
	}
	var cols [][]float64
	switch enc {
	case EncodingAuthors:
		featureNames = slices.Clone(baseFeatures)
		cols = [][]float64{fillNaN(n.Claw, 0), fillNaN(n.Dist, 0), age, fillNaN(n.Cluster, 0)}
	case EncodingIndicators:
		for i, name := range n.Names {
			if math.IsNaN(n.Cluster[i]) {
				return nil, nil, nil, nil, fmt.Errorf("ufmi: cluster of neuron %d (%s) is missing; EncodingIndicators needs cluster for every neuron", i, name)
			}
		}
		ageMissing := make([]float64, len(age))
		for i := range age {
			if age[i] < 0 {
				age[i], ageMissing[i] = 0, 1
			}
		}
		featureNames = []string{"claw", "dist", "age", "cluster", "claw" + MissingSuffix, "dist" + MissingSuffix, "age" + MissingSuffix}
		cols = [][]float64{fillNaN(n.Claw, 0), fillNaN(n.Dist, 0), age, n.Cluster, nanIndicator(n.Claw), nanIndicator(n.Dist), ageMissing}
	}
	x = make([][]float64, n.Len())
	for i := range x {
		x[i] = make([]float64, len(cols))
		for j, c := range cols {
			x[i][j] = c[i]
		}
	}
	return x, featureNames, y, classes, nil
}

// checkShape verifies that every column has one entry per neuron and that
// no type is empty (Neurons may be built by hand).
func (n *Neurons) checkShape() error {
	m := n.Len()
	if m == 0 {
		return fmt.Errorf("ufmi: neuron table has no neurons")
	}
	lens := []struct {
		name string
		l    int
	}{{"Names", len(n.Names)}, {"Claw", len(n.Claw)}, {"Dist", len(n.Dist)}, {"Age", len(n.Age)}, {"Cluster", len(n.Cluster)}}
	for _, c := range lens {
		if c.l != m {
			return fmt.Errorf("ufmi: neuron table column %s has %d entries, Types has %d", c.name, c.l, m)
		}
	}
	if i := slices.Index(n.Types, ""); i >= 0 {
		return fmt.Errorf("ufmi: neuron %d has no cell type", i)
	}
	return nil
}

// factorizeFirstSeen codes the non-empty values 0, 1, ... in order of first
// appearance and empty values -1, like pandas.factorize.
func factorizeFirstSeen(values []string) (codes []int, levels []string) {
	index := map[string]int{}
	codes = make([]int, len(values))
	for i, v := range values {
		if v == "" {
			codes[i] = -1
			continue
		}
		c, ok := index[v]
		if !ok {
			c = len(levels)
			index[v] = c
			levels = append(levels, v)
		}
		codes[i] = c
	}
	return codes, levels
}

// fillNaN returns a copy of v with NaN replaced by fill.
func fillNaN(v []float64, fill float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		if math.IsNaN(x) {
			x = fill
		}
		out[i] = x
	}
	return out
}

// nanIndicator is 1 where v is NaN and 0 elsewhere.
func nanIndicator(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		if math.IsNaN(x) {
			out[i] = 1
		}
	}
	return out
}
