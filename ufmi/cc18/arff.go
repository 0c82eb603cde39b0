package cc18

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ParseARFF reads a dense ARFF file (the format OpenML serves). Numeric,
// real and integer attributes are numeric; nominal ({a,b,...}) and string
// attributes are categorical; '?' is missing; values may be quoted with '
// or ". The target is the attribute named target (the last attribute when
// target is empty). Sparse rows ({0 1, 3 2}) are rejected.
func ParseARFF(r io.Reader, id int, target string) (*Dataset, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var name string
	var header []string
	var kinds []Kind
	var rows [][]string
	inData := false
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "%") {
			continue
		}
		if !inData {
			lower := strings.ToLower(text)
			switch {
			case strings.HasPrefix(lower, "@relation"):
				name = unquote(strings.TrimSpace(text[len("@relation"):]))
			case strings.HasPrefix(lower, "@attribute"):
				attrName, kind, err := parseAttribute(strings.TrimSpace(text[len("@attribute"):]))
				if err != nil {
					return nil, fmt.Errorf("ufmi: ARFF line %d: %v", line, err)
				}
				header, kinds = append(header, attrName), append(kinds, kind)
			case strings.HasPrefix(lower, "@data"):
				inData = true
			default:
				return nil, fmt.Errorf("ufmi: ARFF line %d: unexpected %q before @data", line, text)
			}
			continue
		}
		if strings.HasPrefix(text, "{") {
			return nil, fmt.Errorf("ufmi: ARFF line %d: sparse ARFF rows are not supported; convert the file to dense ARFF", line)
		}
		fields, err := splitARFF(text)
		if err != nil {
			return nil, fmt.Errorf("ufmi: ARFF line %d: %v", line, err)
		}
		rows = append(rows, fields)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ufmi: reading ARFF: %v", err)
	}
	if len(header) == 0 {
		return nil, fmt.Errorf("ufmi: ARFF file has no attributes")
	}
	t := len(header) - 1
	if target != "" {
		t = -1
		for j, h := range header {
			if h == target {
				t = j
			}
		}
		if t < 0 {
			return nil, fmt.Errorf("ufmi: ARFF file has no attribute %q", target)
		}
	}
	return newDataset(id, name, header, kinds, rows, t)
}

// parseAttribute reads "name type" of an @attribute line.
func parseAttribute(s string) (string, Kind, error) {
	var name, rest string
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return "", 0, fmt.Errorf("unterminated attribute name in %q", s)
		}
		name, rest = s[1:end+1], strings.TrimSpace(s[end+2:])
	} else {
		parts := strings.Fields(s)
		if len(parts) < 2 {
			return "", 0, fmt.Errorf("attribute %q has no type", s)
		}
		name, rest = parts[0], strings.TrimSpace(s[len(parts[0]):])
	}
	lower := strings.ToLower(rest)
	switch {
	case strings.HasPrefix(rest, "{"):
		return name, Categorical, nil
	case lower == "numeric" || lower == "real" || lower == "integer":
		return name, Numeric, nil
	case lower == "string":
		return name, Categorical, nil
	}
	return "", 0, fmt.Errorf("attribute %q has unsupported type %q", name, rest)
}

// splitARFF splits a data row on commas outside quotes and unquotes fields.
func splitARFF(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote == 0 && c == ',':
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	return append(out, strings.TrimSpace(b.String())), nil
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
