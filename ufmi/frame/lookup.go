package frame

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"
)

// Value reads one number of a table by the name of its row: the value of
// column in the one row whose keyColumn reads key (e.g. the subset
// "age,cluster" of a subset table). No such row, several, or a column that
// is not numeric (see Float64Column) is an error.
func Value(df dataframe.DataFrame, keyColumn, key, column string) (float64, error) {
	keys, err := Strings(df, keyColumn)
	if err != nil {
		return 0, err
	}
	values, err := Float64Column(df, column)
	if err != nil {
		return 0, err
	}
	row := -1
	for r, k := range keys {
		if k != key {
			continue
		}
		if row >= 0 {
			return 0, fmt.Errorf("ufmi: frame: rows %d and %d both have %s %q", row, r, keyColumn, key)
		}
		row = r
	}
	if row < 0 {
		return 0, fmt.Errorf("ufmi: frame: no row has %s %q", keyColumn, key)
	}
	return values[row], nil
}
