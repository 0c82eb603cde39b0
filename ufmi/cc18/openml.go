package cc18

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ufmi-dev/ufmi/internal/atomicfile"
	"github.com/ufmi-dev/ufmi/internal/download"
)

// description is what ufmi keeps of OpenML's dataset description.
type description struct {
	FileID string `json:"file_id"`
	Target string `json:"default_target_attribute"`
	URL    string `json:"url"`
	Name   string `json:"name"`
}

// mirrorHint ends errors about a dataset that has to be downloaded: where
// else it could come from. It never asks for UFMI_MIRROR when a mirror is
// set already (it then does not hold the dataset).
func (o LoadOptions) mirrorHint(id int) string {
	if o.MirrorDir == "" {
		return "; without network access, set UFMI_MIRROR to a folder holding cc18/"
	}
	hint := fmt.Sprintf("; the mirror folder %s (UFMI_MIRROR/cc18 or -mirror) does not hold dataset %d", o.MirrorDir, id)
	if info, err := os.Stat(filepath.Join(o.MirrorDir, "cc18")); err == nil && info.IsDir() {
		hint += fmt.Sprintf(", but its subfolder cc18/ may: -mirror takes %s, UFMI_MIRROR the folder above it", filepath.Join(o.MirrorDir, "cc18"))
	}
	return hint
}

// downloadDataset fetches the description and the ARFF file of a dataset
// through OpenML's API into the cache, each written atomically, then their
// SHA-256 sums. The ARFF file streams to disk; a transient failure restarts
// it (see internal/download).
func downloadDataset(o LoadOptions, c cacheFiles) error {
	if o.Download.Retrying == nil {
		o.Download.Retrying = func(attempt, attempts int, wait time.Duration, err error) {
			fmt.Fprintf(logOrStderr(o.Log), "ufmi: dataset %d: download attempt %d of %d failed (%v); trying again in %s\n", c.id, attempt, attempts, err, wait)
		}
	}
	url := fmt.Sprintf("%s/api/v1/json/data/%d", o.BaseURL, c.id)
	body, err := download.Bytes(o.Client, url, o.Download)
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: OpenML description: %w", c.id, err)
	}
	var wrapped struct {
		Desc description `json:"data_set_description"`
	}
	if err := json.Unmarshal(body, &wrapped); err != nil || wrapped.Desc.FileID == "" {
		return fmt.Errorf("ufmi: dataset %d: OpenML's description has no file id (%v)", c.id, err)
	}
	url = fmt.Sprintf("%s/data/v1/download/%s", o.BaseURL, wrapped.Desc.FileID)
	var arffSum string
	err = download.Get(o.Client, url, o.Download, func(body io.Reader) error {
		h := sha256.New()
		err := atomicfile.Write(c.path(".arff"), func(w io.Writer) error {
			_, err := io.Copy(io.MultiWriter(w, h), body)
			return err
		})
		arffSum = hex.EncodeToString(h.Sum(nil))
		return err
	})
	if err != nil {
		return fmt.Errorf("ufmi: dataset %d: downloading the ARFF file: %w", c.id, err)
	}
	desc, _ := json.Marshal(wrapped.Desc)
	if err := atomicfile.WriteFile(c.path(".json"), desc); err != nil {
		return err
	}
	sums := checksums{c.name(".arff"): arffSum, c.name(".json"): sha256Hex(desc)}
	return atomicfile.WriteFile(c.path(".sha256"), sums.sumsFile(c.name(".arff"), c.name(".json")))
}
