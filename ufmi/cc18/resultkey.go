package cc18

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/internal/configkey"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// scoresFormat is the version of the result files: of their layout and of
// what the scores mean. Raise it when either changes (or when a change of
// the code changes the scores), so that older files are recomputed.
const scoresFormat = 2

// resultKey is everything that determines a result file: a cell's (one
// learner on one fold, Fold set and Learners that learner alone) or, in
// folders of older sweeps, a whole dataset's (Fold nil). It is stored in
// the file and must equal the sweep's for the file to be used.
type resultKey struct {
	Format   int          `json:"format"`
	Dataset  int          `json:"dataset"`
	Fold     *int         `json:"fold,omitempty"` // a cell's fold; nil in a dataset's file
	Data     string       `json:"data_sha256"`    // Dataset.Checksum of the full dataset
	Rows     int          `json:"rows"`           // rows evaluated (after MaxRows)
	MaxRows  int          `json:"max_rows"`
	Folds    int          `json:"folds"`
	Bins     int          `json:"bins"`
	Seed     uint64       `json:"seed"`
	Learners []learnerKey `json:"learners"`
}

// learnerKey names a learner and what it fits.
type learnerKey struct {
	Name   string `json:"name"`
	Config string `json:"config"`
}

// newResultKey is the key of a sweep's result for dataset full, of which
// the rows evaluated are evaluated.
func newResultKey(o SweepOptions, full, evaluated *Dataset) resultKey {
	k := resultKey{Format: scoresFormat, Dataset: full.ID, Data: full.Checksum(), Rows: evaluated.Rows(),
		MaxRows: o.MaxRows, Folds: o.Folds, Bins: o.Bins, Seed: o.Seed}
	for _, l := range o.Learners {
		k.Learners = append(k.Learners, learnerKey{l.Name, learnerConfig(l)})
	}
	return k
}

// cell is k narrowed to the cell of learner l on fold f.
func (k resultKey) cell(f int, l learnerKey) resultKey {
	k.Fold, k.Learners = &f, []learnerKey{l}
	return k
}

// learnerConfig spells out, in Go syntax with every field, the method and
// the configuration models.Model.Fit fits (without a runtime). The spelling
// is internal/configkey's: the files written before the configurations
// changed shape keep their keys. A Custom learner is only "custom": its
// name must say what it fits.
func learnerConfig(m models.Model) string {
	if m.Custom != nil {
		return "custom"
	}
	c := m.Estimator
	switch c.Method {
	case ufmi.MethodUF, "":
		return fmt.Sprintf("%s %s", ufmi.MethodUF, configkey.UFGoSyntax(c.UF))
	}
	return fmt.Sprintf("%s %s", c.Method, configkey.ForestGoSyntax(c.Forest))
}

// mismatch says how k differs from want, or "" when they are equal.
func (k resultKey) mismatch(want resultKey) string {
	differ := func(what string, got, want any) string {
		return fmt.Sprintf("computed for %s %v, not %v", what, got, want)
	}
	switch {
	case k.Format != want.Format:
		return differ("format", k.Format, want.Format)
	case k.Dataset != want.Dataset:
		return differ("dataset", k.Dataset, want.Dataset)
	case foldName(k.Fold) != foldName(want.Fold):
		return differ("fold", foldName(k.Fold), foldName(want.Fold))
	case k.Data != want.Data:
		return differ("data with SHA-256", k.Data, want.Data)
	case k.MaxRows != want.MaxRows:
		return differ("max rows", k.MaxRows, want.MaxRows)
	case k.Rows != want.Rows:
		return differ("rows", k.Rows, want.Rows)
	case k.Folds != want.Folds:
		return differ("folds", k.Folds, want.Folds)
	case k.Bins != want.Bins:
		return differ("bins", k.Bins, want.Bins)
	case k.Seed != want.Seed:
		return differ("seed", k.Seed, want.Seed)
	case len(k.Learners) != len(want.Learners):
		return differ("learners", names(k.Learners), names(want.Learners))
	}
	for i, l := range k.Learners {
		if l.Name != want.Learners[i].Name {
			return differ("learners", names(k.Learners), names(want.Learners))
		}
		if l.Config != want.Learners[i].Config {
			return fmt.Sprintf("computed with another configuration of %s", l.Name)
		}
	}
	return ""
}

// names lists the learners' names.
func names(ls []learnerKey) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Name
	}
	return out
}

// foldName names a key's fold: its number, or "every fold" for a dataset's file.
func foldName(f *int) string {
	if f == nil {
		return "every fold"
	}
	return fmt.Sprint(*f)
}
