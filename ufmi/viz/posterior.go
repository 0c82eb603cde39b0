package viz

import (
	"fmt"

	"gonum.org/v1/plot/vg"
)

// posteriorMargin keeps posteriors of exactly 0 or 1 off the frame.
const posteriorMargin = 0.02

// NamedValues is a named list of numbers: one method's posterior on a grid,
// or one category of a strip plot.
type NamedValues struct {
	Name   string
	Values []float64
}

// PosteriorSpec describes a 1-D posterior figure: the estimated posterior of
// each method on the grid X, and the true posterior.
type PosteriorSpec struct {
	// Title is optional; XLabel and YLabel default to "x" and "P(y = 1 | x)".
	Title, XLabel, YLabel string
	// X is the evaluation grid shared by all methods.
	X []float64
	// Methods hold each method's posterior at X.
	Methods []NamedValues
	// Truth, when non-nil, is the true posterior at X, drawn in black dashes.
	Truth []float64
	// Legend is the legend position (automatic by default).
	Legend LegendPosition
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// PosteriorCurves draws the posterior of several methods against x with the
// true posterior. The y axis spans [0, 1] (plus a small margin) when every value lies in it;
// values outside are shown as they are (never clipped).
func PosteriorCurves(spec PosteriorSpec) ([]byte, error) {
	curves, err := posteriorCurveSpec(spec)
	if err != nil {
		return nil, err
	}
	return Curves(curves)
}

// posteriorCurveSpec translates a PosteriorSpec into the CurveSpec that draws it.
func posteriorCurveSpec(spec PosteriorSpec) (CurveSpec, error) {
	if len(spec.Methods) == 0 {
		return CurveSpec{}, fmt.Errorf("ufmi: viz: posterior curves need at least one method")
	}
	if len(spec.X) == 0 {
		return CurveSpec{}, fmt.Errorf("ufmi: viz: posterior curves need a non-empty grid X")
	}
	cs := CurveSpec{
		Title:  spec.Title,
		XLabel: orDefault(spec.XLabel, "x"),
		YLabel: orDefault(spec.YLabel, "P(y = 1 | x)"),
		Legend: spec.Legend,
		Width:  spec.Width, Height: spec.Height,
		Format: spec.Format,
	}
	inUnit := true
	for i, m := range spec.Methods {
		owner := describe("method", i, m.Name)
		if err := checkSameLength(owner, "X", len(spec.X), "Values", len(m.Values)); err != nil {
			return CurveSpec{}, err
		}
		if err := checkFinite(owner, "Values", m.Values); err != nil {
			return CurveSpec{}, err
		}
		cs.Series = append(cs.Series, Series{Name: m.Name, X: spec.X, Y: m.Values})
		inUnit = inUnit && allIn(m.Values, 0, 1)
	}
	if spec.Truth != nil {
		if err := checkSameLength(truthLabel, "X", len(spec.X), "Truth", len(spec.Truth)); err != nil {
			return CurveSpec{}, err
		}
		if err := checkFinite(truthLabel, "Truth", spec.Truth); err != nil {
			return CurveSpec{}, err
		}
		cs.Truth = TruthCurve(spec.X, spec.Truth)
		inUnit = inUnit && allIn(spec.Truth, 0, 1)
	}
	if inUnit {
		cs.YMin, cs.YMax = -posteriorMargin, 1+posteriorMargin
	}
	return cs, nil
}

// allIn reports whether every value lies in [lo, hi]; NaN does not.
func allIn(values []float64, lo, hi float64) bool {
	for _, v := range values {
		if !(v >= lo && v <= hi) {
			return false
		}
	}
	return true
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
