package cc18

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/ufmi-dev/ufmi/internal/download"
)

// DefaultBaseURL is OpenML's public server.
const DefaultBaseURL = "https://www.openml.org"

// LoadOptions says where Load looks for a dataset.
type LoadOptions struct {
	// MirrorDir holds gzip'd CSV files as in $UFMI_MIRROR/cc18 (default).
	MirrorDir string
	// CacheDir keeps downloaded ARFF files (default $UFMI_CACHE/openml, else
	// the user cache folder's ufmi/openml).
	CacheDir string
	// BaseURL is OpenML's server (default DefaultBaseURL); Client makes the
	// requests (default Download.Client(), whose connections time out).
	BaseURL string
	Client  *http.Client
	// Download bounds each download: connection and per-attempt timeouts,
	// body size, attempts and backoff (zero fields: the download package's
	// defaults, 10 minutes and 1 GiB per file, 4 attempts). Set its fields,
	// e.g. o.Download.Timeout = time.Minute.
	Download download.Policy
	// Offline forbids downloads.
	Offline bool
	// Log receives one line for each cached download that fails its checks
	// and is downloaded again; nil means os.Stderr.
	Log io.Writer
}

func (o LoadOptions) withDefaults() LoadOptions {
	if o.MirrorDir == "" {
		if m := os.Getenv("UFMI_MIRROR"); m != "" {
			o.MirrorDir = filepath.Join(m, "cc18")
		}
	}
	if o.CacheDir == "" {
		if c := os.Getenv("UFMI_CACHE"); c != "" {
			o.CacheDir = filepath.Join(c, "openml")
		} else if c, err := os.UserCacheDir(); err == nil {
			o.CacheDir = filepath.Join(c, "ufmi", "openml")
		}
	}
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	o.Log = logOrStderr(o.Log)
	return o
}

// logOrStderr is w, or os.Stderr when w is nil.
func logOrStderr(w io.Writer) io.Writer {
	if w == nil {
		return os.Stderr
	}
	return w
}

// Load returns OpenML dataset id: from the mirror when it holds it, else
// from the cache, else downloaded as ARFF through OpenML's API (and cached).
// Each source is checked before use: a mirror file must hold the dataset's
// known number of rows (Suite's Instances, or the count the mirror's
// manifest declares for a partial dataset), else Load fails; a cached
// download must match the SHA-256 sums recorded when it was downloaded and
// hold the known number of rows, else it is downloaded again (with a line
// to Log).
func Load(id int, opts LoadOptions) (*Dataset, error) {
	o := opts.withDefaults()
	if o.MirrorDir != "" {
		d, err := readMirror(o.MirrorDir, id)
		if err == nil || !errors.Is(err, errNotInMirror) {
			return d, err
		}
	}
	if o.CacheDir == "" {
		set := "UFMI_CACHE"
		if o.MirrorDir == "" {
			set += " or UFMI_MIRROR"
		}
		return nil, fmt.Errorf("ufmi: dataset %d is not in the mirror (%q) and there is no cache folder for downloads; set %s", id, o.MirrorDir, set)
	}
	c := cacheFiles{dir: o.CacheDir, id: id, maxARFF: o.Download.MaxBytes}
	d, err := c.load()
	notCached := errors.Is(err, errNotCached)
	var damaged error
	switch {
	case err == nil:
		return d, nil
	case o.Offline && notCached:
		return nil, fmt.Errorf("ufmi: dataset %d is in neither the mirror (%q) nor the cache (%q) and downloads are off%s", id, o.MirrorDir, o.CacheDir, o.mirrorHint(id))
	case o.Offline:
		return nil, fmt.Errorf("ufmi: dataset %d: the cached download in %s fails its checks (%v) and downloads are off; %s", id, o.CacheDir, err, c.refresh())
	case !notCached:
		damaged = err
		fmt.Fprintf(o.Log, "ufmi: dataset %d: the cached download fails its checks (%v); downloading it again\n", id, err)
	}
	if err := downloadDataset(o, c); err != nil {
		if damaged != nil {
			return nil, fmt.Errorf("ufmi: dataset %d: the cached download in %s fails its checks (%v), and downloading it again failed (%s)%s; %s",
				id, o.CacheDir, damaged, strings.TrimPrefix(err.Error(), fmt.Sprintf("ufmi: dataset %d: ", id)), o.mirrorHint(id), c.refresh())
		}
		return nil, fmt.Errorf("%w%s", err, o.mirrorHint(id))
	}
	if d, err = c.load(); err != nil {
		return nil, fmt.Errorf("ufmi: dataset %d: the file OpenML served fails its checks: %v", id, err)
	}
	return d, nil
}

// checkRows reports a dataset whose number of rows is not the known one
// (want <= 0: unknown, nothing to check).
func checkRows(d *Dataset, want int) error {
	if want > 0 && d.Rows() != want {
		return fmt.Errorf("it holds %d rows, dataset %d has %d (cut short or a different dataset)", d.Rows(), d.ID, want)
	}
	return nil
}

// knownRows is dataset id's number of rows on OpenML, or 0 when id is not
// in Suite.
func knownRows(id int) int {
	info, _ := Lookup(id)
	return info.Instances
}
