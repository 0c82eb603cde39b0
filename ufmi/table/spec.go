package table

import (
	"fmt"
	"slices"
	"strings"

	columnnames "github.com/ufmi-dev/ufmi/internal/names"
	"github.com/ufmi-dev/ufmi/ufmi"
)

// DefaultNA are the cell texts that mark a missing value by default.
var DefaultNA = []string{"", "NA", "NaN"}

// Options say how cells become features and labels.
type Options struct {
	// NA lists the texts of missing cells (nil: DefaultNA). Cells and
	// markers are compared after trimming spaces (" ?" marks "?").
	NA []string
	// Categorical names numeric columns to treat as categorical, each
	// value's text a level name (e.g. integer codes).
	Categorical []string
	// Numeric names columns that must hold numbers: a cell that is neither
	// a number nor missing is an error naming it (instead of the column
	// being read as categorical). Rows to predict are read so for the
	// training data's numeric columns (Data.TestSpec).
	Numeric []string
	// DropMissingTarget drops the rows whose target is missing, counting
	// them in Data.Dropped, instead of failing.
	DropMissingTarget bool
}

// na returns the missing-cell markers in force.
func (o Options) na() []string {
	if o.NA == nil {
		return DefaultNA
	}
	markers := make([]string, len(o.NA))
	for i, m := range o.NA {
		markers[i] = strings.TrimSpace(m) // as the cells are
	}
	return markers
}

// MaxMixedLevels bounds the distinct values of a text column mixing decimal
// numbers and other text that is read as categorical (with a notice): a
// column of few values such as 2, 3, 4, 5more. A column mixing them with
// more distinct values is categorical too when fewer than half of its
// distinct values are numbers (codes such as x126, 3, a97); otherwise it is
// mostly numeric and the text a likely typo, an error naming the cell.
const MaxMixedLevels = 20

// Spec names the columns of a table to use.
type Spec struct {
	Target string // the label column (may be empty when only features are converted)
	// Features are the feature columns. Empty: every column but the target,
	// Given and Drop; a column of these missing in every row is then left
	// out, with a notice (a listed one is an error).
	Features []string
	Given    []string // columns to condition on (conditional MI); empty: none
	// Drop names columns left out of the default features (an identifier,
	// say); a column both dropped and named as target, feature or given is
	// an error.
	Drop []string
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
	// Notices say, one line each, what the conversion decided on its own: a
	// column mixing numbers and text read as categorical (MaxMixedLevels),
	// a default feature column missing in every row left out. The package
	// prints nothing; the command line prints them on stderr.
	Notices []string
}

// GivenColumns are the positions in X of the Given columns.
func (d *Data) GivenColumns() []int { return span(0, len(d.Given)) }

// FeatureColumns are the positions in X of the Features columns.
func (d *Data) FeatureColumns() []int { return span(len(d.Given), len(d.Given)+len(d.Features)) }

// Categorical names the categorical columns of X.
func (d *Data) Categorical() []string { return d.columnsOf(ufmi.Categorical) }

// numeric names the numeric columns of X.
func (d *Data) numeric() []string { return d.columnsOf(ufmi.Numeric) }

// columnsOf names the columns of X of one kind.
func (d *Data) columnsOf(kind ufmi.Kind) []string {
	var out []string
	for j := range d.X.Cols() {
		if d.X.Kind(j) == kind {
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

// listedOnce returns an error naming a column the list of the given kind
// ("given", "feature", ...) holds twice.
func listedOnce(what string, list []string) error {
	for i, n := range list {
		if slices.Contains(list[:i], n) {
			return fmt.Errorf("ufmi: the %s columns list %q twice", what, n)
		}
	}
	return nil
}

// resolve checks the spec against a table's column names and fills in the
// default features: every column but the target, the given and the dropped
// ones. defaulted says the features were filled in.
func (s Spec) resolve(names []string) (_ Spec, defaulted bool, err error) {
	seen := map[string]bool{} // the names, distinct (checkNames)
	for _, n := range names {
		seen[n] = true
	}
	check := func(what string, list []string) error {
		for _, n := range list {
			if !seen[n] {
				return fmt.Errorf("ufmi: no %s column %q (columns: %s)", what, n, columnnames.List(names))
			}
		}
		return nil
	}
	if s.Target != "" {
		if err := check("target", []string{s.Target}); err != nil {
			return s, false, err
		}
	}
	for _, c := range []struct {
		what string
		list []string
	}{{"given", s.Given}, {"feature", s.Features}, {"categorical", s.Categorical}, {"numeric", s.Numeric}, {"dropped", s.Drop}} {
		if err := check(c.what, c.list); err != nil {
			return s, false, err
		}
		if err := listedOnce(c.what, c.list); err != nil {
			return s, false, err
		}
	}
	for _, c := range s.Categorical {
		if slices.Contains(s.Numeric, c) {
			return s, false, fmt.Errorf("ufmi: column %q is listed both as categorical and as numeric; list it in one", c)
		}
	}
	for _, g := range s.Given {
		if slices.Contains(s.Features, g) {
			return s, false, fmt.Errorf("ufmi: column %q is both a feature and given", g)
		}
	}
	for _, d := range s.Drop {
		switch {
		case d == s.Target:
			return s, false, fmt.Errorf("ufmi: column %q is both the target and dropped", d)
		case slices.Contains(s.Features, d):
			return s, false, fmt.Errorf("ufmi: column %q is both a feature and dropped", d)
		case slices.Contains(s.Given, d):
			return s, false, fmt.Errorf("ufmi: column %q is both given and dropped", d)
		}
	}
	if len(s.Features) == 0 {
		defaulted = true
		s.Features = nil
		for _, n := range names {
			if n != s.Target && !slices.Contains(s.Given, n) && !slices.Contains(s.Drop, n) {
				s.Features = append(s.Features, n)
			}
		}
	}
	if len(s.Features) == 0 {
		return s, defaulted, fmt.Errorf("ufmi: no feature columns")
	}
	return s, defaulted, nil
}
