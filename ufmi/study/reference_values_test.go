package study

import "testing"

func TestReferenceMIRMSEHasEverySetting(t *testing.T) {
	df, err := ReferenceMIRMSE()
	if err != nil || df.Nrow() != 6 || df.Ncol() != 5 {
		t.Fatalf("reference table %dx%d, %v", df.Nrow(), df.Ncol(), err)
	}
}

func TestReferencePosteriorTables(t *testing.T) {
	conf, err := ReferenceNearHalfConfidence()
	if err != nil || conf.Nrow() != 4 {
		t.Fatalf("confidence reference: %d rows, %v", conf.Nrow(), err)
	}
	steep, err := ReferenceSteepHellinger()
	if err != nil || steep.Nrow() != 2 || steep.Ncol() != 5 {
		t.Fatalf("steep reference: %dx%d, %v", steep.Nrow(), steep.Ncol(), err)
	}
}
