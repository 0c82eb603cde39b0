package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 rows"}, {1, "1 row"}, {2, "2 rows"}, {-1, "-1 row"}} {
		if got := Count(c.n, "row"); got != c.want {
			t.Errorf("Count(%d, row) = %q, want %q", c.n, got, c.want)
		}
	}
}
