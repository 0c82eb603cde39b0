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

func TestFirstOf(t *testing.T) {
	items := []string{"a", "b", "c", "d", "e"}
	for k, want := range map[int]string{5: "a, b, c, d, e", 6: "a, b, c, d, e", 3: "a, b, c and 2 more", 1: "a and 4 more"} {
		if got := FirstOf(items, k, ", "); got != want {
			t.Errorf("FirstOf(%d) = %q, want %q", k, got, want)
		}
	}
}
