package table

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"slices"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// MIResult is an estimate of I(X;Y), or of I(X;Y|Z) when the spec gives
// columns Z to condition on, with the columns it used.
type MIResult struct {
	// Estimate holds H(Y), H(Y|X) and I(X;Y); with Given columns,
	// HYGivenX is H(Y|X,Z) and MI is I(X;Y|Z). Its Notes add, for the uf
	// method, the notes on the data (DataNotes).
	ufmi.Estimate
	HYGivenZ float64 // H(Y|Z), with Given columns
	Target   string
	Features []string
	Given    []string
	Dropped  int // rows dropped for a missing target
}

// MI estimates the mutual information between the spec's feature columns
// of df and its target (given its Given columns, if any) with cfg.
func MI(df dataframe.DataFrame, spec Spec, cfg ufmi.EstimatorConfig) (MIResult, error) {
	d, err := FromDataFrame(df, spec)
	if err != nil {
		return MIResult{}, err
	}
	return d.MI(cfg)
}

// MICSV is MI for a CSV file with a header row.
func MICSV(path string, spec Spec, cfg ufmi.EstimatorConfig) (MIResult, error) {
	d, err := ReadCSV(path, spec)
	if err != nil {
		return MIResult{}, err
	}
	return d.MI(cfg)
}

// MI estimates I(X;Y), or I(X;Y|Z) with Given columns, from converted data.
func (d *Data) MI(cfg ufmi.EstimatorConfig) (MIResult, error) {
	if d == nil {
		return MIResult{}, fmt.Errorf("ufmi: MI of no data (a nil *Data)")
	}
	if d.Labels == nil {
		return MIResult{}, fmt.Errorf("ufmi: MI needs a target column")
	}
	if slices.Contains(d.Features, d.Target) {
		return MIResult{}, fmt.Errorf("ufmi: the target %q cannot also be a feature", d.Target)
	}
	if slices.Contains(d.Given, d.Target) {
		return MIResult{}, fmt.Errorf("ufmi: the target %q cannot also be a given column", d.Target)
	}
	res := MIResult{Target: d.Target, Features: d.Features, Given: d.Given, Dropped: d.Dropped}
	y := d.Labels.Codes
	if len(d.Given) == 0 {
		est, err := ufmi.EstimateMI(d.X, y, cfg)
		res.Estimate = est
		res.Notes = append(res.Notes, d.methodNotes(cfg.Method)...)
		return res, err
	}
	start := time.Now()
	cmi, err := ufmi.ConditionalMI(d.X, y, d.GivenColumns(), d.FeatureColumns(), cfg)
	if err != nil {
		return MIResult{}, err
	}
	hy, _ := ufmi.LabelEntropy(y)
	method := cfg.Method
	if method == "" {
		method = ufmi.MethodUF
	}
	res.Estimate = ufmi.Estimate{Method: method, HY: hy, HYGivenX: cmi.HYGivenAB, MI: cmi.CMI, N: d.X.Rows(),
		Classes: d.Labels.K(), Evaluated: d.X.Rows(), CI: cmi.CI, Duration: time.Since(start)}
	res.HYGivenZ = cmi.HYGivenA
	for _, note := range []string{cfg.FewRowsPerClassNote(res.Classes, res.N), cfg.SeparateFitsNote(res.Classes, cmi.RestSwapped)} {
		if note != "" {
			res.Notes = append(res.Notes, note)
		}
	}
	res.Notes = append(res.Notes, d.methodNotes(cfg.Method)...)
	return res, nil
}

// methodNotes are DataNotes on d for the uf method (method "" or uf, in
// any case), nil for the others.
func (d *Data) methodNotes(method ufmi.Method) []string {
	if method != "" && ufmi.Method(strings.ToLower(string(method))) != ufmi.MethodUF {
		return nil
	}
	return DataNotes(d.X, d.Labels)
}

// PosteriorResult holds a model's class posteriors for the rows of a table.
type PosteriorResult struct {
	Classes  []string    // class labels, in the order of each row of Proba
	Features []string    // the feature columns used
	Proba    [][]float64 // Proba[i][k] = P(Y = Classes[k] | row i)
	Dropped  int         // training rows dropped for a missing target
	// Notices name the columns whose cells to predict the forest routes
	// without evidence from the training rows (PredictionNotices): unseen
	// levels, missing cells where training had none.
	Notices []string
}

// Posterior fits model on the spec's columns of train (seed given) and
// returns its posteriors for every row of test, whose feature columns are
// read with train's kinds: a column categorical in train is categorical in
// test, and its levels are matched by name (an unseen level counts as
// missing).
func Posterior(train, test dataframe.DataFrame, spec Spec, model models.Model, seed uint64) (PosteriorResult, error) {
	d, err := FromDataFrame(train, spec)
	if err != nil {
		return PosteriorResult{}, err
	}
	t, err := FromDataFrame(test, d.TestSpec(spec.Options))
	if err != nil {
		return PosteriorResult{}, err
	}
	return d.Posterior(t.X, model, seed)
}

// PosteriorCSV is Posterior for CSV files with header rows.
func PosteriorCSV(trainPath, testPath string, spec Spec, model models.Model, seed uint64) (PosteriorResult, error) {
	d, err := ReadCSV(trainPath, spec)
	if err != nil {
		return PosteriorResult{}, err
	}
	t, err := ReadCSV(testPath, d.TestSpec(spec.Options))
	if err != nil {
		return PosteriorResult{}, err
	}
	return d.Posterior(t.X, model, seed)
}

// TestSpec is the spec that reads the feature columns of rows to predict
// like d's: no target, the same features, d's categorical columns declared
// categorical and its numeric ones numeric.
func (d *Data) TestSpec(o Options) Spec {
	o.Categorical, o.Numeric, o.DropMissingTarget = d.Categorical(), d.numeric(), false
	return Spec{Features: slices.Concat(d.Given, d.Features), Options: o}
}

// Posterior fits model on d (seed given) and predicts the rows of x, with
// the notices of their columns (PredictionNotices).
func (d *Data) Posterior(x *ufmi.Features, model models.Model, seed uint64) (PosteriorResult, error) {
	if d.Labels == nil {
		return PosteriorResult{}, fmt.Errorf("ufmi: a posterior model needs a target column")
	}
	p, err := model.Fit(d.X, d.Labels.Codes, seed)
	if err != nil {
		return PosteriorResult{}, err
	}
	proba, err := p.PredictProba(x, model.Estimator.Workers)
	if err != nil {
		return PosteriorResult{}, err
	}
	return PosteriorResult{Classes: d.Labels.Classes, Features: slices.Concat(d.Given, d.Features), Proba: proba, Dropped: d.Dropped,
		Notices: PredictionNotices(d.X, x)}, nil
}

// SubsetResult is one row of the feature-subset table, with the names of
// the columns in X_in.
type SubsetResult struct {
	In []string
	ufmi.SubsetRow
}

// SubsetTable fills the feature-subset table (ufmi.SubsetTable) for every
// non-empty subset of the spec's feature columns of df, one column per
// group, each subset refitted repeats times.
func SubsetTable(df dataframe.DataFrame, spec Spec, repeats int, cfg ufmi.EstimatorConfig) ([]SubsetResult, error) {
	d, err := FromDataFrame(df, spec)
	if err != nil {
		return nil, err
	}
	return d.SubsetTable(repeats, cfg)
}

// SubsetTableCSV is SubsetTable for a CSV file with a header row.
func SubsetTableCSV(path string, spec Spec, repeats int, cfg ufmi.EstimatorConfig) ([]SubsetResult, error) {
	d, err := ReadCSV(path, spec)
	if err != nil {
		return nil, err
	}
	return d.SubsetTable(repeats, cfg)
}

// SubsetTable fills the feature-subset table of d's feature columns;
// cfg.Progress, when set, counts the estimates.
func (d *Data) SubsetTable(repeats int, cfg ufmi.EstimatorConfig) ([]SubsetResult, error) {
	if d.Labels == nil {
		return nil, fmt.Errorf("ufmi: the subset table needs a target column")
	}
	if len(d.Given) > 0 {
		return nil, fmt.Errorf("ufmi: the subset table does not condition on given columns (%s): each row already gives I(Y; X_out | X_in); list them among the features, or estimate one conditional MI with MI", strings.Join(d.Given, ", "))
	}
	rows, err := ufmi.SubsetTable(d.X, d.Labels.Codes, Singletons(d.FeatureColumns()), repeats, cfg)
	if err != nil {
		return nil, err
	}
	out := make([]SubsetResult, len(rows))
	for i, r := range rows {
		out[i] = SubsetResult{In: pick.At(d.Features, r.Groups), SubsetRow: r}
	}
	return out, nil
}

// Singletons makes one feature group per column, the groups of a subset
// table of single features (ufmi.SubsetTable).
func Singletons(cols []int) [][]int {
	groups := make([][]int, len(cols))
	for i, c := range cols {
		groups[i] = []int{c}
	}
	return groups
}
