package table_test

import (
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/table"
)

// MI between a label and the other columns of a gota DataFrame, by column
// name: a numeric column that carries the signal (exact I = 0.337 nats), a
// text column that does not (read as categorical), and a missing cell.
func ExampleMI() {
	df := frameOfDoseAndColour(true)

	res, err := table.MI(df, table.Spec{Target: "label"}, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(label; %v) = %.2f nats of H(label) = %.2f\n", res.Features, res.MI, res.HY)
	// Output: I(label; [dose colour]) = 0.35 nats of H(label) = 0.69
}

// The README's example: a CSV file read into a gota DataFrame (age and dose
// numeric, dose with NA cells, ward text), then I(label; every other column)
// with a 95% confidence interval, by the default UF.
func ExampleMI_readCSV() {
	f, err := os.Open("testdata/patients.csv") // age,dose,ward,label
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	df := dataframe.ReadCSV(f)
	cfg := ufmi.EstimatorConfig{Confidence: 0.95, Runtime: ufmi.Runtime{Seed: 1}}
	res, err := table.MI(df, table.Spec{Target: "label"}, cfg)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("I(label; %v) = %.2f nats, 95%% CI [%.2f, %.2f]\n",
		res.Features, res.MI, res.CI.Low, res.CI.High)
	// Output: I(label; [age dose ward]) = 0.33 nats, 95% CI [0.29, 0.37]
}

// frameOfDoseAndColour is a label, a dose that carries the signal (exact
// I = 0.337 nats), a colour that does not, and with missingCell the first
// dose missing.
func frameOfDoseAndColour(missingCell bool) dataframe.DataFrame {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 2000
	label, dose, colour := make([]string, n), make([]float64, n), make([]string, n)
	for i := range n {
		label[i] = []string{"healthy", "sick"}[rng.IntN(2)]
		dose[i] = rng.NormFloat64()
		if label[i] == "sick" {
			dose[i] += 2
		}
		colour[i] = []string{"red", "green", "blue"}[rng.IntN(3)]
	}
	if missingCell {
		dose[0] = math.NaN()
	}
	return dataframe.New(series.New(label, series.String, "label"),
		series.New(dose, series.Float, "dose"), series.New(colour, series.String, "colour"))
}

// What the colour adds to the dose: a conditional MI by column names
// (Given), about zero here (estimates are raw: a hair below zero).
func ExampleMI_given() {
	df := frameOfDoseAndColour(false)
	spec := table.Spec{Target: "label", Features: []string{"colour"}, Given: []string{"dose"}}
	res, err := table.MI(df, spec, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("I(label; colour | dose) = %.2f nats\n", res.MI)
	// Output: I(label; colour | dose) = -0.00 nats
}

// The feature-subset table by column names: for each subset X_in,
// I(label; X_in) and what the other columns add.
func ExampleSubsetTable() {
	df := frameOfDoseAndColour(false)
	rows, err := table.SubsetTable(df, table.Spec{Target: "label"}, 1, ufmi.EstimatorConfig{Runtime: ufmi.Runtime{Seed: 1}})
	if err != nil {
		panic(err)
	}
	for _, r := range rows {
		fmt.Printf("%v: I(label; X_in) = %.2f, I(label; X_out | X_in) = %.2f\n", r.In, r.MIIn.Mean, r.CMIOutGivenIn.Mean)
	}
	// Output:
	// [dose]: I(label; X_in) = 0.36, I(label; X_out | X_in) = -0.00
	// [colour]: I(label; X_in) = -0.00, I(label; X_out | X_in) = 0.35
	// [dose colour]: I(label; X_in) = 0.35, I(label; X_out | X_in) = 0.00
}
