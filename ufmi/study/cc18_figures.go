package study

import (
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi/cc18"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// cc18PaperLearners are the rows and columns of cc18.PaperTables, in order.
var cc18PaperLearners = []string{"RF", "IRF", "SigRF", "UF"}

// CC18Differences gives, for each learner of others, its mean score over
// folds minus base's on every dataset both were scored on (in increasing
// dataset id), named "<learner> - <base>": the categories of a strip plot
// in which a point below zero is a dataset where the learner beat base.
func CC18Differences(scores []cc18.FoldScore, m cc18.Metric, base string, others []string) ([]viz.NamedValues, error) {
	means, err := cc18.DatasetMeans(scores, m)
	if err != nil {
		return nil, err
	}
	if len(means[base]) == 0 {
		return nil, fmt.Errorf("ufmi: no %s scores of the base learner %q", m, base)
	}
	var out []viz.NamedValues
	for _, l := range others {
		var ids []int
		for d := range means[l] {
			if _, ok := means[base][d]; ok {
				ids = append(ids, d)
			}
		}
		if len(ids) == 0 {
			return nil, fmt.Errorf("ufmi: learner %q has no %s scores on a dataset %q was scored on", l, m, base)
		}
		slices.Sort(ids)
		diffs := make([]float64, len(ids))
		for i, d := range ids {
			diffs[i] = means[l][d] - means[base][d]
		}
		out = append(out, viz.NamedValues{Name: l + " - " + base, Values: diffs})
	}
	return out, nil
}

// CC18Reliability gives each learner's reliability bins pooled over every
// dataset and fold (cc18.PooledBins) as the models of a reliability diagram.
// A learner without scores is an error.
func CC18Reliability(scores []cc18.FoldScore, learners []string) ([]viz.ReliabilityModel, error) {
	models := make([]viz.ReliabilityModel, 0, len(learners))
	for _, l := range learners {
		pooled := cc18.PooledBins(scores, l)
		if len(pooled) == 0 {
			return nil, fmt.Errorf("ufmi: no reliability bins for learner %q", l)
		}
		bins := make([]viz.ReliabilityBin, len(pooled))
		for b, p := range pooled {
			bins[b] = viz.ReliabilityBin{Confidence: p.Confidence, Accuracy: p.Accuracy, Count: p.Count}
		}
		models = append(models, viz.ReliabilityModel{Name: l, Bins: bins})
	}
	return models, nil
}

// CC18PaperFrame is the paper's pairwise table of metric m (cc18.PaperTables)
// laid out as cc18.Pairwise.Cells lays out a computed one: a first column
// named after the metric holding the row learner, then one column per
// learner. ok is false when the paper prints no table for m (MCE).
func CC18PaperFrame(m cc18.Metric) (df dataframe.DataFrame, ok bool, err error) {
	paper, ok := cc18.PaperTables[m]
	if !ok {
		return dataframe.DataFrame{}, false, nil
	}
	header := append([]string{string(m)}, cc18PaperLearners...)
	rows := make([][]any, len(cc18PaperLearners))
	for r, l := range cc18PaperLearners {
		rows[r] = []any{l}
		for _, cell := range paper[r] {
			rows[r] = append(rows[r], cell)
		}
	}
	df, err = frame.FromRecords(header, rows)
	return df, err == nil, err
}

// CC18DatasetFrame lists datasets of the suite as the suite describes
// them: id, name, instances, features and classes, in the order of ids. An
// id outside the suite is an error.
func CC18DatasetFrame(ids []int) (dataframe.DataFrame, error) {
	rows := make([][]any, 0, len(ids))
	for _, id := range ids {
		d, ok := cc18.Lookup(id)
		if !ok {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: dataset %d is not in OpenML-CC18", id)
		}
		rows = append(rows, []any{d.ID, d.Name, d.Instances, d.Features, d.Classes})
	}
	return frame.FromRecords([]string{"id", "name", "instances", "features", "classes"}, rows)
}
