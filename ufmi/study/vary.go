package study

import "fmt"

// Vary returns one cell per value, each a copy of base with one parameter
// set to that value: "n", "d", "prior" or "mu". It is the grid of a sweep
// that varies one parameter at a time (MISweep.Cells).
func Vary[T int | float64](base Cell, param string, values []T) ([]Cell, error) {
	if len(values) == 0 {
		return nil, fmt.Errorf("ufmi: study: no values to vary %q over", param)
	}
	out := make([]Cell, len(values))
	for i, v := range values {
		c := base
		switch param {
		case "n":
			c.N = int(v)
		case "d":
			c.D = int(v)
		case "prior":
			c.Prior = float64(v)
		case "mu":
			c.Mu = float64(v)
		default:
			return nil, fmt.Errorf("ufmi: study: cannot vary %q (n, d, prior or mu)", param)
		}
		out[i] = c
	}
	return out, nil
}
