package frame

import (
	"fmt"
	"html"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// DefaultDecimals is the number of decimals of float cells when
// HTMLOptions.Decimals is zero.
const DefaultDecimals = 3

// Best says which value of a column HTML highlights.
type Best int

const (
	// Lowest highlights the smallest value (errors, RMSE).
	Lowest Best = iota + 1
	// Highest highlights the largest value (accuracy, power).
	Highest
)

// MaxDecimals bounds HTMLOptions.Decimals and ColumnDecimals: more digits
// after the point than a float64 can mean (a request of 2^40 once made a
// string of a terabyte).
const MaxDecimals = 30

// HTMLOptions controls how HTML renders a DataFrame.
type HTMLOptions struct {
	// MaxRows limits the rows shown (a final line says how many were left
	// out); zero shows all rows.
	MaxRows int
	// Decimals is the number of digits after the decimal point of float
	// cells; zero means DefaultDecimals and a negative value the shortest
	// text that reads back exactly.
	Decimals int
	// ColumnDecimals overrides Decimals for the named float columns (0 is
	// honoured here: whole numbers).
	ColumnDecimals map[string]int
	// Caption is shown above the table.
	Caption string
	// Highlight puts the best value of each named numeric column in bold
	// (every row that ties with it, comparing the values as displayed).
	Highlight map[string]Best
}

// HTML renders df as an HTML table with every row (or opts.MaxRows of them),
// escaped text, numbers right-aligned and floats rounded as opts says. A
// problem (a frame holding an error, an unknown column in the options) is
// rendered as an escaped error message instead of the table, so a notebook
// shows it.
func HTML(df dataframe.DataFrame, opts HTMLOptions) string {
	out, err := renderHTML(df, opts)
	if err != nil {
		return `<pre class="ufmi-error">` + html.EscapeString(err.Error()) + "</pre>"
	}
	return out
}

// htmlColumn is one column ready for rendering.
type htmlColumn struct {
	name    string
	numeric bool
	cells   []string
	bold    []bool
}

// renderHTML builds the table or returns why it cannot.
func renderHTML(df dataframe.DataFrame, opts HTMLOptions) (string, error) {
	if err := frameErr(df); err != nil {
		return "", err
	}
	if opts.MaxRows < 0 {
		return "", fmt.Errorf("ufmi: frame: MaxRows %d is negative", opts.MaxRows)
	}
	if opts.Decimals > MaxDecimals {
		return "", fmt.Errorf("ufmi: frame: Decimals %d: want at most %d (a float64 holds about 17 significant digits; a negative value gives the shortest exact text)", opts.Decimals, MaxDecimals)
	}
	for _, name := range slices.Sorted(maps.Keys(opts.ColumnDecimals)) {
		if _, err := column(df, name); err != nil {
			return "", fmt.Errorf("%w in ColumnDecimals", err)
		}
		if d := opts.ColumnDecimals[name]; d > MaxDecimals {
			return "", fmt.Errorf("ufmi: frame: ColumnDecimals[%q] %d: want at most %d", name, d, MaxDecimals)
		}
	}
	shown := df.Nrow()
	if opts.MaxRows > 0 {
		shown = min(shown, opts.MaxRows)
	}
	cols := make([]htmlColumn, 0, df.Ncol())
	for _, name := range df.Names() {
		cols = append(cols, formatColumn(df.Col(name), opts))
	}
	for _, name := range slices.Sorted(maps.Keys(opts.Highlight)) {
		if err := highlight(df, cols, name, opts.Highlight[name]); err != nil {
			return "", err
		}
	}

	var b strings.Builder
	b.WriteString(`<table class="ufmi-frame" style="border-collapse:collapse">` + "\n")
	if opts.Caption != "" {
		fmt.Fprintf(&b, "<caption>%s</caption>\n", html.EscapeString(opts.Caption))
	}
	b.WriteString("<thead><tr>")
	for _, c := range cols {
		fmt.Fprintf(&b, `<th style="%s">%s</th>`, cellStyle(c.numeric, false), html.EscapeString(c.name))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for r := range shown {
		b.WriteString("<tr>")
		for _, c := range cols {
			fmt.Fprintf(&b, `<td style="%s">%s</td>`, cellStyle(c.numeric, c.bold[r]), html.EscapeString(c.cells[r]))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n")
	if hidden := df.Nrow() - shown; hidden > 0 {
		fmt.Fprintf(&b, `<tfoot><tr><td colspan="%d" style="font-style:italic">… %d more rows (%d in all)</td></tr></tfoot>`+"\n", len(cols), hidden, df.Nrow())
	}
	b.WriteString("</table>\n")
	return b.String(), nil
}

// formatColumn formats every cell of s for display.
func formatColumn(s series.Series, opts HTMLOptions) htmlColumn {
	c := htmlColumn{name: s.Name, bold: make([]bool, s.Len())}
	switch s.Type() {
	case series.Float:
		c.numeric = true
		decimals := opts.Decimals
		if decimals == 0 {
			decimals = DefaultDecimals
		}
		if d, ok := opts.ColumnDecimals[s.Name]; ok {
			decimals = d
		}
		for _, v := range s.Float() {
			c.cells = append(c.cells, formatFloat(v, decimals))
		}
	case series.Int:
		c.numeric = true
		c.cells = s.Records()
	default:
		c.cells = s.Records()
	}
	return c
}

// formatFloat writes v with the given decimals (negative: shortest exact).
func formatFloat(v float64, decimals int) string {
	if decimals < 0 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// highlight marks in bold the rows of column name holding its best value as
// displayed (NaN never counts as best).
func highlight(df dataframe.DataFrame, cols []htmlColumn, name string, best Best) error {
	if best != Lowest && best != Highest {
		return fmt.Errorf("ufmi: frame: unknown highlight %d for column %q (want Lowest or Highest)", int(best), name)
	}
	if _, err := column(df, name); err != nil {
		return fmt.Errorf("%w in Highlight", err)
	}
	var target *htmlColumn
	for i := range cols {
		if cols[i].name == name {
			target = &cols[i]
		}
	}
	if !target.numeric {
		return fmt.Errorf("ufmi: frame: cannot highlight column %q: it is not numeric", name)
	}
	// Compare the displayed values, so that rows shown equal are marked alike.
	shown := make([]float64, len(target.cells))
	bestValue := math.NaN()
	for r, cell := range target.cells {
		v, err := strconv.ParseFloat(cell, 64)
		if err != nil {
			v = math.NaN() // missing integers are shown as NaN
		}
		shown[r] = v
		if math.IsNaN(v) {
			continue
		}
		if math.IsNaN(bestValue) || (best == Lowest && v < bestValue) || (best == Highest && v > bestValue) {
			bestValue = v
		}
	}
	for r, v := range shown {
		target.bold[r] = v == bestValue
	}
	return nil
}

// cellStyle returns the inline CSS of a cell.
func cellStyle(numeric, bold bool) string {
	s := "padding:2px 8px;text-align:left"
	if numeric {
		s = "padding:2px 8px;text-align:right"
	}
	if bold {
		s += ";font-weight:bold"
	}
	return s
}
