package drosophila

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/download"
	"github.com/ufmi-dev/ufmi/internal/safefile"
)

// FetchOptions configures Fetch. The zero value downloads from GitHub
// (each attempt within two minutes, at most 8 MiB per file, up to four
// attempts), or copies from $UFMI_MIRROR/drosophila when set.
type FetchOptions struct {
	// Client performs the downloads; nil means Download.Client().
	Client *http.Client
	// Download bounds each download: timeouts, size, attempts and backoff
	// (zero fields: a 2-minute timeout per attempt, maxDataFileBytes, and
	// the download package's defaults). Set its fields, e.g.
	// o.Download.Timeout = time.Minute.
	Download download.Policy
	// BaseURL replaces DefaultBaseURL (e.g. an httptest server).
	BaseURL string
	// MirrorDir is a folder holding the pinned files; when set (or when
	// UFMI_MIRROR is set, meaning $UFMI_MIRROR/drosophila) files are copied
	// from it instead of downloaded, and still verified.
	MirrorDir string
	// Offline forbids network access: files must come from the mirror or
	// already be present.
	Offline bool
	// Log receives one line per file (kept, copied or downloaded); nil is silent.
	Log io.Writer

	checksums map[string]string // tests only: expected hashes of fixture files
}

// Fetch makes dir ("" means DefaultDir) hold the four pinned files. A file
// already present with the pinned SHA-256 is kept; any other is taken from
// the mirror or downloaded, verified and written atomically (temporary file
// then rename; see internal/atomicfile). A checksum mismatch is an error
// naming the file and both hashes, and the bad bytes are not kept.
func Fetch(dir string, opts FetchOptions) error {
	if dir == "" {
		var err error
		if dir, err = DefaultDir(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("ufmi: creating data folder: %w", err)
	}
	for _, src := range pinnedSources {
		if err := opts.fetchOne(dir, src); err != nil {
			return err
		}
	}
	return nil
}

// fetchOne brings one pinned file into dir.
func (o FetchOptions) fetchOne(dir string, src Source) error {
	want, _ := pinnedSHA256(src.Name, o.checksums)
	dst := filepath.Join(dir, src.Name)
	ok, err := fileHasSHA256(dst, want)
	if err != nil {
		return err
	}
	if ok {
		o.logf("%s: present, checksum ok", src.Name)
		return nil
	}
	var b []byte
	var from string
	if mirror := mirrorDir(o.MirrorDir); mirror != "" {
		from = filepath.Join(mirror, src.Name)
		b, err = readMirrorFile(from)
	} else if o.Offline {
		return fmt.Errorf("ufmi: %s is not in %s and downloads are off; set %s to a folder holding drosophila/%s (or FetchOptions.MirrorDir), or fetch with network access", src.Name, dir, MirrorEnvVar, src.Name)
	} else {
		from = src.URL(o.BaseURL)
		b, err = o.download(src.Name, from)
	}
	if err != nil {
		return err
	}
	if got := sha256Hex(b); got != want {
		return fmt.Errorf("ufmi: checksum mismatch for %s from %s: expected SHA-256 %s, got %s; the file was not kept", src.Name, from, want, got)
	}
	if err := atomicfile.WriteFile(dst, b); err != nil {
		return err
	}
	o.logf("%s: fetched from %s, checksum ok", src.Name, from)
	return nil
}

// readMirrorFile reads one file of the mirror folder.
func readMirrorFile(path string) ([]byte, error) {
	f, err := safefile.Open(path)
	if errors.Is(err, safefile.ErrNotRegular) {
		return nil, fmt.Errorf("ufmi: mirror file %w", err) // the error names the path
	}
	if err != nil {
		hint := ""
		if sub := filepath.Join(filepath.Dir(path), "drosophila"); isDir(sub) {
			hint = fmt.Sprintf("; its subfolder %s may: -mirror takes that folder, UFMI_MIRROR the folder above it", sub)
		}
		return nil, fmt.Errorf("ufmi: mirror file %s: %w (the mirror must hold all four drosophila files%s)", path, err, hint)
	}
	defer f.Close()
	return readCapped(f, path)
}

// download GETs url within o.Download's bounds; network failures explain
// how to work offline.
func (o FetchOptions) download(name, url string) ([]byte, error) {
	p := o.Download
	if p.Timeout == 0 {
		p.Timeout = 2 * time.Minute
	}
	if p.MaxBytes == 0 {
		p.MaxBytes = maxDataFileBytes
	}
	if p.Retrying == nil {
		p.Retrying = func(attempt, attempts int, wait time.Duration, err error) {
			o.logf("%s: attempt %d of %d failed (%v); trying again in %s", name, attempt, attempts, err, wait)
		}
	}
	o.logf("%s: downloading from %s", name, url)
	b, err := download.Bytes(o.Client, url, p)
	if err != nil {
		return nil, fmt.Errorf("ufmi: downloading %s: %w; without network access set %s to a folder holding drosophila/%s (or FetchOptions.MirrorDir)", name, err, MirrorEnvVar, name)
	}
	return b, nil
}

// logf writes one progress line when a Log writer is set.
func (o FetchOptions) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
