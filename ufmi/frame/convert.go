package frame

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// FromColumns builds a DataFrame of float columns: cols[i] is named
// names[i]. All columns must be equally long and the names distinct and
// non-empty. NaN values are kept (gota shows them as NaN).
func FromColumns(names []string, cols ...[]float64) (dataframe.DataFrame, error) {
	if err := checkNames(names); err != nil {
		return dataframe.DataFrame{}, err
	}
	if len(cols) != len(names) {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: %d names for %d columns", len(names), len(cols))
	}
	ser := make([]series.Series, len(cols))
	for i, c := range cols {
		if len(c) != len(cols[0]) {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: column %q has %d values but column %q has %d", names[i], len(c), names[0], len(cols[0]))
		}
		ser[i] = series.New(c, series.Float, names[i])
	}
	return newFrame(ser)
}

// FromRecords builds a DataFrame from rows of Go values, one column per name
// in header. A column's type follows its values: string, bool, int (any Go
// integer type) or float64 (float32 too; a column mixing integers and floats
// becomes float). Every row must have one value per column and a column must
// not mix strings, bools and numbers.
func FromRecords(header []string, rows [][]any) (dataframe.DataFrame, error) {
	if err := checkNames(header); err != nil {
		return dataframe.DataFrame{}, err
	}
	if len(rows) == 0 {
		return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: no rows")
	}
	for r, row := range rows {
		if len(row) != len(header) {
			return dataframe.DataFrame{}, fmt.Errorf("ufmi: frame: row %d has %d values for %d columns", r, len(row), len(header))
		}
	}
	ser := make([]series.Series, len(header))
	for c, name := range header {
		s, err := recordColumn(name, c, rows)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		ser[c] = s
	}
	return newFrame(ser)
}

// recordColumn gathers column c of rows into a series of the column's type.
func recordColumn(name string, c int, rows [][]any) (series.Series, error) {
	kinds := map[series.Type]int{}
	floats := make([]float64, len(rows))
	ints := make([]int, len(rows))
	strs := make([]string, len(rows))
	bools := make([]bool, len(rows))
	for r, row := range rows {
		switch v := row[c].(type) {
		case string:
			strs[r] = v
			kinds[series.String]++
		case bool:
			bools[r] = v
			kinds[series.Bool]++
		case float64:
			floats[r] = v
			kinds[series.Float]++
		case float32:
			floats[r] = float64(v)
			kinds[series.Float]++
		default:
			i, ok := asInt(v)
			if !ok {
				return series.Series{}, fmt.Errorf("ufmi: frame: column %q row %d has unsupported type %T", name, r, v)
			}
			ints[r], floats[r] = i, float64(i)
			kinds[series.Int]++
		}
	}
	numeric := kinds[series.Int] + kinds[series.Float]
	switch {
	case kinds[series.String] == len(rows):
		return series.New(strs, series.String, name), nil
	case kinds[series.Bool] == len(rows):
		return series.New(bools, series.Bool, name), nil
	case kinds[series.Int] == len(rows):
		return series.New(ints, series.Int, name), nil
	case numeric == len(rows):
		return series.New(floats, series.Float, name), nil
	}
	return series.Series{}, fmt.Errorf("ufmi: frame: column %q mixes value types (%d strings, %d bools, %d numbers)", name, kinds[series.String], kinds[series.Bool], numeric)
}

// asInt converts any Go integer that fits to int.
func asInt(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int8:
		return int(x), true
	case int16:
		return int(x), true
	case int32:
		return int(x), true
	case int64:
		return int(x), true
	case uint:
		return int(x), x <= math.MaxInt
	case uint8:
		return int(x), true
	case uint16:
		return int(x), true
	case uint32:
		return int(x), true
	case uint64:
		return int(x), x <= math.MaxInt
	}
	return 0, false
}

// Float64Column returns column name as float64 values: float and int
// columns directly (missing values as NaN), string columns only when every
// value parses as a number (as after reading a CSV whose column was all
// NaN).
func Float64Column(df dataframe.DataFrame, name string) ([]float64, error) {
	s, err := column(df, name)
	if err != nil {
		return nil, err
	}
	switch s.Type() {
	case series.Float, series.Int:
		return s.Float(), nil
	case series.String:
		out := make([]float64, s.Len())
		for i, rec := range s.Records() {
			v, err := strconv.ParseFloat(rec, 64)
			if err != nil {
				return nil, fmt.Errorf("ufmi: frame: column %q is not numeric: row %d is %q", name, i, rec)
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("ufmi: frame: column %q has type %s, not a number", name, s.Type())
}

// Strings returns column name as text, whatever its type; floats are written
// in the shortest form that reads back exactly.
func Strings(df dataframe.DataFrame, name string) ([]string, error) {
	s, err := column(df, name)
	if err != nil {
		return nil, err
	}
	return cellTexts(s), nil
}

// cellTexts formats every value of s; floats exactly, missing values as NaN.
func cellTexts(s series.Series) []string {
	if s.Type() != series.Float {
		return s.Records()
	}
	out := make([]string, s.Len())
	for i, v := range s.Float() {
		out[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return out
}

// column returns the named column, or an error naming it and the frame's
// columns when it does not exist.
func column(df dataframe.DataFrame, name string) (series.Series, error) {
	if err := frameErr(df); err != nil {
		return series.Series{}, err
	}
	for _, n := range df.Names() {
		if n == name {
			return df.Col(name), nil
		}
	}
	return series.Series{}, fmt.Errorf("ufmi: frame: unknown column %q (columns: %q)", name, df.Names())
}

// frameErr reports an error carried by df.
func frameErr(df dataframe.DataFrame) error {
	if err := df.Error(); err != nil {
		return fmt.Errorf("ufmi: frame: data frame holds an error: %w", err)
	}
	return nil
}

// checkNames requires at least one column name, all non-empty and distinct.
func checkNames(names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("ufmi: frame: no column names")
	}
	seen := make(map[string]bool, len(names))
	for i, n := range names {
		if n == "" {
			return fmt.Errorf("ufmi: frame: column %d has an empty name", i)
		}
		if seen[n] {
			return fmt.Errorf("ufmi: frame: column name %q appears twice", n)
		}
		seen[n] = true
	}
	return nil
}

// newFrame joins checked series into a DataFrame.
func newFrame(cols []series.Series) (dataframe.DataFrame, error) {
	df := dataframe.New(cols...)
	if err := frameErr(df); err != nil {
		return dataframe.DataFrame{}, err
	}
	return df, nil
}
