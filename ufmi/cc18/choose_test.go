package cc18

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestStudyDatasetsTakesTheMirrorsSmallest(t *testing.T) {
	dir := t.TempDir()
	listing := "openml_dataset_id,file,column_index,column_name,type\n" +
		"3,3_kr.csv.gz,0,a,numeric\n" + // 3196 × 36
		"11,11_bs.csv.gz,0,a,numeric\n" + // 625 × 4
		"15,15_bw.csv.gz,0,a,numeric\n" + // 699 × 9
		"29,29_ca.csv.gz,0,a,numeric\n" // 690 × 15
	if err := os.WriteFile(filepath.Join(dir, "column_types.csv"), []byte(listing), 0o644); err != nil {
		t.Fatal(err)
	}
	o := LoadOptions{MirrorDir: dir}
	if got := StudyDatasets(2, o); !slices.Equal(got, []int{11, 15}) {
		t.Errorf("two smallest of the mirror: %v, want [11 15]", got)
	}
	if got := StudyDatasets(0, o); !slices.Equal(got, []int{3, 11, 15, 29}) {
		t.Errorf("every dataset of the mirror: %v, want [3 11 15 29] (suite order)", got)
	}
	if got := StudyDatasets(10, o); len(got) != 4 || got[0] != 11 || got[3] != 3 {
		t.Errorf("a limit above the mirror's size: %v, want all four, smallest first", got)
	}
}

func TestStudyDatasetsWithoutMirrorChoosesFromTheSuite(t *testing.T) {
	t.Setenv("UFMI_MIRROR", "")
	if got := StudyDatasets(0, LoadOptions{}); len(got) != len(Suite) {
		t.Fatalf("no mirror, no limit: %d datasets, want the suite's %d", len(got), len(Suite))
	}
	size := func(id int) int { d, _ := Lookup(id); return d.Instances * d.Features }
	chosen := StudyDatasets(5, LoadOptions{})
	if len(chosen) != 5 {
		t.Fatalf("limit 5: %v", chosen)
	}
	for _, d := range Suite {
		if slices.Contains(chosen, d.ID) {
			continue
		}
		for _, c := range chosen {
			if size(c) > size(d.ID) {
				t.Errorf("chose %d (size %d) but left out the smaller %d (size %d)", c, size(c), d.ID, size(d.ID))
			}
		}
	}
}
