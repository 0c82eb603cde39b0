// Package pick selects elements of a slice by index: the rows of a sample,
// the names of chosen columns.
package pick

// At returns s[idx[0]], s[idx[1]], ... as a new slice.
func At[T any](s []T, idx []int) []T {
	out := make([]T, len(idx))
	for k, i := range idx {
		out[k] = s[i]
	}
	return out
}
