package ufmi

import (
	"fmt"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/plural"
)

// FewRowsPerClassNote returns a note ("" for none) when cfg estimates by
// the UF's one-step and its noise term is measured to move the estimate
// with k classes in n rows (docs/inference.md, "Many classes, few rows per
// class" and "Many classes with signal"): 3 or more classes with fewer
// than 100 rows per class on average, where the estimate reads low when X
// says little about Y (TestManyClassesBiasStudy) and, capped
// (UFConfig.CappedNoise), with signal too; unless capped, 10 or more
// classes, where it reads high when X separates groups of classes
// (TestNoiseTermSignalStudy); with fewer than 5 rows per class
// (EstimatorConfig.ManyClasses) it may be far off either way, its interval
// too (TestFewRowsPerClassStudy, which also measures one column). EstimateMI
// and ConditionalMI put it in their Notes; the command line prints it.
func (cfg EstimatorConfig) FewRowsPerClassNote(k, n int) string {
	if !cfg.OneStepUF() || k < 3 {
		return ""
	}
	capped := cfg.UF.CappedNoise
	var parts []string
	switch {
	case n < 5*k:
		parts = append(parts, "with fewer than 5 rows per class the one-step breaks down and the estimate may be far off either way, its interval with it "+
			"(on independent data, 60 classes of 3 rows read -0.25 to +0.58 by default, 2 of 3 intervals excluding 0, and -2.3 to -2.9 with the preset capped-noise; "+
			"80 to 200 classes of 2 to 4 rows read +0.9 to +2.3, every interval excluding 0): neither says anything here; "+
			"the lower bound (-bound, EstimatorConfig.LowerBound) holds whatever the model")
	case n < 100*k && capped:
		parts = append(parts, "with fewer than 100 rows per class the capped estimate reads low, with or without signal "+
			"(on two columns -0.05 to -0.36 nats at I = 0 and -0.03 to -0.10 with signal, 20 to 50 rows per class; "+
			"far more with fewer rows or one column: -2.0 at I = 0 with 20 classes of 8 rows on one column)")
	case n < 100*k:
		parts = append(parts, "with fewer than 100 rows per class the estimate reads low where X says little about Y "+
			"(on two columns -0.04 to -0.27 nats at I = 0, 20 to 100 rows per class; "+
			"far more with fewer rows or one column: -1.26 to -1.38 with 20 classes of 8 rows on one column)")
	}
	if k >= 10 && !capped && n >= 5*k {
		parts = append(parts, "with 10 or more classes it reads high where X separates groups of classes in few columns "+
			"(+0.05 to +0.30 nats with 10 to 20 classes of 50 to 1,000 rows along one column; the preset capped-noise read -0.01 to -0.10 there)")
	}
	if len(parts) == 0 {
		return ""
	}
	if t := cfg.UF.Trees; t > 0 && t < DefaultTrees {
		parts = append(parts, fmt.Sprintf("these figures are with %d trees; with %d it can be further off", DefaultTrees, t))
	}
	return fmt.Sprintf("%d classes with about %s each: %s; the interval moves with the estimate; see docs/inference.md, \"Many classes\"", k, plural.Count(n/k, "row"), strings.Join(parts, "; "))
}

// SeparateFitsNote returns a note ("" for none) for a conditional MI by
// cfg's one-step UF with k classes, 3 or more, whose given columns are
// fitted alone (restSwapped false: several given columns, a categorical
// one of sparse levels, or a subset table's rows; CMIEstimate.RestSwapped
// says which): its two fits need not carry the same bias there, and the
// interval may exclude the truth (TestSharedLeafCMIStudy's plain-rest
// column, 5 to 10 classes along one given column fitted alone, and
// TestSwappedRestStudy's, 3, 4 and 9). With label draws there is no note:
// they take most of the bias out (TestLabelDrawsConditionalManyWeakClasses).
// The note ends on the measurement; the remedies are the caller's to name
// (ConditionalPermutationTest holds its level there:
// TestConditionalTestHoldsLevelWithManyWeakClasses; the preset
// label-draws). Data.MI of ufmi/table puts it in its Notes; the command
// line prints it with its flags.
func (cfg EstimatorConfig) SeparateFitsNote(k int, restSwapped bool) string {
	if !cfg.OneStepUF() || k < 3 || cfg.UF.LabelDraws > 0 || restSwapped {
		return ""
	}
	return fmt.Sprintf("with %d classes a conditional MI whose given columns are fitted alone need not share its two fits' bias: with 3 to 10 classes along one given column so fitted it read -0.015 to +0.052 nats off, and where the target adds nothing, 4 classes 0.5 sd apart, 13 of 40 intervals excluded 0 (+0.011; 9 classes 1/3 sd apart: 30 of 40) (docs/inference.md, \"The swapped rest\"; one given column, numeric or categorical of levels of 10 or more rows, or several with categorical ones of joint levels that large, are fitted beside the swapped target instead, which mends this)", k)
}

// OneStepUF reports whether cfg estimates with a UF's one-step (method ""
// or uf, in any case, and a UF that takes the one-step: UFConfig.OneStep),
// where the many-class notes and checks were measured.
func (cfg EstimatorConfig) OneStepUF() bool {
	return (cfg.Method == "" || Method(strings.ToLower(string(cfg.Method))) == MethodUF) && cfg.UF.OneStep()
}

// notesOf is the list of the non-empty notes.
func notesOf(notes ...string) []string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}
