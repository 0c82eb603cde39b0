package study

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/drosophila"
)

// SubsetRecord is one row of the Drosophila feature-subset table, with the
// published values beside ours (NaN where a source has no such row).
type SubsetRecord struct {
	Features    string  `dataframe:"features"`
	MIIn        float64 `dataframe:"mi_in"`
	SDMIIn      float64 `dataframe:"sd_mi_in"`
	CMIOut      float64 `dataframe:"cmi_out_given_in"`
	SDCMIOut    float64 `dataframe:"sd_cmi_out_given_in"`
	MIAll       float64 `dataframe:"mi_all"`
	PaperMIIn   float64 `dataframe:"paper_mi_in"`
	PaperCMIOut float64 `dataframe:"paper_cmi_out_given_in"`
	AuthorsMIIn float64 `dataframe:"authors_mi_in"`
	AuthorsCMI  float64 `dataframe:"authors_cmi_out_given_in"`
}

// DrosophilaTable computes the paper's feature-subset table of I(Y; X_in),
// I(Y; X_out | X_in) and I(Y; X) over {claw, dist, age, cluster} with the
// given UF configuration, averaged over repeats seeds, beside the paper's
// printed values and the authors' mi_table.csv (pass nil if unavailable).
func DrosophilaTable(n *drosophila.Neurons, enc drosophila.Encoding, uf ufmi.UFConfig, repeats int, seed uint64,
	published []drosophila.PublishedRow, progress ufmi.Progress) (dataframe.DataFrame, error) {
	table, keys, err := drosophilaSubsets(n, enc, repeats, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: seed, Progress: progress}})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	paper := map[string]drosophila.PaperRow{}
	for _, p := range drosophila.PaperTable() {
		paper[strings.Join(p.InFeatures, ",")] = p
	}
	authors := map[string]drosophila.PublishedRow{}
	for _, p := range published {
		authors[strings.Join(p.InFeatures, ",")] = p
	}
	var recs []SubsetRecord
	for i, r := range table {
		key := keys[i]
		rec := SubsetRecord{Features: key, MIIn: r.MIIn.Mean, SDMIIn: r.MIIn.SD, CMIOut: r.CMIOutGivenIn.Mean, SDCMIOut: r.CMIOutGivenIn.SD,
			MIAll: r.MIAll.Mean, PaperMIIn: math.NaN(), PaperCMIOut: math.NaN(), AuthorsMIIn: math.NaN(), AuthorsCMI: math.NaN()}
		if p, ok := paper[key]; ok {
			rec.PaperMIIn, rec.PaperCMIOut = p.IYXIn, p.IYXOutGivenIn
		}
		if p, ok := authors[key]; ok {
			rec.AuthorsMIIn, rec.AuthorsCMI = p.IYXIn, p.IYXOutGivenIn
		}
		recs = append(recs, rec)
	}
	return dataframe.LoadStructs(recs), nil
}

// drosophilaSubsets runs ufmi.SubsetTable with cfg over the base features
// {claw, dist, age, cluster}, each one group of its columns under enc, and
// names each row's X_in by its features joined with commas ("age,cluster").
func drosophilaSubsets(n *drosophila.Neurons, enc drosophila.Encoding, repeats int, cfg ufmi.EstimatorConfig) ([]ufmi.SubsetRow, []string, error) {
	rows, names, y, _, err := n.Encode(enc)
	if err != nil {
		return nil, nil, err
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		return nil, nil, err
	}
	// Each base feature maps to its columns (one, or two with an indicator).
	base := drosophila.BaseFeatures()
	groups := make([][]int, len(base))
	for b, f := range base {
		cols, err := drosophila.FeatureColumns(enc, []string{f})
		if err != nil {
			return nil, nil, err
		}
		for _, c := range cols {
			for j, nm := range names {
				if nm == c {
					groups[b] = append(groups[b], j)
				}
			}
		}
	}
	table, err := ufmi.SubsetTable(x, y, groups, repeats, cfg)
	if err != nil {
		return nil, nil, err
	}
	keys := make([]string, len(table))
	for i, r := range table {
		in := make([]string, len(r.Groups))
		for k, g := range r.Groups {
			in[k] = base[g]
		}
		keys[i] = strings.Join(in, ",")
	}
	return table, keys, nil
}

// IntervalRecord is one row of the Drosophila feature-subset table with
// confidence intervals: I(Y; X_in) and I(Y; X_out | X_in), each the mean
// over the repeats with its interval.
type IntervalRecord struct {
	Features string  `dataframe:"X_in"`
	MIIn     float64 `dataframe:"I(Y;X_in)"`
	MIInLow  float64 `dataframe:"low"`
	MIInHigh float64 `dataframe:"high"`
	CMIOut   float64 `dataframe:"I(Y;X_out|X_in)"`
	CMILow   float64 `dataframe:"low (out|in)"`
	CMIHigh  float64 `dataframe:"high (out|in)"`
}

// DrosophilaIntervals computes the feature-subset table of DrosophilaTable
// with a confidence interval of the given level (in (0, 1), e.g. 0.95) for
// each mean: for I(Y; X_out | X_in) the two fits' per-row contributions are
// differenced, so their correlation is accounted for (ufmi.SubsetTable).
func DrosophilaIntervals(n *drosophila.Neurons, enc drosophila.Encoding, uf ufmi.UFConfig, repeats int, seed uint64,
	confidence float64, progress ufmi.Progress) (dataframe.DataFrame, error) {
	if !(confidence > 0 && confidence < 1) {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: confidence %v must be in (0, 1), e.g. 0.95", confidence)
	}
	cfg := ufmi.EstimatorConfig{UF: uf, Confidence: confidence, Runtime: ufmi.Runtime{Seed: seed, Progress: progress}}
	table, keys, err := drosophilaSubsets(n, enc, repeats, cfg)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	recs := make([]IntervalRecord, len(table))
	for i, r := range table {
		in, out := r.MIIn, r.CMIOutGivenIn
		recs[i] = IntervalRecord{Features: keys[i], MIIn: in.Mean, MIInLow: in.CI.Low, MIInHigh: in.CI.High,
			CMIOut: out.Mean, CMILow: out.CI.Low, CMIHigh: out.CI.High}
	}
	return dataframe.LoadStructs(recs), nil
}
