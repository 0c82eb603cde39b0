package viz_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math"

	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// An estimate-versus-sample-size figure with an error band and the truth.
// In a notebook, pass the bytes to gonbui.DisplayPNG.
func ExampleCurves() {
	n := []float64{100, 200, 400, 800}
	b, err := viz.Curves(viz.CurveSpec{
		Title:  "I(X;Y) estimate",
		XLabel: "sample size n",
		YLabel: "nats",
		Series: []viz.Series{{
			Name: "UF",
			X:    n,
			Y:    []float64{0.30, 0.36, 0.39, 0.41},
			Lo:   []float64{0.25, 0.33, 0.37, 0.40},
			Hi:   []float64{0.35, 0.39, 0.41, 0.42},
		}},
		Truth: viz.TruthLevel(0.42),
		LogX:  true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Size())

	// A NaN is reported with the series that holds it.
	_, err = viz.Curves(viz.CurveSpec{Series: []viz.Series{{Name: "KSG", X: n, Y: []float64{0.1, 0.2, 0.3, math.NaN()}}}})
	fmt.Println(err)
	// Output:
	// (605,378)
	// ufmi: viz: series "KSG": Y[3] is NaN
}
