package drosophila

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ufmi-dev/ufmi/internal/download"
)

func TestFetchDownloadsPinnedURLsThenLoads(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	contents := fixtureContents(t)
	srv := newSourceServer(t, contents)
	dir := filepath.Join(t.TempDir(), "data")
	var log bytes.Buffer
	opts := FetchOptions{BaseURL: srv.URL + "/", Client: srv.Client(), Log: &log, checksums: checksumsOf(contents)}
	if err := Fetch(dir, opts); err != nil {
		t.Fatal(err)
	}
	want := []string{pinnedURLPaths[FileNeurons], pinnedURLPaths[FilePublishedTable], pinnedURLPaths[FileAdjacency], pinnedURLPaths[FileCellLabels]}
	if got := srv.requests(); !slices.Equal(got, want) {
		t.Errorf("requested %q, want %q", got, want)
	}
	for name, b := range contents {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s: content differs from served bytes (err %v)", name, err)
		}
	}
	if names := listDir(t, dir); len(names) != 4 {
		t.Errorf("data folder holds %q, want exactly the 4 files (no temporaries)", names)
	}
	if lines := strings.Count(log.String(), "checksum ok"); lines != 4 {
		t.Errorf("log has %d 'checksum ok' lines, want 4:\n%s", lines, log.String())
	}

	lo := LoadOptions{Dir: dir, MirrorDir: t.TempDir(), checksums: opts.checksums}
	n, err := Load(lo)
	if err != nil {
		t.Fatal(err)
	}
	if n.Len() != 6 || n.Names[2] != "PN1 (A1/2)" {
		t.Errorf("loaded %d neurons, third %q; want 6 and PN1 (A1/2)", n.Len(), n.Names[2])
	}
	adj, labels, err := LoadAdjacency(lo)
	if err != nil || len(adj) != 4 || len(labels) != 4 {
		t.Errorf("LoadAdjacency: %d rows, %d labels, err %v; want 4, 4, nil", len(adj), len(labels), err)
	}
	rows, err := LoadPublishedTable(lo)
	if err != nil || len(rows) != 3 {
		t.Errorf("LoadPublishedTable: %d rows, err %v; want 3, nil", len(rows), err)
	}
}

func TestFetchKeepsFilesWithPinnedHashAndReplacesOthers(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	contents := fixtureContents(t)
	srv := newSourceServer(t, contents)
	dir := t.TempDir()
	opts := FetchOptions{BaseURL: srv.URL, checksums: checksumsOf(contents)}
	if err := Fetch(dir, opts); err != nil {
		t.Fatal(err)
	}
	if err := Fetch(dir, opts); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.requests()); n != 4 {
		t.Errorf("%d requests after two fetches, want 4 (second fetch keeps verified files)", n)
	}
	damaged := filepath.Join(dir, FileCellLabels)
	if err := os.WriteFile(damaged, []byte("K\nK\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Fetch(dir, opts); err != nil {
		t.Fatal(err)
	}
	reqs := srv.requests()
	if len(reqs) != 5 || reqs[4] != pinnedURLPaths[FileCellLabels] {
		t.Errorf("requests %q: want one more, for the damaged %s", reqs, FileCellLabels)
	}
	if got, _ := os.ReadFile(damaged); !bytes.Equal(got, contents[FileCellLabels]) {
		t.Errorf("damaged file not restored: %q", got)
	}
}

func TestFetchChecksumMismatchIsErrorAndFileNotKept(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	altered := map[string][]byte{}
	for name := range pinnedURLPaths {
		altered[name] = []byte("v,type,claw,dist,age,cluster\naltered,KC,1,2,mature,3\n")
	}
	srv := newSourceServer(t, altered)
	dir := t.TempDir()
	err := Fetch(dir, FetchOptions{BaseURL: srv.URL}) // the real pinned hashes
	requireErrorContains(t, err, "checksum mismatch", FileNeurons,
		"42ce0aeab2473287bf371775dc07dac6d2a7a32d85362df8a129639067e1548a", sha256Hex(altered[FileNeurons]))
	if names := listDir(t, dir); len(names) != 0 {
		t.Errorf("data folder holds %q after a checksum mismatch, want nothing", names)
	}
}

func TestFetchHTTPErrorStatus(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	srv := newSourceServer(t, nil) // every path is 404
	err := Fetch(t.TempDir(), FetchOptions{BaseURL: srv.URL})
	requireErrorContains(t, err, FileNeurons, "404")
}

func TestFetchCopiesFromMirrorOption(t *testing.T) {
	contents := fixtureContents(t)
	mirror := t.TempDir()
	writeFiles(t, mirror, contents)
	srv := newSourceServer(t, contents)
	dir := t.TempDir()
	if err := Fetch(dir, FetchOptions{BaseURL: srv.URL, MirrorDir: mirror, checksums: checksumsOf(contents)}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.requests()); n != 0 {
		t.Errorf("%d downloads with a mirror, want 0", n)
	}
	for name, b := range contents {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s not copied from the mirror (err %v)", name, err)
		}
	}
}

func TestFetchCopiesFromMirrorEnv(t *testing.T) {
	contents := fixtureContents(t)
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "drosophila"), contents)
	t.Setenv(MirrorEnvVar, root)
	dir := t.TempDir()
	if err := Fetch(dir, FetchOptions{Offline: true, checksums: checksumsOf(contents)}); err != nil {
		t.Fatal(err)
	}
	for name, b := range contents {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s not copied from $UFMI_MIRROR/drosophila (err %v)", name, err)
		}
	}
}

func TestFetchMirrorIsVerified(t *testing.T) {
	contents := fixtureContents(t)
	mirror := t.TempDir()
	writeFiles(t, mirror, contents)
	sums := checksumsOf(contents)
	bad := []byte("K\nI\nO\nP\n")
	if err := os.WriteFile(filepath.Join(mirror, FileCellLabels), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err := Fetch(dir, FetchOptions{MirrorDir: mirror, checksums: sums})
	requireErrorContains(t, err, "checksum mismatch", FileCellLabels, sums[FileCellLabels], sha256Hex(bad))
	if _, err := os.Stat(filepath.Join(dir, FileCellLabels)); !os.IsNotExist(err) {
		t.Errorf("%s kept despite the mismatch (stat err %v)", FileCellLabels, err)
	}
}

func TestFetchMirrorMissingFileIsError(t *testing.T) {
	err := Fetch(t.TempDir(), FetchOptions{MirrorDir: t.TempDir()})
	requireErrorContains(t, err, "mirror", FileNeurons)
}

func TestFetchOfflineWithoutMirrorIsClearError(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	srv := newSourceServer(t, fixtureContents(t))
	url := srv.URL
	srv.Close() // nothing listens any more: like a machine without network

	err := Fetch(t.TempDir(), FetchOptions{BaseURL: url})
	requireErrorContains(t, err, "downloading "+FileNeurons, "UFMI_MIRROR", "MirrorDir")

	live := newSourceServer(t, fixtureContents(t))
	err = Fetch(t.TempDir(), FetchOptions{BaseURL: live.URL, Offline: true})
	requireErrorContains(t, err, FileNeurons, "downloads are off", "UFMI_MIRROR")
	if n := len(live.requests()); n != 0 {
		t.Errorf("%d requests with Offline set, want 0", n)
	}
}

func TestFetchRealFilesHavePinnedHashes(t *testing.T) {
	mirror := realMirror(t)
	t.Setenv(MirrorEnvVar, "")
	real := map[string][]byte{}
	for _, s := range Sources() {
		b, err := os.ReadFile(filepath.Join(mirror, s.Name))
		if err != nil {
			t.Fatal(err)
		}
		real[s.Name] = b
	}
	srv := newSourceServer(t, real)
	dir := t.TempDir()
	if err := Fetch(dir, FetchOptions{BaseURL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	n, err := Load(LoadOptions{Dir: dir, MirrorDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if n.Len() != 213 {
		t.Errorf("loaded %d neurons, want 213", n.Len())
	}
}

func TestSourceURL(t *testing.T) {
	s := Sources()[0]
	want := "https://raw.githubusercontent.com" + pinnedURLPaths[s.Name]
	if got := s.URL(""); got != want {
		t.Errorf("URL(\"\") = %q, want %q", got, want)
	}
	if got := s.URL("http://127.0.0.1:1/"); got != "http://127.0.0.1:1"+pinnedURLPaths[s.Name] {
		t.Errorf("URL with a base ending in / = %q", got)
	}
}

// A server that accepts connections and never answers makes Fetch fail
// after the policy's attempts instead of hanging; so does an oversized body.
func TestFetchBoundedDownloads(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer hang.Close()
	policy := download.Policy{Timeout: 100 * time.Millisecond, Attempts: 2, Backoff: time.Millisecond}
	start := time.Now()
	err := Fetch(t.TempDir(), FetchOptions{BaseURL: hang.URL, Client: hang.Client(), Download: policy})
	requireErrorContains(t, err, "downloading "+FileNeurons, "2 attempts")
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("Fetch took %v against a silent server", el)
	}

	big := newSourceServer(t, map[string][]byte{FileNeurons: bytes.Repeat([]byte("x"), 2000)})
	policy.MaxBytes = 1000
	err = Fetch(t.TempDir(), FetchOptions{BaseURL: big.URL, Download: policy})
	requireErrorContains(t, err, FileNeurons, "too large", "1000")
}

// A mirror given as the folder above drosophila/ (UFMI_MIRROR's root, where
// -mirror takes the subfolder) gets a hint naming the subfolder.
func TestMirrorAboveTheSubfolderIsHinted(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "drosophila"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := readMirrorFile(filepath.Join(root, "vdf.csv"))
	if err == nil || !strings.Contains(err.Error(), "its subfolder "+filepath.Join(root, "drosophila")+" may: -mirror takes that folder") {
		t.Errorf("error %v, want the subfolder hint", err)
	}
	if _, err := readMirrorFile(filepath.Join(t.TempDir(), "vdf.csv")); err == nil || strings.Contains(err.Error(), "subfolder") {
		t.Errorf("no subfolder: error %v, want no hint", err)
	}
}
