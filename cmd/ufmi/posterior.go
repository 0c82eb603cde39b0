package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/classes"
	"github.com/ufmi-dev/ufmi/internal/names"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
	uftable "github.com/ufmi-dev/ufmi/ufmi/table"
)

func runPosterior(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("posterior", flag.ContinueOnError)
	trainPath := fs.String("train", "", "training CSV with a header row")
	testPath := fs.String("test", "", "CSV of rows to predict (same feature columns; the target may be absent)")
	target := fs.String("target", "", "label column of the training file")
	features := fs.String("features", "", "comma-separated feature columns (default: every other column but the -drop and -id ones)")
	method := fs.String("method", "uf", "forest: uf, rf, sigrf or irf")
	preset := fs.String("preset", "default", presetUsage)
	var trees, workers int
	registerTrees(fs, &trees, "trees (SigRF/IRF: in all, trees/5 in each of 5 folds, at least 5)")
	seed := fs.Uint64("seed", 1, "random seed")
	registerWorkers(fs, &workers)
	asJSON := fs.Bool("json", false, "print a JSON object {classes, posteriors} (with -id also ids)")
	id := fs.String("id", "", "a column of the -test file (a row identifier) printed first on each output row, under its name; it is left out of the default features")
	manyClasses := fs.Bool("many-classes", false, fmt.Sprintf("fit a target of %d or more classes with fewer than %d rows per class (it looks continuous): an error without this flag", classes.ManyClasses, classes.RowsPerClass))
	var cells tableFlags
	cells.register(fs)
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *trainPath == "" {
		return fmt.Errorf("-train is required: the CSV file the forest learns from")
	}
	if *testPath == "" {
		return fmt.Errorf("-test is required: the CSV file of rows to predict")
	}
	*target, *id = strings.TrimSpace(*target), strings.TrimSpace(*id) // as the header's names
	if *target == "" {
		return fmt.Errorf("-target is required")
	}
	if err := checkTreesAndWorkers(trees, workers); err != nil {
		return err
	}
	train, err := readCSV(*trainPath)
	if err != nil {
		return err
	}
	test, err := readCSV(*testPath)
	if err != nil {
		return err
	}
	var ids []string
	drop := cells.drop
	if *id != "" && *features != "" {
		listed, err := splitNames("features", *features)
		if err != nil {
			return err
		}
		if slices.Contains(listed, *id) {
			return fmt.Errorf("-id column %q is also listed in -features: a row identifier would be learned as a feature; leave it out of -features (or copy the column under another name to use it as one)", *id)
		}
	}
	if *id != "" {
		j, err := test.column(*id)
		if err != nil {
			return fmt.Errorf("-id: %v", err)
		}
		for _, r := range test.rows {
			ids = append(ids, r[j])
		}
		if _, err := train.column(*id); err == nil && *features == "" && *id != *target {
			drop = withColumn(drop, *id) // the training file's id column is no feature either
		}
	}
	options, err := cells.options()
	if err != nil {
		return err
	}
	data, err := train.labelled(columnSpec{target: *target, features: *features, drop: drop, targetMayBeFeature: true, options: options})
	if err != nil {
		return err
	}
	printNotices(stderr, "posterior", data.notices)
	names, labels := data.featureNames, data.labels
	if !*manyClasses {
		if err := classes.CheckCount(labels.K(), len(labels.Codes), "target "+strconv.Quote(*target), "pass -many-classes"); err != nil {
			return cliError{err}
		}
	}
	testCols := make([]int, len(names))
	for i, n := range names {
		if testCols[i], err = test.column(n); err != nil {
			return err
		}
	}
	xtest, err := test.features(testCols, data.test)
	if err != nil {
		return err
	}
	printNotices(stderr, "posterior", uftable.PredictionNotices(data.x, xtest))
	*method = strings.ToLower(*method) // names are read in any case, as mi's
	if *method != "uf" && flagGiven(fs, "preset") {
		printNotices(stderr, "posterior", []string{presetUnused(*method)})
	}
	model, err := fitPosteriorModel(*method, *preset, trees, *seed, workers, data.x, labels.Codes)
	if err != nil {
		return err
	}
	proba, err := model.PredictProba(xtest, workers)
	if err != nil {
		return err
	}
	for i, p := range proba {
		for c := range p {
			if err := checkPrintable(number{fmt.Sprintf("the posterior of class %s in test row %d", labels.Classes[c], i+1), &p[c]}); err != nil {
				return err
			}
		}
	}
	reportDropped(stderr, "posterior", data.dropped)
	if *asJSON {
		out := map[string]any{"classes": labels.Classes, "posteriors": proba}
		if *id != "" {
			out["ids"] = ids
		}
		return json.NewEncoder(stdout).Encode(out)
	}
	w := csv.NewWriter(stdout)
	if *id != "" {
		w.Write(slices.Concat([]string{*id}, labels.Classes))
	} else {
		w.Write(labels.Classes)
	}
	for i, p := range proba {
		rec := make([]string, 0, len(p)+1)
		if *id != "" {
			rec = append(rec, ids[i])
		}
		for _, v := range p {
			rec = append(rec, strconv.FormatFloat(v, 'g', 8, 64))
		}
		w.Write(rec)
	}
	w.Flush()
	return w.Error()
}

// fitPosteriorModel fits the named forest of the model catalogue (ufmi/models).
func fitPosteriorModel(method, preset string, trees int, seed uint64, workers int, x *ufmi.Features, y []int) (models.Predictor, error) {
	switch method {
	case "uf", "rf", "sigrf", "irf":
	default:
		return nil, fmt.Errorf("unknown method %q (want uf, rf, sigrf or irf)", method)
	}
	model, err := models.Named(method, preset, trees)
	if err != nil {
		return nil, err
	}
	model.Estimator.Workers = workers
	return model.Fit(x, y, seed)
}

// withColumn adds name to a comma-separated list of columns (splitNames)
// unless it is there already; a list splitNames refuses is returned as it
// is, for the error that names it.
func withColumn(list, name string) string {
	if strings.TrimSpace(list) == "" {
		return names.FlagList([]string{name})
	}
	listed, err := splitNames("drop", list)
	if err != nil || slices.Contains(listed, name) {
		return list
	}
	return names.FlagList(append(listed, name))
}
