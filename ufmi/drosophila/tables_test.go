package drosophila

import (
	"errors"
	"net/url"
	"path/filepath"
	"testing"
)

func TestLoadTablesFetchesOnceThenLoads(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	contents := fixtureContents(t)
	srv := newSourceServer(t, contents)
	dir := filepath.Join(t.TempDir(), "data")
	opts := FetchOptions{BaseURL: srv.URL + "/", Client: srv.Client(), checksums: checksumsOf(contents)}
	tables, err := LoadTables(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	if tables.Neurons.Len() != 6 || tables.Neurons.Names[2] != "PN1 (A1/2)" || len(tables.Published) != 3 {
		t.Errorf("loaded %d neurons (third %q) and %d published rows; want 6 (PN1 (A1/2)) and 3",
			tables.Neurons.Len(), tables.Neurons.Names[2], len(tables.Published))
	}
	asked := len(srv.requests())
	if _, err := LoadTables(dir, opts); err != nil || len(srv.requests()) != asked {
		t.Errorf("second load: err %v, %d new requests; want the kept files and none", err, len(srv.requests())-asked)
	}
}

func TestLoadTablesWithoutNetworkWrapsTheNetworkError(t *testing.T) {
	t.Setenv(MirrorEnvVar, "")
	srv := newSourceServer(t, fixtureContents(t))
	base, client := srv.URL+"/", srv.Client()
	srv.Close() // nothing answers any more
	opts := FetchOptions{BaseURL: base, Client: client}
	opts.Download.Attempts = 1
	_, err := LoadTables(t.TempDir(), opts)
	var urlErr *url.Error
	if err == nil || !errors.As(err, &urlErr) {
		t.Fatalf("error %v (%T), want one wrapping the *url.Error of the failed request", err, err)
	}
}
