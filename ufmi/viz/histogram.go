package viz

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxHistogramBins bounds HistogramSpec.Bins: more bars than a figure of
// MaxFigureSide has points (1e8 bins once ran out of memory).
const MaxHistogramBins = 10_000

// HistogramSpec describes a permutation-null histogram.
type HistogramSpec struct {
	// Title is optional; XLabel defaults to "statistic".
	Title, XLabel string
	// Bins is the number of bins; zero means ceil(sqrt(len(values)))
	// kept within 10..50.
	Bins int
	// NullLabel and ObservedLabel name the bars and the observed line in the
	// legend; they default to "permutation null" and "observed = <value>".
	NullLabel, ObservedLabel string
	// Legend is the legend position (automatic by default).
	Legend LegendPosition
	// Width, Height and Format as in CurveSpec.
	Width, Height vg.Length
	Format        Format
}

// Histogram draws the null distribution of values as a histogram of counts
// and the observed statistic as a vertical red line; the x axis always
// reaches the observed value.
func Histogram(values []float64, observed float64, spec HistogramSpec) (figure []byte, err error) {
	defer recoverDrawing(&err)
	w, h, err := figureSize(spec.Width, spec.Height, DefaultWidth, DefaultHeight)
	if err != nil {
		return nil, err
	}
	if len(values) == 0 {
		return nil, fmt.Errorf("ufmi: viz: histogram has no null values")
	}
	if err := checkFinite("histogram", "values", values); err != nil {
		return nil, err
	}
	if err := checkFinite("histogram", "observed", []float64{observed}); err != nil {
		return nil, err
	}
	if err := checkSpan("histogram: values and observed", min(slices.Min(values), observed), max(slices.Max(values), observed)); err != nil {
		return nil, err
	}
	if spec.Bins < 0 || spec.Bins > MaxHistogramBins {
		return nil, fmt.Errorf("ufmi: viz: histogram bin count %d: want 1..%d (0: automatic)", spec.Bins, MaxHistogramBins)
	}
	bins := spec.Bins
	if bins == 0 {
		bins = min(50, max(10, int(math.Ceil(math.Sqrt(float64(len(values)))))))
	}
	p := newStyledPlot(spec.Title, orDefault(spec.XLabel, "statistic"), "count")
	legend, err := newLegendBox(spec.Legend)
	if err != nil {
		return nil, err
	}
	hist := &plotter.Histogram{Bins: equalWidthBins(values, bins, observed)}
	hist.Width = hist.Bins[0].Max - hist.Bins[0].Min
	hist.FillColor = styleTranslucent(styleColor(0), 150)
	hist.LineStyle = draw.LineStyle{Color: styleColor(0), Width: vg.Points(0.6)}
	p.Add(hist)
	legend.add(orDefault(spec.NullLabel, "permutation null"), hist)
	var outline plotter.XYs
	for _, b := range hist.Bins {
		outline = append(outline, plotter.XY{X: b.Min, Y: b.Weight}, plotter.XY{X: b.Max, Y: b.Weight})
	}
	legend.avoidPath(outline)

	obs := refLine{
		Value: observed, Vertical: true,
		LineStyle: draw.LineStyle{Color: color.RGBA{R: 200, G: 20, B: 20, A: 255}, Width: vg.Points(2)},
	}
	p.Add(obs)
	legend.add(orDefault(spec.ObservedLabel, "observed = "+strconv.FormatFloat(observed, 'g', 4, 64)), obs)
	legend.avoidLevel(observed, true)
	labelledEnds(&p.X, 0.04)
	p.Y.Min = 0
	p.Y.Max *= 1.08
	p.Add(legend)
	return encodePlot(p, w, h, spec.Format)
}

// equalWidthBins counts values in n equal bins spanning their range, the
// last bin closed. When all values are equal there is a single bin centred
// on them, a twentieth of the distance to the observed value wide (or 1 when
// that distance is zero too), rather than a bin of arbitrary width.
func equalWidthBins(values []float64, n int, observed float64) []plotter.HistogramBin {
	lo, hi := slices.Min(values), slices.Max(values)
	if lo == hi {
		half := math.Abs(observed-lo) / 40
		if half == 0 {
			half = 0.5
		}
		return []plotter.HistogramBin{{Min: lo - half, Max: hi + half, Weight: float64(len(values))}}
	}
	w := (hi - lo) / float64(n)
	bins := make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min, bins[i].Max = lo+float64(i)*w, lo+float64(i+1)*w
	}
	bins[n-1].Max = hi
	for _, v := range values {
		i := min(n-1, int((v-lo)/w))
		bins[i].Weight++
	}
	return bins
}
