package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ufmi-dev/ufmi/ufmi"
)

// DefaultNA are the cell texts that mark a missing value by default.
var DefaultNA = []string{"", "NA", "NaN"}

// Options say how cells become features and labels.
type Options struct {
	// NA lists the texts of missing cells (nil: DefaultNA). Cells are
	// compared after trimming spaces.
	NA []string
	// Categorical names numeric columns to treat as categorical, each
	// value's text a level name (e.g. integer codes).
	Categorical []string
	// DropMissingTarget drops the rows whose target is missing, counting
	// them in Data.Dropped, instead of failing.
	DropMissingTarget bool
}

// na returns the missing-cell markers in force.
func (o Options) na() []string {
	if o.NA == nil {
		return DefaultNA
	}
	return o.NA
}

// Spec names the columns of a table to use.
type Spec struct {
	Target   string   // the label column (may be empty when only features are converted)
	Features []string // feature columns (empty: every column but the target and Given)
	Given    []string // columns to condition on (conditional MI); empty: none
	Options
}

// Data is a table converted for ufmi.
type Data struct {
	X        *ufmi.Features // the Given columns, then the Features columns, named
	Labels   *Labels        // nil without a target
	Target   string
	Given    []string
	Features []string
	Rows     []int // the table's rows kept (0-based), in order
	Dropped  int   // rows dropped for a missing target
}

// GivenColumns are the positions in X of the Given columns.
func (d *Data) GivenColumns() []int { return span(0, len(d.Given)) }

// FeatureColumns are the positions in X of the Features columns.
func (d *Data) FeatureColumns() []int { return span(len(d.Given), len(d.Given)+len(d.Features)) }

// Categorical names the categorical columns of X.
func (d *Data) Categorical() []string {
	var out []string
	for j := range d.X.Cols() {
		if d.X.Kind(j) == ufmi.Categorical {
			out = append(out, d.X.Name(j))
		}
	}
	return out
}

// span returns lo, lo+1, ..., hi-1.
func span(lo, hi int) []int {
	out := make([]int, 0, hi-lo)
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}

// resolve checks the spec against a table's column names and fills in the
// default features: every column but the target and the given ones.
func (s Spec) resolve(names []string) (Spec, error) {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return s, fmt.Errorf("ufmi: the table has two columns named %q", n)
		}
		seen[n] = true
	}
	check := func(what string, list []string) error {
		for _, n := range list {
			if !seen[n] {
				return fmt.Errorf("ufmi: no %s column %q (columns: %s)", what, n, strings.Join(names, ", "))
			}
		}
		return nil
	}
	if s.Target != "" {
		if err := check("target", []string{s.Target}); err != nil {
			return s, err
		}
	}
	if err := check("given", s.Given); err != nil {
		return s, err
	}
	if err := check("feature", s.Features); err != nil {
		return s, err
	}
	if err := check("categorical", s.Categorical); err != nil {
		return s, err
	}
	for _, g := range s.Given {
		if slices.Contains(s.Features, g) {
			return s, fmt.Errorf("ufmi: column %q is both a feature and given", g)
		}
	}
	if len(s.Features) == 0 {
		for _, n := range names {
			if n != s.Target && !slices.Contains(s.Given, n) {
				s.Features = append(s.Features, n)
			}
		}
	}
	if len(s.Features) == 0 {
		return s, fmt.Errorf("ufmi: no feature columns")
	}
	return s, nil
}
