package table

import (
	"fmt"
	"github.com/ufmi-dev/ufmi/internal/pick"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/series"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// This file is the one place where table cells become ufmi values: text
// cells (CSV files and records) and typed gota series alike pass through a
// rawColumn, which then gives a feature column or the class labels.

// addMissingMarker is the advice, in the messages about texts that may mark
// missing values, to declare such a text missing.
const addMissingMarker = "add such a text to the missing markers: -na ',NA,NaN,TEXT' on the command line (the list replaces the default) or Options.NA"

// rawColumn is one column of a table before conversion.
type rawColumn struct {
	name    string
	text    []string  // each cell's text, trimmed ("" where missing)
	missing []bool    // missing cells
	numbers []float64 // a numeric column's values, NaN where missing (nil: not numeric)
	// ints holds an int series' values, exactly (0 where missing; nil: not
	// an int series): its labels are encoded by these values, never
	// through float64, which merges integers beyond 2^53 and overflows at
	// ±2^63.
	ints []int
	// mixedRow is the first row whose text is not a number in a text column
	// whose other cells include numbers (-1: none). Such a column is
	// ambiguous (a typo such as 1,5 or 0x1p3 in a numeric column, or numeric
	// codes among level names): it must be declared categorical to be used.
	mixedRow int
	// commaRow is the first row of a cell such as 0,041, 1.234,5 or
	// 12 345 (formattedNumber) in a text column whose cells, but at most
	// one in twenty, are decimal numbers or so written (-1: none): a
	// decimal comma or a thousands separator, which ufmi reads as neither.
	// otherRow is the first row of the rest (-1: none), perhaps a missing
	// marker.
	commaRow, otherRow int
	// unitRow is, under the same rule, the first row of a number with a
	// unit sign (unitNumber: 0.52%, $1.20, -€3): text to ufmi (-1: none).
	unitRow int
	// numbersAsText marks a gota string series whose cells are decimal
	// numbers but at most one in twenty: read as levels unless declared
	// numeric, with a notice when it has many distinct values.
	numbersAsText bool
	// infRow is the first row of a decimal number beyond float64's range,
	// such as 1e999 (-1: none): an error in a column read as numbers, a
	// level's text in one declared categorical.
	infRow int
}

// textColumn reads text cells. A cell listed in o.NA (after trimming) is
// missing; when every other cell is a decimal number, the column is
// numeric.
func textColumn(name string, cells []string, o Options) (rawColumn, error) {
	return textCells(name, cells, nil, o)
}

// textCells is textColumn with the cells a source already marks missing
// (missing[i] true; nil: none), such as a gota series' NaN elements.
func textCells(name string, cells []string, missing []bool, o Options) (rawColumn, error) {
	na := o.na()
	r := rawColumn{name: name, text: make([]string, len(cells)), missing: make([]bool, len(cells)), mixedRow: -1, commaRow: -1, otherRow: -1, unitRow: -1, infRow: -1}
	numbers, numeric, sawNumber, firstText := make([]float64, len(cells)), true, false, -1
	present, others := 0, 0 // cells not missing; those neither numbers nor formatted numbers
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if slices.Contains(na, c) || missing != nil && missing[i] {
			r.missing[i], numbers[i] = true, math.NaN()
			continue
		}
		r.text[i] = c
		present++
		v, ok := parseDecimal(c)
		if ok && math.IsInf(v, 0) && r.infRow < 0 {
			r.infRow = i // an error unless the column is read as text (categorical, a target)
		}
		if !ok && firstText < 0 {
			firstText = i
		}
		switch {
		case ok:
		case formattedNumber(c):
			if r.commaRow < 0 {
				r.commaRow = i
			}
		case unitNumber(c):
			if r.unitRow < 0 {
				r.unitRow = i
			}
		default:
			others++
			if r.otherRow < 0 {
				r.otherRow = i
			}
		}
		sawNumber = sawNumber || ok
		numbers[i], numeric = v, numeric && ok
	}
	if numeric {
		r.numbers = numbers
	} else if sawNumber {
		r.mixedRow = firstText
	}
	if numeric || 20*others > present {
		r.commaRow, r.otherRow, r.unitRow = -1, -1, -1 // numbers, or text with a few formatted numbers among it
	}
	return r, nil
}

// formattedNumber reports whether s is a number written with a decimal
// comma or a thousands separator, which ufmi reads as neither: 0,041,
// -1,5, 1,234 (isCommaDecimal), 8,165,950, 1.234,5, 1,234.5, 12 345,
// 1'234 (groupedNumber).
func formattedNumber(s string) bool { return isCommaDecimal(s) || groupedNumber(s) }

// unitSigns are the signs unitNumber strips: a percent sign after the
// number, a currency sign before it (after its sign, if any).
const unitSigns = "%$€£¥"

// unitNumber reports whether s is a decimal number with a percent sign
// after it or a currency sign before it: 0.52%, $1.20, -€3, £1e3.
func unitNumber(s string) bool {
	if v, found := strings.CutSuffix(s, "%"); found {
		_, ok := parseDecimal(strings.TrimSpace(v))
		return ok
	}
	sign := ""
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		sign, s = s[:1], s[1:]
	}
	for _, c := range unitSigns[1:] {
		if v, found := strings.CutPrefix(s, string(c)); found {
			_, ok := parseDecimal(sign + strings.TrimSpace(v))
			return ok
		}
	}
	return false
}

// groupedNumber reports whether s is an integer written in groups of three
// digits after the first (of one to three) with a thousands separator
// (comma, point, space, apostrophe, no-break or thin space), optionally
// signed and followed by a decimal part after the other of comma and point.
func groupedNumber(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	for _, sep := range []string{",", ".", " ", "'", "\u00a0", "\u202f"} {
		for _, point := range []string{"", ".", ","} {
			if point == sep {
				continue
			}
			whole := s
			if point != "" {
				var fraction string
				var found bool
				if whole, fraction, found = strings.Cut(s, point); !found || !allDigits(fraction) {
					continue
				}
			}
			groups := strings.Split(whole, sep)
			if len(groups) < 2 || len(groups[0]) == 0 || len(groups[0]) > 3 || !allDigits(groups[0]) {
				continue
			}
			grouped := true
			for _, g := range groups[1:] {
				grouped = grouped && len(g) == 3 && allDigits(g)
			}
			if grouped {
				return true
			}
		}
	}
	return false
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// isCommaDecimal reports whether s is a decimal number with a comma for
// its point, such as 0,041 or -1,5 (or 1,234 with a thousands separator).
func isCommaDecimal(s string) bool {
	if strings.Count(s, ",") != 1 || strings.ContainsAny(s, ".eE") {
		return false
	}
	before, after, _ := strings.Cut(s, ",")
	if after == "" || strings.Trim(after, "0123456789") != "" {
		return false
	}
	_, ok := parseDecimal(before)
	return ok && strings.Trim(strings.TrimLeft(before, "+-"), "0123456789") == "" && strings.TrimLeft(before, "+-") != ""
}

// parseDecimal parses a decimal number: an optional sign, digits with an
// optional point, an optional exponent. Hexadecimal, "Inf", "NaN" and
// underscores are not numbers here: a column of such texts is categorical,
// and one mixing them with numbers an error unless declared categorical.
func parseDecimal(s string) (float64, bool) {
	i, digits := 0, 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := i
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
		if i == exp {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// seriesColumn reads a gota series: int and float series are numeric,
// string and bool series text. gota's missing elements are missing, and so
// are string cells listed in o.NA. An infinite float is an error, as an
// out-of-range number in a text cell is (textColumn).
func seriesColumn(s series.Series, o Options) (rawColumn, error) {
	nan := s.IsNaN()
	r := rawColumn{name: s.Name, text: make([]string, s.Len()), missing: nan, mixedRow: -1, commaRow: -1, otherRow: -1, unitRow: -1, infRow: -1}
	switch s.Type() {
	case series.Int:
		r.numbers, r.ints = s.Float(), make([]int, s.Len())
		for i := range r.ints {
			if v, err := s.Elem(i).Int(); err == nil && !nan[i] {
				r.ints[i], r.text[i] = v, strconv.Itoa(v)
			}
		}
		return r, nil
	case series.Float:
		r.numbers = s.Float()
		for i, v := range r.numbers {
			if nan[i] {
				continue
			}
			r.text[i] = strconv.FormatFloat(v, 'g', -1, 64)
			if math.IsInf(v, 0) {
				return r, fmt.Errorf("ufmi: column %q, data row %d: %s is out of range", r.name, i+1, quoteCell(r.text[i]))
			}
		}
		return r, nil
	}
	if s.Type() == series.String && slices.Contains(o.Numeric, s.Name) {
		// Declared numeric: its cells are read as a CSV file's (a gota
		// string column of numbers with one "?" among them).
		return textCells(s.Name, s.Records(), nan, o)
	}
	na := o.na()
	numbers, present := 0, 0
	for i, t := range s.Records() {
		t = strings.TrimSpace(t)
		if nan[i] || slices.Contains(na, t) {
			r.missing[i] = true
			continue
		}
		r.text[i], present = t, present+1
		if _, ok := parseDecimal(t); ok {
			numbers++
		}
	}
	r.numbersAsText = s.Type() == series.String && numbers > 0 && 20*numbers >= 19*present
	return r, nil
}

// feature returns the column at the given rows as a feature: numeric when
// its values are numbers and it is not declared categorical, else
// categorical with the cell texts as level names, coded in order of first
// appearance.
func (r rawColumn) feature(categorical bool, rows []int) ufmi.Column {
	if r.numbers != nil && !categorical {
		values := make([]float64, len(rows))
		for k, i := range rows {
			values[k] = r.numbers[i]
			if r.missing[i] {
				values[k] = math.NaN()
			}
		}
		return ufmi.Column{Name: r.name, Values: values}
	}
	codes, levels, code := make([]float64, len(rows)), []string{}, map[string]int{}
	for k, i := range rows {
		if r.missing[i] {
			codes[k] = math.NaN()
			continue
		}
		c, ok := code[r.text[i]]
		if !ok {
			c = len(levels)
			code[r.text[i]] = c
			levels = append(levels, r.text[i])
		}
		codes[k] = float64(c)
	}
	return ufmi.Column{Name: r.name, Kind: ufmi.Categorical, Values: codes, Levels: levels}
}

// labels encodes the column as class labels (an int series by its exact
// values, any other by text) and returns the rows kept: every row, or with
// dropMissing the rows whose label is present; a missing label is
// otherwise an error. Where every label text is a decimal number and two
// texts write the same number ("1" and "1.0"), they are one class, named
// as first written, and notice says so (sameNumberLabels).
func (r rawColumn) labels(dropMissing bool) (labels *Labels, rows []int, dropped int, notices []string, err error) {
	first := -1
	for i, m := range r.missing {
		if m {
			dropped++
			if first < 0 {
				first = i
			}
			continue
		}
		rows = append(rows, i)
	}
	n := len(r.missing)
	switch {
	case len(rows) == 0:
		return nil, nil, 0, nil, fmt.Errorf("ufmi: target %q is missing in all %d rows", r.name, n)
	case dropped > 0 && !dropMissing:
		return nil, nil, 0, nil, fmt.Errorf("ufmi: target %q is missing in %d of %d rows (first: data row %d); drop those rows (DropMissingTarget, or -drop-missing-target) or fill them",
			r.name, dropped, n, first+1)
	}
	if r.ints != nil {
		labels, err = EncodeIntLabels(pick.At(r.ints, rows))
	} else {
		texts := pick.At(r.text, rows)
		for k, t := range texts {
			if t == "" {
				return nil, nil, 0, nil, fmt.Errorf("ufmi: target %q has an empty cell in data row %d, which the texts of missing cells (NA, -na) do not include: add the empty text to them to read it as missing, or fill it", r.name, rows[k]+1)
			}
		}
		var notice string
		texts, notice = sameNumberLabels(r.name, texts)
		if notice != "" {
			notices = append(notices, notice)
		}
		labels, err = EncodeStringLabels(texts)
	}
	if err != nil {
		return nil, nil, 0, nil, err
	}
	if labels.K() < 2 {
		return nil, nil, 0, nil, fmt.Errorf("ufmi: target %q holds a single class (%s); MI needs at least two", r.name, labels.Classes[0])
	}
	if notice := missingLikeClass(r.name, labels); notice != "" {
		notices = append(notices, notice)
	}
	return labels, rows, dropped, notices, nil
}

// missingLikeTexts are common ways of writing a missing value (compared
// in lower case) beyond the default markers.
var missingLikeTexts = []string{"nan", "na", "n/a", "#n/a", "null", "?", "missing"}

// missingLikeClass returns a notice ("" for none) naming the classes of
// the target name written as a missing value commonly is (nan, NULL, ?,
// n/a, ...; missingLikeTexts): the markers in force did not take them, so
// each is a class of its own, and its rows count as labelled.
func missingLikeClass(name string, labels *Labels) string {
	var found []string
	for _, c := range labels.Classes {
		if slices.Contains(missingLikeTexts, strings.ToLower(c)) {
			found = append(found, strconv.Quote(c))
		}
	}
	if len(found) == 0 {
		return ""
	}
	which := "a class " + found[0] + ", written as a missing value often is: it is read as a class of its own"
	if len(found) > 1 {
		which = "classes " + strings.Join(found, " and ") + ", written as a missing value often is: each is read as a class of its own"
	}
	return fmt.Sprintf("target %q has %s; if it marks a missing label, %s, and drop those rows (-drop-missing-target; Options.DropMissingTarget)",
		name, which, addMissingMarker)
}

// sameNumberLabels returns the label texts of the target name with the
// texts that write one number in several ways ("1", "1.0", "+1", "01")
// replaced by the first of them, where every text is a decimal number, and
// a notice naming them ("" where nothing was replaced). A class is its
// text, and two spellings of one number would otherwise be two classes
// (a probe found H(Y) doubled on labels written "1" and "1.0" in turn).
func sameNumberLabels(name string, texts []string) ([]string, string) {
	// Numbers are compared exactly (decimalKey), not as float64, whose
	// rounding would make 2^53 + 1 and 2^53 one class.
	keys := make([]string, len(texts))
	first := map[string]string{}
	for i, t := range texts {
		t = strings.TrimSpace(t)
		if _, ok := parseDecimal(t); !ok {
			return texts, ""
		}
		keys[i] = decimalKey(t)
		if _, seen := first[keys[i]]; !seen {
			first[keys[i]] = texts[i]
		}
	}
	var examples []string
	merged := map[string]bool{}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = first[keys[i]]
		if t != out[i] && !merged[t] {
			merged[t] = true
			if len(examples) < 3 {
				examples = append(examples, fmt.Sprintf("%s as %s", quoteCell(t), quoteCell(out[i])))
			}
		}
	}
	if len(merged) == 0 {
		return texts, ""
	}
	more := ""
	if len(merged) > len(examples) {
		more = fmt.Sprintf(" and %d more", len(merged)-len(examples))
	}
	return out, fmt.Sprintf("target %q writes the same number in more than one way; each number is one class, named as first written: %s%s", name, strings.Join(examples, ", "), more)
}

// decimalKey is the exact value of a text parseDecimal accepts, written
// one way: "0", or a sign, "0.", the significant digits and "e" with the
// power of ten ("1.50", "+15e-1" and "0.015e2" are all "0.15e1"). It takes
// time linear in the text whatever its exponent (a rational's, as big.Rat
// builds it, grows with the exponent: "1e999999" took seconds and
// hundreds of megabytes a cell).
func decimalKey(t string) string {
	sign := ""
	switch {
	case strings.HasPrefix(t, "-"):
		sign, t = "-", t[1:]
	case strings.HasPrefix(t, "+"):
		t = t[1:]
	}
	mantissa, exponent, _ := strings.Cut(strings.ToLower(t), "e")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := whole + fraction
	leading := len(digits) - len(strings.TrimLeft(digits, "0"))
	digits = strings.TrimRight(digits[leading:], "0")
	if digits == "" {
		return "0" // "-0" and "0.000e7" too
	}
	power := new(big.Int)
	if exponent != "" {
		power.SetString(strings.TrimPrefix(exponent, "+"), 10) // parseDecimal checked its digits
	}
	power.Add(power, big.NewInt(int64(len(whole)-leading)))
	return sign + "0." + digits + "e" + power.String()
}

// convert builds Data from a resolved spec; column returns a raw column by
// name. defaulted says the spec's features are the default ones: a column
// of them missing in every kept row is then left out, with a notice. With a
// target the rows are training data, where a listed column missing in every
// row is an error; without one they are rows to predict, which may lack
// any value (even the only row's).
func convert(s Spec, defaulted bool, n int, column func(name string) (rawColumn, error)) (*Data, error) {
	if n == 0 {
		return nil, fmt.Errorf("ufmi: the table has no data rows")
	}
	d := &Data{Target: s.Target, Given: s.Given, Rows: span(0, n)}
	if s.Target != "" {
		target, err := column(s.Target)
		if err != nil {
			return nil, err
		}
		var notices []string
		if d.Labels, d.Rows, d.Dropped, notices, err = target.labels(s.DropMissingTarget); err != nil {
			return nil, err
		}
		d.Notices = append(d.Notices, notices...)
	}
	cols := make([]ufmi.Column, 0, len(s.Given)+len(s.Features))
	firstMissing := ""
	for k, name := range slices.Concat(s.Given, s.Features) {
		raw, err := column(name)
		if err != nil {
			return nil, err
		}
		isFeature := k >= len(s.Given)
		if defaulted && isFeature && raw.missingIn(d.Rows) {
			if firstMissing == "" {
				firstMissing = name
			}
			d.Notices = append(d.Notices, fmt.Sprintf("column %q is missing in all %d rows; left out of the features", name, len(d.Rows)))
			continue
		}
		categorical := slices.Contains(s.Categorical, name)
		if slices.Contains(s.Numeric, name) && raw.numbers == nil {
			row := raw.mixedRow
			if row < 0 {
				row = slices.Index(raw.missing, false) // no cell is a number
			}
			why := "declared numeric (Options.Numeric)"
			if s.Target == "" {
				why = "as where the forest was fitted" // rows to predict (TestSpec)
			}
			return nil, fmt.Errorf("ufmi: column %q must hold numbers (%s), but data row %d holds %s, which is not a decimal number such as -1.5e3: correct the cell or mark it missing",
				name, why, row+1, quoteCell(raw.text[row]))
		}
		if raw.infRow >= 0 && !categorical {
			return nil, fmt.Errorf("ufmi: column %q, data row %d: %s is out of range", name, raw.infRow+1, quoteCell(raw.text[raw.infRow]))
		}
		if raw.commaRow >= 0 && !categorical {
			other := ""
			if raw.otherRow >= 0 {
				other = fmt.Sprintf("; its few other cells, such as %s in data row %d, may mark missing values (if so, %s)",
					quoteCell(raw.text[raw.otherRow]), raw.otherRow+1, addMissingMarker)
			}
			return nil, fmt.Errorf("ufmi: column %q holds numbers written with a decimal comma or a thousands separator, such as %s in data row %d, which ufmi reads as neither (it reads numbers such as -1.5e3); convert the column, or declare it categorical to read its cells as text%s",
				name, quoteCell(raw.text[raw.commaRow]), raw.commaRow+1, other)
		}
		if raw.unitRow >= 0 && !categorical {
			return nil, fmt.Errorf("ufmi: column %q holds numbers written with a unit sign, such as %s in data row %d, which ufmi reads as text (a level per value); strip the sign to read them as numbers, or declare the column categorical to read its cells as text",
				name, quoteCell(raw.text[raw.unitRow]), raw.unitRow+1)
		}
		if raw.mixedRow >= 0 && !categorical {
			distinct, numbers := raw.distinct()
			if distinct > MaxMixedLevels && 2*numbers >= distinct {
				return nil, fmt.Errorf("ufmi: column %q holds numbers and, in data row %d, %s, which is not a decimal number such as -1.5e3: correct the cell, mark it missing, or declare the column categorical",
					name, raw.mixedRow+1, quoteCell(raw.text[raw.mixedRow]))
			}
			categorical = true
			d.Notices = append(d.Notices, raw.mixedNotice(distinct, numbers))
		}
		if raw.numbersAsText && !categorical {
			if distinct, _ := raw.distinct(); distinct > MaxMixedLevels {
				d.Notices = append(d.Notices, fmt.Sprintf("column %q is a string series whose cells are numbers (%d distinct values): read as categorical, its numbers' order lost; to read its numbers, declare it numeric (Options.Numeric) and list any text marking a missing cell in Options.NA", name, distinct))
			}
		}
		if isFeature {
			d.Features = append(d.Features, name)
		}
		cols = append(cols, raw.feature(categorical, d.Rows))
	}
	if len(d.Features) == 0 && firstMissing != "" {
		return nil, fmt.Errorf("ufmi: column %q is missing in all %d rows, and no other feature column remains", firstMissing, len(d.Rows))
	}
	x, err := ufmi.NewColumnFeatures(cols)
	if err != nil {
		return nil, err
	}
	if s.Target != "" {
		for j := range x.Cols() {
			if x.Missing(j) == x.Rows() {
				return nil, fmt.Errorf("ufmi: column %q is missing in all %d rows; drop it", x.Name(j), x.Rows())
			}
		}
	}
	d.X = x
	return d, nil
}

// missingIn says the column is missing in every one of rows.
func (r rawColumn) missingIn(rows []int) bool {
	for _, i := range rows {
		if !r.missing[i] {
			return false
		}
	}
	return true
}

// distinct counts the distinct texts of the cells present, and how many of
// them are decimal numbers.
func (r rawColumn) distinct() (distinct, numbers int) {
	seen := map[string]bool{}
	for i, t := range r.text {
		if r.missing[i] || seen[t] {
			continue
		}
		seen[t] = true
		if _, ok := parseDecimal(t); ok {
			numbers++
		}
	}
	return len(seen), numbers
}

// mixedNotice says that the column, mixing numbers and text, is read as
// categorical, with an example of the rarer kind of value.
func (r rawColumn) mixedNotice(distinct, numbers int) string {
	if 2*numbers < distinct {
		for i, t := range r.text {
			if _, ok := parseDecimal(t); ok && !r.missing[i] {
				return fmt.Sprintf("column %q mixes text and numbers (%d distinct values, %d of them numbers, such as %s in data row %d); read as categorical",
					r.name, distinct, numbers, quoteCell(t), i+1)
			}
		}
	}
	hint := ""
	if distinct-numbers <= 2 && numbers >= 10 {
		// Many numbers and a text or two: more likely a missing-value
		// marker than a level.
		hint = ", its numbers' order lost (if it marks a missing cell, " + addMissingMarker + ")"
	}
	return fmt.Sprintf("column %q mixes numbers and text (%d distinct values, %d of them text, such as %s in data row %d); read as categorical%s",
		r.name, distinct, distinct-numbers, quoteCell(r.text[r.mixedRow]), r.mixedRow+1, hint)
}

// quotedCellRunes is how much of a cell an error quotes (quoteCell).
const quotedCellRunes = 40

// quoteCell quotes a cell for a message: whole when short, else its first
// quotedCellRunes characters and its length, so that a cell of a million
// digits does not make a message of a megabyte.
func quoteCell(c string) string {
	runes := []rune(c)
	if len(runes) <= quotedCellRunes+10 {
		return strconv.Quote(c)
	}
	return fmt.Sprintf("%s... (%d characters)", strconv.Quote(string(runes[:quotedCellRunes])), len(runes))
}
