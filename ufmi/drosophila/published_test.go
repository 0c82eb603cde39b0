package drosophila

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadPublishedTableFixture(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "small_mi_table.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ReadPublishedTable(f)
	if err != nil {
		t.Fatal(err)
	}
	want := []PublishedRow{
		{[]string{"claw"}, 0.25, 0.5, 0.75},
		{[]string{"claw", "dist"}, 0.5, 0.25, 0.75},
		{[]string{"dist", "age", "cluster"}, 0.75, -0.125, 0.625},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i := range want {
		r, w := rows[i], want[i]
		if !slices.Equal(r.InFeatures, w.InFeatures) || r.IYXIn != w.IYXIn || r.IYXOutGivenIn != w.IYXOutGivenIn || r.IXY != w.IXY {
			t.Errorf("row %d = %+v, want %+v", i, r, w)
		}
	}
}

func TestReadPublishedTableErrors(t *testing.T) {
	const header = "in_features,I_YX_in,I_YX_out|X_in,I_XY\n"
	cases := map[string]struct{ input, mention string }{
		"bad header":      {"features,a,b,c\nclaw,1,2,3\n", "header"},
		"no rows":         {header, "no rows"},
		"unknown feature": {header + "\"claw,legs\",1,2,3\n", `line 2: unknown feature "legs"`},
		"not a number":    {header + "claw,1,x,3\n", "I_YX_out|X_in"},
		"wrong width":     {header + "claw,1,2\n", "published MI table"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ReadPublishedTable(strings.NewReader(c.input))
			requireErrorContains(t, err, c.mention)
		})
	}
}
