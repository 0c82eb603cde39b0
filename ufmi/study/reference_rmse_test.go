package study

import "testing"

func TestReferenceMIRMSEHasEverySetting(t *testing.T) {
	df, err := ReferenceMIRMSE()
	if err != nil || df.Nrow() != 6 || df.Ncol() != 5 {
		t.Fatalf("reference table %dx%d, %v", df.Nrow(), df.Ncol(), err)
	}
}
