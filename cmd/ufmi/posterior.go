package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

func runPosterior(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("posterior", flag.ContinueOnError)
	trainPath := fs.String("train", "", "training CSV with a header row")
	testPath := fs.String("test", "", "CSV of rows to predict (same feature columns; the target may be absent)")
	target := fs.String("target", "", "label column of the training file")
	features := fs.String("features", "", "comma-separated feature columns (default: every other column)")
	method := fs.String("method", "uf", "forest: uf, rf, sigrf or irf")
	preset := fs.String("preset", "default", "UF preset: default, paper or authors")
	var trees, workers int
	registerTrees(fs, &trees, "trees (SigRF/IRF: in all, over 5 folds)")
	seed := fs.Uint64("seed", 1, "random seed")
	registerWorkers(fs, &workers)
	asJSON := fs.Bool("json", false, "print a JSON object {classes, posteriors}")
	var cells tableFlags
	cells.register(fs)
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
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
	data, err := train.labelled(columnSpec{target: *target, features: *features, targetMayBeFeature: true, options: cells.options()})
	if err != nil {
		return err
	}
	names, labels := data.featureNames, data.labels
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
	reportDropped(stderr, data.dropped)
	if *asJSON {
		return json.NewEncoder(stdout).Encode(map[string]any{"classes": labels.Classes, "posteriors": proba})
	}
	w := csv.NewWriter(stdout)
	w.Write(labels.Classes)
	for _, p := range proba {
		rec := make([]string, len(p))
		for c, v := range p {
			rec[c] = strconv.FormatFloat(v, 'g', 8, 64)
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
