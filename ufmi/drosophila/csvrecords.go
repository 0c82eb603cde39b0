package drosophila

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// forEachRecord reads the remaining records of cr and calls fn with each
// record and the line it starts on. A read error is returned as
// "ufmi: <table>: <error>"; an error from fn is returned as is.
func forEachRecord(cr *csv.Reader, table string, fn func(rec []string, line int) error) error {
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("ufmi: %s: %w", table, err)
		}
		line, _ := cr.FieldPos(0)
		if err := fn(rec, line); err != nil {
			return err
		}
	}
}
