package table

import (
	"fmt"
	"slices"
)

// Labels are class labels mapped to codes 0..K-1. Classes[k] is the original
// label of code k, printed with %v for integer labels.
type Labels struct {
	Codes   []int
	Classes []string
}

// K is the number of classes (0 for nil Labels).
func (l *Labels) K() int {
	if l == nil {
		return 0
	}
	return len(l.Classes)
}

// EncodeIntLabels maps integer labels to codes 0..K-1 in increasing label order.
func EncodeIntLabels(y []int) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[int]bool{}
	var uniq []int
	for _, v := range y {
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[int]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: make([]string, len(uniq))}
	for k, v := range uniq {
		code[v] = k
		l.Classes[k] = fmt.Sprint(v)
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}

// EncodeStringLabels maps string labels to codes 0..K-1 in sorted label order.
// An empty label is an error (a missing target).
func EncodeStringLabels(y []string) (*Labels, error) {
	if len(y) == 0 {
		return nil, fmt.Errorf("ufmi: no labels")
	}
	seen := map[string]bool{}
	var uniq []string
	for i, v := range y {
		if v == "" {
			return nil, fmt.Errorf("ufmi: label of row %d is empty", i)
		}
		if !seen[v] {
			seen[v] = true
			uniq = append(uniq, v)
		}
	}
	slices.Sort(uniq)
	code := make(map[string]int, len(uniq))
	l := &Labels{Codes: make([]int, len(y)), Classes: uniq}
	for k, v := range uniq {
		code[v] = k
	}
	for i, v := range y {
		l.Codes[i] = code[v]
	}
	return l, nil
}
