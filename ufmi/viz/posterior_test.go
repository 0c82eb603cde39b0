package viz

import (
	"math"
	"testing"
)

// posteriorSpec is a logistic true posterior with two noisy estimates on 61 points.
func posteriorSpec() PosteriorSpec {
	const n = 61
	x := make([]float64, n)
	truth := make([]float64, n)
	uf := make([]float64, n)
	rf := make([]float64, n)
	for i := range n {
		x[i] = -3 + 6*float64(i)/(n-1)
		truth[i] = 1 / (1 + math.Exp(-2*x[i]))
		uf[i] = 0.5 + 0.9*(truth[i]-0.5)
		rf[i] = math.Round(truth[i]*4) / 4
	}
	return PosteriorSpec{
		Title:   "Posterior, Gaussian mixture",
		X:       x,
		Methods: []NamedValues{{Name: "UF", Values: uf}, {Name: "RF", Values: rf}},
		Truth:   truth,
	}
}

func TestPosteriorCurvesPNG(t *testing.T) {
	b, err := PosteriorCurves(posteriorSpec())
	if err != nil {
		t.Fatal(err)
	}
	decodeFigure(t, b, defaultPx[0], defaultPx[1])
}

func TestPosteriorCurvesTruthIsDrawn(t *testing.T) {
	spec := posteriorSpec()
	with, err := PosteriorCurves(spec)
	if err != nil {
		t.Fatal(err)
	}
	spec.Truth = nil
	without, err := PosteriorCurves(spec)
	if err != nil {
		t.Fatal(err)
	}
	a, b := decodeFigure(t, with, defaultPx[0], defaultPx[1]), decodeFigure(t, without, defaultPx[0], defaultPx[1])
	if d := countPixels(a, isBlackish) - countPixels(b, isBlackish); d < 150 {
		t.Fatalf("truth added only %d dark pixels", d)
	}
}

func TestPosteriorCurveSpecRange(t *testing.T) {
	spec := posteriorSpec()
	cs, err := posteriorCurveSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	if cs.YMin != -posteriorMargin || cs.YMax != 1+posteriorMargin {
		t.Errorf("y range = [%v, %v], want [0, 1] plus the margin", cs.YMin, cs.YMax)
	}
	if cs.XLabel != "x" || cs.YLabel != "P(y = 1 | x)" {
		t.Errorf("default labels %q, %q", cs.XLabel, cs.YLabel)
	}
	// A raw estimate outside [0, 1] is shown as it is: the range is automatic.
	spec.Methods[0].Values[3] = 1.2
	cs, err = posteriorCurveSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	if cs.YMin != cs.YMax {
		t.Errorf("y range fixed to [%v, %v] although a value is 1.2", cs.YMin, cs.YMax)
	}
}

func TestPosteriorCurvesErrors(t *testing.T) {
	spec := posteriorSpec()
	spec.Methods[1].Values[7] = math.NaN()
	_, err := PosteriorCurves(spec)
	wantErrContaining(t, err, `method "RF"`, "Values[7] is NaN")

	spec = posteriorSpec()
	spec.Truth[2] = math.Inf(-1)
	_, err = PosteriorCurves(spec)
	wantErrContaining(t, err, "truth", "Truth[2] is -Inf")

	spec = posteriorSpec()
	spec.Methods[0].Values = spec.Methods[0].Values[:10]
	_, err = PosteriorCurves(spec)
	wantErrContaining(t, err, `method "UF"`, "len(Values) = 10")

	spec = posteriorSpec()
	spec.Truth = spec.Truth[:5]
	_, err = PosteriorCurves(spec)
	wantErrContaining(t, err, "truth", "len(Truth) = 5")

	spec = posteriorSpec()
	spec.Methods = nil
	_, err = PosteriorCurves(spec)
	wantErrContaining(t, err, "at least one method")

	spec = posteriorSpec()
	spec.X = nil
	_, err = PosteriorCurves(spec)
	wantErrContaining(t, err, "grid X")
}
