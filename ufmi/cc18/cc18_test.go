package cc18

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ufmi-dev/ufmi/ufmi"
	"github.com/ufmi-dev/ufmi/ufmi/models"
)

func TestParseARFF(t *testing.T) {
	f, err := os.Open("testdata/small.arff")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := ParseARFF(f, 7, "")
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "tiny set" || d.Rows() != 4 || len(d.Columns) != 3 {
		t.Fatalf("dataset %+v", d)
	}
	w, c, note := d.Columns[0], d.Columns[1], d.Columns[2]
	if w.Kind != Numeric || w.Num[0] != 1.5 || !math.IsNaN(w.Num[1]) || w.Num[3] != 4.25 {
		t.Fatalf("numeric column %+v", w)
	}
	if c.Name != "colour name" || c.Kind != Categorical || c.Cat[1] != "dark blue" || c.Cat[2] != "" {
		t.Fatalf("nominal column %+v", c)
	}
	if note.Cat[0] != "a, b" || note.Cat[3] != "it's" {
		t.Fatalf("quoted strings %q", note.Cat)
	}
	if strings.Join(d.Classes, ",") != "no,yes" || d.Y[0] != 1 || d.Y[1] != 0 {
		t.Fatalf("classes %v, y %v", d.Classes, d.Y)
	}
	sp, _ := os.Open("testdata/sparse.arff")
	defer sp.Close()
	if _, err := ParseARFF(sp, 1, ""); err == nil || !strings.Contains(err.Error(), "sparse") {
		t.Fatalf("sparse ARFF: %v", err)
	}
	if _, err := ParseARFF(strings.NewReader("@relation x\n@attribute a numeric\n@attribute c {p,q}\n@data\nfoo,p\n"), 1, ""); err == nil {
		t.Fatal("a non-numeric value in a numeric column was accepted")
	}
}

// writeMirror writes a one-dataset mirror folder in the shared format.
func writeMirror(t *testing.T, csvText string, types []string) string {
	t.Helper()
	dir := t.TempDir()
	addToMirror(t, dir, 99, csvText, types)
	return dir
}

// addToMirror adds dataset id (file <id>_toy.csv.gz) to a mirror folder.
func addToMirror(t *testing.T, dir string, id int, csvText string, types []string) {
	t.Helper()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(csvText))
	zw.Close()
	file := fmt.Sprintf("%d_toy.csv.gz", id)
	if err := os.WriteFile(filepath.Join(dir, file), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	listing := filepath.Join(dir, "column_types.csv")
	b, err := os.ReadFile(listing)
	if err != nil {
		b = []byte("openml_dataset_id,file,column_index,column_name,type\n")
	}
	header := strings.Split(strings.SplitN(csvText, "\n", 2)[0], ",")
	for j, ty := range types {
		b = fmt.Appendf(b, "%d,%s,%d,%s,%s\n", id, file, j, header[j], ty)
	}
	if err := os.WriteFile(listing, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMirrorAndPreprocessUseTrainingStatistics(t *testing.T) {
	csvText := "x,colour,class\n1,a,p\n,b,q\n3,,p\n100,c,q\n5,b,p\n"
	dir := writeMirror(t, csvText, []string{"numeric", "categorical", "target"})
	d, err := Load(99, LoadOptions{MirrorDir: dir, Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	// Train on rows 0,1,2,4: median of x over {1,3,5} is 3 (row 1 missing);
	// the test row 3 (x = 100) must not move it. Mode of colour over {a,b,b}
	// (row 2 missing) is b; the test row's unseen category c is all zeros.
	xTrain, xTest, err := Preprocess(d, []int{0, 1, 2, 4}, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	// Columns: x, colour=a, colour=b.
	if xTrain[1][0] != 3 || xTrain[2][1] != 0 || xTrain[2][2] != 1 {
		t.Fatalf("imputation: %v", xTrain)
	}
	if len(xTest[0]) != 3 || xTest[0][0] != 100 || xTest[0][1] != 0 || xTest[0][2] != 0 {
		t.Fatalf("test row %v", xTest[0])
	}
	if _, err := Load(98, LoadOptions{MirrorDir: dir, CacheDir: t.TempDir(), Offline: true}); err == nil || !strings.Contains(err.Error(), "UFMI_MIRROR") {
		t.Fatalf("offline without the dataset: %v", err)
	}
}

func TestDownloadCachesARFF(t *testing.T) {
	arff, _ := os.ReadFile("testdata/small.arff")
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests++
		switch r.URL.Path {
		case "/api/v1/json/data/7":
			w.Write([]byte(`{"data_set_description":{"file_id":"123","default_target_attribute":"class","name":"tiny"}}`))
		case "/data/v1/download/123":
			w.Write(arff)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cache := t.TempDir()
	opts := LoadOptions{MirrorDir: t.TempDir(), CacheDir: cache, BaseURL: srv.URL, Client: srv.Client()}
	d, err := Load(7, opts)
	if err != nil {
		t.Fatal(err)
	}
	if d.Rows() != 4 || requests != 2 {
		t.Fatalf("rows %d, requests %d", d.Rows(), requests)
	}
	// Second load reads the cache, even offline.
	opts.Offline = true
	if _, err := Load(7, opts); err != nil || requests != 2 {
		t.Fatalf("cached load: %v, requests %d", err, requests)
	}
	srv.Close()
	opts = LoadOptions{MirrorDir: t.TempDir(), CacheDir: t.TempDir(), BaseURL: srv.URL, Client: srv.Client()}
	if _, err := Load(7, opts); err == nil || !strings.Contains(err.Error(), "UFMI_MIRROR") {
		t.Fatalf("unreachable server: %v", err)
	}
}

// priorModel predicts the same class frequencies everywhere.
type priorModel struct{ p []float64 }

func (m priorModel) PredictProba(x *ufmi.Features, _ int) ([][]float64, error) {
	out := make([][]float64, x.Rows())
	for i := range out {
		out[i] = m.p
	}
	return out, nil
}

// toyCSV is a mirror CSV of 60 rows with a numeric and a categorical
// feature; shift changes the numeric values (another dataset).
func toyCSV(shift int) string {
	var b strings.Builder
	b.WriteString("x,colour,class\n")
	for i := 0; i < 60; i++ {
		c := "p"
		if i%3 == 0 {
			c = "q"
		}
		colour := []string{"a", "b"}[i%2]
		fmt.Fprintf(&b, "%d,%s,%s\n", (i+shift)%10, colour, c)
	}
	return b.String()
}

var toyTypes = []string{"numeric", "categorical", "target"}

// priorLearner predicts the training class frequencies and counts its fits.
func priorLearner(fits *int) models.Model {
	return models.Model{Name: "prior", Custom: func(x *ufmi.Features, y []int, _ uint64) (models.Predictor, error) {
		*fits++
		p := make([]float64, 2)
		for _, c := range y {
			p[c] += 1 / float64(len(y))
		}
		return priorModel{p}, nil
	}}
}

func TestEvaluateSweepAndPairwise(t *testing.T) {
	dir := writeMirror(t, toyCSV(0), toyTypes)
	fits := 0
	learners := append(Forests(Settings{Trees: 20, MaxFeatures: 1}), priorLearner(&fits))
	results := t.TempDir()
	opts := SweepOptions{IDs: []int{99}, Load: LoadOptions{MirrorDir: dir, Offline: true}, Learners: learners, Seed: 1, ResultsDir: results}
	scores, err := Sweep(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 5*len(learners) || fits != 5 {
		t.Fatalf("%d scores, %d fits", len(scores), fits)
	}
	for _, s := range scores {
		if s.Learner == "prior" && (s.Kappa != 0 || s.Accuracy < 0.6) {
			t.Fatalf("the prior predictor has kappa 0 and predicts the majority class: %+v", s)
		}
	}
	// Resume: the saved file gives the same scores without recomputing.
	var log bytes.Buffer
	opts.Log = &log
	again, err := Sweep(opts)
	if err != nil || !reflect.DeepEqual(again, scores) || fits != 5 || log.Len() != 0 {
		t.Fatalf("resume: %v, %d fits, log %q", err, fits, log.String())
	}
	// Pairwise table on hand-made scores: A beats B on every dataset.
	var hand []FoldScore
	for d := 0; d < 8; d++ {
		hand = append(hand, FoldScore{Dataset: d, Learner: "A", ECE: 0.01 * float64(d)}, FoldScore{Dataset: d, Learner: "B", ECE: 0.01*float64(d) + 0.02 + 0.001*float64(d)})
	}
	tab, err := PairwiseTable(hand, ECE, []string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(tab.Median[0][1]+0.0235) > 1e-12 || math.Abs(tab.PValue[0][1]-1.0/256) > 1e-12 || tab.PValue[1][0] != 1 {
		t.Fatalf("table %+v", tab)
	}
}

func TestDatasetFrameKeepsKindsAndMissingCells(t *testing.T) {
	d := &Dataset{ID: 1, Classes: []string{"n", "y"}, Y: []int{0, 1, 1},
		Columns: []Column{{Name: "num", Kind: Numeric, Num: []float64{1, math.NaN(), 3}},
			{Name: "cat", Kind: Categorical, Cat: []string{"a", "", "b"}}}}
	df, err := d.Frame()
	if err != nil {
		t.Fatal(err)
	}
	if got := df.Names(); !slices.Equal(got, []string{"num", "cat", TargetColumn}) {
		t.Fatalf("columns %v", got)
	}
	if !df.Col("num").IsNaN()[1] || !df.Col("cat").IsNaN()[1] || df.Col("cat").IsNaN()[0] || df.Col(TargetColumn).Records()[2] != "y" {
		t.Errorf("frame:\n%v", df)
	}
}

// A training fold without a class in the middle of the codes is fitted on
// the classes it has (fits refuse codes without rows), and the posteriors
// come back with 0 for the missing class.
func TestFoldWithoutAClassIsRecoded(t *testing.T) {
	codes, present := compactCodes([]int{0, 2, 2, 3, 0}, 4)
	if !slices.Equal(codes, []int{0, 1, 1, 2, 0}) || !slices.Equal(present, []int{0, 2, 3}) {
		t.Fatalf("compactCodes = %v, %v", codes, present)
	}
	got := widen([][]float64{{0.5, 0.25, 0.25}}, present, 4)
	if !slices.Equal(got[0], []float64{0.5, 0, 0.25, 0.25}) {
		t.Fatalf("widen = %v", got)
	}
	same := []int{1, 0, 1}
	if c, p := compactCodes(same, 2); &c[0] != &same[0] || len(p) != 2 {
		t.Fatalf("every class present: %v, %v", c, p)
	}
}

// A mirror given as the folder above cc18/ (UFMI_MIRROR's root, where
// -mirror takes the subfolder) gets a hint naming the subfolder when a
// dataset is not found, -ids or not.
func TestMirrorAboveTheSubfolderIsHinted(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "cc18"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := (LoadOptions{MirrorDir: root}).mirrorHint(11); !strings.Contains(got, "but its subfolder cc18/ may: -mirror takes "+filepath.Join(root, "cc18")) {
		t.Errorf("hint %q", got)
	}
	if got := (LoadOptions{MirrorDir: t.TempDir()}).mirrorHint(11); strings.Contains(got, "subfolder") {
		t.Errorf("no subfolder: hint %q", got)
	}
}
