package frame_test

import (
	"fmt"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

// Summarise repeated runs: mean and sample standard deviation per method and
// sample size, groups in order of first appearance.
func ExampleMeanSD() {
	df, err := frame.FromRecords([]string{"method", "n", "estimate"}, [][]any{
		{"UF", 100, 0.50},
		{"UF", 100, 0.54},
		{"KSG", 100, 0.61},
		{"KSG", 100, 0.65},
		{"UF", 100, 0.52},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	summary, err := frame.MeanSD(df, []string{"method", "n"}, "estimate")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range summary.Records() {
		fmt.Println(strings.Join(row, "\t"))
	}
	// Output:
	// method	n	estimate_mean	estimate_sd	count
	// UF	100	0.520000	0.020000	3
	// KSG	100	0.630000	0.028284	2
}

// Render a frame as an HTML table: every row, three decimals, the lowest
// RMSE in bold and text escaped.
func ExampleHTML() {
	df, err := frame.FromRecords([]string{"method", "rmse"}, [][]any{
		{"UF", 0.01234},
		{"KSG <k=3>", 0.0456},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(frame.HTML(df, frame.HTMLOptions{
		Caption:   "RMSE of H(Y|X)",
		Highlight: map[string]frame.Best{"rmse": frame.Lowest},
	}))
	// Output:
	// <table class="ufmi-frame" style="border-collapse:collapse">
	// <caption>RMSE of H(Y|X)</caption>
	// <thead><tr><th style="padding:2px 8px;text-align:left">method</th><th style="padding:2px 8px;text-align:right">rmse</th></tr></thead>
	// <tbody>
	// <tr><td style="padding:2px 8px;text-align:left">UF</td><td style="padding:2px 8px;text-align:right;font-weight:bold">0.012</td></tr>
	// <tr><td style="padding:2px 8px;text-align:left">KSG &lt;k=3&gt;</td><td style="padding:2px 8px;text-align:right">0.046</td></tr>
	// </tbody>
	// </table>
}

// Methods side by side: one row per sample size, one column per method,
// the mean of the repeated runs in each cell.
func ExampleWide() {
	df, err := frame.FromRecords([]string{"n", "method", "estimate"}, [][]any{
		{100, "UF", 0.50}, {100, "KSG", 0.61}, {100, "UF", 0.54}, {1000, "UF", 0.33}, {1000, "KSG", 0.35},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	wide, err := frame.Wide(df, []string{"n"}, "method", "estimate")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range wide.Records() {
		fmt.Println(strings.Join(row, "\t"))
	}
	// Output:
	// n	UF	KSG
	// 100	0.520000	0.610000
	// 1000	0.330000	0.350000
}
