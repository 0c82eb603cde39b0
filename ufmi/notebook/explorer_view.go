package notebook

import (
	"encoding/base64"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
	"github.com/ufmi-dev/ufmi/ufmi/sim"
	"github.com/ufmi-dev/ufmi/ufmi/viz"
)

// This file draws what the explorer found: the figure of the estimates
// against the truth, the table of the estimates on all n rows, and the
// two together as one HTML block for the live panel.

// Describe names the state in one line, as the figure's title and the
// live panel's status read it.
func (s ExplorerState) Describe() string {
	return fmt.Sprintf("%s: n = %d, d = %d, μ = %.1f, π = %.2f, seed %d; %s",
		s.Setting, s.N, s.D, s.Mu, s.Prior, s.Seed, strings.Join(s.Methods, ", "))
}

// Figure draws each method's estimate of I(X;Y) against the number of rows
// it saw (the first n/8, n/4, n/2 and n rows of one sample), with its 95%
// interval as a band where it has one, and the exact truth dashed.
func (r ExplorerResult) Figure() ([]byte, error) {
	var series []viz.Series
	for _, name := range r.State.Methods {
		s := viz.Series{Name: name}
		withInterval := true
		for _, p := range r.Points {
			if p.Method != name {
				continue
			}
			s.X = append(s.X, float64(p.N))
			s.Y = append(s.Y, p.Estimate.MI)
			s.Lo = append(s.Lo, p.Estimate.CI.Low)
			s.Hi = append(s.Hi, p.Estimate.CI.High)
			withInterval = withInterval && p.Estimate.CI.Level > 0
		}
		if !withInterval {
			s.Lo, s.Hi = nil, nil
		}
		series = append(series, s)
	}
	s := r.State
	title := fmt.Sprintf("%s, d = %d, μ = %.1f, π = %.2f", s.Setting, s.D, s.Mu, s.Prior)
	if s.Setting == sim.Overlapping.String() { // μ moves nothing there
		title = fmt.Sprintf("%s, d = %d, π = %.2f", s.Setting, s.D, s.Prior)
	}
	return viz.Curves(viz.CurveSpec{
		Title:  title,
		XLabel: "rows used n (the first n of one sample)",
		YLabel: "I(X;Y) (nats)",
		Series: series,
		Truth:  viz.TruthLevel(r.Truth),
		LogX:   true,
	})
}

// Table renders the estimates on all n rows as an HTML table: each
// method's estimate, its 95% interval where it has one, its error against
// the truth and its time.
func (r ExplorerResult) Table() string {
	var rows [][]any
	for _, p := range r.Points {
		if p.N != r.State.N {
			continue
		}
		interval := "none"
		if ci := p.Estimate.CI; ci.Level > 0 {
			interval = fmt.Sprintf("[%.3f, %.3f]", ci.Low, ci.High)
		}
		rows = append(rows, []any{p.Method, p.Estimate.MI, interval, p.Estimate.MI - r.Truth, p.Estimate.Duration.Seconds()})
	}
	df, err := frame.FromRecords([]string{"method", "I(X;Y) estimate", "95% interval", "error", "seconds"}, rows)
	if err != nil {
		return `<pre class="ufmi-error">` + html.EscapeString(err.Error()) + "</pre>"
	}
	return frame.HTML(df, frame.HTMLOptions{
		Caption: fmt.Sprintf("On all n = %d rows; the exact I(X;Y) is %.3f nats (all estimates took %.2f s).", r.State.N, r.Truth, r.Elapsed.Seconds()),
	})
}

// HTML is the figure and the table as one HTML block (the figure as an
// embedded PNG), for the live panel, which replaces it on each change.
func (r ExplorerResult) HTML() (string, error) {
	png, err := r.Figure()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(`<img alt="%s" src="data:image/png;base64,%s"/>%s`,
		html.EscapeString(r.State.Describe()), base64.StdEncoding.EncodeToString(png), r.Table()), nil
}

// Show displays the result's figure and table.
func (r ExplorerResult) Show() {
	ShowPNG(r.Figure())
	ShowHTML(r.Table())
}

// ShowExplorer explores the state and shows its figure and table, with a
// line saying that moving the controls needs a live kernel: the explorer as
// a static page (the notebook runner, the site) shows it.
func ShowExplorer(s ExplorerState) {
	Must(Explore(s)).Show()
	ShowMarkdown("*This is the explorer at the state above. Moving its sliders needs a live kernel " +
		"(Binder, Docker or a local Jupyter with GoNB): there, run the live cell below.*")
}

// ExplorerTable renders one row per result: its setting, n, d and μ, the
// exact I(X;Y) and each method's estimate on all n rows, such as the
// results of ExploreDims.
func ExplorerTable(results []ExplorerResult) string {
	if len(results) == 0 {
		return `<pre class="ufmi-error">ufmi: explorer: no results to tabulate</pre>`
	}
	methods := results[0].State.Methods
	header := append([]string{"setting", "n", "d", "μ", "truth"}, methods...)
	var rows [][]any
	for _, r := range results {
		row := []any{r.State.Setting, r.State.N, r.State.D, r.State.Mu, r.Truth}
		for _, m := range methods {
			est, err := r.Final(m)
			value := est.MI
			if err != nil {
				value = math.NaN()
			}
			row = append(row, value)
		}
		rows = append(rows, row)
	}
	df, err := frame.FromRecords(header, rows)
	if err != nil {
		return `<pre class="ufmi-error">` + html.EscapeString(err.Error()) + "</pre>"
	}
	return frame.HTML(df, frame.HTMLOptions{ColumnDecimals: map[string]int{"μ": 1}})
}
