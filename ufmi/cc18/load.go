package cc18

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
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
	// requests (default http.DefaultClient).
	BaseURL string
	Client  *http.Client
	// Offline forbids downloads.
	Offline bool
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
	if o.Client == nil {
		o.Client = http.DefaultClient
	}
	return o
}

// Load returns OpenML dataset id: from the mirror when it holds it, else
// from the cache, else downloaded as ARFF through OpenML's API (and cached).
func Load(id int, opts LoadOptions) (*Dataset, error) {
	o := opts.withDefaults()
	if o.MirrorDir != "" {
		d, err := readMirror(o.MirrorDir, id)
		if err == nil || !errors.Is(err, errNotInMirror) {
			return d, err
		}
	}
	arffPath := filepath.Join(o.CacheDir, strconv.Itoa(id)+".arff")
	target := ""
	if o.CacheDir != "" {
		if _, err := os.Stat(arffPath); err == nil {
			if desc, err := readDescription(o.CacheDir, id); err == nil {
				target = desc.Target
			}
			return loadARFF(arffPath, id, target)
		}
	}
	if o.Offline {
		return nil, fmt.Errorf("ufmi: dataset %d is in neither the mirror (%q) nor the cache (%q) and downloads are off; set UFMI_MIRROR to a folder holding cc18/", id, o.MirrorDir, o.CacheDir)
	}
	if err := download(id, o, arffPath); err != nil {
		return nil, err
	}
	desc, err := readDescription(o.CacheDir, id)
	if err != nil {
		return nil, err
	}
	return loadARFF(arffPath, id, desc.Target)
}

func loadARFF(path string, id int, target string) (*Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseARFF(f, id, target)
}

// description is what ufmi keeps of OpenML's dataset description.
type description struct {
	FileID string `json:"file_id"`
	Target string `json:"default_target_attribute"`
	URL    string `json:"url"`
	Name   string `json:"name"`
}

func readDescription(dir string, id int) (description, error) {
	b, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(id)+".json"))
	if err != nil {
		return description{}, err
	}
	var d description
	return d, json.Unmarshal(b, &d)
}

// download fetches the description and the ARFF file of dataset id into
// the cache, writing each atomically.
func download(id int, o LoadOptions, arffPath string) error {
	offlineHint := "; without network access set UFMI_MIRROR to a folder holding cc18/"
	resp, err := o.Client.Get(fmt.Sprintf("%s/api/v1/json/data/%d", o.BaseURL, id))
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: asking OpenML: %v%s", id, err, offlineHint)
	}
	body, err := readOK(resp)
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: OpenML description: %v%s", id, err, offlineHint)
	}
	var wrapped struct {
		Desc description `json:"data_set_description"`
	}
	if err := json.Unmarshal(body, &wrapped); err != nil || wrapped.Desc.FileID == "" {
		return fmt.Errorf("ufmi: dataset %d: OpenML's description has no file id (%v)", id, err)
	}
	url := fmt.Sprintf("%s/data/v1/download/%s", o.BaseURL, wrapped.Desc.FileID)
	resp, err = o.Client.Get(url)
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: downloading %s: %v%s", id, url, err, offlineHint)
	}
	arff, err := readOK(resp)
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: downloading %s: %v%s", id, url, err, offlineHint)
	}
	if err := os.MkdirAll(o.CacheDir, 0o755); err != nil {
		return err
	}
	desc, _ := json.Marshal(wrapped.Desc)
	if err := writeAtomic(filepath.Join(o.CacheDir, strconv.Itoa(id)+".json"), desc); err != nil {
		return err
	}
	return writeAtomic(arffPath, arff)
}

func readOK(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	}
	return io.ReadAll(resp.Body)
}

func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
