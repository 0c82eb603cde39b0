package drosophila

// PaperRow is one row of the paper's Drosophila table (nats, 3 decimals as
// printed): I(Y; X_in), I(Y; X_out | X_in) and I(Y; X).
type PaperRow struct {
	InFeatures    []string // X_in in the order claw, dist, age, cluster
	IYXIn         float64
	IYXOutGivenIn float64
	IYX           float64
}

// PaperTable returns the MI values printed in the paper (figure "app",
// section "Mutual Information in the Biological Drosophila Neural Network"),
// in printed row order. Feature lists use the order claw, dist, age,
// cluster (the paper prints e.g. "cluster, claw"). The last row, all four
// features, is not a table row: it is the I(Y, X) = 1.189 of the table's
// last column and of the text, whose conditional term is 0 by definition.
func PaperTable() []PaperRow {
	return []PaperRow{
		{[]string{"claw"}, 0.362, 0.827, 1.189},
		{[]string{"dist"}, 0.542, 0.647, 1.189},
		{[]string{"age"}, 0.692, 0.497, 1.189},
		{[]string{"cluster"}, 1.102, 0.087, 1.189},
		{[]string{"claw", "cluster"}, 1.104, 0.084, 1.189},
		{[]string{"dist", "cluster"}, 1.121, 0.068, 1.189},
		{[]string{"age", "cluster"}, 1.189, 0.000, 1.189},
		{[]string{"claw", "dist", "cluster"}, 1.119, 0.070, 1.189},
		{[]string{"claw", "age", "cluster"}, 1.189, 0.000, 1.189},
		{[]string{"dist", "age", "cluster"}, 1.189, 0.000, 1.189},
		{[]string{"claw", "dist", "age", "cluster"}, 1.189, 0.000, 1.189},
	}
}
