package drosophila

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ufmi-dev/ufmi/internal/mirror"
)

// fixtureFiles maps each pinned file name to its hand-written stand-in.
var fixtureFiles = map[string]string{
	FileNeurons:        "small_vdf.csv",
	FilePublishedTable: "small_mi_table.csv",
	FileAdjacency:      "small_adjacency.csv",
	FileCellLabels:     "small_cell_labels.csv",
}

// pinnedURLPaths are the upstream paths Fetch must request, written out in
// full so a change of repository, commit or path is caught.
var pinnedURLPaths = map[string]string{
	FileNeurons:        "/neurodata/uncertainty-forest/0c99d6a344e1a085a3a2f5f641ef521103984f18/figs/application/vdf.csv",
	FilePublishedTable: "/neurodata/uncertainty-forest/0c99d6a344e1a085a3a2f5f641ef521103984f18/figs/application/mi_table.csv",
	FileAdjacency:      "/graspologic-org/graspologic/0aab4e0dd9a3387b0d761b4a0bb7ffd2a1a5ea25/graspologic/datasets/drosophila/right_adjacency.csv",
	FileCellLabels:     "/graspologic-org/graspologic/0aab4e0dd9a3387b0d761b4a0bb7ffd2a1a5ea25/graspologic/datasets/drosophila/right_cell_labels.csv",
}

// fixtureContents reads the fixtures, keyed by pinned file name.
func fixtureContents(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for name, fixture := range fixtureFiles {
		b, err := os.ReadFile(filepath.Join("testdata", fixture))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// checksumsOf returns the SHA-256 of each content, to pin fixtures.
func checksumsOf(contents map[string][]byte) map[string]string {
	out := map[string]string{}
	for name, b := range contents {
		out[name] = sha256Hex(b)
	}
	return out
}

// writeFiles writes contents (keyed by file name) into dir.
func writeFiles(t *testing.T, dir string, contents map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range contents {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// sourceServer serves contents (keyed by file name) at the pinned URL paths
// on loopback and records every requested path.
type sourceServer struct {
	*httptest.Server
	mu        sync.Mutex
	requested []string
}

func newSourceServer(t *testing.T, contents map[string][]byte) *sourceServer {
	t.Helper()
	byPath := map[string][]byte{}
	for name, b := range contents {
		byPath[pinnedURLPaths[name]] = b
	}
	s := &sourceServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requested = append(s.requested, r.URL.Path)
		s.mu.Unlock()
		b, ok := byPath[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	}))
	t.Cleanup(s.Close)
	return s
}

// requests returns the paths requested so far.
func (s *sourceServer) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requested...)
}

// realMirror returns the folder with the verbatim data files, or skips.
func realMirror(t *testing.T) string {
	t.Helper()
	return mirror.Dir(t, "drosophila")
}

// requireErrorContains fails unless err is non-nil, starts with "ufmi: "
// and contains every part.
func requireErrorContains(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error containing %q, got nil", parts)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "ufmi: ") {
		t.Errorf("error %q does not start with \"ufmi: \"", msg)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("error %q does not mention %q", msg, p)
		}
	}
}

// listDir returns the names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
