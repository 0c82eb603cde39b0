package study

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

// SharedComponent is the paper's first figure as a study with a Run
// method (SharedComponentCurve with its arguments named).
type SharedComponent struct {
	Train, Eval int
	Models      []models.Model
	Seed        uint64
}

// Run returns SharedComponentCurve's records.
func (s SharedComponent) Run(progress ufmi.Progress) (dataframe.DataFrame, error) {
	return SharedComponentCurve(s.Train, s.Eval, s.Models, s.Seed, progress)
}

// BinnedByTruth adds a "bin" column to a posterior curve (its "truth"
// column in [0, 1]): the centre of the truth's bin among bins equal bins,
// for averaging the estimates per bin.
func BinnedByTruth(curve dataframe.DataFrame, bins int) (dataframe.DataFrame, error) {
	if bins < 1 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: study: need at least one bin, got %d", bins)
	}
	truth, err := frame.Float64Column(curve, "truth")
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	centres := make([]float64, len(truth))
	b := float64(bins)
	for i, t := range truth {
		centres[i] = (math.Min(math.Max(math.Floor(t*b), 0), b-1) + 0.5) / b
	}
	return curve.Mutate(series.New(centres, series.Float, "bin")), nil
}

// DropSparseBins leaves out the rows of a binned curve (BinnedByTruth) whose
// bin holds fewer than minRows rows of their method: a mean over a handful
// of rows zig-zags and reads as a finding. It returns the rows kept and the
// centres of the bins left out for some method, in increasing order.
func DropSparseBins(binned dataframe.DataFrame, minRows int) (kept dataframe.DataFrame, left []float64, err error) {
	methods, err := frame.Strings(binned, "method")
	if err != nil {
		return dataframe.DataFrame{}, nil, err
	}
	bins, err := frame.Float64Column(binned, "bin")
	if err != nil {
		return dataframe.DataFrame{}, nil, err
	}
	type key struct {
		method string
		bin    float64
	}
	counts := map[key]int{}
	for i, m := range methods {
		counts[key{m, bins[i]}]++
	}
	var rows []int
	leftOut := map[float64]bool{}
	for i, m := range methods {
		if counts[key{m, bins[i]}] >= minRows {
			rows = append(rows, i)
		} else {
			leftOut[bins[i]] = true
		}
	}
	if len(rows) == 0 {
		return dataframe.DataFrame{}, nil, fmt.Errorf("ufmi: study: no bin holds %d rows of a method", minRows)
	}
	for b := range leftOut {
		left = append(left, b)
	}
	slices.Sort(left)
	return binned.Subset(rows), left, nil
}

// ConfidenceNearHalf returns each method's mean confidence max(p, 1−p) on
// the rows of a posterior curve whose true posterior is within `within` of
// ½: where the truth is a coin flip, a calibrated forest's confidence is
// near ½ too. Columns method and mean_confidence, methods in curve order.
func ConfidenceNearHalf(curve dataframe.DataFrame, within float64) (dataframe.DataFrame, error) {
	methods, err := frame.Strings(curve, "method")
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	truth, err := frame.Float64Column(curve, "truth")
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	post, err := frame.Float64Column(curve, "posterior")
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	sum, count := map[string]float64{}, map[string]float64{}
	var order []string
	for i, m := range methods {
		if math.Abs(truth[i]-0.5) >= within {
			continue
		}
		if count[m] == 0 {
			order = append(order, m)
		}
		sum[m] += math.Max(post[i], 1-post[i])
		count[m]++
	}
	if len(order) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: study: no row has a true posterior within %v of 1/2", within)
	}
	rows := make([][]any, len(order))
	for i, m := range order {
		rows[i] = []any{m, sum[m] / count[m]}
	}
	return frame.FromRecords([]string{"method", "mean_confidence"}, rows)
}

// PosteriorMaps are SteepPosteriorGrid's records as heatmaps: Truth[i][j]
// and Error[method][i][j] (estimate − truth) at x2 = Axis[i], x1 = Axis[j].
type PosteriorMaps struct {
	Axis    []float64
	Truth   [][]float64
	Methods []string // in order of first appearance
	Error   map[string][][]float64
}

// MapsFromGrid arranges SteepPosteriorGrid's records, taken on a size ×
// size grid of [0, 1]², as heatmaps.
func MapsFromGrid(grid dataframe.DataFrame, size int) (PosteriorMaps, error) {
	if size < 2 {
		return PosteriorMaps{}, fmt.Errorf("ufmi: study: a map needs at least 2 points a side, got %d", size)
	}
	methods, err := frame.Strings(grid, "method")
	if err != nil {
		return PosteriorMaps{}, err
	}
	var cols [4][]float64
	for k, name := range []string{"x1", "x2", "truth", "estimate"} {
		if cols[k], err = frame.Float64Column(grid, name); err != nil {
			return PosteriorMaps{}, err
		}
	}
	x1, x2, truth, est := cols[0], cols[1], cols[2], cols[3]
	m := PosteriorMaps{Axis: make([]float64, size), Truth: square(size), Error: map[string][][]float64{}}
	for i := range m.Axis {
		m.Axis[i] = float64(i) / float64(size-1)
	}
	last := float64(size - 1)
	for r, name := range methods {
		if m.Error[name] == nil {
			m.Methods = append(m.Methods, name)
			m.Error[name] = square(size)
		}
		i, j := int(math.Round(x2[r]*last)), int(math.Round(x1[r]*last))
		if i < 0 || i >= size || j < 0 || j >= size {
			return PosteriorMaps{}, fmt.Errorf("ufmi: study: row %d at (%v, %v) is off the %d × %d grid of [0, 1]²", r, x1[r], x2[r], size, size)
		}
		m.Error[name][i][j] = est[r] - truth[r]
		m.Truth[i][j] = truth[r]
	}
	return m, nil
}

// square returns a size × size matrix of zeros.
func square(size int) [][]float64 {
	out := make([][]float64, size)
	for i := range out {
		out[i] = make([]float64, size)
	}
	return out
}
