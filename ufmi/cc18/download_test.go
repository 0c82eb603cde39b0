package cc18

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/internal/download"
)

// openMLServer serves arff as dataset id's file through OpenML's API and
// counts requests.
func openMLServer(t *testing.T, id string, arff []byte) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		switch r.URL.Path {
		case "/api/v1/json/data/" + id:
			w.Write([]byte(`{"data_set_description":{"file_id":"123","default_target_attribute":"class","name":"tiny"}}`))
		case "/data/v1/download/123":
			w.Write(arff)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

// A cached download that no longer matches the sums recorded at download
// (cut at a line boundary, edited, or without sums) is downloaded again
// with one line to Log, or is an error offline.
func TestCachedDownloadIsVerified(t *testing.T) {
	arff, err := os.ReadFile("testdata/small.arff")
	if err != nil {
		t.Fatal(err)
	}
	srv, requests := openMLServer(t, "7", arff)
	cache := t.TempDir()
	var log bytes.Buffer
	opts := LoadOptions{MirrorDir: t.TempDir(), CacheDir: cache, BaseURL: srv.URL, Client: srv.Client(), Log: &log}
	if _, err := Load(7, opts); err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(cache, "7.sha256"))
	if err != nil || !strings.Contains(string(sums), sha256Hex(arff)+"  7.arff\n") {
		t.Fatalf("sums file %q (%v) does not record 7.arff's SHA-256", sums, err)
	}
	lines := bytes.SplitAfter(arff, []byte("\n"))
	damage := map[string]func(){
		"ARFF cut at a line boundary": func() { os.WriteFile(filepath.Join(cache, "7.arff"), bytes.Join(lines[:len(lines)-2], nil), 0o644) },
		"ARFF edited": func() {
			os.WriteFile(filepath.Join(cache, "7.arff"), bytes.Replace(arff, []byte("yes"), []byte("no!"), 1), 0o644)
		},
		"description edited": func() {
			os.WriteFile(filepath.Join(cache, "7.json"), []byte(`{"default_target_attribute":"colour name"}`), 0o644)
		},
		"no sums file": func() { os.Remove(filepath.Join(cache, "7.sha256")) },
	}
	for name, spoil := range damage {
		spoil()
		opts.Offline = true
		if _, err := Load(7, opts); err == nil || !strings.Contains(err.Error(), "fails its checks") {
			t.Errorf("%s, offline: error %v, want one about failed checks", name, err)
		}
		opts.Offline = false
		log.Reset()
		before := requests.Load()
		d, err := Load(7, opts)
		if err != nil || d.Rows() != 4 || requests.Load() != before+2 {
			t.Errorf("%s: %v, %d requests; want the file downloaded again", name, err, requests.Load()-before)
		}
		if n := strings.Count(log.String(), "\n"); n != 1 || !strings.Contains(log.String(), "downloading it again") {
			t.Errorf("%s: log %q, want one line", name, log.String())
		}
	}
	// Intact: read from the cache, silently.
	log.Reset()
	before := requests.Load()
	if _, err := Load(7, opts); err != nil || requests.Load() != before || log.Len() != 0 {
		t.Errorf("intact cache: %v, %d requests, log %q", err, requests.Load()-before, log.String())
	}
}

// A download or a mirror file with fewer rows than OpenML's dataset is an
// error; a dataset the mirror's manifest declares partial is read.
func TestRowCountsAreChecked(t *testing.T) {
	arff, _ := os.ReadFile("testdata/small.arff")
	srv, _ := openMLServer(t, "11", arff) // balance-scale has 625 rows, small.arff 4
	_, err := Load(11, LoadOptions{MirrorDir: t.TempDir(), CacheDir: t.TempDir(), BaseURL: srv.URL, Client: srv.Client(), Log: &bytes.Buffer{}})
	if err == nil || !strings.Contains(err.Error(), "holds 4 rows, dataset 11 has 625") {
		t.Errorf("short download: %v", err)
	}
	mirror := t.TempDir()
	addToMirror(t, mirror, 11, toyCSV(0), toyTypes)
	_, err = Load(11, LoadOptions{MirrorDir: mirror, Offline: true})
	if err == nil || !strings.HasPrefix(err.Error(), "ufmi: ") || !strings.Contains(err.Error(), "11_toy.csv.gz: it holds 60 rows, dataset 11 has 625") {
		t.Errorf("short mirror file: %v", err)
	}
	manifest := "openml_dataset_id,n_instances,matches_openml\n11,60,partial: only some rows\n"
	os.WriteFile(filepath.Join(mirror, "manifest.csv"), []byte(manifest), 0o644)
	if d, err := Load(11, LoadOptions{MirrorDir: mirror, Offline: true}); err != nil || d.Rows() != 60 {
		t.Errorf("declared partial: %v", err)
	}
}

// A server that accepts the connection and never answers fails Load after
// the policy's attempts instead of hanging the sweep; an oversized file is
// refused.
func TestDownloadsAreBounded(t *testing.T) {
	var requests atomic.Int64
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		<-r.Context().Done()
	}))
	defer hang.Close()
	policy := download.Policy{Timeout: 100 * time.Millisecond, Attempts: 3, Backoff: time.Millisecond}
	start := time.Now()
	_, err := Sweep(SweepOptions{IDs: []int{7}, Load: LoadOptions{MirrorDir: t.TempDir(), CacheDir: t.TempDir(), BaseURL: hang.URL, Download: policy}})
	if err == nil || !strings.Contains(err.Error(), "3 attempts") || !strings.Contains(err.Error(), "UFMI_MIRROR") {
		t.Errorf("silent server: %v", err)
	}
	if el := time.Since(start); el > 5*time.Second || requests.Load() != 3 {
		t.Errorf("silent server: %v and %d requests", el, requests.Load())
	}

	arff, _ := os.ReadFile("testdata/small.arff")
	srv, _ := openMLServer(t, "7", arff)
	policy.MaxBytes = 100
	cache := t.TempDir()
	_, err = Load(7, LoadOptions{MirrorDir: t.TempDir(), CacheDir: cache, BaseURL: srv.URL, Download: policy})
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("oversized file: %v", err)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("cache holds %d files after a refused download, want none", len(entries))
	}
}

// gzipped compresses text.
func gzipped(t *testing.T, text []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(text); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	return b.Bytes()
}

// A column_types.csv entry that is not a plain file name of the mirror
// folder ("../../secret/stolen.csv.gz", an absolute path, a subfolder,
// another dataset's file) is refused: the file outside is never read.
func TestMirrorListingCannotLeaveTheMirror(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	secret := filepath.Join(root, "secret")
	os.MkdirAll(secret, 0o755)
	if err := os.WriteFile(filepath.Join(secret, "stolen.csv.gz"), gzipped(t, []byte(toyCSV(0))), 0o644); err != nil {
		t.Fatal(err)
	}
	mirror := filepath.Join(root, "a", "b")
	os.MkdirAll(filepath.Join(mirror, "sub"), 0o755)
	os.WriteFile(filepath.Join(mirror, "sub", "99_toy.csv.gz"), gzipped(t, []byte(toyCSV(0))), 0o644)
	os.WriteFile(filepath.Join(mirror, "98_toy.csv.gz"), gzipped(t, []byte(toyCSV(0))), 0o644)
	for _, file := range []string{"../../secret/stolen.csv.gz", filepath.Join(secret, "stolen.csv.gz"), "sub/99_toy.csv.gz",
		"98_toy.csv.gz", "99_.csv.gz", "..", "99_toy.csv.gz/..", `99_a\b.csv.gz`} {
		listing := "openml_dataset_id,file,column_index,column_name,type\n"
		for j, ty := range toyTypes {
			listing += fmt.Sprintf("99,%s,%d,c%d,%s\n", file, j, j, ty)
		}
		if err := os.WriteFile(filepath.Join(mirror, "column_types.csv"), []byte(listing), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(99, LoadOptions{MirrorDir: mirror, Offline: true})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("column_types.csv names the file %q; want a file name 99_<name>.csv.gz of the mirror folder itself", file)) {
			t.Errorf("entry %q: %v", file, err)
		}
	}
	listing := "openml_dataset_id,file,column_index,column_name,type\n99,99_a.csv.gz,0,x,numeric\n99,99_b.csv.gz,1,class,target\n"
	os.WriteFile(filepath.Join(mirror, "column_types.csv"), []byte(listing), 0o644)
	if _, err := Load(99, LoadOptions{MirrorDir: mirror, Offline: true}); err == nil || !strings.Contains(err.Error(), "names two files for dataset 99") {
		t.Errorf("two files for one dataset: %v", err)
	}
}

// A mirror file is read only so far: a file with more rows than the
// dataset's stops at the first row too many, and one whose decompressed
// size passes its bound (a long line of a small gzip file) stops there,
// with errors naming the file and the bound.
func TestMirrorFilesAreBounded(t *testing.T) {
	t.Parallel()
	mirror := t.TempDir()
	var many bytes.Buffer
	many.WriteString("x,colour,class\n")
	for i := range 200_000 {
		fmt.Fprintf(&many, "%d,a,%c\n", i%10, "pq"[i%2])
	}
	addToMirror(t, mirror, 11, many.String(), toyTypes) // balance-scale: 625 rows
	_, err := Load(11, LoadOptions{MirrorDir: mirror, Offline: true})
	if err == nil || !strings.Contains(err.Error(), "11_toy.csv.gz holds more than the dataset's 625 rows") {
		t.Errorf("200,000 rows: %v", err)
	}
	long := append(append([]byte("x,colour,class\n1,"), bytes.Repeat([]byte("a"), 20<<20)...), ",p\n2,b,q\n"...)
	if err := os.WriteFile(filepath.Join(mirror, "11_toy.csv.gz"), gzipped(t, long), 0o644); err != nil {
		t.Fatal(err)
	}
	limit := mirrorBytes(11, 625)
	_, err = Load(11, LoadOptions{MirrorDir: mirror, Offline: true})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("11_toy.csv.gz decompressed is larger than its limit of %d bytes", limit)) {
		t.Errorf("a 20 MiB line: %v", err)
	}
	if limit > 2<<20 {
		t.Errorf("balance-scale's bound is %d bytes, want about 1.2 MiB", limit)
	}
}

// A damaged cached download whose new download fails says what is damaged
// and how to refresh it, and asks for UFMI_MIRROR only when no mirror is
// set (it used to ask for it with the mirror set).
func TestDamagedCacheSaysWhatAndHow(t *testing.T) {
	arff, err := os.ReadFile("testdata/small.arff")
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := openMLServer(t, "7", arff)
	cache, mirror := t.TempDir(), t.TempDir()
	opts := LoadOptions{MirrorDir: mirror, CacheDir: cache, BaseURL: srv.URL, Client: srv.Client(), Log: &bytes.Buffer{}}
	if _, err := Load(7, opts); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(cache, "7.arff"), bytes.Replace(arff, []byte("yes"), []byte("no!"), 1), 0o644)
	srv.Close() // no network
	refresh := "to refresh it, run with network access (the damaged download is replaced) or delete " + filepath.Join(cache, "7.arff")
	_, err = Load(7, opts)
	for _, want := range []string{"dataset 7: the cached download in " + cache + " fails its checks (7.arff has SHA-256 ",
		"and downloading it again failed (OpenML description: ", "the mirror folder " + mirror + " (UFMI_MIRROR/cc18 or -mirror) does not hold dataset 7", refresh} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("damaged cache, no network: %v; want %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "set UFMI_MIRROR") {
		t.Errorf("asks for UFMI_MIRROR with a mirror set: %v", err)
	}
	opts.Offline = true
	_, err = Load(7, opts)
	if err == nil || !strings.Contains(err.Error(), "fails its checks (7.arff has SHA-256") || !strings.Contains(err.Error(), "downloads are off; "+refresh) {
		t.Errorf("damaged cache, offline: %v", err)
	}
	os.Remove(filepath.Join(cache, "7.sha256"))
	os.Remove(filepath.Join(cache, "7.arff"))
	_, err = Load(7, opts)
	if err == nil || strings.Contains(err.Error(), "set UFMI_MIRROR") || !strings.Contains(err.Error(), "is in neither the mirror") {
		t.Errorf("not cached, offline, a mirror set: %v", err)
	}
	t.Setenv("UFMI_MIRROR", "")
	opts.MirrorDir = ""
	_, err = Load(7, opts)
	if err == nil || !strings.Contains(err.Error(), "set UFMI_MIRROR to a folder holding cc18/") {
		t.Errorf("not cached, offline, no mirror: %v", err)
	}
}
