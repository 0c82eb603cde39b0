package study

import (
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi/frame"
)

func TestTrunkComparisonHasEveryMethodAndTheRotatedForest(t *testing.T) {
	df, err := TrunkComparison{Ds: []int{3}, Ns: []int{300}, Trees: 10, Reps: 1, Seed: 1}.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	methods, _ := frame.Strings(df, "method")
	settings, _ := frame.Strings(df, "setting")
	want := []string{"UF", "UF (oblique)", "IRF", "KSG", "UF (rotated)"}
	if len(methods) != len(want) {
		t.Fatalf("methods %v, want %v", methods, want)
	}
	for i, m := range want {
		wantSetting := "trunk"
		if m == "UF (rotated)" {
			wantSetting = "separated"
		}
		if methods[i] != m || settings[i] != wantSetting {
			t.Errorf("row %d: %s on %s, want %s on %s", i, methods[i], settings[i], m, wantSetting)
		}
	}
	if _, err := (TrunkComparison{Ns: []int{300}, Trees: 10, Reps: 1}).Run(nil); err == nil {
		t.Error("no dimensions was accepted")
	}
}
