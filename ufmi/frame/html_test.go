package frame

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
)

func htmlFrame(t *testing.T) dataframe.DataFrame {
	t.Helper()
	df, err := FromRecords([]string{"method <name>", "n", "rmse"}, [][]any{
		{"UF & co", 100, 0.123456},
		{"<script>", 200, 0.5},
		{"RF", 300, 0.12349},
		{"KSG", 400, math.NaN()},
	})
	if err != nil {
		t.Fatal(err)
	}
	return df
}

func TestHTMLEscapesText(t *testing.T) {
	out := HTML(htmlFrame(t), HTMLOptions{Caption: `Errors "<n>"`})
	for _, raw := range []string{"<script>", "UF & co", "<name>", `"<n>"`} {
		if strings.Contains(out, raw) {
			t.Errorf("unescaped %q in %s", raw, out)
		}
	}
	for _, esc := range []string{"&lt;script&gt;", "UF &amp; co", "method &lt;name&gt;", "<caption>Errors &#34;&lt;n&gt;&#34;</caption>"} {
		if !strings.Contains(out, esc) {
			t.Errorf("missing %q in %s", esc, out)
		}
	}
}

func TestHTMLNumberFormatting(t *testing.T) {
	df := htmlFrame(t)
	out := HTML(df, HTMLOptions{})
	for _, cell := range []string{">0.123<", ">0.500<", ">NaN<", ">100<"} {
		if !strings.Contains(out, cell) {
			t.Errorf("default formatting: missing %q in %s", cell, out)
		}
	}
	out = HTML(df, HTMLOptions{Decimals: 5})
	if !strings.Contains(out, ">0.12346<") {
		t.Errorf("5 decimals: missing 0.12346 in %s", out)
	}
	out = HTML(df, HTMLOptions{Decimals: -1})
	if !strings.Contains(out, ">0.123456<") || !strings.Contains(out, ">0.5<") {
		t.Errorf("shortest formatting: %s", out)
	}
	out = HTML(df, HTMLOptions{ColumnDecimals: map[string]int{"rmse": 0}})
	if !strings.Contains(out, ">0<") || strings.Contains(out, ">0.123<") {
		t.Errorf("ColumnDecimals 0: %s", out)
	}
}

func TestHTMLAllRowsAndMaxRows(t *testing.T) {
	n := 25
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i)
	}
	df, err := FromColumns([]string{"v"}, v)
	if err != nil {
		t.Fatal(err)
	}
	out := HTML(df, HTMLOptions{})
	if got := strings.Count(out, "<tr>"); got != n+1 { // header + all rows
		t.Errorf("%d <tr> for %d rows", got, n)
	}
	if strings.Contains(out, "more rows") {
		t.Error("footer shown although all rows are")
	}
	out = HTML(df, HTMLOptions{MaxRows: 10})
	if got := strings.Count(out, "<tr>"); got != 1+10+1 { // header, rows, footer
		t.Errorf("%d <tr> with MaxRows 10", got)
	}
	if !strings.Contains(out, "15 more rows (25 in all)") {
		t.Errorf("missing footer in %s", out)
	}
}

func TestHTMLHighlight(t *testing.T) {
	df, err := FromRecords([]string{"m", "err", "acc"}, [][]any{
		{"a", 0.2001, 0.9},
		{"b", 0.1, 0.95},
		{"c", 0.1004, math.NaN()}, // shows as 0.100 like b: tied for best
		{"d", 0.3, 0.95},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := HTML(df, HTMLOptions{Highlight: map[string]Best{"err": Lowest, "acc": Highest}})
	bold := strings.Count(out, "font-weight:bold")
	if bold != 4 {
		t.Errorf("%d bold cells, want 4 (two tied lowest errors, two tied highest accuracies): %s", bold, out)
	}
	rows := strings.Split(out, "<tr>")[2:] // skip the text before the header and the header
	for i, want := range []int{0, 2, 1, 1} {
		if got := strings.Count(rows[i], "font-weight:bold"); got != want {
			t.Errorf("row %d has %d bold cells, want %d: %s", i, got, want, rows[i])
		}
	}
}

func TestHTMLErrorsAreShown(t *testing.T) {
	df := htmlFrame(t)
	cases := []struct {
		opts HTMLOptions
		want string
	}{
		{HTMLOptions{Highlight: map[string]Best{"rmsee": Lowest}}, "unknown column &#34;rmsee&#34;"},
		{HTMLOptions{Highlight: map[string]Best{"method <name>": Lowest}}, "not numeric"},
		{HTMLOptions{Highlight: map[string]Best{"rmse": Best(7)}}, "unknown highlight 7"},
		{HTMLOptions{ColumnDecimals: map[string]int{"x": 1}}, "unknown column &#34;x&#34;"},
		{HTMLOptions{MaxRows: -1}, "MaxRows -1"},
		{HTMLOptions{Decimals: 1 << 40}, "Decimals 1099511627776: want at most 30"},
		{HTMLOptions{ColumnDecimals: map[string]int{"rmse": 100_000_000}}, "ColumnDecimals[&#34;rmse&#34;] 100000000: want at most 30"},
	}
	for _, c := range cases {
		out := HTML(df, c.opts)
		if !strings.HasPrefix(out, `<pre class="ufmi-error">ufmi: frame: `) || !strings.Contains(out, c.want) {
			t.Errorf("options %+v: got %s, want an error containing %q", c.opts, out, c.want)
		}
	}
	bad := dataframe.New() // gota records "empty DataFrame" in the frame
	if out := HTML(bad, HTMLOptions{}); !strings.Contains(out, "holds an error") {
		t.Errorf("frame with an error rendered as %s", out)
	}
}
