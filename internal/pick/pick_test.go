package pick

import (
	"slices"
	"testing"
)

func TestAt(t *testing.T) {
	got := At([]string{"a", "b", "c"}, []int{2, 0, 2})
	if want := []string{"c", "a", "c"}; !slices.Equal(got, want) {
		t.Fatalf("At = %v, want %v", got, want)
	}
	if got := At([]int{1, 2}, nil); len(got) != 0 {
		t.Fatalf("At with no indices = %v, want empty", got)
	}
}
