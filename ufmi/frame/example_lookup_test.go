package frame_test

import (
	"fmt"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

// One number of a table, read by the name of its row, as notebook 06 reads
// the subset table: the MI of the subset "age,cluster".
func ExampleValue() {
	table, err := frame.FromRecords([]string{"subset", "mi"}, [][]any{
		{"age", 0.21}, {"cluster", 1.10}, {"age,cluster", 1.12},
	})
	if err != nil {
		panic(err)
	}
	mi, _ := frame.Value(table, "subset", "age,cluster", "mi")
	_, missing := frame.Value(table, "subset", "claw", "mi")
	fmt.Printf("I(Y; age, cluster) = %.2f; a missing row is an error: %v\n", mi, missing != nil)
	// Output: I(Y; age, cluster) = 1.12; a missing row is an error: true
}
