package frame

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gota/gota/series"
)

// runs is a table of repeated runs: method, n, estimate, truth.
func runs() [][]any {
	return [][]any{
		{"UF", 100, 1.0, 1.0},
		{"KSG", 100, 10.0, 9.0},
		{"UF", 100, 2.0, 1.0},
		{"UF", 200, 5.0, 5.5},
		{"UF", 100, 3.0, 1.0},
		{"UF", 100, 4.0, 1.0},
	}
}

func TestMeanSDHandComputed(t *testing.T) {
	df, err := FromRecords([]string{"method", "n", "estimate", "truth"}, runs())
	if err != nil {
		t.Fatal(err)
	}
	out, err := MeanSD(df, []string{"method", "n"}, "estimate")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.Names(), []string{"method", "n", "estimate_mean", "estimate_sd", "count"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("names %v, want %v", got, want)
	}
	// The group columns keep their types.
	if got := out.Types()[:2]; !reflect.DeepEqual(got, []series.Type{series.String, series.Int}) {
		t.Fatalf("group column types %v", got)
	}
	methods, _ := Strings(out, "method")
	ns, _ := Float64Column(out, "n")
	means, _ := Float64Column(out, "estimate_mean")
	sds, _ := Float64Column(out, "estimate_sd")
	counts, _ := Float64Column(out, "count")
	// Groups in order of first appearance: (UF,100), (KSG,100), (UF,200).
	if !reflect.DeepEqual(methods, []string{"UF", "KSG", "UF"}) || !reflect.DeepEqual(ns, []float64{100, 100, 200}) {
		t.Fatalf("groups %v %v", methods, ns)
	}
	// UF,100 holds 1, 2, 3, 4: mean 2.5, sample variance (2.25+0.25+0.25+2.25)/3 = 5/3.
	if means[0] != 2.5 || math.Abs(sds[0]-math.Sqrt(5.0/3)) > 1e-15 || counts[0] != 4 {
		t.Errorf("UF,100: mean %v sd %v count %v; want 2.5, %v, 4", means[0], sds[0], counts[0], math.Sqrt(5.0/3))
	}
	// A single run has a mean but no sample standard deviation.
	if means[1] != 10 || !math.IsNaN(sds[1]) || counts[1] != 1 {
		t.Errorf("KSG,100: mean %v sd %v count %v; want 10, NaN, 1", means[1], sds[1], counts[1])
	}
	if means[2] != 5 || counts[2] != 1 {
		t.Errorf("UF,200: mean %v count %v", means[2], counts[2])
	}
}

func TestMeanSDWithoutGroups(t *testing.T) {
	df, err := FromColumns([]string{"v"}, []float64{2, 4, 4, 4, 5, 5, 7, 9})
	if err != nil {
		t.Fatal(err)
	}
	out, err := MeanSD(df, nil, "v")
	if err != nil {
		t.Fatal(err)
	}
	mean, _ := Float64Column(out, "v_mean")
	sd, _ := Float64Column(out, "v_sd")
	// Sum of squares about the mean 5 is 32; 32/7 is the sample variance.
	if len(mean) != 1 || mean[0] != 5 || math.Abs(sd[0]-math.Sqrt(32.0/7)) > 1e-15 {
		t.Fatalf("mean %v sd %v, want 5 and %v", mean, sd, math.Sqrt(32.0/7))
	}
}

func TestRMSEHandComputed(t *testing.T) {
	df, err := FromRecords([]string{"method", "n", "estimate", "truth"}, runs())
	if err != nil {
		t.Fatal(err)
	}
	out, err := RMSE(df, []string{"method"}, "estimate", "truth")
	if err != nil {
		t.Fatal(err)
	}
	rmse, _ := Float64Column(out, "rmse")
	bias, _ := Float64Column(out, "bias")
	counts, _ := Float64Column(out, "count")
	// UF errors: 0, 1, -0.5, 2, 3 -> squares 0, 1, 0.25, 4, 9 (sum 14.25), sum 5.5.
	if math.Abs(rmse[0]-math.Sqrt(14.25/5)) > 1e-15 || math.Abs(bias[0]-1.1) > 1e-15 || counts[0] != 5 {
		t.Errorf("UF: rmse %v bias %v count %v; want %v, 1.1, 5", rmse[0], bias[0], counts[0], math.Sqrt(14.25/5))
	}
	// KSG: one error of 1.
	if rmse[1] != 1 || bias[1] != 1 || counts[1] != 1 {
		t.Errorf("KSG: rmse %v bias %v count %v; want 1, 1, 1", rmse[1], bias[1], counts[1])
	}
}

func TestGroupKeysDoNotCollide(t *testing.T) {
	df, err := FromRecords([]string{"a", "b", "v"}, [][]any{
		{"x_y", "z", 1.0},
		{"x", "y_z", 2.0},
		{"x_y", "z", 3.0},
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := MeanSD(df, []string{"a", "b"}, "v")
	if err != nil {
		t.Fatal(err)
	}
	if out.Nrow() != 2 {
		t.Fatalf("%d groups, want 2", out.Nrow())
	}
	mean, _ := Float64Column(out, "v_mean")
	if !reflect.DeepEqual(mean, []float64{2, 2}) {
		t.Fatalf("means %v, want [2 2]", mean)
	}
}

func TestSummaryErrors(t *testing.T) {
	df, err := FromRecords([]string{"method", "n", "estimate", "truth"}, runs())
	if err != nil {
		t.Fatal(err)
	}
	_, err = MeanSD(df, []string{"methd"}, "estimate")
	wantErr(t, err, `unknown column "methd"`)
	_, err = MeanSD(df, []string{"method"}, "estimat")
	wantErr(t, err, `unknown column "estimat"`)
	_, err = MeanSD(df, []string{"method"}, "method")
	wantErr(t, err, `column "method" is not numeric`)
	_, err = RMSE(df, nil, "estimate", "truthh")
	wantErr(t, err, `unknown column "truthh"`)

	withCount, err := FromRecords([]string{"count", "v"}, [][]any{{1, 2.0}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = MeanSD(withCount, []string{"count"}, "v")
	wantErr(t, err, `"count" appears twice`)

	nan, err := FromColumns([]string{"g", "v"}, []float64{1, 1, 2}, []float64{1, math.NaN(), 3})
	if err != nil {
		t.Fatal(err)
	}
	_, err = MeanSD(nan, []string{"g"}, "v")
	wantErr(t, err, `column "v" row 1 is NaN`)
	_, err = RMSE(nan, []string{"g"}, "g", "v")
	wantErr(t, err, `column "v" row 1 is NaN`)
}
