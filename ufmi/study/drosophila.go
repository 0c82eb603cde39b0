package study

import (
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
	rows, names, y, _, err := n.Encode(enc)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	x, err := ufmi.NewFeatures(rows)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	// Each base feature maps to its columns (one, or two with an indicator).
	base := drosophila.BaseFeatures()
	groups := make([][]int, len(base))
	for b, f := range base {
		cols, err := drosophila.FeatureColumns(enc, []string{f})
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		for _, c := range cols {
			for j, nm := range names {
				if nm == c {
					groups[b] = append(groups[b], j)
				}
			}
		}
	}
	table, err := ufmi.SubsetTable(x, y, groups, repeats, ufmi.EstimatorConfig{UF: uf, Runtime: ufmi.Runtime{Seed: seed, Progress: progress}})
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
	for _, r := range table {
		var in []string
		for _, g := range r.Groups {
			in = append(in, base[g])
		}
		key := strings.Join(in, ",")
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
