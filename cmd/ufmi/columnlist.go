package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// splitNames splits the comma-separated column names of a flag (named in
// errors) as one CSV row: a name holding a comma or a double quote is
// written in double quotes, as the file's header writes it
// (-features 'x,"income, net"'); spaces around a name are dropped. Empty
// names are kept for the caller to refuse.
func splitNames(flag, list string) ([]string, error) {
	r := csv.NewReader(strings.NewReader(list))
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	r.LazyQuotes = true // a quote inside an unquoted name is part of it: -features 'a"b'
	names, err := r.Read()
	if err == io.EOF {
		return []string{""}, nil
	}
	if err != nil {
		var parse *csv.ParseError
		if errors.As(err, &parse) {
			err = parse.Err
		}
		return nil, fmt.Errorf("-%s %q: %v (a name holding a comma is written in double quotes, as in the file's header: 'x,\"income, net\"')", flag, list, err)
	}
	if _, err := r.Read(); err != io.EOF {
		return nil, fmt.Errorf("-%s %q holds a line break; list the names on one line", flag, list)
	}
	for i, n := range names {
		names[i] = strings.TrimSpace(n)
	}
	return names, nil
}

// splitDistinctNames is splitNames for a list of columns: a name left
// empty or listed twice is an error naming the flag.
func splitDistinctNames(flag, list string) ([]string, error) {
	names, err := splitNames(flag, list)
	if err != nil {
		return nil, err
	}
	for i := range names {
		if names[i] == "" {
			return nil, fmt.Errorf("-%s %q holds an empty column name", flag, list)
		}
		if slices.Contains(names[:i], names[i]) {
			return nil, fmt.Errorf("-%s lists column %q twice", flag, names[i])
		}
	}
	return names, nil
}
