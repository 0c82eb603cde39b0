package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// miReport is what "ufmi mi" prints.
type miReport struct {
	Method   string   `json:"method"`
	Preset   string   `json:"preset"`
	N        int      `json:"n"`
	Classes  int      `json:"classes"`
	HY       float64  `json:"h_y"`
	HYGivenX float64  `json:"h_y_given_x"`
	HYGivenZ *float64 `json:"h_y_given_z,omitempty"` // H(Y | given columns), with -given
	MI       float64  `json:"mi"`
	PValue   *float64 `json:"p_value"`
	Test     *string  `json:"test"` // the permutation test behind p_value: refit or fast
	Seconds  float64  `json:"seconds"`
}

func runMI(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mi", flag.ContinueOnError)
	var opts csvEstimateFlags
	opts.register(fs, "comma-separated feature columns (default: every other column)", "print one JSON object")
	given := fs.String("given", "", "comma-separated columns to condition on: prints I(Y; features | given)")
	perm := fs.Int("perm", 0, "label permutations for a p-value (0: none)")
	test := fs.String("test", testRefit, "permutation test for -perm: refit (refits the estimator per permutation) or fast (one UF on half the rows, the other half's votes permuted; uf only)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if opts.target == "" {
		return fmt.Errorf("-target is required")
	}
	if _, err := parseTests(*test, false); err != nil {
		return err
	}
	cfg, err := opts.config()
	if err != nil {
		return err
	}
	start := time.Now()
	data, err := loadLabelled(opts.in, columnSpec{target: opts.target, features: opts.features, given: *given})
	if err != nil {
		return err
	}
	x, labels := data.x, data.labels
	rep := miReport{Method: string(cfg.Method), Preset: opts.preset, N: x.Rows(), Classes: labels.K()}
	if cfg.Method != ufmi.MethodUF {
		rep.Preset = ""
	}
	if data.givenCount > 0 {
		if *perm > 0 {
			return fmt.Errorf("-perm with -given is not supported: permuting labels does not test conditional independence")
		}
		cmi, err := ufmi.ConditionalMI(x, labels.Codes, data.givenColumns(), data.featureColumns(), cfg)
		if err != nil {
			return err
		}
		hy, _ := ufmi.LabelEntropy(labels.Codes)
		rep.HY, rep.HYGivenX, rep.MI = hy, cmi.HYGivenAB, cmi.CMI
		rep.HYGivenZ = &cmi.HYGivenA
	} else {
		est, err := ufmi.EstimateMI(x, labels.Codes, cfg)
		if err != nil {
			return err
		}
		rep.HY, rep.HYGivenX, rep.MI = est.HY, est.HYGivenX, est.MI
		if *perm < 0 {
			return fmt.Errorf("-perm %d must not be negative", *perm)
		}
		if *perm > 0 {
			p, err := permutationPValue(*test, x, labels.Codes, cfg, *perm, progressTo(stderr, opts.asJSON))
			if err != nil {
				return err
			}
			rep.PValue, rep.Test = &p, test
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	if opts.asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "method       %s\n", rep.Method)
	if rep.Preset != "" {
		fmt.Fprintf(stdout, "preset       %s\n", rep.Preset)
	}
	fmt.Fprintf(stdout, "n            %d\nclasses      %d\n", rep.N, rep.Classes)
	fmt.Fprintf(stdout, "H(Y)         %.4f nats\n", rep.HY)
	if rep.HYGivenZ != nil {
		fmt.Fprintf(stdout, "H(Y|Z)       %.4f nats   (Z = %s)\n", *rep.HYGivenZ, *given)
		fmt.Fprintf(stdout, "H(Y|X,Z)     %.4f nats\n", rep.HYGivenX)
		fmt.Fprintf(stdout, "I(X;Y|Z)     %.4f nats\n", rep.MI)
	} else {
		fmt.Fprintf(stdout, "H(Y|X)       %.4f nats\n", rep.HYGivenX)
		fmt.Fprintf(stdout, "I(X;Y)       %.4f nats\n", rep.MI)
	}
	if rep.PValue != nil {
		fmt.Fprintf(stdout, "p-value      %.4g  (%d permutations, %s test)\n", *rep.PValue, *perm, *rep.Test)
	}
	fmt.Fprintf(stdout, "seconds      %.2f\n", rep.Seconds)
	return nil
}

// progressTo prints permutation progress on stderr every 5%, unless quiet.
func progressTo(w io.Writer, quiet bool) ufmi.Progress {
	if quiet || w == nil {
		return nil
	}
	last := -1
	return func(done, total int) {
		pct := int(math.Floor(100 * float64(done) / float64(total)))
		if pct/5 != last/5 || done == total {
			last = pct
			fmt.Fprintf(w, "\rpermutations %d/%d", done, total)
			if done == total {
				fmt.Fprintln(w)
			}
		}
	}
}
